package io.github.argonnx.generator.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
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
     * The start of a 16-bit float's key method, shared by the kernels and the SIMD loops: the
     * magnitude of {@code bits}, and NaN mapped to {@code nanKey} of {@code keyBox} so that it beats
     * every number.
     */
    static CodeBlock sixteenBitNaNKey(ElementType type, ClassName keyBox, String nanKey) {
        return CodeBlock.builder()
                .addStatement("int magnitude = bits & 0x7FFF")
                .beginControlFlow("if (magnitude > $L)", infinityMagnitude(type))
                .add("// exponent all ones and a non-zero fraction: NaN\n")
                .addStatement("return $T.$L", keyBox, nanKey)
                .endControlFlow()
                .build();
    }

    /** Infinity's bits without the sign, as a hex literal: every larger magnitude is NaN. */
    static String infinityMagnitude(ElementType type) {
        return String.format("0x%04X", type.format().infinityMagnitude());
    }
}
