/**
 * ONNX ArgMax/ArgMin and TopK in Apache Spark: per-row functions, aggregates and sharded tensors, with
 * the library's rules (NaN wins, ties by index, unsigned and 16-bit floating-point types).
 *
 * <p>API: {@link io.github.argonnx.spark.ArgOnnxFunctions} (the SQL and Dataset functions),
 * {@link io.github.argonnx.spark.ShardedTensor} (a tensor sharded over a Dataset's rows) and the
 * example main {@link io.github.argonnx.spark.ArgOnnxSparkExample}.
 *
 * <p>Not API: the Catalyst expressions {@link io.github.argonnx.spark.ArrayArgExpression},
 * {@link io.github.argonnx.spark.ArgExtremeAggregate}, {@link io.github.argonnx.spark.CheckedPosition},
 * {@link io.github.argonnx.spark.BeatsBest}, {@link io.github.argonnx.spark.ArrayTopKExpression},
 * {@link io.github.argonnx.spark.TopKRowAggregate} and {@link io.github.argonnx.spark.TopKAggregate}, public only because Spark copies expressions through
 * reflection on their public constructors and the code it generates calls some of them. Every other
 * class of the package is package-private.
 */
package io.github.argonnx.spark;
