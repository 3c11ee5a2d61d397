package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgOnnxException;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import org.junit.jupiter.api.Test;

/** Output checks for int indices, and when a long[] output may share an input's memory. */
class BuffersTest {

    @Test
    void anIndexThatWouldNotFitAnIntIsRefusedBeforeAnythingIsWritten() {
        // Only a shape, never data: no Java array holds 3e9 elements, but the check does not rely on that.
        ValidatedCall call = new ValidatedCall(new long[] {1, 3_000_000_000L}, 1, false, false);
        int[] out = {-1};
        String message = assertThrows(ArgOnnxException.class,
                () -> Buffers.requireOutputRoom("ArgMax-13", call, out, 0)).getMessage();
        assertEquals("ArgMax-13: input 'data' has shape [1, 3000000000]: the reduced axis 1 has length 3000000000, so an"
                + " index can be up to 2999999999, more than an int holds (2147483647); use a long[] or LongBuffer"
                + " output; nothing was written", message);
        assertEquals(-1, out[0]);
        assertThrows(ArgOnnxException.class, () -> Buffers.requireOutputRoom("ArgMax-13", call, IntBuffer.allocate(1)));

        ValidatedCall largest = new ValidatedCall(new long[] {1L + Integer.MAX_VALUE}, 0, false, false);
        Buffers.requireOutputRoom("ArgMax-13", largest, out, 0); // index 2^31 - 1 still fits
    }

    @Test
    void aLongOutputMayOverlapOnlyTheSameArrayOrAHeapLongBufferWithoutAnArray() {
        long[] a = new long[10];
        assertTrue(Buffers.mayOverlap(a, 0, 10, null, a, 0, 3));
        assertTrue(Buffers.mayOverlap(a, 2, 4, null, a, 5, 3));
        assertFalse(Buffers.mayOverlap(a, 0, 5, null, a, 5, 5), "disjoint ranges of one array");
        assertFalse(Buffers.mayOverlap(a, 5, 5, null, a, 0, 5), "disjoint ranges of one array");
        assertFalse(Buffers.mayOverlap(new long[10], 0, 10, null, a, 0, 3), "another array");
        assertTrue(Buffers.mayOverlap(null, 0, 10, LongBuffer.wrap(a).asReadOnlyBuffer(), a, 0, 3));
        assertFalse(Buffers.mayOverlap(null, 0, 10, ByteBuffer.allocateDirect(80).asLongBuffer(), a, 0, 3));
    }
}
