package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.Parallelism;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Splitting a reduction over threads gives exactly the single-threaded indices. */
class ParallelReductionTest {

    private static ExecutorService pool;

    @BeforeAll
    static void startPool() {
        pool = Executors.newFixedThreadPool(3);
    }

    @AfterAll
    static void stopPool() {
        pool.shutdownNow();
    }

    /**
     * A small ArgMax kernel written for this test (forward scan, NaN beats numbers, -0 ties +0),
     * standing in for a generated one: the split and merge must not depend on how the kernel works.
     */
    static void argMaxFloat(float[] data, int offset, ReductionPlan plan, int columnFrom, int columnTo, boolean last,
            long[] out, int outOffset) {
        for (int o = 0; o < plan.outer(); o++) {
            for (int i = columnFrom; i < columnTo; i++) {
                int best = 0;
                for (int k = 1; k < plan.axisLength(); k++) {
                    float b = data[offset + (o * plan.axisLength() + best) * plan.inner() + i];
                    float c = data[offset + (o * plan.axisLength() + k) * plan.inner() + i];
                    boolean take = Float.isNaN(b) ? last && Float.isNaN(c) : Float.isNaN(c) || c > b || (last && c == b);
                    if (take) {
                        best = k;
                    }
                }
                out[outOffset + o * plan.inner() + i] = best;
            }
        }
    }

    /** Unsigned bytes, to check that candidates keep their element type. */
    static void argMinUint8(byte[] data, int offset, ReductionPlan plan, int columnFrom, int columnTo, boolean last,
            long[] out, int outOffset) {
        for (int o = 0; o < plan.outer(); o++) {
            for (int i = columnFrom; i < columnTo; i++) {
                int best = 0;
                for (int k = 1; k < plan.axisLength(); k++) {
                    int b = data[offset + (o * plan.axisLength() + best) * plan.inner() + i] & 0xFF;
                    int c = data[offset + (o * plan.axisLength() + k) * plan.inner() + i] & 0xFF;
                    if (c < b || (last && c == b)) {
                        best = k;
                    }
                }
                out[outOffset + o * plan.inner() + i] = best;
            }
        }
    }

    /**
     * ArgMax over any primitive storage array, read through {@link Array#getDouble} (NaN beats numbers,
     * -0 ties +0): stands in for each type's kernel, so that the merge is checked on every array type
     * it copies winners of.
     */
    static void argMaxAnyArray(Object data, int offset, ReductionPlan plan, int columnFrom, int columnTo, boolean last,
            long[] out, int outOffset) {
        for (int o = 0; o < plan.outer(); o++) {
            for (int i = columnFrom; i < columnTo; i++) {
                int best = 0;
                for (int k = 1; k < plan.axisLength(); k++) {
                    double b = Array.getDouble(data, offset + (o * plan.axisLength() + best) * plan.inner() + i);
                    double c = Array.getDouble(data, offset + (o * plan.axisLength() + k) * plan.inner() + i);
                    boolean take = Double.isNaN(b) ? last && Double.isNaN(c) : Double.isNaN(c) || c > b || (last && c == b);
                    if (take) {
                        best = k;
                    }
                }
                out[outOffset + o * plan.inner() + i] = best;
            }
        }
    }

    /** {@code values} in a new array of {@code component}, each converted as a cast would. */
    private static Object storage(Class<?> component, double[] values) {
        Object array = Array.newInstance(component, values.length);
        for (int i = 0; i < values.length; i++) {
            double v = values[i];
            if (component == byte.class) {
                Array.setByte(array, i, (byte) v);
            } else if (component == short.class) {
                Array.setShort(array, i, (short) v);
            } else if (component == int.class) {
                Array.setInt(array, i, (int) v);
            } else if (component == long.class) {
                Array.setLong(array, i, (long) v);
            } else if (component == float.class) {
                Array.setFloat(array, i, (float) v);
            } else {
                Array.setDouble(array, i, v);
            }
        }
        return array;
    }

    private static final int[][] SHAPES = {
        {1, 1000, 1}, {1, 600, 5}, {3, 520, 7}, {8, 10, 3}, {5, 64, 1}, {2, 1, 9}, {1, 2, 1}, {1, 37, 50},
        {0, 4, 4}, {7, 3, 0}, {1, 2600, 3}, {2, 1100, 4}, {1, 4096, 1}, {1, 3, 1100}, {2, 5, 2048}, {1, 600, 1024}
    };

    @Test
    void floatsGiveTheSingleThreadedIndicesForEverySplit() {
        SplittableRandom random = new SplittableRandom(11);
        float[] values = {-0.0f, 0.0f, 1f, 1f, 1f, Float.NaN, Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY, -2f};
        for (int[] shape : SHAPES) {
            ReductionPlan plan = new ReductionPlan(shape[0], shape[1], shape[2]);
            for (int trial = 0; trial < 8; trial++) {
                int offset = random.nextInt(3);
                float[] data = new float[offset + plan.inputSize()];
                int distinct = 1 + random.nextInt(values.length);
                for (int i = 0; i < data.length; i++) {
                    data[i] = values[random.nextInt(distinct)];
                }
                for (boolean last : new boolean[] {false, true}) {
                    long[] expected = new long[plan.outputSize() + 1];
                    argMaxFloat(data, offset, plan, 0, plan.inner(), last, expected, 1);
                    for (int threads = 2; threads <= 4; threads++) {
                        long[] actual = new long[plan.outputSize() + 1];
                        ParallelReduction.reduce("ArgMax-13", workers(Parallelism.using(pool(), threads).withMinElementsPerTask(1)),
                                ParallelReductionTest::argMaxFloat, data, offset, plan, last, actual, 1);
                        assertArrayEquals(expected, actual, Arrays.toString(shape) + " threads " + threads + " last " + last
                                + " data " + Arrays.toString(data));
                    }
                }
            }
        }
    }

    @Test
    void unsignedBytesGiveTheSingleThreadedIndicesForEverySplit() {
        SplittableRandom random = new SplittableRandom(5);
        for (int[] shape : SHAPES) {
            ReductionPlan plan = new ReductionPlan(shape[0], shape[1], shape[2]);
            byte[] data = new byte[plan.inputSize()];
            for (int i = 0; i < data.length; i++) {
                data[i] = (byte) (random.nextBoolean() ? 0x80 + random.nextInt(3) : 0x7F);
            }
            for (boolean last : new boolean[] {false, true}) {
                long[] expected = new long[plan.outputSize()];
                argMinUint8(data, 0, plan, 0, plan.inner(), last, expected, 0);
                long[] actual = new long[plan.outputSize()];
                ParallelReduction.reduce("ArgMax-13", workers(Parallelism.using(pool(), 3).withMinElementsPerTask(1)),
                        ParallelReductionTest::argMinUint8, data, 0, plan, last, actual, 0);
                assertArrayEquals(expected, actual, Arrays.toString(shape) + " last " + last);
            }
        }
    }

    @Test
    void tiesAndNaNsOnEitherSideOfAChunkBoundaryGiveTheSingleThreadedIndicesForEveryArrayType() {
        SplittableRandom random = new SplittableRandom(23);
        Class<?>[] components = {byte.class, short.class, int.class, long.class, float.class, double.class};
        int[][] shapes = {{1, 1024, 1}, {1, 1024, 3}, {2, 777, 5}, {3, 1500, 2}};
        for (Class<?> component : components) {
            boolean floating = component == float.class || component == double.class;
            for (int[] shape : shapes) {
                ReductionPlan plan = new ReductionPlan(shape[0], shape[1], shape[2]);
                for (int threads = 2; threads <= 4; threads++) {
                    int chunks = Math.min(threads, plan.axisLength() / ParallelReduction.MIN_AXIS_PER_CHUNK);
                    for (int trial = 0; trial < 6; trial++) {
                        double[] values = new double[1 + plan.inputSize()];
                        for (int v = 0; v < values.length; v++) {
                            values[v] = random.nextInt(3);
                        }
                        // Each slice's best sits twice, on the last element of one chunk and the first
                        // of the next: a tie (or, for float types, two NaNs) across the boundary.
                        double best = floating && random.nextBoolean() ? Double.NaN : 7;
                        int boundary = (int) ((long) plan.axisLength() * (1 + random.nextInt(chunks - 1)) / chunks);
                        for (int o = 0; o < plan.outer(); o++) {
                            for (int i = 0; i < plan.inner(); i++) {
                                values[1 + (o * plan.axisLength() + boundary - 1) * plan.inner() + i] = best;
                                values[1 + (o * plan.axisLength() + boundary) * plan.inner() + i] = best;
                            }
                        }
                        Object data = storage(component, values);
                        for (boolean last : new boolean[] {false, true}) {
                            long[] expected = new long[plan.outputSize()];
                            Arrays.fill(expected, last ? boundary : boundary - 1);
                            long[] single = new long[plan.outputSize()];
                            argMaxAnyArray(data, 1, plan, 0, plan.inner(), last, single, 0);
                            assertArrayEquals(expected, single, "the reference kernel itself");
                            long[] actual = new long[plan.outputSize()];
                            ParallelReduction.reduce("ArgMax-13", workers(Parallelism.using(pool(), threads).withMinElementsPerTask(1)),
                                    ParallelReductionTest::argMaxAnyArray, data, 1, plan, last, actual, 0);
                            assertArrayEquals(expected, actual, component + " " + Arrays.toString(shape) + " threads "
                                    + threads + " boundary " + boundary + " best " + best + " last " + last);
                        }
                    }
                }
            }
        }
    }

    @Test
    void smallInputsAndSingleThreadStayOnTheCallingThread() {
        Thread caller = Thread.currentThread();
        AtomicInteger calls = new AtomicInteger();
        ParallelReduction.ColumnKernel<float[]> recording = (data, offset, plan, from, to, last, out, outOffset) -> {
            assertSame(caller, Thread.currentThread());
            calls.incrementAndGet();
            argMaxFloat(data, offset, plan, from, to, last, out, outOffset);
        };
        float[] data = new float[4096];
        data[4000] = 1;
        long[] out = new long[1];
        ReductionPlan plan = new ReductionPlan(1, 4096, 1);
        ParallelReduction.reduce("ArgMax-13", workers(Parallelism.singleThread()), recording, data, 0, plan, false, out, 0);
        ParallelReduction.reduce("ArgMax-13", workers(Parallelism.using(pool(), 4)), recording, data, 0, plan, false, out, 0);
        ParallelReduction.reduce("ArgMax-13", workers(Parallelism.using(pool(), 4).withMinElementsPerTask(4097)), recording, data, 0, plan,
                false, out, 0);
        assertEquals(3, calls.get());
        assertEquals(4000, out[0]);
    }

    @Test
    void aLargeInputIsSharedWithTheExecutor() {
        AtomicInteger tasks = new AtomicInteger();
        ParallelReduction.ColumnKernel<float[]> counting = (data, offset, plan, from, to, last, out, outOffset) -> {
            tasks.incrementAndGet();
            argMaxFloat(data, offset, plan, from, to, last, out, outOffset);
        };
        float[] data = new float[8 * 100];
        data[555] = 3;
        long[] out = new long[8];
        ParallelReduction.reduce("ArgMax-13", workers(Parallelism.using(pool(), 4).withMinElementsPerTask(100)), counting, data, 0,
                new ReductionPlan(8, 100, 1), false, out, 0);
        assertEquals(8, tasks.get(), "four threads' shares, cut into pieces of one slice each");
        assertArrayEquals(new long[] {0, 0, 0, 0, 0, 55, 0, 0}, out);
    }

    @Test
    void oneLongSliceIsSplitIntoChunksAndMerged() {
        AtomicInteger calls = new AtomicInteger();
        ParallelReduction.ColumnKernel<float[]> counting = (data, offset, plan, from, to, last, out, outOffset) -> {
            calls.incrementAndGet();
            argMaxFloat(data, offset, plan, from, to, last, out, outOffset);
        };
        float[] data = new float[1024];
        data[700] = 5;
        data[900] = 5;
        long[] out = new long[1];
        ParallelReduction.reduce("ArgMax-13", workers(Parallelism.using(pool(), 4).withMinElementsPerTask(1)), counting, data, 0,
                new ReductionPlan(1, 1024, 1), true, out, 0);
        assertEquals(4 + 1, calls.get(), "four chunks of 256, then the merge");
        assertEquals(900, out[0]);

        calls.set(0);
        ParallelReduction.reduce("ArgMax-13", workers(Parallelism.using(pool(), 4).withMinElementsPerTask(1)), counting, data, 0,
                new ReductionPlan(1, 511, 1), false, out, 0);
        assertEquals(1, calls.get(), "a slice shorter than two chunks of 256 is not split");
        assertEquals(0, out[0]);
    }

    @Test
    void slicesAreCutIntoPiecesTakenInTurnAndTheAxisIntoOneChunkPerThread() {
        AtomicInteger calls = new AtomicInteger();
        ParallelReduction.ColumnKernel<float[]> counting = (data, offset, plan, from, to, last, out, outOffset) -> {
            calls.incrementAndGet();
            argMaxFloat(data, offset, plan, from, to, last, out, outOffset);
        };
        float[] data = new float[64 * 10];
        data[633] = 1;
        long[] out = new long[64];
        ParallelReduction.reduce("ArgMax-13", workers(Parallelism.using(pool(), 2).withMinElementsPerTask(10)), counting, data, 0,
                new ReductionPlan(64, 10, 1), false, out, 0);
        assertEquals(2 * ParallelReduction.PIECES_PER_TASK, calls.get(), "64 slices, two threads");
        assertEquals(3, out[63]);

        calls.set(0);
        float[] column = new float[8192 * 2];
        column[2 * 5000 + 1] = 1;
        long[] pair = new long[2];
        ParallelReduction.reduce("ArgMax-13", workers(Parallelism.using(pool(), 2).withMinElementsPerTask(1)), counting, column, 0,
                new ReductionPlan(1, 8192, 2), false, pair, 0);
        assertEquals(2 + 1, calls.get(), "one chunk of the axis per thread, then the merge");
        assertArrayEquals(new long[] {0, 5000}, pair);
    }

    @Test
    void wideOuterAxesAreSplitIntoAlignedColumnRangesWithNoMerge() {
        List<int[]> ranges = Collections.synchronizedList(new ArrayList<>());
        ParallelReduction.ColumnKernel<float[]> recording = (data, offset, plan, from, to, last, out, outOffset) -> {
            ranges.add(new int[] {from, to, plan.outer(), plan.axisLength(), offset, outOffset});
            argMaxFloat(data, offset, plan, from, to, last, out, outOffset);
        };
        float[] data = new float[1 + 4 * 4096];
        data[1 + 3 * 4096 + 4095] = 1;
        data[1 + 2 * 4096 + 700] = 1;
        long[] out = new long[1 + 4096];
        ParallelReduction.reduce("ArgMax-13", workers(Parallelism.using(pool(), 2).withMinElementsPerTask(1)), recording, data, 1,
                new ReductionPlan(1, 4, 4096), false, out, 1);
        assertEquals(2, ranges.size(), "one range of columns per thread");
        ranges.sort(Comparator.comparingInt(r -> r[0]));
        int next = 0;
        for (int[] r : ranges) {
            assertEquals(next, r[0], "the pieces cover the columns once, in order");
            assertEquals(0, r[0] % ParallelReduction.COLUMN_ALIGNMENT);
            assertTrue(r[1] - r[0] >= ParallelReduction.MIN_COLUMNS_PER_TASK, Arrays.toString(r));
            assertArrayEquals(new int[] {1, 4, 1, 1}, Arrays.copyOfRange(r, 2, 6), "the whole plan, every row");
            next = r[1];
        }
        assertEquals(4096, next);
        assertEquals(0, out[0], "nothing before outOffset is written");
        assertEquals(2, out[1 + 700]);
        assertEquals(3, out[1 + 4095]);

        ranges.clear();
        long[] narrow = new long[3 * 1100];
        ParallelReduction.reduce("ArgMax-13", workers(Parallelism.using(pool(), 4).withMinElementsPerTask(1)), recording,
                new float[3 * 2 * 1100], 0, new ReductionPlan(3, 2, 1100), false, narrow, 0);
        ranges.sort(Comparator.comparingInt(r -> r[0]));
        assertEquals(2, ranges.size(), "four threads, but 1100 columns hold two ranges of at least 512");
        assertArrayEquals(new int[] {0, 512}, Arrays.copyOf(ranges.get(0), 2));
        assertArrayEquals(new int[] {512, 1100}, Arrays.copyOf(ranges.get(1), 2));
    }

    @Test
    void piecesNoHelperHasTakenAreRunByTheCallingThread() {
        Thread caller = Thread.currentThread();
        List<Runnable> held = new ArrayList<>();
        AtomicInteger onCaller = new AtomicInteger();
        ParallelReduction.ColumnKernel<float[]> counting = (data, offset, plan, from, to, last, out, outOffset) -> {
            if (Thread.currentThread() == caller) {
                onCaller.incrementAndGet();
            }
            argMaxFloat(data, offset, plan, from, to, last, out, outOffset);
        };
        float[] data = new float[16 * 10];
        data[157] = 1;
        long[] out = new long[16];
        ParallelReduction.reduce("ArgMax-13", workers(Parallelism.using(held::add, 2).withMinElementsPerTask(10)), counting, data, 0,
                new ReductionPlan(16, 10, 1), false, out, 0);
        assertEquals(1, held.size(), "one helper offered for two threads");
        assertEquals(2 * ParallelReduction.PIECES_PER_TASK, onCaller.get(), "the helper never started: the caller ran every piece");
        assertEquals(7, out[15]);
        held.get(0).run(); // the helper starts after the call: nothing is left for it
        assertEquals(2 * ParallelReduction.PIECES_PER_TASK, onCaller.get());
    }

    @Test
    void aFailingTaskFailsTheCall() {
        ParallelReduction.ColumnKernel<float[]> failing = (data, offset, plan, from, to, last, out, outOffset) -> {
            if (offset > 0) {
                throw new IllegalStateException("task at " + offset);
            }
        };
        ArgOnnxException e = assertThrows(ArgOnnxException.class, () -> ParallelReduction.reduce("ArgMax-13", 
                workers(Parallelism.using(pool(), 2).withMinElementsPerTask(1)), failing, new float[20], 0,
                new ReductionPlan(2, 10, 1), false, new long[2], 0));
        assertTrue(e.getMessage().startsWith("ArgMax-13: a parallel task failed"), e.getMessage());
        assertTrue(e.getCause() instanceof IllegalStateException && "task at 10".equals(e.getCause().getMessage()),
                String.valueOf(e.getCause()));
    }

    @Test
    void boundsAreCheckedBeforeAnyTaskRuns() {
        AtomicInteger calls = new AtomicInteger();
        ParallelReduction.ColumnKernel<float[]> counting = (data, offset, plan, from, to, last, out, outOffset) -> calls.incrementAndGet();
        assertThrows(IndexOutOfBoundsException.class, () -> ParallelReduction.reduce("ArgMax-13", 
                workers(Parallelism.using(pool(), 2).withMinElementsPerTask(1)), counting, new float[19], 0,
                new ReductionPlan(2, 10, 1), false, new long[2], 0));
        assertThrows(IndexOutOfBoundsException.class, () -> ParallelReduction.reduce("ArgMax-13", 
                workers(Parallelism.using(pool(), 2).withMinElementsPerTask(1)), counting, new float[20], 0,
                new ReductionPlan(2, 10, 1), false, new long[1], 0));
        assertEquals(0, calls.get());
    }

    @Test
    void settingsAreValidated() {
        IllegalArgumentException threads = assertThrows(IllegalArgumentException.class,
                () -> Parallelism.using(pool(), 0));
        assertTrue(threads.getMessage().contains("threads must be at least 1, got 0"), threads.getMessage());
        IllegalArgumentException min = assertThrows(IllegalArgumentException.class,
                () -> Parallelism.singleThread().withMinElementsPerTask(0));
        assertTrue(min.getMessage().contains("minElementsPerTask must be at least 1, got 0"), min.getMessage());
        assertEquals(1, Parallelism.singleThread().threads());
        assertTrue(Parallelism.commonPool().threads() >= 1);
        assertEquals(1, TaskCount.tasksFor(workers(Parallelism.using(pool(), 1)), new ReductionPlan(1, Integer.MAX_VALUE, 1), 8, false));
    }

    private static ExecutorService pool() {
        return pool;
    }

    /** What generated code hands the runtime for a parallelism. */
    static Workers workers(Parallelism parallelism) {
        return Faces.of(Parallelism.class, Workers.class).state(parallelism);
    }
}
