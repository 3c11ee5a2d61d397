package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgOnnxException;
import org.junit.jupiter.api.Test;

class ShapesTest {

    @Test
    void elementCountIsTheProductOfTheDimensions() {
        assertEquals(24, Shapes.elementCount("input 'data'", new long[] {2, 3, 4}));
        assertEquals(1, Shapes.elementCount("input 'data'", new long[] {}));
        assertEquals(0, Shapes.elementCount("input 'data'", new long[] {3, 0, 5}));
    }

    @Test
    void aZeroDimensionMakesAnyShapeEmptyEvenWhenTheOthersOverflow() {
        assertEquals(0, Shapes.elementCount("input 'data'", new long[] {1L << 40, 1L << 40, 0}));
    }

    @Test
    void elementCountRefusesOverflow() {
        ArgOnnxException e = assertThrows(ArgOnnxException.class,
                () -> Shapes.elementCount("input 'data'", new long[] {1L << 32, 1L << 32}));
        assertEquals("input 'data' has shape [4294967296, 4294967296]: its element count exceeds 9223372036854775807",
                e.getMessage());
    }

    @Test
    void elementCountRefusesNegativeDimensionsAndNull() {
        ArgOnnxException negative = assertThrows(ArgOnnxException.class,
                () -> Shapes.elementCount("ArgMax-13: input 'data'", new long[] {2, -1}));
        assertEquals("ArgMax-13: input 'data' has shape [2, -1]: dimension 1 is -1, but dimensions must be >= 0",
                negative.getMessage());
        ArgOnnxException missing = assertThrows(ArgOnnxException.class,
                () -> Shapes.elementCount("input 'data'", null));
        assertEquals("input 'data': shape is null (use an empty shape for a scalar)", missing.getMessage());
    }

    @Test
    void normalizeAxisAddsTheRankToNegativeAxes() {
        assertEquals(0, Shapes.normalizeAxis(0, 3));
        assertEquals(2, Shapes.normalizeAxis(-1, 3));
        assertEquals(0, Shapes.normalizeAxis(-3, 3));
        assertThrows(IllegalArgumentException.class, () -> Shapes.normalizeAxis(3, 3));
        assertThrows(IllegalArgumentException.class, () -> Shapes.normalizeAxis(-4, 3));
    }

    @Test
    void outputShapeKeepsOrRemovesTheReducedDimension() {
        assertArrayEquals(new long[] {2, 1, 4}, Shapes.outputShape(new long[] {2, 3, 4}, 1, true));
        assertArrayEquals(new long[] {2, 4}, Shapes.outputShape(new long[] {2, 3, 4}, 1, false));
        assertArrayEquals(new long[] {3, 4}, Shapes.outputShape(new long[] {2, 3, 4}, 0, false));
        assertArrayEquals(new long[] {2, 3}, Shapes.outputShape(new long[] {2, 3, 4}, 2, false));
        assertArrayEquals(new long[] {}, Shapes.outputShape(new long[] {5}, 0, false));
        assertArrayEquals(new long[] {1}, Shapes.outputShape(new long[] {5}, 0, true));
    }

    @Test
    void planViewsTheInputAroundTheAxis() {
        assertEquals(new ReductionPlan(2, 3, 4), Shapes.plan(new long[] {2, 3, 4}, 1));
        assertEquals(new ReductionPlan(1, 2, 12), Shapes.plan(new long[] {2, 3, 4}, 0));
        assertEquals(new ReductionPlan(6, 4, 1), Shapes.plan(new long[] {2, 3, 4}, 2));
        assertThrows(IllegalArgumentException.class, () -> Shapes.plan(new long[] {2, 0, 4}, 0));
    }

    @Test
    void sameComparesRankAndEveryDimension() {
        assertTrue(Shapes.same(new long[] {2, 3}, new long[] {2, 3}));
        assertTrue(Shapes.same(new long[] {}, new long[] {}));
        assertFalse(Shapes.same(new long[] {2, 3}, new long[] {3, 2}));
        assertFalse(Shapes.same(new long[] {2, 3}, new long[] {2, 3, 1}));
        assertFalse(Shapes.same(new long[] {6}, new long[] {2, 3}));
        assertFalse(Shapes.same(new long[] {1, 10}, new long[] {1, 11}));
    }

    @Test
    void formatPrintsShapesAsOnnxDoes() {
        assertEquals("[2, 3]", Shapes.format(new long[] {2, 3}));
        assertEquals("[]", Shapes.format(new long[] {}));
    }
}
