/**
 * The independent scalar reference that the generated property tests compare the kernels with, and the
 * random tensors they draw; published as the {@code tests} test-jar of {@code argonnx-kernels} for tests
 * that {@code argonnx:generate-tests} writes into a consumer's build.
 *
 * <p>Not API: it follows what the generated tests of the same version call, and may change in any
 * release without notice.
 */
package io.github.argonnx.reference;
