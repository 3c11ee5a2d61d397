package io.github.argonnx.internal.runtime;

import java.lang.reflect.Array;

/** Element types with SIMD loops, the values their inputs are drawn from, and how they compare. */
enum SimdType {
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

    SimdType(String javaName, Class<?> component, boolean unsigned, Object pool) {
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
