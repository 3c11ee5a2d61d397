package io.github.argonnx.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** One pass over the same input: the least time any ArgMax/ArgMin of it can take. */
@State(Scope.Benchmark)
public class ReadFloorBenchmark {

    /** A {@link BenchCase} name. */
    @Param("FLOAT_SLICE_NO_EXTREME")
    public String benchCase;

    private InputData data;

    @Setup(Level.Trial)
    public void setUp() {
        data = InputData.generate(BenchCase.named(benchCase));
        if (!ReadFloor.get().vectorized()) {
            System.err.println("read floor without the Vector API: start the JVM with "
                    + "--add-modules jdk.incubator.vector for a meaningful floor");
        }
    }

    @Benchmark
    public long readFloor() {
        return ReadFloor.get().pass(data);
    }
}
