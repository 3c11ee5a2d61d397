package io.github.argonnx.internal.runtime;

/**
 * Elements of a Java storage array ({@code float[]}, {@code double[]}, {@code short[]}, {@code byte[]},
 * {@code int[]}, {@code long[]}) as bits, the little-endian {@code raw_data} word zero-extended to a
 * {@code long}, and back: exact, NaN payloads and the sign of zero included. Generated TopK partials read a
 * chunk's values and write a finished partial's values with it. Not API.
 */
public final class StoredBits {

    private StoredBits() {}

    /**
     * The bits of the first {@code count} elements of a storage array.
     *
     * @param array a storage array
     * @param count how many elements to read
     * @param bits where the bits go
     * @throws IllegalArgumentException if {@code array} is not a storage array
     */
    public static void read(Object array, int count, long[] bits) {
        if (array instanceof float[] floats) {
            for (int i = 0; i < count; i++) {
                bits[i] = Integer.toUnsignedLong(Float.floatToRawIntBits(floats[i]));
            }
        } else if (array instanceof double[] doubles) {
            for (int i = 0; i < count; i++) {
                bits[i] = Double.doubleToRawLongBits(doubles[i]);
            }
        } else if (array instanceof short[] shorts) {
            for (int i = 0; i < count; i++) {
                bits[i] = Short.toUnsignedLong(shorts[i]);
            }
        } else if (array instanceof byte[] bytes) {
            for (int i = 0; i < count; i++) {
                bits[i] = Byte.toUnsignedLong(bytes[i]);
            }
        } else if (array instanceof int[] ints) {
            for (int i = 0; i < count; i++) {
                bits[i] = Integer.toUnsignedLong(ints[i]);
            }
        } else if (array instanceof long[] longs) {
            System.arraycopy(longs, 0, bits, 0, count);
        } else {
            throw new IllegalArgumentException("not a storage array: " + (array == null ? "null" : array.getClass()));
        }
    }

    /** Floats of these bits, the low 32 of each. */
    public static float[] floats(long[] bits) {
        float[] out = new float[bits.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = Float.intBitsToFloat((int) bits[i]);
        }
        return out;
    }

    /** Doubles of these bits. */
    public static double[] doubles(long[] bits) {
        double[] out = new double[bits.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = Double.longBitsToDouble(bits[i]);
        }
        return out;
    }

    /** Shorts of the low 16 bits of each. */
    public static short[] shorts(long[] bits) {
        short[] out = new short[bits.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (short) bits[i];
        }
        return out;
    }

    /** Bytes of the low 8 bits of each. */
    public static byte[] bytes(long[] bits) {
        byte[] out = new byte[bits.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) bits[i];
        }
        return out;
    }

    /** Ints of the low 32 bits of each. */
    public static int[] ints(long[] bits) {
        int[] out = new int[bits.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (int) bits[i];
        }
        return out;
    }

    /** The bits themselves, copied. */
    public static long[] longs(long[] bits) {
        return bits.clone();
    }
}
