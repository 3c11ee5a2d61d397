package io.github.argonnx.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One pass over the same input: the least time any ArgMax/ArgMin of it can take. Each variant of
 * {@link ReadFloor} (plain and Vector API, in one, two and four streams) is a benchmark of its own; the
 * report shows the fastest as the case's floor.
 */
@State(Scope.Benchmark)
public class ReadFloorBenchmark {

    /** A {@link BenchCase} name. */
    @Param("FLOAT_SLICE_NO_EXTREME")
    public String benchCase;

    /** A {@link ReadFloor.Variant} name; the plain variants also run where the Vector API does. */
    @Param({"SIMD-1", "SIMD-2", "SIMD-4", "plain-1", "plain-2", "plain-4"})
    public String variant;

    private InputData data;
    private ReadFloor.Variant floor;

    @Setup(Level.Trial)
    public void setUp() {
        data = InputData.generate(BenchCase.named(benchCase));
        floor = ReadFloor.variant(variant);
    }

    @Benchmark
    public long readFloor() {
        return floor.pass(data);
    }
}
