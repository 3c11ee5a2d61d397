package io.github.argonnx.generator.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which types hold a spec value exactly, and how generated tests spell it (the API emitters' DataType section). */
class DataTypeExactValuesTest {

    @Test
    void smallIntegersWrittenAsFloatsFitEveryType() {
        for (DataType type : DataType.values()) {
            for (String value : new String[] {"2.0", "3.0", "10.0", "1.0", "0.0"}) {
                assertTrue(type.holdsExactly(DataType.FLOAT, value), type + " " + value);
            }
        }
    }

    @Test
    void aFloatValueIsTheNearestFloatToItsText() {
        // 1.1535902 is not a binary fraction; as a float it is 1.153590202331543..., which double holds.
        assertTrue(DataType.FLOAT.holdsExactly(DataType.FLOAT, "1.1535902"));
        assertTrue(DataType.DOUBLE.holdsExactly(DataType.FLOAT, "1.1535902"));
        assertEquals("1.153590202331543", DataType.DOUBLE.javaLiteral(DataType.FLOAT, "1.1535902"));
        assertEquals("1.1535902f", DataType.FLOAT.javaLiteral(DataType.FLOAT, "1.1535902"));
        assertFalse(DataType.FLOAT16.holdsExactly(DataType.FLOAT, "1.1535902"));
        assertFalse(DataType.BFLOAT16.holdsExactly(DataType.FLOAT, "1.1535902"));
        assertFalse(DataType.INT32.holdsExactly(DataType.FLOAT, "1.1535902"));
    }

    @Test
    void doubleValuesThatFloatRoundsAreNotFloats() {
        assertFalse(DataType.FLOAT.holdsExactly(DataType.DOUBLE, "0.1"));
        assertTrue(DataType.FLOAT.holdsExactly(DataType.DOUBLE, "0.5"));
    }

    @Test
    void sixteenBitFloatsAreSpelledAsBitPatterns() {
        assertEquals("(short) 0x3c00", DataType.FLOAT16.javaLiteral(DataType.FLOAT, "1.0"));
        assertEquals("(short) 0xc000", DataType.FLOAT16.javaLiteral(DataType.FLOAT, "-2.0"));
        assertEquals("(short) 0x3800", DataType.FLOAT16.javaLiteral(DataType.FLOAT, "0.5"));
        assertEquals("(short) 0x7bff", DataType.FLOAT16.javaLiteral(DataType.FLOAT, "65504"));
        assertEquals("(short) 0x0001", DataType.FLOAT16.javaLiteral(DataType.DOUBLE, "5.9604644775390625E-8"));
        assertEquals("(short) 0x8000", DataType.FLOAT16.javaLiteral(DataType.FLOAT, "-0.0"));
        assertEquals("(short) 0x3f80", DataType.BFLOAT16.javaLiteral(DataType.FLOAT, "1.0"));
        assertEquals("(short) 0xc120", DataType.BFLOAT16.javaLiteral(DataType.FLOAT, "-10.0"));
        assertFalse(DataType.FLOAT16.holdsExactly(DataType.FLOAT, "65520"), "beyond the largest float16");
        assertFalse(DataType.FLOAT16.holdsExactly(DataType.DOUBLE, "2.98023223876953125E-8"), "half the smallest");
        assertTrue(DataType.FLOAT16.holdsExactly(DataType.DOUBLE, "1.0009765625"), "1 + 2^-10, the last fraction bit");
        assertFalse(DataType.FLOAT16.holdsExactly(DataType.DOUBLE, "1.00048828125"), "1 + 2^-11, one bit too many");
    }

    @Test
    void nanAndInfinitiesFitOnlyFloatingTypes() {
        assertEquals("Float.NaN", DataType.FLOAT.javaLiteral(DataType.FLOAT, "NaN"));
        assertEquals("Double.NEGATIVE_INFINITY", DataType.DOUBLE.javaLiteral(DataType.FLOAT, "-Infinity"));
        assertEquals("(short) 0x7e00", DataType.FLOAT16.javaLiteral(DataType.FLOAT, "NaN"));
        assertEquals("(short) 0x7f80", DataType.BFLOAT16.javaLiteral(DataType.FLOAT, "Infinity"));
        assertFalse(DataType.INT32.holdsExactly(DataType.FLOAT, "NaN"));
        assertFalse(DataType.UINT8.holdsExactly(DataType.DOUBLE, "Infinity"));
    }

    @Test
    void integersMustBeWholeAndInRange() {
        assertTrue(DataType.INT8.holdsExactly(DataType.FLOAT, "-128"));
        assertFalse(DataType.INT8.holdsExactly(DataType.FLOAT, "128"));
        assertTrue(DataType.UINT8.holdsExactly(DataType.FLOAT, "255"));
        assertFalse(DataType.UINT8.holdsExactly(DataType.FLOAT, "-1"));
        assertFalse(DataType.INT64.holdsExactly(DataType.FLOAT, "2.5"));
        assertEquals("0", DataType.INT16.javaLiteral(DataType.FLOAT, "-0.0"));
    }

    @Test
    void unsignedValuesAboveTheSignedRangeAreSpelledAsTheirBits() {
        assertEquals("(byte) 200", DataType.UINT8.javaLiteral(DataType.UINT8, "200"));
        assertEquals("100", DataType.UINT8.javaLiteral(DataType.UINT8, "100"));
        assertEquals("(short) 40000", DataType.UINT16.javaLiteral(DataType.UINT16, "40000"));
        assertEquals("(int) 3000000000L", DataType.UINT32.javaLiteral(DataType.UINT32, "3000000000"));
        assertEquals("0xffffffffffffffffL", DataType.UINT64.javaLiteral(DataType.UINT64, "18446744073709551615"));
        assertEquals("-9223372036854775808L", DataType.INT64.javaLiteral(DataType.INT64, "-9223372036854775808"));
        assertEquals("-2147483648", DataType.INT32.javaLiteral(DataType.INT32, "-2147483648"));
    }

    @Test
    void aValueATypeCannotHoldHasNoLiteral() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DataType.INT8.javaLiteral(DataType.FLOAT, "0.5"));
        assertEquals("float value 0.5 is not exactly representable as int8", e.getMessage());
    }

    @Test
    void rawDataViewsAndFactoryNames() {
        assertEquals(Optional.of("asShortBuffer"), DataType.BFLOAT16.rawDataViewMethod());
        assertEquals(Optional.empty(), DataType.UINT8.rawDataViewMethod());
        assertEquals("ofFloat16", DataType.FLOAT16.tensorFactoryName());
    }
}
