package io.github.argonnx.benchmarks;

import io.github.argonnx.ArgMax;
import io.github.argonnx.DataType;
import io.github.argonnx.PartialReduction;
import io.github.argonnx.Tensor;
import io.github.argonnx.internal.runtime.Accumulation;
import io.github.argonnx.internal.runtime.ChunkWinners;
import io.github.argonnx.internal.runtime.Faces;
import io.github.argonnx.runtime.ArgAccumulator;
import io.github.argonnx.runtime.ArgPartial;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The coverage of the reduced axis under many gaps: 10^6 one-element chunks of an
 * int32 axis of 2·10^6, at every second position, so that no two chunks are adjacent and the
 * accumulator ends with 10^6 ranges. The chunks come ascending, descending or shuffled (seeded); the
 * goal is the same order of time for all three. Figures are per chunk ({@link OperationsPerInvocation}).
 *
 * <ul>
 *   <li>{@code reduceInto}: through {@link PartialReduction#reduceInto}, as a caller streams rows, each
 *       chunk a {@link Tensor} built before timing;
 *   <li>{@code accumulatorAdd}: {@link Accumulation#add(long, long, ChunkWinners)} (what generated code calls) with winners that
 *       cost nothing, so that the accumulator's checks and its coverage are what is timed;
 *   <li>{@code mergeHalves}: two partials of 10^6 ranges each (the even and the odd positions), merged
 *       into one; per range of the two.
 * </ul>
 *
 * <pre>
 * java -Djmh.ignoreLock=true -cp benchmarks/target/benchmarks.jar org.openjdk.jmh.Main CoverageBenchmark -f 1 -wi 2 -i 3
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgs = {"-Xms2g", "-Xmx2g"})
@State(Scope.Benchmark)
public class CoverageBenchmark {

    /** One-element chunks per invocation. */
    static final int CHUNKS = 1_000_000;

    /** The order the chunks come in. */
    public enum Order {
        ASCENDING,
        DESCENDING,
        SHUFFLED
    }

    @Param({"ASCENDING", "DESCENDING", "SHUFFLED"})
    public Order order;

    private PartialReduction reduction;
    private long[] positions;
    private Tensor[] chunks;
    private ArgPartial even;
    private ArgPartial odd;

    /** Writes each output element's winner: the chunk's only element, key 0. */
    private static final ChunkWinners ONLY_ELEMENT = (localIndices, orderKeys) -> {
        localIndices[0] = 0;
        orderKeys[0] = 0;
    };

    @Setup(Level.Trial)
    public void setUp() {
        reduction = PartialReduction.of(ArgMax.latest(), DataType.INT32, 2L * CHUNKS);
        positions = new long[CHUNKS];
        for (int k = 0; k < CHUNKS; k++) {
            positions[k] = order == Order.DESCENDING ? 2L * (CHUNKS - 1 - k) : 2L * k;
        }
        if (order == Order.SHUFFLED) {
            SplittableRandom random = new SplittableRandom(45);
            for (int k = CHUNKS - 1; k > 0; k--) {
                int j = random.nextInt(k + 1);
                long swap = positions[k];
                positions[k] = positions[j];
                positions[j] = swap;
            }
        }
        chunks = new Tensor[CHUNKS];
        for (int k = 0; k < CHUNKS; k++) {
            chunks[k] = Tensor.ofInt32(new int[] {(int) (positions[k] % 1000)}, 1);
        }
        ArgAccumulator evens = reduction.accumulator();
        ArgAccumulator odds = reduction.accumulator();
        for (long position : positions) {
            state(evens).add(1, position, ONLY_ELEMENT);
            state(odds).add(1, position + 1, ONLY_ELEMENT);
        }
        even = evens.partial();
        odd = odds.partial();
        if (!even.merge(odd).isComplete()) {
            throw new IllegalStateException("the halves do not cover the axis");
        }
    }

    /** The state generated code feeds chunks in a kernel's form. */
    private static Accumulation state(ArgAccumulator accumulator) {
        return Faces.of(ArgAccumulator.class, Accumulation.class).state(accumulator);
    }

    @Benchmark
    @OperationsPerInvocation(CHUNKS)
    public ArgAccumulator reduceInto() {
        ArgAccumulator accumulator = reduction.accumulator();
        for (int k = 0; k < CHUNKS; k++) {
            reduction.reduceInto(chunks[k], positions[k], accumulator);
        }
        return accumulator;
    }

    @Benchmark
    @OperationsPerInvocation(CHUNKS)
    public ArgAccumulator accumulatorAdd() {
        ArgAccumulator accumulator = reduction.accumulator();
        Accumulation state = state(accumulator);
        for (long position : positions) {
            state.add(1, position, ONLY_ELEMENT);
        }
        return accumulator;
    }

    @Benchmark
    @OperationsPerInvocation(2 * CHUNKS)
    public ArgPartial mergeHalves() {
        return even.merge(odd);
    }
}
