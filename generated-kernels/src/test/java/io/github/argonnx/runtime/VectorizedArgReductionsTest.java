package io.github.argonnx.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The SIMD loops against an independent reference on inputs made to break them: few distinct
 * values (ties inside and across blocks), NaN, -0/+0, infinities, unsigned values above the signed
 * range, lengths that are not multiples of any vector or block size. Runs in the build's second,
 * vectorized test run (skipped in the first, which has no Vector API).
 */
class VectorizedArgReductionsTest {

    /** Element types with SIMD loops, the values their inputs are drawn from, and how they compare. */
    enum Type {
        FLOAT("Float", float.class, false, values(-0.0, 0.0, 1.5, -1.5, Double.NaN, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_VALUE)),
        DOUBLE("Double", double.class, false, values(-0.0, 0.0, 1.5, -1.5, Double.NaN, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_VALUE)),
        INT32("Int32", int.class, false, bits(Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -1, 0, 1, Integer.MAX_VALUE)),
        UINT32("Uint32", int.class, true, bits(0, 1, Integer.MAX_VALUE, Integer.MIN_VALUE, -2, -1)),
        INT64("Int64", long.class, false, bits(Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE)),
        UINT64("Uint64", long.class, true, bits(0, 1, Long.MAX_VALUE, Long.MIN_VALUE, -2, -1)),
        INT16("Int16", short.class, false, bits(Short.MIN_VALUE, Short.MIN_VALUE + 1, -1, 0, 1, Short.MAX_VALUE)),
        UINT16("Uint16", short.class, true, bits(0, 1, 0x7FFF, 0x8000, 0xFFFE, 0xFFFF)),
        FLOAT16("Float16", short.class, false, bits(0x0000, 0x8000, 0x3C00, 0xBC00, 0x7C00, 0xFC00, 0x7E00, 0xFE01,
                0x7BFF, 0x0001)),
        BFLOAT16("Bfloat16", short.class, false, bits(0x0000, 0x8000, 0x3F80, 0xBF80, 0x7F80, 0xFF80, 0x7FC0, 0xFFC1,
                0x7F7F, 0x0001)),
        INT8("Int8", byte.class, false, bits(Byte.MIN_VALUE, Byte.MIN_VALUE + 1, -1, 0, 1, Byte.MAX_VALUE)),
        UINT8("Uint8", byte.class, true, bits(0, 1, 0x7F, 0x80, 0xFE, 0xFF));

        final String javaName;
        final Class<?> component;
        final boolean hasStrided;
        final boolean unsigned;
        final double[] floatPool;
        final long[] bitPool;

        Type(String javaName, Class<?> component, boolean unsigned, Object pool) {
            this.javaName = javaName;
            this.component = component;
            this.unsigned = unsigned;
            this.hasStrided = component == float.class || component == double.class || component == int.class
                    || component == long.class;
            this.floatPool = pool instanceof double[] ? (double[]) pool : null;
            this.bitPool = pool instanceof long[] ? (long[]) pool : null;
        }

        boolean isFloat() {
            return floatPool != null;
        }

        int poolSize() {
            return isFloat() ? floatPool.length : bitPool.length;
        }

        void set(Object array, int i, int poolIndex) {
            if (component == float.class) {
                Array.setFloat(array, i, (float) floatPool[poolIndex]);
            } else if (component == double.class) {
                Array.setDouble(array, i, floatPool[poolIndex]);
            } else if (component == int.class) {
                Array.setInt(array, i, (int) bitPool[poolIndex]);
            } else if (component == long.class) {
                Array.setLong(array, i, bitPool[poolIndex]);
            } else if (component == short.class) {
                Array.setShort(array, i, (short) bitPool[poolIndex]);
            } else {
                Array.setByte(array, i, (byte) bitPool[poolIndex]);
            }
        }

        boolean isNaN(Object array, int i) {
            return isFloat() ? Double.isNaN(Array.getDouble(array, i)) : isHalf() && Float.isNaN(halfValue(array, i));
        }

        boolean isHalf() {
            return this == FLOAT16 || this == BFLOAT16;
        }

        /** The value of 16-bit float bits, widened by the textbook rules. */
        float halfValue(Object array, int i) {
            short bits = Array.getShort(array, i);
            if (this == BFLOAT16) {
                return Float.intBitsToFloat(bits << 16);
            }
            int exponent = (bits >>> 10) & 0x1F;
            int fraction = bits & 0x3FF;
            float magnitude = exponent == 0x1F ? (fraction == 0 ? Float.POSITIVE_INFINITY : Float.NaN)
                    : exponent == 0 ? fraction * 0x1p-24f
                    : (1 + fraction / 1024f) * (float) Math.pow(2, exponent - 15);
            return bits < 0 ? -magnitude : magnitude;
        }

        /** Sign of (element i - element j) by value; not called with NaN. */
        int compare(Object array, int i, int j) {
            if (isFloat() || isHalf()) {
                double a = isHalf() ? halfValue(array, i) : Array.getDouble(array, i);
                double b = isHalf() ? halfValue(array, j) : Array.getDouble(array, j);
                return a < b ? -1 : a > b ? 1 : 0; // -0 == +0, unlike Double.compare
            }
            long a = Array.getLong(array, i);
            long b = Array.getLong(array, j);
            if (unsigned) {
                long mask = component == long.class ? -1L : (1L << (8 * width())) - 1;
                return Long.compareUnsigned(a & mask, b & mask);
            }
            return Long.compare(a, b);
        }

        private int width() {
            return component == int.class ? 4 : component == short.class ? 2 : 1;
        }

        private static double[] values(double... v) {
            return v;
        }

        private static long[] bits(long... v) {
            return v;
        }
    }

    private static VectorizedArgReductions loops;

    @BeforeAll
    static void requireSimd() {
        assumeTrue(Vectorization.isEnabled(), Vectorization.status());
        loops = Vectorization.argReductions();
    }

    /**
     * The reference, formulated differently from the kernels: one forward pass; a NaN is taken if it
     * is the first (or, with selectLastIndex, any later) NaN, a number only while no NaN was seen.
     */
    static int reference(Type type, Object a, int start, int stride, int length, boolean max, boolean last) {
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
    static Object input(Type type, SplittableRandom random, int n) {
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

    @ParameterizedTest
    @EnumSource(Type.class)
    void contiguousSlicesGiveTheReferenceIndex(Type type) throws ReflectiveOperationException {
        SplittableRandom random = new SplittableRandom(type.ordinal() * 31L + 7);
        int[] lengths = {1, 17, 1024, 4097, 8191, 12_345, 20_000};
        for (String op : new String[] {"ArgMax", "ArgMin"}) {
            Method method = loops.getClass().getMethod(
                    op.substring(0, 1).toLowerCase() + op.substring(1) + type.javaName,
                    Array.newInstance(type.component, 0).getClass(), int.class, int.class, boolean.class);
            for (int length : lengths) {
                for (int trial = 0; trial < 4; trial++) {
                    int start = random.nextInt(5);
                    Object a = input(type, random, start + length + random.nextInt(3));
                    for (boolean last : new boolean[] {false, true}) {
                        long actual = (long) invoke(method, a, start, length, last);
                        if (actual == -1) {
                            // int64/uint64 slices stay with the scalar loop, which measured faster.
                            assertTrue(length < 16_384 || type.component == long.class, "declined a slice of " + length);
                            continue;
                        }
                        assertEquals(reference(type, a, start, 1, length, op.equals("ArgMax"), last), actual,
                                () -> op + " " + type + " length " + length + " last " + last);
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Type.class)
    void stridedReductionsGiveTheReferenceIndices(Type type) throws ReflectiveOperationException {
        SplittableRandom random = new SplittableRandom(type.ordinal() * 17L + 3);
        int[][] shapes = {{1, 5, 16}, {2, 33, 100}, {2, 7, 1030}, {1, 40, 1100}, {2, 1, 64}, {1, 9, 3}};
        for (String op : new String[] {"ArgMax", "ArgMin"}) {
            Method method = loops.getClass().getMethod(
                    op.substring(0, 1).toLowerCase() + op.substring(1) + type.javaName + "Strided",
                    Array.newInstance(type.component, 0).getClass(), int.class, ReductionPlan.class, boolean.class,
                    long[].class, int.class);
            for (int[] shape : shapes) {
                ReductionPlan plan = new ReductionPlan(shape[0], shape[1], shape[2]);
                int offset = random.nextInt(4);
                Object a = input(type, random, offset + plan.inputSize());
                for (boolean last : new boolean[] {false, true}) {
                    long[] out = new long[plan.outputSize() + 2];
                    Arrays.fill(out, -7);
                    boolean done = (boolean) invoke(method, a, offset, plan, last, out, 1);
                    if (!done) {
                        assertTrue(!type.hasStrided || plan.inner() < 8, type + " declined " + plan);
                        assertTrue(Arrays.stream(out).allMatch(v -> v == -7), "declined but wrote");
                        continue;
                    }
                    long[] expected = new long[out.length];
                    Arrays.fill(expected, -7);
                    for (int o = 0; o < plan.outer(); o++) {
                        for (int i = 0; i < plan.inner(); i++) {
                            int sliceStart = offset + o * plan.axisLength() * plan.inner() + i;
                            expected[1 + o * plan.inner() + i] = reference(type, a, sliceStart, plan.inner(),
                                    plan.axisLength(), op.equals("ArgMax"), last);
                        }
                    }
                    assertArrayEquals(expected, out, op + " " + type + " " + plan + " last " + last);
                }
            }
        }
    }

    private static Object invoke(Method method, Object... args) throws IllegalAccessException {
        try {
            return method.invoke(loops, args);
        } catch (InvocationTargetException e) {
            throw new AssertionError(e.getCause());
        }
    }
}
