package io.github.argonnx.generator.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import org.junit.jupiter.api.Test;

class ElementOrderTest {

    private static final CodeBlock X = CodeBlock.of("x");
    private static final CodeBlock C = CodeBlock.of("c");
    private static final CodeBlock B = CodeBlock.of("b");

    @Test
    void signedTypesAreTheirOwnKeys() {
        for (DataType t : new DataType[] {DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64}) {
            assertEquals("x", t.order().key(X).toString());
            assertEquals(t.storage().type(), t.order().keyType());
            assertTrue(t.order().keyMethod(Extremum.LARGEST).isEmpty());
        }
        assertEquals("c > b", DataType.INT64.order().beats(C, B, Extremum.LARGEST).toString());
        assertEquals("c < b", DataType.INT8.order().beats(C, B, Extremum.SMALLEST).toString());
    }

    @Test
    void narrowUnsignedTypesWidenAndWideOnesFlipTheSignBit() {
        assertEquals("java.lang.Byte.toUnsignedInt(x)", DataType.UINT8.order().key(X).toString());
        assertEquals("java.lang.Short.toUnsignedInt(x)", DataType.UINT16.order().key(X).toString());
        assertEquals(TypeName.INT, DataType.UINT16.order().keyType());
        assertEquals("orderKey(x)", DataType.UINT32.order().key(X).toString());
        assertEquals(TypeName.INT, DataType.UINT32.order().keyType());
        assertEquals(TypeName.LONG, DataType.UINT64.order().keyType());
        MethodSpec flip = DataType.UINT64.order().keyMethod(Extremum.SMALLEST).orElseThrow();
        assertTrue(flip.toString().contains("return bits ^ java.lang.Long.MIN_VALUE;"), flip.toString());
    }

    @Test
    void ieeeTypesTestNaNInTheComparison() {
        assertEquals("!(c <= b) && !java.lang.Float.isNaN(b)",
                DataType.FLOAT.order().beats(C, B, Extremum.LARGEST).toString());
        assertEquals("!(c >= b) && !java.lang.Double.isNaN(b)",
                DataType.DOUBLE.order().beats(C, B, Extremum.SMALLEST).toString());
        assertEquals(TypeName.DOUBLE, DataType.DOUBLE.order().keyType());
    }

    @Test
    void sixteenBitFloatsMapNaNToTheWinningEnd() {
        String float16Max = DataType.FLOAT16.order().keyMethod(Extremum.LARGEST).orElseThrow().toString();
        assertTrue(float16Max.contains("if (magnitude > 0x7C00)") && float16Max.contains("return java.lang.Integer.MAX_VALUE;"),
                float16Max);
        String bfloat16Min = DataType.BFLOAT16.order().keyMethod(Extremum.SMALLEST).orElseThrow().toString();
        assertTrue(bfloat16Min.contains("if (magnitude > 0x7F80)") && bfloat16Min.contains("return java.lang.Integer.MIN_VALUE;"),
                bfloat16Min);
        assertEquals("c > b", DataType.BFLOAT16.order().beats(C, B, Extremum.LARGEST).toString());
        assertFalse(DataType.FLOAT16.order().beats(C, B, Extremum.LARGEST).toString().contains("isNaN"));
    }
}
