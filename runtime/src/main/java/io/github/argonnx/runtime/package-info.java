/**
 * The hand-written runtime API that the generated operators return and take.
 *
 * <p>API, every public type of this package: {@link io.github.argonnx.runtime.ArgResult} (the indices and
 * shape of a call),
 * {@link io.github.argonnx.runtime.TopKResult} (the values, indices and shape of a TopK call),
 * {@link io.github.argonnx.runtime.ArgPartial} (the partial result of some chunks of the
 * reduced axis), {@link io.github.argonnx.runtime.ArgAccumulator} (streams chunks into one result),
 * {@link io.github.argonnx.runtime.TopKPartial} and {@link io.github.argonnx.runtime.TopKAccumulator} (the same
 * for TopK),
 * {@link io.github.argonnx.runtime.PartialSignature} (what a partial belongs to),
 * {@link io.github.argonnx.runtime.Parallelism} (how many threads a call may use),
 * {@link io.github.argonnx.runtime.NodeAttributes} (the attributes set on an operator),
 * {@link io.github.argonnx.runtime.ArgOnnxException} (every refusal),
 * {@link io.github.argonnx.runtime.RuntimeVersion} (this runtime's version; generated code checks its level
 * first) and {@link io.github.argonnx.runtime.Vectorization} (only {@code status()}: which loops run). With
 * the generated operator package (the operators, {@code ArgReductionOperator}, {@code Tensor},
 * {@code DataType}, {@code PreparedArgReduction}, {@code PartialReduction}, {@code TopKPartials}) that is the whole API; the list
 * is in docs/usage.md ("API"), and a test fails when a public type appears outside it.
 *
 * <p>Not API: {@code io.github.argonnx.internal.runtime} and every generated {@code .internal} package. They
 * are public only so that generated code in any package can reach them, are left out of the published
 * javadoc, and may change in any release.
 */
package io.github.argonnx.runtime;
