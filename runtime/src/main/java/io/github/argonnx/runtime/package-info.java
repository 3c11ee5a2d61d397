/**
 * The hand-written runtime core that the generated operators, kernels and validators run on.
 *
 * <p>API: {@link io.github.argonnx.runtime.ArgResult} (the indices and shape of a call),
 * {@link io.github.argonnx.runtime.ArgOnnxException} (every refusal),
 * {@link io.github.argonnx.runtime.Parallelism} (how many threads a call may use) and
 * {@link io.github.argonnx.runtime.NodeAttributes} (a model node's attributes).
 *
 * <p>Not API: every other class of this package. They are public only so that generated code in other
 * packages, the consumer's included, can reach them, and they may change in any release without notice.
 */
package io.github.argonnx.runtime;
