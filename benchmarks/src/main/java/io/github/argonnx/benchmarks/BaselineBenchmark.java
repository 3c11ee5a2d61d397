package io.github.argonnx.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** The plain scalar loop that a hand-written Java ArgMax/ArgMin would be. */
@State(Scope.Benchmark)
public class BaselineBenchmark {

    /** A {@link BenchCase} name. */
    @Param("FLOAT_SLICE_NO_EXTREME")
    public String benchCase;

    @Param({"ArgMax", "ArgMin"})
    public Operator operator;

    private InputData data;
    private boolean max;

    @Setup(Level.Trial)
    public void setUp() {
        data = InputData.generate(BenchCase.named(benchCase));
        max = operator.isMax();
    }

    @Benchmark
    public long[] plainLoop() {
        return PlainLoops.argReduce(data, max);
    }
}
