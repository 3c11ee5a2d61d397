package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.Parallelism;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * A prepared TopK gives exactly the values and indices of {@code apply} for every type, layout, k and
 * direction, into {@code long[]} or {@code int[]} indices from any offset; its calls on the calling thread
 * allocate nothing, and {@code apply} allocates its outputs and little else; calls split over threads give the
 * outputs of one thread; and k = 1 gives the first of the k = 2 outputs, NaN, ties and signed zeros included.
 */
class PreparedTopKTest {

    private static ExecutorService pool;

    @BeforeAll
    static void startPool() {
        pool = Executors.newFixedThreadPool(2);
    }

    @AfterAll
    static void stopPool() {
        pool.shutdownNow();
    }

    /** Contiguous and outer axes, one slice and many, short and long axes. */
    private static final long[][] SHAPES = {{7}, {2, 9}, {9, 3}, {3, 5, 4}, {2, 70}, {70, 2}, {1, 300, 3}};

    private static final Parallelism ONE = Parallelism.singleThread();

    private static String refusal(Executable call) {
        return assertThrows(ArgOnnxException.class, call).getMessage();
    }

    private static int count(long[] shape) {
        return (int) Arrays.stream(shape).reduce(1, (a, b) -> a * b);
    }

    /** The outputs of {@code apply} into arrays: values, then indices. */
    private static Object[] applied(TopK op, Tensor x, int k) {
        int count = count(op.outputShape(x, k));
        Object values = Array.newInstance(x.array().getClass().getComponentType(), count);
        long[] indices = new long[count];
        op.apply(x, k, values, indices);
        return new Object[] {values, indices};
    }

    private static Tensor sample(DataType type, long[] shape, SplittableRandom random) {
        return OperatorParallelismTest.arrayTensor(type, OperatorParallelismTest.tiesAndExtremes(type, count(shape), random), shape);
    }

    private static int[] ks(long axisLength) {
        return Arrays.stream(new long[] {0, 1, 2, 3, axisLength - 1, axisLength}).filter(k -> k >= 0 && k <= axisLength)
                .distinct().mapToInt(k -> (int) k).toArray();
    }

    @Test
    void everyTypeLayoutKAndDirectionGivesTheOutputsOfApplyFromAnyOffset() {
        SplittableRandom random = new SplittableRandom(7);
        Parallelism split = Parallelism.using(pool, 2).withMinElementsPerTask(1);
        int checked = 0;
        for (DataType type : DataType.values()) {
            for (long[] shape : SHAPES) {
                Tensor x = sample(type, shape, random);
                for (int axis : new int[] {0, -1}) {
                    long axisLength = shape[axis < 0 ? shape.length + axis : axis];
                    for (boolean largest : new boolean[] {true, false}) {
                        TopK op = TopK.latest().axis(axis).largest(largest).parallelism(ONE);
                        for (int k : ks(axisLength)) {
                            String where = type + " " + Arrays.toString(shape) + " axis " + axis + " largest " + largest + " k " + k;
                            Object[] expected = applied(op, x, k);
                            Class<?> element = expected[0].getClass().getComponentType();
                            int count = Array.getLength(expected[0]);
                            for (TopK form : new TopK[] {op, op.parallelism(split)}) {
                                PreparedTopK prepared = form.prepare(type, k, shape);
                                assertEquals(count, prepared.outputSize(), where);
                                Object values = Array.newInstance(element, count + 3);
                                long[] indices = new long[count + 3];
                                prepared.apply(x, values, indices, 3);
                                Object intValues = Array.newInstance(element, count + 1);
                                int[] ints = new int[count + 1];
                                prepared.apply(x, intValues, ints, 1);
                                for (int j = 0; j < count; j++) {
                                    assertEquals(Array.get(expected[0], j), Array.get(values, 3 + j), where + " value " + j);
                                    assertEquals(((long[]) expected[1])[j], indices[3 + j], where + " index " + j);
                                    assertEquals(Array.get(expected[0], j), Array.get(intValues, 1 + j), where + " value " + j);
                                    assertEquals(((long[]) expected[1])[j], ints[1 + j], where + " int index " + j);
                                }
                                checked++;
                            }
                            int[] fromApply = new int[count];
                            assertArrayEquals(op.outputShape(x, k), op.apply(x, k, Array.newInstance(element, count), fromApply), where);
                            assertArrayEquals((long[]) expected[1], Arrays.stream(fromApply).asLongStream().toArray(), where);
                        }
                    }
                }
            }
        }
        assertTrue(checked > 1000, "checked " + checked);
    }

    @Test
    void kOneGivesTheFirstOfTheTwoBestInEveryTypeAndDirection() {
        // k = 1 runs the arg-reduction scan where that gives TopK's answer; k = 2 always runs the TopK kernel
        SplittableRandom random = new SplittableRandom(11);
        int checked = 0;
        for (DataType type : DataType.values()) {
            for (long[] shape : SHAPES) {
                Tensor x = sample(type, shape, random);
                for (int axis = 0; axis < shape.length; axis++) {
                    if (shape[axis] < 2) {
                        continue;
                    }
                    int inner = count(Arrays.copyOfRange(shape, axis + 1, shape.length));
                    int outer = count(shape) / (int) shape[axis] / inner;
                    for (boolean largest : new boolean[] {true, false}) {
                        TopK op = TopK.latest().axis(axis).largest(largest);
                        Object[] one = applied(op, x, 1);
                        Object[] two = applied(op, x, 2);
                        for (int o = 0; o < outer; o++) {
                            for (int c = 0; c < inner; c++) {
                                String where = type + " " + Arrays.toString(shape) + " axis " + axis + " largest " + largest
                                        + " slice " + o + "," + c;
                                assertEquals(((long[]) two[1])[o * 2 * inner + c], ((long[]) one[1])[o * inner + c], where);
                                assertEquals(Array.get(two[0], o * 2 * inner + c), Array.get(one[0], o * inner + c), where);
                                checked++;
                            }
                        }
                    }
                }
            }
        }
        assertTrue(checked > 1000, "checked " + checked);
    }

    @Test
    void kOneOfFloatsPutsNaNFirstForTheLargestAndLastForTheSmallest() {
        Tensor x = Tensor.ofFloat(new float[] {Float.NaN, 1f, -0f, 0f, 1f, 2f, Float.NaN, 2f, Float.NaN, Float.NaN}, 2, 5);
        long[] indices = new long[2];
        float[] values = new float[2];
        TopK.latest().apply(x, 1, values, indices);
        assertArrayEquals(new long[] {0, 1}, indices);
        TopK.latest().largest(false).apply(x, 1, values, indices);
        assertArrayEquals(new long[] {2, 0}, indices); // -0 and +0 are equal: the lower index
        assertEquals(Float.floatToRawIntBits(-0f), Float.floatToRawIntBits(values[0]));
        TopK.latest().largest(false).apply(Tensor.ofFloat(new float[] {Float.NaN, Float.NaN}, 2), 1, values, indices);
        assertEquals(0, indices[0]);
        TopK.latest().largest(false).apply(Tensor.ofFloat16(new short[] {0x7E00, 0x3C00, (short) 0x8000, 0}, 4), 1,
                new short[1], indices);
        assertEquals(2, indices[0]);
    }

    /** An executor that counts the tasks it is given. */
    private static final class Counting implements Executor {
        final AtomicInteger tasks = new AtomicInteger();

        @Override
        public void execute(Runnable task) {
            tasks.incrementAndGet();
            pool.execute(task);
        }
    }

    @Test
    void callsSplitOverThreadsBySlicesOrColumnsGiveTheOutputsOfOneThread() {
        SplittableRandom random = new SplittableRandom(5);
        // slices split (outer >= tasks); columns split (one slice of 1100 columns); a k above the sort threshold
        // columns split across blocks of columns (one slice of 2500)
        long[][] shapes = {{40, 50}, {1, 20, 1100}, {3, 400, 2}, {1, 12, 2500}};
        int[][] kss = {{1, 3, 50}, {1, 2, 20}, {1, 300}, {2, 5}};
        for (int s = 0; s < shapes.length; s++) {
            long[] shape = shapes[s];
            for (DataType type : new DataType[] {DataType.FLOAT, DataType.INT32, DataType.FLOAT16, DataType.UINT8}) {
                Tensor x = sample(type, shape, random);
                for (boolean largest : new boolean[] {true, false}) {
                    for (int k : kss[s]) {
                        Counting counting = new Counting();
                        TopK op = TopK.latest().axis(1).largest(largest);
                        Object[] one = applied(op.parallelism(ONE), x, k);
                        Object[] split = applied(op.parallelism(Parallelism.using(counting, 3).withMinElementsPerTask(1)), x, k);
                        String where = type + " " + Arrays.toString(shape) + " largest " + largest + " k " + k;
                        assertArrayEquals((long[]) one[1], (long[]) split[1], where);
                        for (int j = 0; j < Array.getLength(one[0]); j++) {
                            assertEquals(Array.get(one[0], j), Array.get(split[0], j), where);
                        }
                        assertTrue(counting.tasks.get() > 0, where + ": no task reached the executor");
                    }
                }
            }
        }
    }

    @Test
    void preparedCallsOnTheCallingThreadAllocateNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] shape = {2, 400, 3};
        float[] data = new float[count(shape)];
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < data.length; i++) {
            data[i] = random.nextInt(50) - 25;
        }
        Tensor x = Tensor.ofFloat(data, shape);
        TopK op = TopK.latest().axis(1).parallelism(ONE);
        int calls = 500;
        // the buffer of the k best, the arg scan of k = 1, the sort of a large k; long[] and int[] indices
        for (int k : new int[] {5, 1, 300}) {
            for (boolean largest : new boolean[] {true, false}) {
                PreparedTopK prepared = op.largest(largest).prepare(DataType.FLOAT, k, shape);
                float[] values = new float[prepared.outputSize()];
                long[] indices = new long[prepared.outputSize()];
                int[] ints = new int[prepared.outputSize()];
                for (int i = 0; i < calls; i++) {
                    prepared.apply(x, values, indices, 0);
                    prepared.apply(x, values, ints, 0);
                }
                // the fewest bytes of three rounds: a compilation's one-off work in a round is not the calls'
                long allocated = Long.MAX_VALUE;
                for (int round = 0; round < 3; round++) {
                    long before = threads.getCurrentThreadAllocatedBytes();
                    for (int i = 0; i < calls; i++) {
                        prepared.apply(x, values, indices, 0);
                        prepared.apply(x, values, ints, 0);
                    }
                    allocated = Math.min(allocated, threads.getCurrentThreadAllocatedBytes() - before);
                }
                // one object per pair of calls, 16 bytes at least, would be twice this
                assertTrue(allocated < 8L * calls, prepared + ": " + allocated + " bytes in " + 2 * calls + " calls");
            }
        }
        // the same measure sees the outputs apply makes
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < calls; i++) {
            op.apply(x, 5);
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated > calls * 30L * Long.BYTES, "apply: " + allocated + " bytes in " + calls + " calls");
    }

    @Test
    void applyAllocatesItsOutputsAndASmallConstant() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] shape = {256, 1000};
        float[] data = new float[count(shape)];
        SplittableRandom random = new SplittableRandom(4);
        for (int i = 0; i < data.length; i++) {
            data[i] = (float) random.nextDouble();
        }
        Tensor x = Tensor.ofFloat(data, shape);
        TopK op = TopK.latest().parallelism(ONE);
        int k = 5;
        long outputs = 256L * k * (Float.BYTES + Long.BYTES);
        int calls = 50;
        long allocated = Long.MAX_VALUE;
        // the fewest bytes of three rounds: a compilation's one-off work in a round is not the calls'
        for (int round = 0; round < 3; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < calls; i++) {
                op.apply(x, k);
            }
            allocated = Math.min(allocated, (threads.getCurrentThreadAllocatedBytes() - before) / calls);
        }
        // the values and indices, their tensor, result and shapes, the call and its scratch: a copy of the
        // indices (10 KiB) would not fit
        assertTrue(allocated >= outputs, "apply: " + allocated + " bytes per call");
        assertTrue(allocated < outputs + 2048, "apply: " + allocated + " bytes per call for " + outputs + " of outputs");
    }

    @Test
    void refusalsNameWhatWasPreparedAndWhatIsAllowed() {
        Tensor x = Tensor.ofFloat(new float[6], 2, 3);
        PreparedTopK prepared = TopK.latest().prepare(DataType.FLOAT, 2, 2, 3);
        assertEquals(TopK.latest() + " prepared for float [2, 3], k = 2", prepared.toString());
        assertArrayEquals(new long[] {2, 2}, prepared.outputShape());
        assertEquals(2, prepared.k());
        assertEquals("TopK-24: prepared for input 'X' of type float and shape [2, 3], but input 'X' has type float and shape [3, 2]"
                + " (allowed: that type and shape only; prepare another for this input, or use apply)",
                refusal(() -> prepared.apply(Tensor.ofFloat(new float[6], 3, 2), new float[4], new long[4], 0)));
        assertEquals("TopK-24: the outputs need room for 4 elements (shape [2, 2]) from position 1, given values 4 and indices 5",
                refusal(() -> prepared.apply(x, new float[4], new long[5], 1)));
        assertEquals("TopK-24: output 'Values' is a double[], expected a float[] for input type float",
                refusal(() -> prepared.apply(x, new double[4], new int[4], 0)));
        assertEquals("TopK-24: input 'X' is null", refusal(() -> prepared.apply(null, new float[4], new long[4], 0)));
        assertEquals("TopK-24: k = 4 is larger than the length of axis 1 of input 'X' (shape [2, 3]); allowed: 0 to 3",
                refusal(() -> TopK.latest().prepare(DataType.FLOAT, 4, 2, 3)));
        assertEquals("TopK-24: input 'X' has shape [2, -3]: dimension 1 is -3, but dimensions must be >= 0",
                refusal(() -> TopK.latest().prepare(DataType.FLOAT, 1, 2, -3)));
        assertEquals("TopK-1: k = 2 differs from attribute 'k' = 1 (pass the attribute's value, or leave the attribute unset)",
                refusal(() -> TopK.version(1).k(1).prepare(DataType.FLOAT, 2, 2, 3)));
        assertEquals("TopK-24: the parallelism (argument 'parallelism') is null; Parallelism.singleThread() keeps every call on"
                + " the calling thread", refusal(() -> TopK.latest().parallelism(null)));
    }

    @Test
    void anInputThatIsItsOwnOutputGivesTheOutputsOfApply() {
        int[] data = {5, 1, 9, 9, 2, 7};
        Tensor x = Tensor.ofInt32(data, 2, 3);
        PreparedTopK prepared = TopK.latest().prepare(DataType.INT32, 2, 2, 3);
        prepared.apply(x, new int[4], data, 0); // int indices into the input's own array
        assertArrayEquals(new int[] {2, 0, 0, 2, 2, 7}, data);
        long[] longs = {5, 1, 9, 9, 2, 7};
        TopK.latest().prepare(DataType.INT64, 2, 2, 3).apply(Tensor.ofInt64(longs, 2, 3), longs, new long[4], 0);
        assertArrayEquals(new long[] {9, 5, 9, 7, 2, 7}, longs); // values into the input's own array
    }
}
