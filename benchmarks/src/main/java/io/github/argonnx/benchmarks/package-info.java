/**
 * JMH benchmarks of ArgONNX side by side with ONNX Runtime, a plain loop and the read floor, and the
 * command-line report that runs them ({@code BenchmarkReport}), and the application benchmark, where
 * one JVM runs every case ({@code ApplicationBenchmark}).
 *
 * <p>Not API, and not published: the benchmarks are built with the {@code benchmarks} profile only.
 */
package io.github.argonnx.benchmarks;
