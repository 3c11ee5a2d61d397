package io.github.argonnx.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.argonnx.internal.runtime.Faces;
import io.github.argonnx.internal.runtime.OutputIndices;
import org.junit.jupiter.api.Test;

class ArgResultTest {

    @Test
    void ofCopiesItsArguments() {
        long[] indices = {1, 0};
        long[] shape = {2};
        ArgResult result = ArgResult.of(indices, shape);
        indices[0] = 7;
        shape[0] = 9;
        assertArrayEquals(new long[] {1, 0}, result.indices());
        assertArrayEquals(new long[] {2}, result.shape());
    }

    @Test
    void accessorsReturnCopies() {
        ArgResult result = ArgResult.of(new long[] {1, 0}, 2);
        result.indices()[0] = 7;
        result.shape()[0] = 9;
        assertArrayEquals(new long[] {1, 0}, result.indices());
        assertArrayEquals(new long[] {2}, result.shape());
        assertEquals(1, result.get(0));
        assertEquals(2, result.size());
        assertEquals(1, result.rank());
    }

    @Test
    void ofRefusesIndicesThatDoNotFitTheShape() {
        ArgOnnxException e = assertThrows(ArgOnnxException.class, () -> ArgResult.of(new long[] {1, 0, 1}, 2));
        assertEquals("output 'reduced' has shape [2] (2 elements) but 3 indices were given", e.getMessage());
    }

    @Test
    void computeLetsTheWriterFillAFreshArray() {
        ArgResult result = compute(new long[] {2, 1}, indices -> {
            indices[0] = 4;
            indices[1] = 5;
        });
        assertArrayEquals(new long[] {4, 5}, result.indices());
        assertArrayEquals(new long[] {2, 1}, result.shape());
    }

    @Test
    void computeDoesNotCallTheWriterForAnEmptyOutput() {
        ArgResult result = compute(new long[] {0, 3}, indices -> {
            throw new AssertionError("called for an empty output");
        });
        assertEquals(0, result.size());
    }

    @Test
    void aScalarResultHasOneIndexAndAnEmptyShape() {
        ArgResult result = ArgResult.of(new long[] {3});
        assertEquals(0, result.rank());
        assertEquals("ArgResult{shape=[], indices=[3]}", result.toString());
    }

    @Test
    void equalityIsByValue() {
        assertEquals(ArgResult.of(new long[] {1, 0}, 2), ArgResult.of(new long[] {1, 0}, 2));
        assertEquals(ArgResult.of(new long[] {1, 0}, 2).hashCode(), ArgResult.of(new long[] {1, 0}, 2).hashCode());
        assertNotEquals(ArgResult.of(new long[] {1, 0}, 2), ArgResult.of(new long[] {1, 0}, 2, 1));
    }

    /** What generated operators do: fill the indices in place and wrap them, without a copy. */
    private static ArgResult compute(long[] shape, io.github.argonnx.internal.runtime.IndexWriter writer) {
        return Faces.of(ArgResult.class, OutputIndices.class).wrap(OutputIndices.compute(shape, writer));
    }
}
