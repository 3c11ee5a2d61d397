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

    /** The comparison of a type, from how its bits encode a number and what Java holds them in. */
    public static Comparison of(ElementType type) {
        if (!type.isFloatingPoint()) {
            return type.isUnsigned() ? UNSIGNED : SIGNED;
        }
        return JavaStorage.of(type).isFloatingPoint() ? IEEE_FLOAT : SIXTEEN_BIT_FLOAT;
    }

    /** For the support matrix: how the kernels compare two elements of {@code type}. */
    public static String summary(ElementType type) {
        switch (of(type)) {
            case SIGNED:
                return "signed";
            case UNSIGNED:
                return "unsigned";
            case IEEE_FLOAT:
                return "IEEE 754 value, NaN wins";
            default:
                return (type.format() == ElementType.NumberFormat.BINARY16 ? "binary16" : type.onnxName())
                        + " bits by value, NaN wins";
        }
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
}
