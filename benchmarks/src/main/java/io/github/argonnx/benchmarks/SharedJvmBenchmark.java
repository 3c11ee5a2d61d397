package io.github.argonnx.benchmarks;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.Parallelism;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One case on one thread in a JVM that has first run other cases, as a process serving several element
 * types does. The report runs every case in a fork of its own, but the Vector API's methods are shared
 * by every type of one lane width, and what the JIT learned from the cases run first can change how it
 * compiles the one measured: on JDK 17 with the SIMD loops, float16 {@code [64,256,1024]} axis 1 run
 * after uint16 boxed its vectors (92 MB and five times the time per call), but not when it had run
 * before uint16 too, its loops then compiled already. Run it with the GC profiler
 * ({@code -prof gc}) for the bytes per call. Each case's indices are checked against the plain loop
 * before it runs.
 */
@State(Scope.Benchmark)
@Fork(jvmArgs = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
public class SharedJvmBenchmark {

    /** The {@link BenchCase} measured. */
    @Param("FLOAT16_OUTER_3D_NO_EXTREME")
    public String benchCase;

    /**
     * The {@link BenchCase} names run before it in the same JVM, in order, joined by {@code +} (JMH
     * splits a {@code -p} value at commas), or {@code none}.
     */
    @Param({"none", "UINT16_OUTER_3D_NO_EXTREME", "FLOAT16_OUTER_3D_NO_EXTREME+UINT16_OUTER_3D_NO_EXTREME"})
    public String runFirst;

    @Param("ArgMax")
    public Operator operator;

    /** Calls of each case run first: enough for C2 to compile its loops. */
    @Param("300")
    public int callsEach;

    private ArgReductionOperator single;
    private Tensor input;
    private long[] out;

    @Setup(Level.Trial)
    public void setUp() {
        if (!"none".equals(runFirst)) {
            for (String name : runFirst.split("\\+")) {
                bind(name);
                for (int call = 0; call < callsEach; call++) {
                    single.apply(input, out, 0);
                }
            }
        }
        bind(benchCase);
    }

    /** Makes {@code name} the case that {@link #oneThread} reduces, after checking its indices. */
    private void bind(String name) {
        BenchCase c = BenchCase.named(name);
        InputData data = InputData.generate(c);
        Geometry g = c.geometry();
        single = operator.latest().axis(g.axis()).keepdims(0).parallelism(Parallelism.singleThread());
        input = ArgOnnxBenchmark.tensorOf(data);
        out = new long[g.outer() * g.inner()];
        single.apply(input, out, 0);
        PlainLoops.requireSame("ArgONNX " + operator + " after " + runFirst, name,
                PlainLoops.argReduce(data, operator.isMax()), out);
    }

    @Benchmark
    public long[] oneThread() {
        single.apply(input, out, 0);
        return out;
    }
}
