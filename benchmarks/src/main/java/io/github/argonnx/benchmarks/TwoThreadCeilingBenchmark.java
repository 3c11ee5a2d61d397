package io.github.argonnx.benchmarks;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.Parallelism;
import java.lang.reflect.Array;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What two threads can do at best on a case: two independent one-thread calls, each on its own half of
 * the input (copied into an array of its own), run at the same time by the calling thread and a helper
 * thread that spins for its signal, so that neither a pool's wake-up nor a merge of the halves' winners
 * costs anything. Beside it, in the same run, one thread on the whole input and the API's default.
 *
 * <p>{@code cut}: {@code output} halves the output elements (the slices before the axis, or for a
 * single outer slice the columns after it); {@code axis} halves the reduced axis. A contiguous slice
 * has only the axis to cut, so there both name the same halves.
 */
@State(Scope.Benchmark)
public class TwoThreadCeilingBenchmark {

    /** A {@link BenchCase} name. */
    @Param("FLOAT_OUTER_NO_EXTREME")
    public String benchCase;

    @Param({"ArgMax"})
    public Operator operator;

    /** {@code output} or {@code axis}; the report runs {@code output}. */
    @Param("output")
    public String cut;

    private Tensor whole;
    private Tensor firstHalf;
    private Tensor secondHalf;
    private ArgReductionOperator single;
    private ArgReductionOperator byDefault;
    private long[] out;
    private long[] firstOut;
    private long[] secondOut;

    private final AtomicLong requested = new AtomicLong();
    private final AtomicLong done = new AtomicLong();
    private volatile boolean running;
    private Thread helper;

    @Setup(Level.Trial)
    public void setUp() {
        BenchCase c = BenchCase.named(benchCase);
        InputData data = InputData.generate(c);
        Geometry g = c.geometry();
        ArgReductionOperator configured = operator.latest().axis(g.axis()).keepdims(0);
        single = configured.parallelism(Parallelism.singleThread());
        byDefault = configured;
        out = new long[g.outer() * g.inner()];
        int outer = g.outer();
        int axis = g.axisLength();
        int inner = g.inner();
        // Each half as an [outer, axis, inner] block of the whole, copied row by row (a row: inner
        // elements); the second half starts where the first ends along the dimension that is cut.
        int[][] dims = new int[2][];
        if ("output".equals(cut) && outer > 1) {
            dims[0] = new int[] {outer / 2, axis, inner};
            dims[1] = new int[] {outer - outer / 2, axis, inner};
        } else if ("output".equals(cut) && inner > 1) {
            dims[0] = new int[] {outer, axis, inner / 2};
            dims[1] = new int[] {outer, axis, inner - inner / 2};
        } else {
            dims[0] = new int[] {outer, axis / 2, inner};
            dims[1] = new int[] {outer, axis - axis / 2, inner};
        }
        Tensor[] halves = new Tensor[2];
        long[][] outs = new long[2][];
        for (int h = 0; h < 2; h++) {
            int[] d = dims[h];
            Object half = Array.newInstance(data.array().getClass().getComponentType(), d[0] * d[1] * d[2]);
            for (int o = 0; o < d[0]; o++) {
                for (int k = 0; k < d[1]; k++) {
                    int srcOuter = h == 1 && dims[0][0] != outer ? dims[0][0] + o : o;
                    int srcAxis = h == 1 && dims[0][1] != axis ? dims[0][1] + k : k;
                    int srcInner = h == 1 && dims[0][2] != inner ? dims[0][2] : 0;
                    System.arraycopy(data.array(), (srcOuter * axis + srcAxis) * inner + srcInner, half,
                            (o * d[1] + k) * d[2], d[2]);
                }
            }
            halves[h] = ArgOnnxBenchmark.tensorOf(data.type(), half, new long[] {d[0], d[1], d[2]});
            outs[h] = new long[d[0] * d[2]];
        }
        firstHalf = halves[0];
        secondHalf = halves[1];
        firstOut = outs[0];
        secondOut = outs[1];
        // Every tensor here is [outer, axis, inner], reduced over axis 1: the same plan as the case's shape.
        single = single.axis(1);
        byDefault = byDefault.axis(1);
        whole = ArgOnnxBenchmark.tensorOf(data.type(), data.array(), new long[] {outer, axis, inner});
        PlainLoops.requireSame("ArgONNX " + operator, benchCase, PlainLoops.argReduce(data, operator.isMax()),
                single.apply(whole).indices());
        running = true;
        helper = new Thread(this::helperLoop, "ceiling-helper");
        helper.setDaemon(true);
        helper.start();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        running = false;
        helper.join();
    }

    private void helperLoop() {
        long seen = 0;
        while (running) {
            long r = requested.get();
            if (r != seen) {
                single.apply(secondHalf, secondOut, 0);
                seen = r;
                done.set(r);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /** Both halves at once: the second on the spinning helper, the first on this thread. */
    @Benchmark
    public long[] halvesAtOnce() {
        long call = requested.incrementAndGet();
        single.apply(firstHalf, firstOut, 0);
        while (done.get() != call) {
            Thread.onSpinWait();
        }
        return firstOut;
    }

    @Benchmark
    public long[] oneThread() {
        return single.apply(whole, out, 0);
    }

    @Benchmark
    public long[] defaultThreads() {
        return byDefault.apply(whole, out, 0);
    }
}
