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
        return switch (type.format()) {
            case BINARY32 -> floatLiteral(Float.intBitsToFloat((int) bits));
            case BINARY64 -> doubleLiteral(Double.longBitsToDouble(bits));
            case BINARY16, BFLOAT16 -> String.format(Locale.ROOT, "(short) 0x%04x", bits);
            case SIGNED_8, SIGNED_16, SIGNED_32, SIGNED_64 -> integerLiteral(type, BigInteger.valueOf(bits));
            // the bits of a uint64 above Long.MAX_VALUE are a negative long
            case UNSIGNED_8, UNSIGNED_16, UNSIGNED_32, UNSIGNED_64 -> integerLiteral(type, bits < 0
                    ? BigInteger.valueOf(bits).add(BigInteger.ONE.shiftLeft(64)) : BigInteger.valueOf(bits));
        };
    }

    private static String floatLiteral(float f) {
        if (Float.isNaN(f)) {
            return "Float.NaN";
        }
        if (Float.isInfinite(f)) {
            return f > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY";
        }
        return Float.toString(f) + "f";
    }

    private static String doubleLiteral(double d) {
        if (Double.isNaN(d)) {
            return "Double.NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
        }
        return Double.toString(d);
    }

    /** An integer type's value {@code v}, spelled for its storage: cast where Java reads it as another value. */
    private static String integerLiteral(ElementType type, BigInteger v) {
        JavaStorage storage = JavaStorage.of(type);
        int bits = type.format().bits();
        return switch (storage) {
            // Above Long.MAX_VALUE (uint64) only a hex literal spells the bit pattern.
            case LONG -> v.bitLength() < 64 ? v + "L" : "0x" + v.toString(16) + "L";
            case INT -> v.bitLength() < 32 ? v.toString() : "(int) " + v + "L";
            case BYTE, SHORT -> v.bitLength() < bits ? v.toString() : "(" + storage.primitive() + ") " + v;
            case FLOAT, DOUBLE -> throw new IllegalArgumentException(type.onnxName() + " is not an integer type");
        };
    }
}
