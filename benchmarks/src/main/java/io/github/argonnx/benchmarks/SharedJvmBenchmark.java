package io.github.argonnx.benchmarks;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.Parallelism;
import java.util.ArrayList;
import java.util.List;
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
 * by every type, and so is what the JIT learned about them: each type's warm-up runs them before C2
 * has compiled them into its loops and leaves traps in their profiles, and C2 adds up the traps of
 * every method it inlines into one compilation. Past {@code -XX:PerMethodTrapLimit} it stops
 * speculating on their receivers, the Vector API's intrinsics fail and every vector is boxed, which
 * shows as a longer time and as bytes allocated per call. Run it with the GC profiler
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
     * splits a {@code -p} value at commas); {@code others} for the same layout and data of every other
     * element type, in {@link DataType} order; or {@code none}.
     */
    @Param({"none", "UINT16_OUTER_3D_NO_EXTREME", "others"})
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
        for (String name : casesRunFirst()) {
            bind(name);
            for (int call = 0; call < callsEach; call++) {
                single.apply(input, out, 0);
            }
        }
        bind(benchCase);
    }

    private List<String> casesRunFirst() {
        if ("none".equals(runFirst)) {
            return List.of();
        }
        if (!"others".equals(runFirst)) {
            return List.of(runFirst.split("\\+"));
        }
        BenchCase measured = BenchCase.named(benchCase);
        List<String> others = new ArrayList<>();
        for (DataType type : DataType.values()) {
            if (type != measured.type() && measured.data().appliesTo(type)) {
                others.add(new BenchCase(type, measured.layout(), measured.data()).name());
            }
        }
        return others;
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
