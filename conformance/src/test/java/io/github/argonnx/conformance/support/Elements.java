package io.github.argonnx.conformance.support;

/**
 * What a stored bit pattern means, per element type: written from the IEEE 754 and two's
 * complement definitions, independently of the library.
 */
public final class Elements {

    private Elements() {}

    /** Sign-extends the low {@code byteWidth} bytes of a signed type. */
    public static long signedValue(ElementType type, long bits) {
        int shift = 64 - 8 * type.byteWidth();
        return (bits << shift) >> shift;
    }

    /** The value of a floating-point element (float16 and bfloat16 widen exactly). */
    public static double floatingValue(ElementType type, long bits) {
        switch (type) {
            case FLOAT:
                return Float.intBitsToFloat((int) bits);
            case DOUBLE:
                return Double.longBitsToDouble(bits);
            case BFLOAT16:
                // bfloat16 is the upper half of a binary32.
                return Float.intBitsToFloat((int) (bits & 0xFFFF) << 16);
            case FLOAT16:
                return halfValue((int) (bits & 0xFFFF));
            default:
                throw new IllegalArgumentException(type + " is not a floating-point type");
        }
    }

    /** IEEE 754 binary16: 1 sign bit, 5 exponent bits (bias 15), 10 fraction bits. */
    static double halfValue(int bits) {
        int sign = bits >>> 15;
        int exponent = (bits >>> 10) & 0x1F;
        int fraction = bits & 0x3FF;
        double magnitude;
        if (exponent == 0) {
            magnitude = Math.scalb((double) fraction, -24); // subnormal: 0.f * 2^-14
        } else if (exponent == 31) {
            magnitude = fraction == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
        } else {
            magnitude = Math.scalb((double) (1024 + fraction), exponent - 25);
        }
        return sign == 1 ? -magnitude : magnitude;
    }

    /** The element as a person would write it; 16-bit floats also show their bits. */
    public static String format(ElementType type, long bits) {
        switch (type.kind()) {
            case SIGNED:
                return Long.toString(signedValue(type, bits));
            case UNSIGNED:
                return Long.toUnsignedString(bits);
            default:
                if (type == ElementType.FLOAT16 || type == ElementType.BFLOAT16) {
                    return floatingValue(type, bits) + String.format("(0x%04x)", bits & 0xFFFF);
                }
                return type == ElementType.FLOAT
                        ? Float.toString(Float.intBitsToFloat((int) bits))
                        : Double.toString(floatingValue(type, bits));
        }
    }
}
