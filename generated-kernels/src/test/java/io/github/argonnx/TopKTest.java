package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.TopKResult;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class TopKTest {

    private static final Tensor SCORES = Tensor.ofFloat(new float[] {0.1f, 0.7f, 0.2f, 0.7f, 0.3f, 0.9f}, 2, 3);

    private static String refusal(Executable call) {
        return assertThrows(ArgOnnxException.class, call).getMessage();
    }

    @Test
    void theKBestOfEveryRowComeBestFirstWithTheLowerIndexFirstOnTies() {
        TopKResult<Tensor> r = TopK.latest().apply(SCORES, 2);
        assertArrayEquals(new long[] {2, 2}, r.shape());
        assertArrayEquals(new long[] {1, 2, 2, 0}, r.indices());
        float[] values = new float[4];
        long[] indices = new long[4];
        assertArrayEquals(new long[] {2, 2}, TopK.latest().apply(SCORES, 2, values, indices));
        assertArrayEquals(new float[] {0.7f, 0.2f, 0.9f, 0.7f}, values);
        assertEquals(DataType.FLOAT, r.values().dataType());
    }

    @Test
    void theSmallestAlongAnOuterAxis() {
        long[] indices = new long[3];
        TopK.version(11).axis(0).largest(false).apply(SCORES, 1, new float[3], indices);
        assertArrayEquals(new long[] {0, 1, 0}, indices);
    }

    @Test
    void kZeroGivesEmptyOutputs() {
        TopKResult<Tensor> r = TopK.latest().apply(SCORES, 0);
        assertArrayEquals(new long[] {2, 0}, r.shape());
        assertEquals(0, r.size());
    }

    @Test
    void versionOneTakesKAsAnAttributeThatACallMustMatch() {
        assertArrayEquals(new long[] {1, 2}, TopK.version(1).k(1).apply(SCORES).indices());
        assertEquals("TopK-1: k = 2 differs from attribute 'k' = 1 (pass the attribute's value, or leave the attribute unset)",
                refusal(() -> TopK.version(1).k(1).apply(SCORES, 2)));
        assertEquals("TopK-1: attribute 'k' = -1 is negative (allowed: >= 0)", refusal(() -> TopK.version(1).k(-1)));
        assertEquals("TopK-10: attribute 'k' (set to 2) does not exist in TopK-10: it exists up to TopK-1, later versions"
                + " take k as an input (TopK-10 has attributes: axis)", refusal(() -> TopK.version(10).k(2)));
    }

    @Test
    void refusalsNameTheVersionTheValueAndWhatIsAllowed() {
        assertEquals("TopK-24: k = 4 is larger than the length of axis 1 of input 'X' (shape [2, 3]); allowed: 0 to 3",
                refusal(() -> TopK.latest().apply(SCORES, 4)));
        assertEquals("TopK-24: k = -1 is negative of input 'X' (shape [2, 3]); allowed: 0 to 3",
                refusal(() -> TopK.latest().apply(SCORES, -1)));
        assertEquals("TopK-24: attribute 'axis' = 2 is out of range for input 'X' of rank 2 (shape [2, 3]); allowed: [-2, 1]",
                refusal(() -> TopK.latest().axis(2).apply(SCORES, 1)));
        assertEquals("TopK-10: input 'X' has element type int32, which TopK-10 does not accept (allowed: float, float16, double)",
                refusal(() -> TopK.version(10).apply(Tensor.ofInt32(new int[] {1, 2}, 2), 1)));
        assertEquals("TopK-10: attribute 'largest' (set to 0) does not exist in TopK-10: it was introduced in TopK-11"
                + " (TopK-10 has attributes: axis)", refusal(() -> TopK.version(10).largest(false)));
        assertEquals("TopK-11: attribute 'sorted' = 2 is not allowed in TopK-11 (allowed: 0, 1)",
                refusal(() -> TopK.forNode(11, Map.of("sorted", 2L))));
        assertEquals("TopK-24: output 'Values' is a int[], expected a float[] for input type float",
                refusal(() -> TopK.latest().apply(SCORES, 1, new int[2], new long[2])));
    }

    @Test
    void versionsAndOpsetsResolveAsArgMaxDoes() {
        assertEquals(11, TopK.forModelOpset(23).version());
        assertEquals(24, TopK.forModelOpset(TopK.LATEST_KNOWN_OPSET).version());
        assertEquals(1, TopK.forNode(9, Map.of("k", 2L)).version());
        assertEquals(TopK.forNode(11, Map.of("largest", 0L)), TopK.forNode("TopK", 11, Map.of("largest", 0L)));
        assertEquals("op type 'ArgMax' is not TopK (TopK.forNode builds TopK nodes)",
                refusal(() -> TopK.forNode("ArgMax", 11, Map.of())));
        String message = refusal(() -> TopK.version(12));
        assertEquals("TopK has no version 12 (versions: 1, 10, 11, 24; each is in force from its opset until the next);"
                + " for a model's opset import use TopK.forModelOpset(12), which selects TopK-11", message);
    }

    @Test
    void anOutputThatIsTheInputsOwnArrayGetsTheRightValues() {
        float[] data = {3f, 1f, 2f};
        Tensor x = Tensor.ofFloat(data, 3);
        long[] indices = new long[3];
        TopK.latest().largest(false).apply(x, 3, data, indices);
        assertArrayEquals(new float[] {1f, 2f, 3f}, data);
        assertArrayEquals(new long[] {1, 2, 0}, indices);
    }

    @Test
    void buffersHeapOrDirectReceiveTheOutputsFromTheirPositions() {
        java.nio.FloatBuffer values = java.nio.ByteBuffer.allocateDirect(6 * Float.BYTES).order(java.nio.ByteOrder.nativeOrder())
                .asFloatBuffer().position(2);
        java.nio.LongBuffer indices = java.nio.LongBuffer.allocate(5).position(1);
        assertArrayEquals(new long[] {2, 2}, TopK.latest().apply(SCORES, 2, values, indices));
        assertEquals(2, values.position());
        assertEquals(1, indices.position());
        float[] written = new float[4];
        values.get(2, written);
        assertArrayEquals(new float[] {0.7f, 0.2f, 0.9f, 0.7f}, written);
        long[] writtenIndices = new long[4];
        indices.get(1, writtenIndices);
        assertArrayEquals(new long[] {1, 2, 2, 0}, writtenIndices);
        assertEquals("TopK-24: output 'Values' is a HeapIntBuffer, expected a FloatBuffer for input type float",
                refusal(() -> TopK.latest().apply(SCORES, 2, java.nio.IntBuffer.allocate(4), java.nio.LongBuffer.allocate(4))));
        assertEquals("TopK-24: output 'Values' is read-only, but the outputs need room for 4 elements (shape [2, 2])",
                refusal(() -> TopK.latest().apply(SCORES, 2, java.nio.FloatBuffer.allocate(4).asReadOnlyBuffer(),
                        java.nio.LongBuffer.allocate(4))));
        assertEquals("TopK-24: output 'Indices' is a buffer with 3 elements remaining, but the outputs need room for 4 elements"
                + " (shape [2, 2])", refusal(() -> TopK.latest().apply(SCORES, 2, java.nio.FloatBuffer.allocate(4),
                        java.nio.LongBuffer.allocate(3))));
    }

    @Test
    void operatorsAreValuesAndSettersReturnNewOnes() {
        TopK base = TopK.latest();
        TopK smallest = base.largest(false);
        assertNotSame(base, smallest);
        assertEquals(TopK.latest(), base);
        assertEquals(base.largest(false), smallest);
        assertEquals("TopK", base.opType());
    }
}
