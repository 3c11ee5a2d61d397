package io.github.argonnx.generator.java;

import io.github.argonnx.generator.model.ElementType;
import java.math.BigInteger;
import java.util.Locale;

/** How generated Java spells a spec tensor's element as an entry of its storage array. */
public final class JavaLiterals {

    private JavaLiterals() {}

    /**
     * Java source for the element {@code text} of a {@code sourceType} tensor as an entry of
     * {@code type}'s storage array, for example {@code 2.5f}, {@code 3.0}, {@code (short) 0x4100}
     * (float16 2.5), {@code (byte) 200} (uint8 200) or {@code 0xffffffffffffffffL} (the largest uint64).
     *
     * @throws IllegalArgumentException if the value is not exactly a value of {@code type}
     */
    public static String literal(ElementType type, ElementType sourceType, String text) {
        long bits = type.exactBits(sourceType, text).orElseThrow(() -> new IllegalArgumentException(
                sourceType.onnxName() + " value " + text + " is not exactly representable as " + type.onnxName()));
        switch (type.format()) {
            case BINARY32: {
                float f = Float.intBitsToFloat((int) bits);
                if (Float.isNaN(f)) {
                    return "Float.NaN";
                }
                if (Float.isInfinite(f)) {
                    return f > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY";
                }
                return Float.toString(f) + "f";
            }
            case BINARY64: {
                double d = Double.longBitsToDouble(bits);
                if (Double.isNaN(d)) {
                    return "Double.NaN";
                }
                if (Double.isInfinite(d)) {
                    return d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
                }
                return Double.toString(d);
            }
            case BINARY16:
            case BFLOAT16:
                return String.format(Locale.ROOT, "(short) 0x%04x", bits);
            default:
                BigInteger value = type.isUnsigned() && bits < 0
                        ? BigInteger.valueOf(bits).add(BigInteger.ONE.shiftLeft(64)) : BigInteger.valueOf(bits);
                return integerLiteral(JavaStorage.of(type), value);
        }
    }

    private static String integerLiteral(JavaStorage storage, BigInteger v) {
        switch (storage) {
            case LONG:
                // Above Long.MAX_VALUE (uint64) only a hex literal spells the bit pattern.
                return v.bitLength() < 64 ? v + "L" : "0x" + v.toString(16) + "L";
            case INT:
                return v.bitLength() < 32 ? v.toString() : "(int) " + v + "L";
            default:
                int bits = storage == JavaStorage.BYTE ? 8 : 16;
                return v.bitLength() < bits ? v.toString() : "(" + storage.primitive() + ") " + v;
        }
    }
}
