package io.github.argonnx.reference;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * ArgMax and ArgMin written the plainest way, to check the generated kernels against.
 *
 * <p>It shares no code with the generator or the kernels and follows the ONNX reference
 * implementation literally: {@code numpy.argmax}/{@code numpy.argmin} along the axis, and for
 * {@code select_last_index} the same on the flipped axis, mapped back with {@code n - 1 - i}.
 * numpy returns the first NaN of a slice if it has one, for both operators.
 *
 * <p>Elements are widened before anything is compared: integer types to {@link BigInteger} (exact,
 * unsigned types read as unsigned), floating-point types to {@link Double} (float16 and bfloat16
 * through the small decoders below). Values are compared with {@code <} and {@code >} on doubles, so
 * {@code -0.0} and {@code 0.0} are equal, as in numpy.
 */
public final class ScalarReference {

    /** The two operators. */
    public enum Op {
        ARG_MAX,
        ARG_MIN
    }

    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

    private ScalarReference() {}

    /**
     * The operator on a row-major tensor, keepdims irrelevant: the result has the input's shape
     * without the axis, in row-major order.
     *
     * @param values widened elements, all {@link BigInteger} or all {@link Double}
     * @param axis a non-negative axis below the rank
     */
    public static long[] apply(Op op, Number[] values, int[] shape, int axis, boolean selectLastIndex) {
        if (axis < 0 || axis >= shape.length) {
            throw new IllegalArgumentException("axis " + axis + " out of range for rank " + shape.length);
        }
        if (values.length != product(shape, 0, shape.length)) {
            throw new IllegalArgumentException(values.length + " values for a shape of " + product(shape, 0, shape.length));
        }
        if (shape[axis] == 0) {
            throw new IllegalArgumentException("attempt to get the arg of an empty sequence (axis " + axis + ")");
        }
        int[] outShape = new int[shape.length - 1];
        for (int d = 0, o = 0; d < shape.length; d++) {
            if (d != axis) {
                outShape[o++] = shape[d];
            }
        }
        long[] result = new long[product(outShape, 0, outShape.length)];
        int[] coordinates = new int[shape.length];
        for (int flat = 0; flat < result.length; flat++) {
            // Coordinates of this output element, with the axis coordinate left to vary.
            int rest = flat;
            for (int o = outShape.length - 1; o >= 0; o--) {
                int d = o < axis ? o : o + 1;
                coordinates[d] = rest % outShape[o];
                rest /= outShape[o];
            }
            List<Number> slice = new ArrayList<>();
            for (int j = 0; j < shape[axis]; j++) {
                coordinates[axis] = j;
                slice.add(values[rowMajorPosition(shape, coordinates)]);
            }
            if (selectLastIndex) {
                Collections.reverse(slice);
                result[flat] = slice.size() - 1 - numpyArg(op, slice);
            } else {
                result[flat] = numpyArg(op, slice);
            }
        }
        return result;
    }

    /** {@code numpy.argmax} / {@code numpy.argmin} of a 1-D sequence: the first NaN if any, else the first extreme. */
    static int numpyArg(Op op, List<Number> slice) {
        for (int i = 0; i < slice.size(); i++) {
            if (isNaN(slice.get(i))) {
                return i;
            }
        }
        int best = 0;
        for (int i = 1; i < slice.size(); i++) {
            int c = compare(slice.get(i), slice.get(best));
            if (op == Op.ARG_MAX ? c > 0 : c < 0) {
                best = i;
            }
        }
        return best;
    }

    private static boolean isNaN(Number n) {
        return n instanceof Double && ((Double) n).isNaN();
    }

    private static int compare(Number a, Number b) {
        if (a instanceof BigInteger && b instanceof BigInteger) {
            return ((BigInteger) a).compareTo((BigInteger) b);
        }
        if (a instanceof Double && b instanceof Double) {
            double x = a.doubleValue();
            double y = b.doubleValue();
            return x < y ? -1 : x > y ? 1 : 0; // not Double.compare, which orders -0.0 below 0.0
        }
        throw new IllegalArgumentException("cannot compare " + a.getClass() + " with " + b.getClass());
    }

    private static int rowMajorPosition(int[] shape, int[] coordinates) {
        int position = 0;
        for (int d = 0; d < shape.length; d++) {
            position = position * shape[d] + coordinates[d];
        }
        return position;
    }

    private static int product(int[] dims, int from, int to) {
        int p = 1;
        for (int d = from; d < to; d++) {
            p *= dims[d];
        }
        return p;
    }

    // ---- widening, one method per ONNX type, named "widen" + the type's Java name -------------------

    public static BigInteger[] widenInt8(byte[] data) {
        BigInteger[] w = new BigInteger[data.length];
        for (int i = 0; i < data.length; i++) {
            w[i] = BigInteger.valueOf(data[i]);
        }
        return w;
    }

    public static BigInteger[] widenUint8(byte[] data) {
        BigInteger[] w = new BigInteger[data.length];
        for (int i = 0; i < data.length; i++) {
            w[i] = BigInteger.valueOf(data[i] & 0xFF);
        }
        return w;
    }

    public static BigInteger[] widenInt16(short[] data) {
        BigInteger[] w = new BigInteger[data.length];
        for (int i = 0; i < data.length; i++) {
            w[i] = BigInteger.valueOf(data[i]);
        }
        return w;
    }

    public static BigInteger[] widenUint16(short[] data) {
        BigInteger[] w = new BigInteger[data.length];
        for (int i = 0; i < data.length; i++) {
            w[i] = BigInteger.valueOf(data[i] & 0xFFFF);
        }
        return w;
    }

    public static BigInteger[] widenInt32(int[] data) {
        BigInteger[] w = new BigInteger[data.length];
        for (int i = 0; i < data.length; i++) {
            w[i] = BigInteger.valueOf(data[i]);
        }
        return w;
    }

    public static BigInteger[] widenUint32(int[] data) {
        BigInteger[] w = new BigInteger[data.length];
        for (int i = 0; i < data.length; i++) {
            w[i] = BigInteger.valueOf(data[i] & 0xFFFF_FFFFL);
        }
        return w;
    }

    public static BigInteger[] widenInt64(long[] data) {
        BigInteger[] w = new BigInteger[data.length];
        for (int i = 0; i < data.length; i++) {
            w[i] = BigInteger.valueOf(data[i]);
        }
        return w;
    }

    public static BigInteger[] widenUint64(long[] data) {
        BigInteger[] w = new BigInteger[data.length];
        for (int i = 0; i < data.length; i++) {
            BigInteger signed = BigInteger.valueOf(data[i]);
            w[i] = data[i] < 0 ? signed.add(TWO_TO_64) : signed;
        }
        return w;
    }

    public static Double[] widenFloat(float[] data) {
        Double[] w = new Double[data.length];
        for (int i = 0; i < data.length; i++) {
            w[i] = (double) data[i];
        }
        return w;
    }

    public static Double[] widenDouble(double[] data) {
        Double[] w = new Double[data.length];
        for (int i = 0; i < data.length; i++) {
            w[i] = data[i];
        }
        return w;
    }

    public static Double[] widenFloat16(short[] bits) {
        Double[] w = new Double[bits.length];
        for (int i = 0; i < bits.length; i++) {
            w[i] = decodeFloat16(bits[i]);
        }
        return w;
    }

    public static Double[] widenBfloat16(short[] bits) {
        Double[] w = new Double[bits.length];
        for (int i = 0; i < bits.length; i++) {
            w[i] = decodeBfloat16(bits[i]);
        }
        return w;
    }

    /** IEEE 754 binary16: 1 sign bit, 5 exponent bits (bias 15), 10 fraction bits. */
    static double decodeFloat16(short bits) {
        int sign = (bits >> 15) & 1;
        int exponent = (bits >> 10) & 0x1F;
        int fraction = bits & 0x3FF;
        double magnitude;
        if (exponent == 0x1F) {
            magnitude = fraction == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
        } else if (exponent == 0) {
            magnitude = fraction * Math.pow(2, -24); // subnormal (or zero)
        } else {
            magnitude = (1024 + fraction) * Math.pow(2, exponent - 25);
        }
        return sign == 1 ? -magnitude : magnitude;
    }

    /** bfloat16 is the upper half of a binary32. */
    static double decodeBfloat16(short bits) {
        return Float.intBitsToFloat((bits & 0xFFFF) << 16);
    }
}
