package io.github.argonnx.reference;

import java.util.Arrays;
import java.util.Random;
import java.util.function.ToLongFunction;

/**
 * Seeded random tensor shapes and contents, one method per storage, in three profiles. Integer generators give
 * raw bits, so one generator serves the signed and the unsigned type of a width: its special values
 * are the signed minimum and maximum, which are also the unsigned values just above and below
 * the signed range.
 */
public final class RandomTensors {

    /** What the values look like. */
    public enum Profile {
        /** Anything the type can hold, with many small values so that ties still happen. */
        FULL_RANGE,
        /** Every element is one of two or three values: ties everywhere. */
        TINY_POOL,
        /** Extremes (and for floats NaN, infinities, zeros of both signs, subnormals) mixed into random values. */
        SPECIAL_VALUES,
        /** The special values themselves, in a fixed order, repeated as often as the size needs. */
        SPECIALS_IN_ORDER
    }

    /** One generator per storage and type family. */
    @FunctionalInterface
    public interface Generator<A> {
        A generate(Random random, int size, Profile profile);
    }

    private static final long[] BYTE_SPECIALS = {0x80, 0x81, 0xFF, 0x00, 0x01, 0x7E, 0x7F};
    private static final long[] SHORT_SPECIALS = {0x8000, 0x8001, 0xFFFF, 0x0000, 0x0001, 0x7FFE, 0x7FFF, 0x00FF, 0xFF00};
    private static final long[] INT_SPECIALS = {
        Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -1, 0, 1, Integer.MAX_VALUE - 1, Integer.MAX_VALUE, 0xFFFF_0000L, 0x0000_FFFF
    };
    private static final long[] LONG_SPECIALS = {
        Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE - 1, Long.MAX_VALUE, 0xFFFF_FFFF_0000_0000L, 0xFFFF_FFFFL
    };
    /** Including a signalling and a negative NaN, which Java's constants do not spell. */
    private static final long[] FLOAT_SPECIALS = floatBits(new long[] {0x7F80_0001L, 0xFFC0_0000L},
            Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0.0f, -0.0f, Float.MIN_VALUE, -Float.MIN_VALUE,
            Float.MIN_NORMAL, -Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE, 1.0f, -1.0f);
    private static final long[] DOUBLE_SPECIALS = doubleBits(new long[] {0x7FF0_0000_0000_0001L, 0xFFF8_0000_0000_0000L},
            Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0, Double.MIN_VALUE, -Double.MIN_VALUE,
            Double.MIN_NORMAL, -Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, 1.0, -1.0);
    /**
     * Quiet NaN, negative NaN, signalling NaN, +-inf, +-0, smallest and largest subnormal, smallest normal, +-max, +-1,
     * and the negative NaN nearest -inf, where the 16-bit float kernels' screen of stored bits changes its test.
     */
    private static final long[] FLOAT16_SPECIALS = {
        0x7E00, 0xFE00, 0x7C01, 0x7C00, 0xFC00, 0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x0400, 0x7BFF, 0xFBFF, 0x3C00, 0xBC00,
        0xFC01
    };
    private static final long[] BFLOAT16_SPECIALS = {
        0x7FC0, 0xFFC0, 0x7F81, 0x7F80, 0xFF80, 0x0000, 0x8000, 0x0001, 0x8001, 0x007F, 0x0080, 0x7F7F, 0xFF7F, 0x3F80, 0xBF80,
        0xFF81
    };

    private RandomTensors() {}

    public static byte[] bytes(Random random, int size, Profile profile) {
        long[] bits = draw(random, size, profile, BYTE_SPECIALS, r -> smallOr(r, r.nextInt()));
        byte[] data = new byte[size];
        for (int i = 0; i < size; i++) {
            data[i] = (byte) bits[i];
        }
        return data;
    }

    public static short[] shorts(Random random, int size, Profile profile) {
        return toShorts(draw(random, size, profile, SHORT_SPECIALS, r -> smallOr(r, r.nextInt())));
    }

    public static int[] ints(Random random, int size, Profile profile) {
        long[] bits = draw(random, size, profile, INT_SPECIALS, r -> smallOr(r, r.nextInt()));
        int[] data = new int[size];
        for (int i = 0; i < size; i++) {
            data[i] = (int) bits[i];
        }
        return data;
    }

    public static long[] longs(Random random, int size, Profile profile) {
        return draw(random, size, profile, LONG_SPECIALS, r -> smallOr(r, r.nextLong()));
    }

    public static float[] floats(Random random, int size, Profile profile) {
        long[] bits = draw(random, size, profile, FLOAT_SPECIALS, r -> Float.floatToRawIntBits(anyFloat(r)));
        float[] data = new float[size];
        for (int i = 0; i < size; i++) {
            data[i] = Float.intBitsToFloat((int) bits[i]);
        }
        return data;
    }

    public static double[] doubles(Random random, int size, Profile profile) {
        long[] bits = draw(random, size, profile, DOUBLE_SPECIALS, r -> anyDouble(r));
        double[] data = new double[size];
        for (int i = 0; i < size; i++) {
            data[i] = Double.longBitsToDouble(bits[i]);
        }
        return data;
    }

    /** IEEE binary16 bit patterns. */
    public static short[] float16Bits(Random random, int size, Profile profile) {
        // Random patterns (about 3% NaN), or values near 1 with a random fraction (exponents 13..17).
        return toShorts(draw(random, size, profile, FLOAT16_SPECIALS, r -> r.nextBoolean()
                ? r.nextInt(0x10000)
                : (r.nextInt(2) << 15) | ((13 + r.nextInt(5)) << 10) | r.nextInt(4)));
    }

    /** bfloat16 bit patterns. */
    public static short[] bfloat16Bits(Random random, int size, Profile profile) {
        return toShorts(draw(random, size, profile, BFLOAT16_SPECIALS, r -> r.nextBoolean()
                ? r.nextInt(0x10000)
                : Float.floatToRawIntBits(anyFloat(r)) >>> 16));
    }

    /** Mostly short dimensions, now and then a long one, at most {@code maxSize} elements. */
    public static int[] shape(Random random, int rank, int maxSize) {
        while (true) {
            int[] shape = new int[rank];
            for (int d = 0; d < rank; d++) {
                shape[d] = random.nextInt(10) < 7 ? 1 + random.nextInt(4) : 1 + random.nextInt(70);
            }
            if (size(shape) <= maxSize) {
                return shape;
            }
        }
    }

    /** The number of elements of {@code shape}. */
    static int size(int[] shape) {
        int size = 1;
        for (int d : shape) {
            size *= d;
        }
        return size;
    }

    private static long[] draw(Random random, int size, Profile profile, long[] specials, ToLongFunction<Random> any) {
        long[] bits = new long[size];
        switch (profile) {
            case FULL_RANGE:
                for (int i = 0; i < size; i++) {
                    bits[i] = any.applyAsLong(random);
                }
                break;
            case TINY_POOL:
                long[] pool = new long[2 + random.nextInt(2)];
                for (int p = 0; p < pool.length; p++) {
                    pool[p] = random.nextBoolean() ? specials[random.nextInt(specials.length)] : any.applyAsLong(random);
                }
                for (int i = 0; i < size; i++) {
                    bits[i] = pool[random.nextInt(pool.length)];
                }
                break;
            case SPECIAL_VALUES:
                double share = random.nextDouble();
                for (int i = 0; i < size; i++) {
                    bits[i] = random.nextDouble() < share ? specials[random.nextInt(specials.length)] : any.applyAsLong(random);
                }
                break;
            case SPECIALS_IN_ORDER:
                for (int i = 0; i < size; i++) {
                    bits[i] = specials[i % specials.length];
                }
                break;
            default:
                throw new AssertionError(profile);
        }
        return bits;
    }

    /** Half the time a value in [-3, 3], so that random data still has ties. */
    private static long smallOr(Random random, long value) {
        return random.nextBoolean() ? random.nextInt(7) - 3 : value;
    }

    private static float anyFloat(Random random) {
        switch (random.nextInt(3)) {
            case 0:
                return Float.intBitsToFloat(random.nextInt());
            case 1:
                return (float) (random.nextGaussian() * Math.pow(10, random.nextInt(7) - 3));
            default:
                return random.nextInt(7) - 3;
        }
    }

    private static long anyDouble(Random random) {
        switch (random.nextInt(3)) {
            case 0:
                return random.nextLong();
            case 1:
                return Double.doubleToRawLongBits(random.nextGaussian() * Math.pow(10, random.nextInt(7) - 3));
            default:
                return Double.doubleToRawLongBits(random.nextInt(7) - 3);
        }
    }

    private static short[] toShorts(long[] bits) {
        short[] data = new short[bits.length];
        for (int i = 0; i < bits.length; i++) {
            data[i] = (short) bits[i];
        }
        return data;
    }

    private static long[] floatBits(long[] rawPatterns, float... values) {
        long[] bits = Arrays.copyOf(rawPatterns, rawPatterns.length + values.length);
        for (int i = 0; i < values.length; i++) {
            bits[rawPatterns.length + i] = Float.floatToRawIntBits(values[i]);
        }
        return bits;
    }

    private static long[] doubleBits(long[] rawPatterns, double... values) {
        long[] bits = Arrays.copyOf(rawPatterns, rawPatterns.length + values.length);
        for (int i = 0; i < values.length; i++) {
            bits[rawPatterns.length + i] = Double.doubleToRawLongBits(values[i]);
        }
        return bits;
    }
}
