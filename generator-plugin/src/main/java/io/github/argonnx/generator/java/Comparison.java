package io.github.argonnx.generator.java;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.model.ElementType;

/**
 * How generated code compares two elements of a type, once its Java storage is fixed: the one
 * classification that both the scalar kernels ({@link ElementOrder}) and the SIMD loops
 * ({@link VectorForm}) build their keys and tests from.
 */
public enum Comparison {
    /** Two's complement integers: Java's order of the storage primitive is the value order. */
    SIGNED,
    /** Unsigned integers: Java's signed order of the bits must be corrected, by widening or by flipping the sign bit. */
    UNSIGNED,
    /** IEEE binary32/64 in {@code float}/{@code double}: Java's order is the value order, but NaN needs a test of its own. */
    IEEE_FLOAT,
    /** binary16 or bfloat16 bit patterns in a {@code short}: mapped to keys in value order, NaN to the winning extreme. */
    SIXTEEN_BIT_FLOAT;

    /**
     * The comparison of a type, from how its bits encode a number (and so what Java holds them in,
     * {@link JavaStorage#of}). A number format without an answer here fails the build.
     */
    public static Comparison of(ElementType type) {
        return switch (type.format()) {
            case SIGNED_8, SIGNED_16, SIGNED_32, SIGNED_64 -> SIGNED;
            case UNSIGNED_8, UNSIGNED_16, UNSIGNED_32, UNSIGNED_64 -> UNSIGNED;
            case BINARY32, BINARY64 -> IEEE_FLOAT;
            case BINARY16, BFLOAT16 -> SIXTEEN_BIT_FLOAT;
        };
    }

    /** For the support matrix: how the kernels compare two elements of {@code type}. */
    public static String summary(ElementType type) {
        return switch (of(type)) {
            case SIGNED -> "signed";
            case UNSIGNED -> "unsigned";
            case IEEE_FLOAT -> "IEEE 754 value, NaN wins";
            case SIXTEEN_BIT_FLOAT -> (type.format() == ElementType.NumberFormat.BINARY16 ? "binary16" : type.onnxName())
                    + " bits by value, NaN wins";
        };
    }

    /**
     * The body of a 16-bit float's one-element key method ({@code short bits} in, {@code keyType} out),
     * shared by the kernels and the SIMD loops: the value order of {@code bits}, -0 and +0 both 0, and
     * NaN mapped to {@code nanKey} of {@code keyType}'s box so that it beats every number.
     */
    static CodeBlock sixteenBitKey(ElementType type, TypeName keyType, String nanKey) {
        boolean narrow = keyType.equals(TypeName.SHORT);
        return CodeBlock.builder()
                .addStatement("int magnitude = bits & 0x7FFF")
                .beginControlFlow("if (magnitude > $L)", infinityMagnitude(type))
                .add("// exponent all ones and a non-zero fraction: NaN\n")
                .addStatement("return $T.$L", keyType.box(), nanKey)
                .endControlFlow()
                .add("// -magnitude for a set sign bit, without a branch: signs of real data are unpredictable\n")
                .addStatement("int sign = bits >> 15")
                .addStatement(narrow ? "return (short) ((magnitude ^ sign) - sign)" : "return (magnitude ^ sign) - sign")
                .build();
    }

    /** Infinity's bits without the sign, as a hex literal: every larger magnitude is NaN. */
    static String infinityMagnitude(ElementType type) {
        return String.format("0x%04X", type.format().infinityMagnitude());
    }

    /** Whether elements compared so can be NaN: the two float comparisons. */
    public boolean hasNaN() {
        return this == IEEE_FLOAT || this == SIXTEEN_BIT_FLOAT;
    }

    /**
     * For partial results, which key the raw_data bits of an element: how {@code type}'s order key
     * follows from its bits, in words.
     */
    public String orderKeyDescription(ElementType type) {
        return switch (this) {
            case SIGNED -> "signed: the order key is the value";
            case UNSIGNED -> bits(type) == 64 ? "unsigned: the order key is the bits with the sign bit flipped"
                    : "unsigned: the order key is the value";
            case IEEE_FLOAT, SIXTEEN_BIT_FLOAT ->
                    "by value: the order key is the signed magnitude, -0 and +0 both 0, every NaN Long.MAX_VALUE";
        };
    }

    /**
     * The body of partial results' {@code orderKey(long bits)} for {@code type}: the zero-extended
     * raw_data bits of an element to a {@code long} in value order.
     */
    public CodeBlock orderKeyOfBits(ElementType type) {
        int width = bits(type);
        long signBit = 1L << (width - 1);
        return switch (this) {
            case SIGNED -> width == 64 ? CodeBlock.of("return bits;\n")
                    : CodeBlock.of("return ($L) bits;\n", JavaStorage.of(type).primitive());
            case UNSIGNED -> width == 64 ? CodeBlock.of("return bits ^ $T.MIN_VALUE;\n", Long.class)
                    : CodeBlock.of("return bits;\n");
            case IEEE_FLOAT, SIXTEEN_BIT_FLOAT -> CodeBlock.builder()
                    .addStatement("long magnitude = bits & $L", hex(width, signBit - 1))
                    .beginControlFlow("if (magnitude > $L)", hex(width, type.format().infinityMagnitude()))
                    .addStatement("return $T.MAX_VALUE", Long.class)
                    .endControlFlow()
                    .add("// -magnitude for a set sign bit, without a branch: signs of real data are unpredictable\n")
                    .addStatement("long sign = $L >> 63", width == 64 ? "bits" : "(bits << " + (64 - width) + ")")
                    .addStatement("return (magnitude ^ sign) - sign")
                    .build();
        };
    }

    /** The body of partial results' {@code bits(long orderKey)}: {@link #orderKeyOfBits} undone, NaN as one quiet NaN. */
    public CodeBlock bitsOfOrderKey(ElementType type) {
        int width = bits(type);
        return switch (this) {
            case SIGNED -> width == 64 ? CodeBlock.of("return orderKey;\n")
                    : CodeBlock.of("return orderKey & $L;\n", hex(width, (1L << width) - 1));
            case UNSIGNED -> width == 64 ? CodeBlock.of("return orderKey ^ $T.MIN_VALUE;\n", Long.class)
                    : CodeBlock.of("return orderKey;\n");
            case IEEE_FLOAT, SIXTEEN_BIT_FLOAT -> {
                long quietNaN = type.format().infinityMagnitude() | (1L << (type.format().fractionBits() - 1));
                yield CodeBlock.builder()
                        .beginControlFlow("if (orderKey == $T.MAX_VALUE)", Long.class)
                        .add("// the quiet NaN with no payload: partials keep that an element is NaN, not which\n")
                        .addStatement("return $L", hex(width, quietNaN))
                        .endControlFlow()
                        .addStatement("return orderKey < 0 ? $L | -orderKey : orderKey", hex(width, 1L << (width - 1)))
                        .build();
            }
        };
    }

    private static int bits(ElementType type) {
        return type.format().bits();
    }

    private static String hex(int width, long value) {
        return width == 64 || value > Integer.MAX_VALUE ? String.format("0x%XL", value) : String.format("0x%X", value);
    }
}
