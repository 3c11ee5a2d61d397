package io.github.argonnx.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class TopKResultTest {

    @Test
    void ofCopiesTheIndicesAndTheShape() {
        long[] indices = {1, 0};
        long[] shape = {2};
        List<String> values = List.of("b", "a");
        TopKResult<List<String>> result = TopKResult.of(values, indices, shape);
        indices[0] = 7;
        shape[0] = 9;
        assertArrayEquals(new long[] {1, 0}, result.indices());
        assertArrayEquals(new long[] {2}, result.shape());
        assertSame(values, result.values());
        assertEquals(2, result.size());
    }

    @Test
    void accessorsReturnCopies() {
        TopKResult<String> result = TopKResult.of("v", new long[] {1, 0}, 2);
        result.indices()[0] = 7;
        result.shape()[0] = 9;
        assertArrayEquals(new long[] {1, 0}, result.indices());
        assertArrayEquals(new long[] {2}, result.shape());
    }

    @Test
    void ofRefusesIndicesThatDoNotFitTheShape() {
        ArgOnnxException e = assertThrows(ArgOnnxException.class, () -> TopKResult.of("v", new long[] {1, 0, 1}, 2));
        assertEquals("output 'Indices' has shape [2] (2 elements) but 3 indices were given", e.getMessage());
    }

    @Test
    void ofRefusesMissingValues() {
        ArgOnnxException e = assertThrows(ArgOnnxException.class, () -> TopKResult.of(null, new long[] {1}, 1));
        assertEquals("output 'Values' is null", e.getMessage());
    }

    @Test
    void equalResultsAreEqualAndPrintTheirParts() {
        TopKResult<String> a = TopKResult.of("v", new long[] {1, 0}, 2);
        assertEquals(a, TopKResult.of("v", new long[] {1, 0}, 2));
        assertEquals(a.hashCode(), TopKResult.of("v", new long[] {1, 0}, 2).hashCode());
        assertNotEquals(a, TopKResult.of("w", new long[] {1, 0}, 2));
        assertNotEquals(a, TopKResult.of("v", new long[] {0, 1}, 2));
        assertEquals("TopKResult{shape=[2], indices=[1, 0], values=v}", a.toString());
    }

    @Test
    void aLongResultPrintsItsFirstIndicesAndTheirCount() {
        TopKResult<String> result = TopKResult.of("v", new long[40], 40);
        assertEquals(true, result.toString().contains(", ... (40 in all)]"));
    }
}
