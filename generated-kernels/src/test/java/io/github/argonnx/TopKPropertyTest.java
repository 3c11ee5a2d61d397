package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.reference.RandomTensors;
import io.github.argonnx.reference.RandomTensors.Profile;
import io.github.argonnx.reference.TestType;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.math.BigInteger;
import java.nio.Buffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * TopK against a sort of each slice (best first, equal elements by the lower index, NaN the largest): every
 * element type, axis lengths and k around the kernels' block sizes and where the sorted buffer gives way to
 * selection, k up to the whole axis, contiguous and outer axes, rows in random, ascending and descending order,
 * all equal, and runs of NaN; arrays and direct buffers. Outer axes also over many columns: counts around the
 * block of columns walked together (1024, and fewer for a large k), ties across rows and whole columns of NaN.
 */
class TopKPropertyTest {

    private static final List<TestType<?, ?>> TYPES = List.of(TestType.FLOAT, TestType.UINT8, TestType.INT8,
            TestType.UINT16, TestType.INT16, TestType.INT32, TestType.INT64, TestType.FLOAT16, TestType.DOUBLE,
            TestType.UINT32, TestType.UINT64, TestType.BFLOAT16);

    /**
     * Axis lengths and k: around a screened block (64) and its multiples, k near 256, the whole axis, screened
     * long rows, and k large enough for selection.
     */
    private static final int[][] AXES_AND_KS = {
        {1, 1}, {2, 1}, {2, 2}, {63, 5}, {64, 64}, {65, 2}, {130, 1}, {130, 3}, {200, 200}, {700, 1}, {700, 2},
        {700, 7}, {1000, 31}, {1000, 32}, {1000, 33}, {1000, 63}, {1000, 64}, {1000, 65}, {1000, 129}, {1000, 999},
        {3000, 10}, {3000, 255}, {3000, 256}, {3000, 257}, {3000, 700}, {3000, 3000}, {20000, 1}, {20000, 63},
        {20000, 64}, {20000, 65}, {20000, 300}, {20000, 2000}
    };

    /**
     * Outer axes {@code [outer, axisLength, columns]} (axis 1) and k: column counts on both sides of the column
     * block (1024) and of 65536 / k (655 for k = 100), axes as short as k and with rows past the first k: whole
     * passes of four rows and every remainder (0 to 3 rows) after them; k on both sides of 128, where a column's
     * buffer stops taking keys by a walk back from the end.
     */
    private static final int[][] OUTER_SHAPES_AND_KS = {
        {1, 1, 2, 1}, {1, 5, 3, 5}, {2, 6, 5, 5}, {1, 40, 1023, 3}, {1, 9, 1024, 4}, {2, 12, 1025, 2},
        {1, 3, 2049, 1}, {1, 300, 700, 100}, {1, 310, 660, 100}, {3, 17, 1030, 16}, {2, 10, 1030, 3},
        {1, 2000, 40, 128}, {1, 2000, 40, 130}
    };

    private enum Order { RANDOM, ASCENDING, DESCENDING }

    static List<TestType<?, ?>> types() {
        return TYPES;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    <A> void everyKOfEveryLayoutIsTheSortedSlicesFirstK(TestType<A, ?> type) {
        Random random = new Random(type.onnxName().hashCode());
        for (int[] axisAndK : AXES_AND_KS) {
            int axisLength = axisAndK[0];
            int k = axisAndK[1];
            for (Profile profile : List.of(Profile.FULL_RANGE, Profile.TINY_POOL, Profile.SPECIAL_VALUES)) {
                Order order = Order.values()[random.nextInt(Order.values().length)];
                int layout = random.nextInt(3);
                long[] shape = layout == 0 ? new long[] {2, axisLength}
                        : layout == 1 ? new long[] {axisLength, 3} : new long[] {2, axisLength, 2};
                int axis = layout == 1 ? 0 : 1;
                A data = type.generator().generate(random, size(shape), profile);
                if (order != Order.RANDOM) {
                    data = arranged(type, data, shape, axis, order == Order.DESCENDING);
                }
                for (boolean largest : new boolean[] {true, false}) {
                    check(type, data, shape, axis, k, largest, random.nextInt(4) == 0);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    <A> void outerAxesOfManyColumnsAreTheSortedColumnsFirstK(TestType<A, ?> type) {
        Random random = new Random(31 * type.onnxName().hashCode());
        for (int[] shapeAndK : OUTER_SHAPES_AND_KS) {
            long[] shape = {shapeAndK[0], shapeAndK[1], shapeAndK[2]};
            int k = shapeAndK[3];
            for (Profile profile : List.of(Profile.FULL_RANGE, Profile.TINY_POOL, Profile.SPECIAL_VALUES)) {
                A data = type.generator().generate(random, size(shape), profile);
                Order order = Order.values()[random.nextInt(Order.values().length)];
                if (order != Order.RANDOM) {
                    data = arranged(type, data, shape, 1, order == Order.DESCENDING);
                }
                for (boolean largest : new boolean[] {true, false}) {
                    check(type, data, shape, 1, k, largest, random.nextInt(4) == 0);
                }
            }
        }
    }

    @Test
    void outerAxesPutColumnsOfNaNAndEqualRowsInIndexOrder() {
        // [rows, columns]: a column of NaN at every 7th, equal values in every 3rd, a NaN late in every 5th
        int rows = 40;
        int columns = 1100;
        float[] floats = RandomTensors.floats(new Random(11), rows * columns, Profile.FULL_RANGE);
        double[] doubles = new double[rows * columns];
        short[] halves = RandomTensors.float16Bits(new Random(12), rows * columns, Profile.FULL_RANGE);
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < columns; c++) {
                int i = r * columns + c;
                if (c % 7 == 0 || (c % 5 == 0 && r == rows - 3)) {
                    floats[i] = Float.NaN;
                    halves[i] = (short) 0x7E00;
                } else if (c % 3 == 0) {
                    floats[i] = r % 2 == 0 ? 0.0f : -0.0f;
                    halves[i] = (short) (r % 2 == 0 ? 0x0000 : 0x8000);
                }
                doubles[i] = floats[i];
            }
        }
        long[] shape = {rows, columns};
        for (int k : new int[] {1, 3, 8}) {
            for (boolean largest : new boolean[] {true, false}) {
                long[] indices = check(TestType.FLOAT, floats, shape, 0, k, largest, false);
                check(TestType.DOUBLE, doubles, shape, 0, k, largest, true);
                check(TestType.FLOAT16, halves, shape, 0, k, largest, false);
                // a column of NaN or of zeros of both signs ties in every row: its first k rows, in order
                for (int j = 0; j < k; j++) {
                    assertEquals(j, indices[j * columns]);
                    assertEquals(j, indices[j * columns + 3]);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    <A> void allEqualElementsGiveTheFirstKIndices(TestType<A, ?> type) {
        for (int[] axisAndK : AXES_AND_KS) {
            A data = type.storage().filledWith(type.generator().generate(new Random(axisAndK[0]), 1, Profile.FULL_RANGE),
                    0, 2 * axisAndK[0]);
            for (boolean largest : new boolean[] {true, false}) {
                long[] indices = check(type, data, new long[] {2, axisAndK[0]}, 1, axisAndK[1], largest, false);
                for (int j = 0; j < indices.length; j++) {
                    assertEquals(j % axisAndK[1], indices[j]);
                }
            }
        }
    }

    @Test
    void runsOfNaNComeFirstForTheLargestAndLastForTheSmallest() {
        Random random = new Random(7);
        for (int[] axisAndK : AXES_AND_KS) {
            int axisLength = axisAndK[0];
            float[] floats = RandomTensors.floats(random, axisLength, Profile.FULL_RANGE);
            double[] doubles = RandomTensors.doubles(random, axisLength, Profile.SPECIAL_VALUES);
            short[] halves = RandomTensors.float16Bits(random, axisLength, Profile.FULL_RANGE);
            short[] brains = RandomTensors.bfloat16Bits(random, axisLength, Profile.FULL_RANGE);
            for (int from = random.nextInt(70); from < axisLength; from += 64 + random.nextInt(300)) {
                for (int i = from; i < Math.min(axisLength, from + 1 + random.nextInt(130)); i++) {
                    floats[i] = Float.NaN;
                    doubles[i] = Double.longBitsToDouble(0xFFF8_0000_0000_0000L);
                    halves[i] = (short) 0x7E00;
                    brains[i] = (short) 0xFFC0;
                }
            }
            for (boolean largest : new boolean[] {true, false}) {
                long[] shape = {axisLength};
                check(TestType.FLOAT, floats, shape, 0, axisAndK[1], largest, false);
                check(TestType.DOUBLE, doubles, shape, 0, axisAndK[1], largest, true);
                check(TestType.FLOAT16, halves, shape, 0, axisAndK[1], largest, false);
                check(TestType.BFLOAT16, brains, shape, 0, axisAndK[1], largest, false);
            }
        }
    }

    /** Applies TopK and asserts its indices and values against the reference; returns the indices. */
    static <A> long[] check(TestType<A, ?> type, A data, long[] shape, int axis, int k, boolean largest,
            boolean directBuffer) {
        Tensor x = directBuffer ? bufferTensor(type, type.storage().directBuffer(data, 0), shape) : arrayTensor(type, data, shape);
        long[] outShape = shape.clone();
        outShape[axis] = k;
        Object values = Array.newInstance(data.getClass().getComponentType(), size(outShape));
        long[] indices = new long[size(outShape)];
        TopK.latest().axis(axis).largest(largest).apply(x, k, values, indices);
        Number[] widened = type.widen(data);
        Number[] got = widenAny(type, values);
        long[] expected = reference(widened, shape, axis, k, largest);
        String what = type + " shape " + Arrays.toString(shape) + " axis " + axis + " k " + k + " largest " + largest;
        assertArrayEquals(expected, indices, what);
        int outer = product(shape, 0, axis);
        int inner = product(shape, axis + 1, shape.length);
        int length = (int) shape[axis];
        for (int o = 0; o < outer; o++) {
            for (int j = 0; j < k; j++) {
                for (int c = 0; c < inner; c++) {
                    int out = (o * k + j) * inner + c;
                    Number want = widened[(o * length + (int) expected[out]) * inner + c];
                    assertTrue(same(want, got[out]), what + ": value " + out + " is " + got[out] + ", expected " + want);
                }
            }
        }
        return indices;
    }

    /** The indices of each slice's k best: a stable sort, best first, NaN the largest, -0 equal to +0. */
    static long[] reference(Number[] widened, long[] shape, int axis, int k, boolean largest) {
        int outer = product(shape, 0, axis);
        int inner = product(shape, axis + 1, shape.length);
        int length = (int) shape[axis];
        long[] out = new long[outer * k * inner];
        for (int o = 0; o < outer; o++) {
            for (int c = 0; c < inner; c++) {
                int base = o * length * inner + c;
                Comparator<Integer> byValue = (a, b) -> compare(widened[base + a * inner], widened[base + b * inner]);
                List<Integer> rows = new ArrayList<>(IntStream.range(0, length).boxed().toList());
                rows.sort(largest ? byValue.reversed() : byValue);
                for (int j = 0; j < k; j++) {
                    out[(o * k + j) * inner + c] = rows.get(j);
                }
            }
        }
        return out;
    }

    private static int compare(Number a, Number b) {
        if (a instanceof BigInteger x) {
            return x.compareTo((BigInteger) b);
        }
        double x = a.doubleValue();
        double y = b.doubleValue();
        if (Double.isNaN(x) || Double.isNaN(y)) {
            return Boolean.compare(Double.isNaN(x), Double.isNaN(y));
        }
        return Double.compare(x == 0 ? 0.0 : x, y == 0 ? 0.0 : y);
    }

    /** The same element: equal numbers, zeros of the same sign, or both NaN. */
    private static boolean same(Number a, Number b) {
        if (a instanceof Double x && b instanceof Double y) {
            return Double.compare(x, y) == 0;
        }
        return a.equals(b);
    }

    /** The rows of every slice sorted ascending or descending, by the reference's order. */
    private static <A> A arranged(TestType<A, ?> type, A data, long[] shape, int axis, boolean descending) {
        Number[] widened = type.widen(data);
        int outer = product(shape, 0, axis);
        int inner = product(shape, axis + 1, shape.length);
        int length = (int) shape[axis];
        A sorted = type.storage().padded(data, 0, 0);
        for (int o = 0; o < outer; o++) {
            for (int c = 0; c < inner; c++) {
                int base = o * length * inner + c;
                Comparator<Integer> byValue = (a, b) -> compare(widened[base + a * inner], widened[base + b * inner]);
                List<Integer> rows = new ArrayList<>(IntStream.range(0, length).boxed().toList());
                rows.sort(descending ? byValue.reversed() : byValue);
                for (int r = 0; r < length; r++) {
                    Array.set(sorted, base + r * inner, Array.get(data, base + rows.get(r) * inner));
                }
            }
        }
        return sorted;
    }

    @SuppressWarnings("unchecked")
    private static <A> Number[] widenAny(TestType<A, ?> type, Object values) {
        return type.widen((A) values);
    }

    private static int size(long[] shape) {
        return product(shape, 0, shape.length);
    }

    private static int product(long[] shape, int from, int to) {
        int product = 1;
        for (int i = from; i < to; i++) {
            product *= (int) shape[i];
        }
        return product;
    }

    /** {@code Tensor.ofFloat(float[], shape)} and its siblings, by the type's name. */
    private static Tensor arrayTensor(TestType<?, ?> type, Object array, long[] shape) {
        return factory(type, array, shape);
    }

    private static Tensor bufferTensor(TestType<?, ?> type, Buffer buffer, long[] shape) {
        return factory(type, buffer, shape);
    }

    private static Tensor factory(TestType<?, ?> type, Object data, long[] shape) {
        String name = "of" + Character.toUpperCase(type.onnxName().charAt(0)) + type.onnxName().substring(1);
        try {
            for (Method m : Tensor.class.getMethods()) {
                if (m.getName().equals(name) && m.getParameterCount() == 2 && m.getParameterTypes()[0].isInstance(data)) {
                    return (Tensor) m.invoke(null, data, shape);
                }
            }
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("no factory " + name + " for " + data.getClass());
    }
}
