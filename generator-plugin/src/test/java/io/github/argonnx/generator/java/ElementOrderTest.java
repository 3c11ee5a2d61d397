package io.github.argonnx.generator.java;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import org.junit.jupiter.api.Test;

class ElementOrderTest {

    private static final CodeBlock X = CodeBlock.of("x");
    private static final CodeBlock C = CodeBlock.of("c");
    private static final CodeBlock B = CodeBlock.of("b");

    @Test
    void signedTypesAreTheirOwnKeys() {
        for (ElementType t : new ElementType[] {ElementType.INT8, ElementType.INT16, ElementType.INT32, ElementType.INT64}) {
            assertEquals("x", ElementOrder.of(t).key(X).toString());
            assertEquals(JavaStorage.of(t).type(), ElementOrder.of(t).keyType());
            assertTrue(ElementOrder.of(t).keyMethod(Extremum.LARGEST).isEmpty());
        }
        assertEquals("c > b", ElementOrder.of(ElementType.INT64).beats(C, B, Extremum.LARGEST).toString());
        assertEquals("c < b", ElementOrder.of(ElementType.INT8).beats(C, B, Extremum.SMALLEST).toString());
    }

    @Test
    void narrowUnsignedTypesWidenAndWideOnesFlipTheSignBit() {
        assertEquals("java.lang.Byte.toUnsignedInt(x)", ElementOrder.of(ElementType.UINT8).key(X).toString());
        assertEquals("java.lang.Short.toUnsignedInt(x)", ElementOrder.of(ElementType.UINT16).key(X).toString());
        assertEquals(TypeName.INT, ElementOrder.of(ElementType.UINT16).keyType());
        assertEquals("orderKey(x)", ElementOrder.of(ElementType.UINT32).key(X).toString());
        assertEquals(TypeName.INT, ElementOrder.of(ElementType.UINT32).keyType());
        assertEquals(TypeName.LONG, ElementOrder.of(ElementType.UINT64).keyType());
        MethodSpec flip = ElementOrder.of(ElementType.UINT64).keyMethod(Extremum.SMALLEST).orElseThrow();
        assertTrue(flip.toString().contains("return bits ^ java.lang.Long.MIN_VALUE;"), flip.toString());
    }

    @Test
    void ieeeTypesTestNaNInTheComparison() {
        assertEquals("!(c <= b) && !java.lang.Float.isNaN(b)",
                ElementOrder.of(ElementType.FLOAT).beats(C, B, Extremum.LARGEST).toString());
        assertEquals("!(c >= b) && !java.lang.Double.isNaN(b)",
                ElementOrder.of(ElementType.DOUBLE).beats(C, B, Extremum.SMALLEST).toString());
        assertEquals(TypeName.DOUBLE, ElementOrder.of(ElementType.DOUBLE).keyType());
    }

    @Test
    void sixteenBitFloatsMapNaNToTheWinningEnd() {
        String float16Max = ElementOrder.of(ElementType.FLOAT16).keyMethod(Extremum.LARGEST).orElseThrow().toString();
        assertTrue(float16Max.contains("if (magnitude > 0x7C00)") && float16Max.contains("return java.lang.Integer.MAX_VALUE;"),
                float16Max);
        String bfloat16Min = ElementOrder.of(ElementType.BFLOAT16).keyMethod(Extremum.SMALLEST).orElseThrow().toString();
        assertTrue(bfloat16Min.contains("if (magnitude > 0x7F80)") && bfloat16Min.contains("return java.lang.Integer.MIN_VALUE;"),
                bfloat16Min);
        assertEquals("c > b", ElementOrder.of(ElementType.BFLOAT16).beats(C, B, Extremum.LARGEST).toString());
        assertFalse(ElementOrder.of(ElementType.FLOAT16).beats(C, B, Extremum.LARGEST).toString().contains("isNaN"));
    }
}
