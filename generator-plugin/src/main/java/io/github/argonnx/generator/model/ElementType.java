package io.github.argonnx.generator.model;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Every ONNX element type the generator knows, and the facts about it that the specs rely on: its
 * name, its {@code TensorProto} code, its width, and how its bits encode a number.
 *
 * <p>How a type is held and compared in Java is decided on the generator side
 * ({@code io.github.argonnx.generator.java}), not here.
 */
public enum ElementType {
    FLOAT("float", 1, NumberFormat.BINARY32),
    UINT8("uint8", 2, NumberFormat.UNSIGNED_8),
    INT8("int8", 3, NumberFormat.SIGNED_8),
    UINT16("uint16", 4, NumberFormat.UNSIGNED_16),
    INT16("int16", 5, NumberFormat.SIGNED_16),
    INT32("int32", 6, NumberFormat.SIGNED_32),
    INT64("int64", 7, NumberFormat.SIGNED_64),
    FLOAT16("float16", 10, NumberFormat.BINARY16),
    DOUBLE("double", 11, NumberFormat.BINARY64),
    UINT32("uint32", 12, NumberFormat.UNSIGNED_32),
    UINT64("uint64", 13, NumberFormat.UNSIGNED_64),
    BFLOAT16("bfloat16", 16, NumberFormat.BFLOAT16);

    /** How the bits of an element encode its value. */
    public enum NumberFormat {
        SIGNED_8(8, Kind.SIGNED, 0, 0),
        SIGNED_16(16, Kind.SIGNED, 0, 0),
        SIGNED_32(32, Kind.SIGNED, 0, 0),
        SIGNED_64(64, Kind.SIGNED, 0, 0),
        UNSIGNED_8(8, Kind.UNSIGNED, 0, 0),
        UNSIGNED_16(16, Kind.UNSIGNED, 0, 0),
        UNSIGNED_32(32, Kind.UNSIGNED, 0, 0),
        UNSIGNED_64(64, Kind.UNSIGNED, 0, 0),
        /** IEEE 754 binary16. */
        BINARY16(16, Kind.FLOATING_POINT, 5, 10),
        /** The upper half of an IEEE 754 binary32. */
        BFLOAT16(16, Kind.FLOATING_POINT, 8, 7),
        /** IEEE 754 binary32. */
        BINARY32(32, Kind.FLOATING_POINT, 8, 23),
        /** IEEE 754 binary64. */
        BINARY64(64, Kind.FLOATING_POINT, 11, 52);

        /** Two's complement integers, unsigned integers, or IEEE-style floating point. */
        public enum Kind { SIGNED, UNSIGNED, FLOATING_POINT }

        private final int bits;
        private final Kind kind;
        private final int exponentBits;
        private final int fractionBits;

        NumberFormat(int bits, Kind kind, int exponentBits, int fractionBits) {
            this.bits = bits;
            this.kind = kind;
            this.exponentBits = exponentBits;
            this.fractionBits = fractionBits;
        }

        public int bits() {
            return bits;
        }

        public Kind kind() {
            return kind;
        }

        /** For floating point, the width of the fraction field; 0 for integers. */
        public int fractionBits() {
            return fractionBits;
        }

        /**
         * For floating point, infinity without its sign bit: exponent all ones, fraction zero. Every
         * larger magnitude is NaN.
         */
        public long infinityMagnitude() {
            if (kind != Kind.FLOATING_POINT) {
                throw new IllegalStateException(this + " has no infinity");
            }
            return ((1L << exponentBits) - 1) << fractionBits;
        }
    }

    private final String onnxName;
    private final int tensorProtoCode;
    private final NumberFormat format;

    ElementType(String onnxName, int tensorProtoCode, NumberFormat format) {
        this.onnxName = onnxName;
        this.tensorProtoCode = tensorProtoCode;
        this.format = format;
    }

    /** The ONNX element type name, for example {@code "float16"}. */
    public String onnxName() {
        return onnxName;
    }

    /** The ONNX tensor type, for example {@code "tensor(float16)"}, as type constraints spell it. */
    public String tensorTypeName() {
        return "tensor(" + onnxName + ")";
    }

    /** The value of {@code TensorProto.ElementType} for this type (ONNX's wire format). */
    public int tensorProtoCode() {
        return tensorProtoCode;
    }

    public NumberFormat format() {
        return format;
    }

    /** Size of one element in bytes, as in ONNX {@code raw_data}. */
    public int byteWidth() {
        return format.bits() / 8;
    }

    public boolean isUnsigned() {
        return format.kind() == NumberFormat.Kind.UNSIGNED;
    }

    public boolean isFloatingPoint() {
        return format.kind() == NumberFormat.Kind.FLOATING_POINT;
    }

    /** Smallest value of an integer type. */
    public BigInteger integerMin() {
        requireInteger();
        return isUnsigned() ? BigInteger.ZERO : BigInteger.ONE.shiftLeft(format.bits() - 1).negate();
    }

    /** Largest value of an integer type. */
    public BigInteger integerMax() {
        requireInteger();
        int bits = isUnsigned() ? format.bits() : format.bits() - 1;
        return BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
    }

    private void requireInteger() {
        if (isFloatingPoint()) {
            throw new IllegalStateException(onnxName + " is not an integer type");
        }
    }

    /**
     * Whether an element written as {@code text} in a spec tensor of {@code sourceType} is exactly a
     * value of this type: same number (or both NaN, or the same infinity), no rounding.
     *
     * <p>The text denotes the {@code sourceType} value it parses to: {@code "1.1535902"} in a float
     * tensor is the nearest float, which double holds exactly but float16 does not.
     */
    public boolean holdsExactly(ElementType sourceType, String text) {
        return exactBits(sourceType, text).isPresent();
    }

    /**
     * The bits that encode the element {@code text} of a {@code sourceType} tensor in this type (the
     * IEEE encoding for floating point, the two's complement value for integers), or empty if this
     * type does not hold it exactly.
     */
    public OptionalLong exactBits(ElementType sourceType, String text) {
        return ExactValues.bits(this, sourceType, text);
    }

    /** The type with this ONNX element name ({@code "float"}), if there is one. */
    public static Optional<ElementType> fromOnnxName(String name) {
        return Arrays.stream(values()).filter(t -> t.onnxName.equals(name)).findFirst();
    }

    /** The type with this ONNX tensor type name ({@code "tensor(float)"}), if there is one. */
    public static Optional<ElementType> fromTensorTypeName(String name) {
        return Arrays.stream(values()).filter(t -> t.tensorTypeName().equals(name)).findFirst();
    }
}
