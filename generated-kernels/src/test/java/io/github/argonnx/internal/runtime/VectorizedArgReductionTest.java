package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The generated SIMD loops against an independent reference on inputs made to break them: few distinct
 * values (ties inside and across blocks), NaN, -0/+0, infinities, unsigned values above the signed
 * range, lengths that are not multiples of any vector or block size. Runs in the build's second,
 * vectorized test run (skipped in the first, which has no Vector API).
 */
class VectorizedArgReductionTest {

    @BeforeAll
    static void requireSimd() {
        assumeTrue(VectorSupport.isEnabled(), VectorSupport.status());
    }

    /** The generated SIMD class of a kernel, as the kernel loads it. */
    static VectorizedArgReduction<Object> loops(String op, SimdType type) {
        @SuppressWarnings("unchecked")
        Class<Object> arrayType = (Class<Object>) Array.newInstance(type.component, 0).getClass();
        VectorizedArgReduction<Object> loops = VectorSupport.load(VectorizedArgReductionTest.class, implementation(op, type), arrayType);
        assertNotNull(loops, implementation(op, type) + " did not load");
        return loops;
    }

    static String implementation(String op, SimdType type) {
        return "io.github.argonnx.internal.kernels.vector." + op + type.javaName + "VectorLoops";
    }

    /** The row length from which the contiguous loop runs: every type has one. */
    static int minRowLength(String op, SimdType type) throws ReflectiveOperationException {
        return Class.forName(implementation(op, type)).getField("MIN_ROW_LENGTH").getInt(null);
    }

    /**
     * The reference, formulated differently from the kernels: one forward pass; a NaN is taken if it
     * is the first (or, with selectLastIndex, any later) NaN, a number only while no NaN was seen.
     */
    static int reference(SimdType type, Object a, int start, int stride, int length, boolean max, boolean last) {
        int best = 0;
        for (int k = 1; k < length; k++) {
            int candidate = start + k * stride;
            int current = start + best * stride;
            boolean take;
            if (type.isNaN(a, current)) {
                take = last && type.isNaN(a, candidate);
            } else if (type.isNaN(a, candidate)) {
                take = true;
            } else {
                int c = type.compare(a, candidate, current) * (max ? 1 : -1);
                take = c > 0 || (last && c == 0);
            }
            if (take) {
                best = k;
            }
        }
        return best;
    }

    /** An array whose elements come from a few pool values, with rare other values at random places. */
    static Object input(SimdType type, SplittableRandom random, int n) {
        Object a = Array.newInstance(type.component, n);
        int pool = type.poolSize();
        int common = random.nextInt(pool);
        int second = random.nextInt(pool);
        int rareCount = random.nextInt(4);
        for (int i = 0; i < n; i++) {
            type.set(a, i, random.nextInt(4) == 0 ? second : common);
        }
        for (int r = 0; r < rareCount; r++) {
            type.set(a, random.nextInt(n), random.nextInt(pool));
        }
        return a;
    }

    /**
     * Several rows per call, at lengths on both sides of the loop's minimum and of multiples of its
     * block: below the minimum it must decline without writing, from it on give the reference's indices.
     */
    @ParameterizedTest
    @EnumSource(SimdType.class)
    void contiguousRowsGiveTheReferenceIndices(SimdType type) throws ReflectiveOperationException {
        SplittableRandom random = new SplittableRandom(type.ordinal() * 31L + 7);
        for (String op : new String[] {"ArgMax", "ArgMin"}) {
            VectorizedArgReduction<Object> loops = loops(op, type);
            int m = minRowLength(op, type);
            assertTrue(m >= 1 && m <= 4096, "minimum row length " + m);
            // 16 * m: rows of many whole blocks end just before, at and after a block boundary
            int[] lengths = {1, m - 1, m, m + 1, 2 * m - 1, 2 * m, 2 * m + 1, 3 * m + 5, 16 * m - 1, 16 * m, 16 * m + 3, 20_000};
            for (int length : lengths) {
                if (length < 1) {
                    continue;
                }
                for (int trial = 0; trial < 3; trial++) {
                    int rows = 1 + random.nextInt(4);
                    int offset = random.nextInt(5);
                    Object a = input(type, random, offset + rows * length + random.nextInt(3));
                    for (boolean last : new boolean[] {false, true}) {
                        long[] out = new long[rows + 2];
                        Arrays.fill(out, -7);
                        boolean done = loops.reduceContiguous(a, offset, rows, length, last, out, 1);
                        long[] expected = new long[out.length];
                        Arrays.fill(expected, -7);
                        if (length < m) {
                            assertFalse(done, op + " " + type + " took rows of " + length + " below " + m);
                        } else {
                            assertTrue(done, op + " " + type + " declined rows of " + length);
                            for (int row = 0; row < rows; row++) {
                                expected[1 + row] = reference(type, a, offset + row * length, 1, length,
                                        op.equals("ArgMax"), last);
                            }
                        }
                        assertArrayEquals(expected, out, op + " " + type + " rows " + rows + " of " + length + " last " + last);
                    }
                }
            }
        }
    }

    /** An element's stored bits, as an accumulator keeps its running best's. */
    static long bitsOf(Object element) {
        if (element instanceof Float f) {
            return Float.floatToRawIntBits(f);
        }
        if (element instanceof Double d) {
            return Double.doubleToRawLongBits(d);
        }
        return ((Number) element).longValue();
    }

    /**
     * Rows searched against rivals, as an accumulator searches a chunk after its running bests (first
     * index): the index of a row's first extreme where it strictly beats the row's rival, else -1. The
     * rivals are pool values (NaN, zeros of both signs, the row's own extreme among them), so that they
     * are beaten, tied and unbeaten; the reference is the one-pass search over the rival followed by the
     * row, where the rival's own place means none beats it. Rows shorter than a block are declined
     * unwritten.
     */
    @ParameterizedTest
    @EnumSource(SimdType.class)
    void rowsSearchedAgainstRivalsGiveTheReferenceIndices(SimdType type) throws ReflectiveOperationException {
        SplittableRandom random = new SplittableRandom(type.ordinal() * 23L + 1);
        for (String op : new String[] {"ArgMax", "ArgMin"}) {
            boolean max = op.equals("ArgMax");
            VectorizedArgReduction<Object> loops = loops(op, type);
            int m = minRowLength(op, type);
            for (int length : new int[] {1, m - 1, m, m + 1, 2 * m + 5, 16 * m, 16 * m + 3, 20_000}) {
                if (length < 1) {
                    continue;
                }
                for (int trial = 0; trial < 4; trial++) {
                    int rows = 1 + random.nextInt(4);
                    int offset = random.nextInt(5);
                    Object a = input(type, random, offset + rows * length + random.nextInt(3));
                    long[] rivalBits = new long[rows];
                    long[] expected = new long[rows];
                    for (int row = 0; row < rows; row++) {
                        int start = offset + row * length;
                        // one rival in four is the row's own extreme, which ties it
                        Object withRival = Array.newInstance(type.component, length + 1);
                        if (random.nextInt(4) == 0) {
                            Array.set(withRival, 0, Array.get(a, start + reference(type, a, start, 1, length, max, false)));
                        } else {
                            type.set(withRival, 0, random.nextInt(type.poolSize()));
                        }
                        System.arraycopy(a, start, withRival, 1, length);
                        rivalBits[row] = bitsOf(Array.get(withRival, 0));
                        expected[row] = reference(type, withRival, 0, 1, length + 1, max, false) - 1;
                    }
                    long[] out = new long[rows];
                    Arrays.fill(out, -7);
                    boolean done = loops.firstIndicesBeating(a, offset, rows, length, rivalBits, out);
                    String what = op + " " + type + " rows " + rows + " of " + length + " rivals " + Arrays.toString(rivalBits);
                    if (length < m) {
                        assertFalse(done, what + " taken");
                        assertTrue(Arrays.stream(out).allMatch(v -> v == -7), what + ": declined but wrote");
                    } else {
                        assertTrue(done, what + " declined");
                        assertArrayEquals(expected, out, what);
                    }
                }
            }
        }
    }

    /**
     * Rows of one value with one other value somewhere, for every pair of pool values: rows that are all
     * below (or above) zero, all infinite, all NaN, or all the lowest key, where a loop that starts its
     * best from a constant instead of the row's own elements would go wrong.
     */
    @ParameterizedTest
    @EnumSource(SimdType.class)
    void rowsOfOneValueWithOneOtherGiveTheReferenceIndices(SimdType type) throws ReflectiveOperationException {
        SplittableRandom random = new SplittableRandom(type.ordinal() * 13L + 5);
        for (String op : new String[] {"ArgMax", "ArgMin"}) {
            int min = minRowLength(op, type);
            VectorizedArgReduction<Object> loops = loops(op, type);
            int rows = 3;
            for (int length : new int[] {min, 2 * min + 3}) {
                for (int common = 0; common < type.poolSize(); common++) {
                    for (int other = 0; other < type.poolSize(); other++) {
                        Object a = Array.newInstance(type.component, rows * length);
                        for (int i = 0; i < rows * length; i++) {
                            type.set(a, i, common);
                        }
                        // the other value in a different place in each row: first element, last, anywhere
                        int[] places = {0, length - 1, random.nextInt(length)};
                        for (int row = 0; row < rows; row++) {
                            type.set(a, row * length + places[row], other);
                        }
                        for (boolean last : new boolean[] {false, true}) {
                            long[] out = new long[rows];
                            assertTrue(loops.reduceContiguous(a, 0, rows, length, last, out, 0));
                            long[] expected = new long[rows];
                            for (int row = 0; row < rows; row++) {
                                expected[row] = reference(type, a, row * length, 1, length, op.equals("ArgMax"), last);
                            }
                            assertArrayEquals(expected, out, op + " " + type + " rows of pool value " + common
                                    + " with one of pool value " + other + ", length " + length + " last " + last);
                        }
                    }
                }
            }
        }
    }

    /**
     * One NaN at every position of a row of three blocks and a tail, behind an infinity in the first
     * block that no later number beats: the NaN is in no block's best, so only a loop that looks for
     * NaN in every vector of every block finds it.
     */
    @ParameterizedTest
    @EnumSource(value = SimdType.class, names = {"FLOAT", "DOUBLE"})
    void aNaNInAnyVectorOfABlockEndsTheRow(SimdType type) throws ReflectiveOperationException {
        int one = 2;
        int nan = 4;
        for (String op : new String[] {"ArgMax", "ArgMin"}) {
            boolean max = op.equals("ArgMax");
            int infinity = max ? 5 : 6;
            VectorizedArgReduction<Object> loops = loops(op, type);
            int length = 3 * minRowLength(op, type) + 5;
            for (int position = 0; position < length; position++) {
                Object a = Array.newInstance(type.component, length);
                for (int i = 0; i < length; i++) {
                    type.set(a, i, one);
                }
                type.set(a, position == 1 ? 0 : 1, infinity);
                type.set(a, position, nan);
                for (boolean last : new boolean[] {false, true}) {
                    long[] out = new long[1];
                    assertTrue(loops.reduceContiguous(a, 0, 1, length, last, out, 0));
                    assertArrayEquals(new long[] {reference(type, a, 0, 1, length, max, last)}, out,
                            op + " " + type + " NaN at " + position + " of " + length + " last " + last);
                    assertEquals(position, out[0], op + " " + type + " NaN at " + position);
                }
            }
        }
    }

    /**
     * The float types' rows screen blocks on magnitudes once the best is zero or nearer the extremum:
     * rows of one value with a first best in the first block and two challengers in later blocks (of
     * the same or the other sign, equal magnitude, NaN of either sign, zeros of either sign), so that
     * the screen starts in any block and every challenger either must pass it or must not count.
     */
    @ParameterizedTest
    @EnumSource(value = SimdType.class, names = {"FLOAT", "DOUBLE", "FLOAT16", "BFLOAT16"})
    void challengersAfterTheFirstBlockGiveTheReferenceIndices(SimdType type) throws ReflectiveOperationException {
        SplittableRandom random = new SplittableRandom(type.ordinal() * 19L + 11);
        int pool = type.poolSize();
        for (String op : new String[] {"ArgMax", "ArgMin"}) {
            VectorizedArgReduction<Object> loops = loops(op, type);
            int block = minRowLength(op, type);
            int length = 4 * block + 5;
            for (int trial = 0; trial < 3000; trial++) {
                Object a = Array.newInstance(type.component, length);
                int background = random.nextInt(pool);
                for (int i = 0; i < length; i++) {
                    type.set(a, i, background);
                }
                type.set(a, random.nextInt(block), random.nextInt(pool));
                type.set(a, block + random.nextInt(block), random.nextInt(pool));
                type.set(a, 2 * block + random.nextInt(2 * block + 5), random.nextInt(pool));
                for (boolean last : new boolean[] {false, true}) {
                    long[] out = new long[1];
                    assertTrue(loops.reduceContiguous(a, 0, 1, length, last, out, 0));
                    int expected = reference(type, a, 0, 1, length, op.equals("ArgMax"), last);
                    if (out[0] != expected) {
                        StringBuilder values = new StringBuilder();
                        for (int i = 0; i < length; i++) {
                            if (i == 0 || !Array.get(a, i).equals(Array.get(a, 0))) {
                                values.append(' ').append(i).append(':').append(Array.get(a, i));
                            }
                        }
                        assertEquals(expected, out[0], op + " " + type + " last " + last + ", elements" + values);
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(SimdType.class)
    void stridedReductionsGiveTheReferenceIndices(SimdType type) {
        SplittableRandom random = new SplittableRandom(type.ordinal() * 17L + 3);
        // inputs of at most 4096 elements (SMALL_STRIDED_INPUT) are the kernels' own: the SIMD loops may decline them;
        // axes of 300 and 260 rows span three groups of byte-held places (128 rows each)
        int[][] shapes = {{1, 5, 16}, {2, 1, 64}, {1, 300, 16}, {2, 33, 100}, {2, 7, 1030}, {1, 40, 1100}, {1, 9, 3},
            {2, 300, 40}, {1, 260, 130}};
        for (String op : new String[] {"ArgMax", "ArgMin"}) {
            VectorizedArgReduction<Object> loops = loops(op, type);
            for (int[] shape : shapes) {
                ReductionPlan plan = new ReductionPlan(shape[0], shape[1], shape[2]);
                int offset = random.nextInt(4);
                Object a = input(type, random, offset + plan.inputSize());
                for (boolean last : new boolean[] {false, true}) {
                    // every column, or on wide rows a range of at least 64 (a whole vector of any width) that
                    // need not start on a whole vector
                    boolean range = plan.inner() >= 128 && random.nextBoolean();
                    int from = range ? random.nextInt(plan.inner() - 64) : 0;
                    int to = range ? from + 64 + random.nextInt(plan.inner() - from - 63) : plan.inner();
                    long[] out = new long[plan.outputSize() + 2];
                    Arrays.fill(out, -7);
                    boolean done = loops.reduceStrided(a, offset, plan, from, to, last, out, 1);
                    if (!done) {
                        assertTrue(!type.hasStrided || to - from < 8 || plan.inputSize() <= 4096,
                                type + " declined " + plan + " columns " + from + " to " + to);
                        assertTrue(Arrays.stream(out).allMatch(v -> v == -7), "declined but wrote");
                        continue;
                    }
                    long[] expected = new long[out.length];
                    Arrays.fill(expected, -7);
                    for (int o = 0; o < plan.outer(); o++) {
                        for (int i = from; i < to; i++) {
                            int sliceStart = offset + o * plan.axisLength() * plan.inner() + i;
                            expected[1 + o * plan.inner() + i] = reference(type, a, sliceStart, plan.inner(),
                                    plan.axisLength(), op.equals("ArgMax"), last);
                        }
                    }
                    assertArrayEquals(expected, out, op + " " + type + " " + plan + " columns " + from + " to " + to
                            + " last " + last);
                }
            }
        }
    }
}
