/**
 * The emitters: one per kind of generated artifact (kernels, Vector API loops, validators, the operator
 * API, tests, docs, package docs), run by {@link io.github.argonnx.generator.emit.Generator} over the spec model.
 *
 * <p>Not API: an implementation package of the Maven plugin; its classes may change in any release without
 * notice.
 */
package io.github.argonnx.generator.emit;
