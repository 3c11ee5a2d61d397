package io.github.argonnx.generator.java;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.generator.model.ElementType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every element type has an answer in every per-type table ({@link Comparison}, {@link LoopFamily},
 * {@link JavaStorage}, {@link VectorForm}, {@link JavaLiterals} and the model's exact values), and the
 * answers agree with each other and with the type's number format. The tables are switches without a
 * {@code default} over the number format (or over an enum derived from it), so a new
 * {@code ElementType.NumberFormat} fails the build until each of them answers it; these tests then
 * check that the answers fit together.
 */
class TypeTablesTest {

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void theStorageHoldsTheFormatsBitsAndIsFloatingOnlyForIeeeTypes(ElementType type) {
        JavaStorage storage = JavaStorage.of(type);
        assertEquals(type.format().bits(), bits(storage), type.onnxName());
        assertEquals(Comparison.of(type) == Comparison.IEEE_FLOAT, storage.isFloatingPoint(), type.onnxName());
        assertFalse(JavaStorage.description(type).isBlank());
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void theComparisonFollowsTheFormatsKind(ElementType type) {
        Comparison comparison = Comparison.of(type);
        assertEquals(type.isFloatingPoint(), comparison.hasNaN(), type.onnxName());
        assertEquals(type.isUnsigned(), comparison == Comparison.UNSIGNED, type.onnxName());
        assertFalse(Comparison.summary(type).isBlank());
        assertFalse(comparison.orderKeyDescription(type).isBlank());
        assertFalse(comparison.orderKeyOfBits(type).isEmpty());
        assertFalse(comparison.bitsOfOrderKey(type).isEmpty());
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void theLoopFamilyIsThatOfTheStorage(ElementType type) {
        LoopFamily expected = switch (JavaStorage.of(type)) {
            case BYTE -> LoopFamily.EIGHT_BIT_WORDS;
            case SHORT -> LoopFamily.SIXTEEN_BIT_WORDS;
            case INT -> LoopFamily.THIRTY_TWO_BIT_SCREENS;
            case LONG -> LoopFamily.PLAIN;
            case FLOAT, DOUBLE -> LoopFamily.IEEE;
        };
        assertEquals(expected, LoopFamily.of(type), type.onnxName());
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void theVectorFormKeepsTheStorageWidth(ElementType type) {
        VectorForm form = VectorForm.of(type);
        assertEquals(JavaStorage.of(type).type(), form.keyType(), type.onnxName());
        assertTrue(form.indexGroup() > 0);
        assertEquals(type.isFloatingPoint(), form.screensMagnitudes(), type.onnxName());
        if (form.screensMagnitudes()) {
            assertEquals(type.format().bits(), bitsOf(form.magnitudeType().toString()), type.onnxName());
        }
        assertFalse(form.description().isBlank());
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void oneIsAnExactValueWithALiteral(ElementType type) {
        assertTrue(type.exactBits(ElementType.FLOAT, "1.0").isPresent(), type.onnxName());
        assertEquals(type.isFloatingPoint(), type.exactBits(ElementType.FLOAT, "NaN").isPresent(), type.onnxName());
        assertEquals(type.isUnsigned(), type.exactBits(ElementType.INT64, "-1").isEmpty(), type.onnxName());
        assertFalse(JavaLiterals.literal(type, ElementType.FLOAT, "1.0").isBlank());
    }

    private static int bits(JavaStorage storage) {
        return switch (storage) {
            case BYTE -> Byte.SIZE;
            case SHORT -> Short.SIZE;
            case INT, FLOAT -> Integer.SIZE;
            case LONG, DOUBLE -> Long.SIZE;
        };
    }

    private static int bitsOf(String primitive) {
        return switch (primitive) {
            case "short" -> Short.SIZE;
            case "int" -> Integer.SIZE;
            case "long" -> Long.SIZE;
            default -> throw new AssertionError("not a magnitude lane: " + primitive);
        };
    }
}
