/**
 * ONNX ArgMax/ArgMin in Apache Spark, exact across partitions through the library's partial results.
 *
 * <p>API: {@link io.github.argonnx.spark.ArgOnnxFunctions} (the SQL and Dataset functions),
 * {@link io.github.argonnx.spark.ShardedTensor} (a tensor sharded over a Dataset's rows) and the
 * example main {@link io.github.argonnx.spark.ArgOnnxSparkExample}.
 *
 * <p>Not API: {@link io.github.argonnx.spark.PartialBuffer}, public only because Spark's encoders
 * require it of an aggregate's buffer.
 */
package io.github.argonnx.spark;
