package io.github.argonnx.generator.java;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.generator.model.ElementType;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which types hold a spec value exactly, and how generated code spells it. */
class JavaLiteralsTest {

    @Test
    void smallIntegersWrittenAsFloatsFitEveryType() {
        for (ElementType type : ElementType.values()) {
            for (String value : new String[] {"2.0", "3.0", "10.0", "1.0", "0.0"}) {
                assertTrue(type.holdsExactly(ElementType.FLOAT, value), type + " " + value);
            }
        }
    }

    @Test
    void aFloatValueIsTheNearestFloatToItsText() {
        // 1.1535902 is not a binary fraction; as a float it is 1.153590202331543..., which double holds.
        assertTrue(ElementType.FLOAT.holdsExactly(ElementType.FLOAT, "1.1535902"));
        assertTrue(ElementType.DOUBLE.holdsExactly(ElementType.FLOAT, "1.1535902"));
        assertEquals("1.153590202331543", JavaLiterals.literal(ElementType.DOUBLE, ElementType.FLOAT, "1.1535902"));
        assertEquals("1.1535902f", JavaLiterals.literal(ElementType.FLOAT, ElementType.FLOAT, "1.1535902"));
        assertFalse(ElementType.FLOAT16.holdsExactly(ElementType.FLOAT, "1.1535902"));
        assertFalse(ElementType.BFLOAT16.holdsExactly(ElementType.FLOAT, "1.1535902"));
        assertFalse(ElementType.INT32.holdsExactly(ElementType.FLOAT, "1.1535902"));
    }

    @Test
    void doubleValuesThatFloatRoundsAreNotFloats() {
        assertFalse(ElementType.FLOAT.holdsExactly(ElementType.DOUBLE, "0.1"));
        assertTrue(ElementType.FLOAT.holdsExactly(ElementType.DOUBLE, "0.5"));
    }

    @Test
    void sixteenBitFloatsAreSpelledAsBitPatterns() {
        assertEquals("(short) 0x3c00", JavaLiterals.literal(ElementType.FLOAT16, ElementType.FLOAT, "1.0"));
        assertEquals("(short) 0xc000", JavaLiterals.literal(ElementType.FLOAT16, ElementType.FLOAT, "-2.0"));
        assertEquals("(short) 0x3800", JavaLiterals.literal(ElementType.FLOAT16, ElementType.FLOAT, "0.5"));
        assertEquals("(short) 0x7bff", JavaLiterals.literal(ElementType.FLOAT16, ElementType.FLOAT, "65504"));
        assertEquals("(short) 0x0001", JavaLiterals.literal(ElementType.FLOAT16, ElementType.DOUBLE, "5.9604644775390625E-8"));
        assertEquals("(short) 0x8000", JavaLiterals.literal(ElementType.FLOAT16, ElementType.FLOAT, "-0.0"));
        assertEquals("(short) 0x3f80", JavaLiterals.literal(ElementType.BFLOAT16, ElementType.FLOAT, "1.0"));
        assertEquals("(short) 0xc120", JavaLiterals.literal(ElementType.BFLOAT16, ElementType.FLOAT, "-10.0"));
        assertFalse(ElementType.FLOAT16.holdsExactly(ElementType.FLOAT, "65520"), "beyond the largest float16");
        assertFalse(ElementType.FLOAT16.holdsExactly(ElementType.DOUBLE, "2.98023223876953125E-8"), "half the smallest");
        assertTrue(ElementType.FLOAT16.holdsExactly(ElementType.DOUBLE, "1.0009765625"), "1 + 2^-10, the last fraction bit");
        assertFalse(ElementType.FLOAT16.holdsExactly(ElementType.DOUBLE, "1.00048828125"), "1 + 2^-11, one bit too many");
    }

    @Test
    void nanAndInfinitiesFitOnlyFloatingTypes() {
        assertEquals("Float.NaN", JavaLiterals.literal(ElementType.FLOAT, ElementType.FLOAT, "NaN"));
        assertEquals("Double.NEGATIVE_INFINITY", JavaLiterals.literal(ElementType.DOUBLE, ElementType.FLOAT, "-Infinity"));
        assertEquals("(short) 0x7e00", JavaLiterals.literal(ElementType.FLOAT16, ElementType.FLOAT, "NaN"));
        assertEquals("(short) 0x7f80", JavaLiterals.literal(ElementType.BFLOAT16, ElementType.FLOAT, "Infinity"));
        assertFalse(ElementType.INT32.holdsExactly(ElementType.FLOAT, "NaN"));
        assertFalse(ElementType.UINT8.holdsExactly(ElementType.DOUBLE, "Infinity"));
    }

    @Test
    void integersMustBeWholeAndInRange() {
        assertTrue(ElementType.INT8.holdsExactly(ElementType.FLOAT, "-128"));
        assertFalse(ElementType.INT8.holdsExactly(ElementType.FLOAT, "128"));
        assertTrue(ElementType.UINT8.holdsExactly(ElementType.FLOAT, "255"));
        assertFalse(ElementType.UINT8.holdsExactly(ElementType.FLOAT, "-1"));
        assertFalse(ElementType.INT64.holdsExactly(ElementType.FLOAT, "2.5"));
        assertEquals("0", JavaLiterals.literal(ElementType.INT16, ElementType.FLOAT, "-0.0"));
    }

    @Test
    void unsignedValuesAboveTheSignedRangeAreSpelledAsTheirBits() {
        assertEquals("(byte) 200", JavaLiterals.literal(ElementType.UINT8, ElementType.UINT8, "200"));
        assertEquals("100", JavaLiterals.literal(ElementType.UINT8, ElementType.UINT8, "100"));
        assertEquals("(short) 40000", JavaLiterals.literal(ElementType.UINT16, ElementType.UINT16, "40000"));
        assertEquals("(int) 3000000000L", JavaLiterals.literal(ElementType.UINT32, ElementType.UINT32, "3000000000"));
        assertEquals("0xffffffffffffffffL", JavaLiterals.literal(ElementType.UINT64, ElementType.UINT64, "18446744073709551615"));
        assertEquals("-9223372036854775808L", JavaLiterals.literal(ElementType.INT64, ElementType.INT64, "-9223372036854775808"));
        assertEquals("-2147483648", JavaLiterals.literal(ElementType.INT32, ElementType.INT32, "-2147483648"));
    }

    @Test
    void aValueATypeCannotHoldHasNoLiteral() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JavaLiterals.literal(ElementType.INT8, ElementType.FLOAT, "0.5"));
        assertEquals("float value 0.5 is not exactly representable as int8", e.getMessage());
    }

    @Test
    void rawDataViewsAndFactoryNames() {
        assertEquals(Optional.of("asShortBuffer"), JavaStorage.of(ElementType.BFLOAT16).rawDataViewMethod());
        assertEquals(Optional.empty(), JavaStorage.of(ElementType.UINT8).rawDataViewMethod());
        assertEquals("ofFloat16", GeneratedNames.tensorFactory(ElementType.FLOAT16));
    }
}
