package io.github.argonnx.benchmarks;

import io.github.argonnx.DataType;
import java.nio.charset.StandardCharsets;

/**
 * The input array of one case. Element {@code i} is a function of the case's name and {@code i}
 * alone (a SplitMix64 hash of a counter), so every fork and every contender reads the same data, and
 * {@code benchmarks/numpy_bench.py} rebuilds it bit for bit with numpy.
 *
 * <p>Integers of {@code b} bits: {@code u = 1 + h mod (2^b - 2)} is never all zeros or all ones;
 * signed types flip the sign bit of {@code u}, so neither {@code MIN} nor {@code MAX} occurs.
 * float and double: {@code (h >>> 11) * 2^-53 * 2 - 1} in [-1, 1). bfloat16: that float's upper 16
 * bits. float16: bit 0 of {@code h} the sign, {@code 1 + (h >>> 1) mod 30} the exponent (never
 * infinity or NaN), bits 16-25 the mantissa.
 */
public final class InputData {

    static final long GAMMA = 0x9E37_79B9_7F4A_7C15L;

    private final DataType type;
    private final Geometry geometry;
    private final Object array;

    private InputData(DataType type, Geometry geometry, Object array) {
        this.type = type;
        this.geometry = geometry;
        this.array = array;
    }

    /** The input of a matrix case. */
    public static InputData generate(BenchCase c) {
        return generate(c.name(), c.type(), c.geometry(), c.data());
    }

    /** The input named {@code name} (the seed) of that type, shape and kind. */
    public static InputData generate(String name, DataType type, Geometry geometry, DataKind data) {
        if (!data.appliesTo(type)) {
            throw new IllegalArgumentException(data + " does not apply to " + type.onnxName());
        }
        long seed = seed(name);
        int n = geometry.elementCount();
        Object array;
        switch (type) {
            case FLOAT: {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (float) unitDouble(hash(seed, pick(data, i)));
                }
                array = a;
                break;
            }
            case DOUBLE: {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = unitDouble(hash(seed, pick(data, i)));
                }
                array = a;
                break;
            }
            case FLOAT16:
            case BFLOAT16: {
                short[] a = new short[n];
                for (int i = 0; i < n; i++) {
                    a[i] = halfBits(type, data, hash(seed, pick(data, i)));
                }
                array = a;
                break;
            }
            case UINT16:
            case INT16: {
                short[] a = new short[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (short) integer(type, 16, hash(seed, pick(data, i)));
                }
                array = a;
                break;
            }
            case UINT8:
            case INT8: {
                byte[] a = new byte[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (byte) integer(type, 8, hash(seed, pick(data, i)));
                }
                array = a;
                break;
            }
            case INT32:
            case UINT32: {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (int) integer(type, 32, hash(seed, pick(data, i)));
                }
                array = a;
                break;
            }
            case INT64:
            case UINT64: {
                long[] a = new long[n];
                for (int i = 0; i < n; i++) {
                    a[i] = integer(type, 64, hash(seed, pick(data, i)));
                }
                array = a;
                break;
            }
            default:
                throw new IllegalStateException("no generator for " + type);
        }
        InputData input = new InputData(type, geometry, array);
        if (data == DataKind.NAN_LAST) {
            input.putNanLast();
        }
        return input;
    }

    /** An input over an array the caller built: a primitive array of the type's Java storage, in that shape. */
    static InputData of(DataType type, Geometry geometry, Object array) {
        if (java.lang.reflect.Array.getLength(array) != geometry.elementCount()) {
            throw new IllegalArgumentException(geometry + " holds " + geometry.elementCount() + " elements, not "
                    + java.lang.reflect.Array.getLength(array));
        }
        return new InputData(type, geometry, array);
    }

    public DataType type() {
        return type;
    }

    public Geometry geometry() {
        return geometry;
    }

    /** The primitive array: float[], double[], short[] (16-bit types), int[], long[] or byte[]. */
    public Object array() {
        return array;
    }

    public float[] floats() {
        return (float[]) array;
    }

    public double[] doubles() {
        return (double[]) array;
    }

    public short[] shorts() {
        return (short[]) array;
    }

    /** The same elements in another shape of as many elements (a view: the array is shared). */
    public InputData reshaped(Geometry other) {
        if (other.elementCount() != geometry.elementCount()) {
            throw new IllegalArgumentException(other + " holds " + other.elementCount() + " elements, not "
                    + geometry.elementCount());
        }
        return new InputData(type, other, array);
    }

    public int[] ints() {
        return (int[]) array;
    }

    public long[] longs() {
        return (long[]) array;
    }

    public byte[] bytes() {
        return (byte[]) array;
    }

    /** FNV-1a over the name's bytes: a seed that the Python script computes the same way. */
    static long seed(String name) {
        long h = 0xCBF2_9CE4_8422_2325L;
        for (byte b : name.getBytes(StandardCharsets.US_ASCII)) {
            h ^= b & 0xFF;
            h *= 0x0000_0100_0000_01B3L;
        }
        return h;
    }

    /** SplitMix64's output for counter {@code i}. */
    static long hash(long seed, long i) {
        long z = seed + (i + 1) * GAMMA;
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }

    /** All-equal data repeats element 0's value. */
    private static long pick(DataKind data, int i) {
        return data == DataKind.ALL_EQUAL ? 0 : i;
    }

    private static double unitDouble(long h) {
        return (h >>> 11) * 0x1p-53 * 2 - 1;
    }

    /** Bits of a {@code bits}-wide integer type, never its minimum or maximum. */
    private static long integer(DataType type, int bits, long h) {
        long span = bits == 64 ? -2L : (1L << bits) - 2; // 2^bits - 2, unsigned
        long u = 1 + Long.remainderUnsigned(h, span);
        return type.isUnsigned() ? u : u ^ 1L << (bits - 1);
    }

    private static short halfBits(DataType type, DataKind data, long h) {
        int sign = (int) (h & 1) << 15;
        if (type == DataType.FLOAT16) {
            if (data == DataKind.SUBNORMAL) {
                return (short) (sign | 1 + (int) Long.remainderUnsigned(h >>> 1, 0x3FF));
            }
            int exponent = 1 + (int) Long.remainderUnsigned(h >>> 1, 30);
            return (short) (sign | exponent << 10 | (int) (h >>> 16) & 0x3FF);
        }
        if (data == DataKind.SUBNORMAL) {
            return (short) (sign | 1 + (int) Long.remainderUnsigned(h >>> 1, 0x7F));
        }
        return (short) (Float.floatToRawIntBits((float) unitDouble(h)) >>> 16);
    }

    /** NaN at the last position of every reduced slice. */
    private void putNanLast() {
        int outer = geometry.outer();
        int axisLength = geometry.axisLength();
        int inner = geometry.inner();
        for (int o = 0; o < outer; o++) {
            int last = (o * axisLength + axisLength - 1) * inner;
            for (int i = 0; i < inner; i++) {
                switch (type) {
                    case FLOAT -> floats()[last + i] = Float.NaN;
                    case DOUBLE -> doubles()[last + i] = Double.NaN;
                    case FLOAT16 -> shorts()[last + i] = (short) 0x7E00;
                    case BFLOAT16 -> shorts()[last + i] = (short) 0x7FC0;
                    default -> throw new IllegalStateException("no NaN in " + type);
                }
            }
        }
    }
}
