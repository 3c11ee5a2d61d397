package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgOnnxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.ShortBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class TensorTest {

    private static String refusal(Executable call) {
        return assertThrows(ArgOnnxException.class, call).getMessage();
    }

    @Test
    void anArrayTensorReadsTheCallersArray() {
        float[] data = {2, 1, 3, 7, 10, 10};
        Tensor x = Tensor.ofFloat(data, 2, 3);
        assertEquals(DataType.FLOAT, x.dataType());
        assertArrayEquals(new long[] {2, 3}, x.shape());
        assertEquals(2, x.rank());
        assertEquals(6, x.elementCount());
        assertTrue(x.hasArray());
        assertSame(data, x.array());
        assertEquals(0, x.arrayOffset());
    }

    @Test
    void theShapeIsCopiedInAndOut() {
        long[] shape = {2, 3};
        Tensor x = Tensor.ofFloat(new float[6], shape);
        shape[0] = 3;
        x.shape()[1] = 2;
        assertArrayEquals(new long[] {2, 3}, x.shape());
    }

    @Test
    void aScalarHasOneElementAndAnEmptyShape() {
        Tensor x = Tensor.ofInt32(new int[] {5});
        assertEquals(0, x.rank());
        assertEquals(1, x.elementCount());
    }

    @Test
    void aHeapBufferIsReadThroughItsArrayFromItsPosition() {
        FloatBuffer buffer = FloatBuffer.wrap(new float[] {99, 2, 1, 3, 99}, 1, 3);
        Tensor x = Tensor.ofFloat(buffer, 3);
        assertTrue(x.hasArray());
        assertEquals(1, x.arrayOffset());
    }

    @Test
    void aHeapBufferSliceKeepsItsArrayOffset() {
        ShortBuffer slice = ShortBuffer.wrap(new short[] {9, 9, 1, 2}, 2, 2).slice();
        Tensor x = Tensor.ofInt16(slice, 2);
        assertEquals(2, x.arrayOffset());
    }

    @Test
    void directAndReadOnlyBuffersAreReadAsBuffers() {
        FloatBuffer direct = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder()).asFloatBuffer();
        Tensor fromDirect = Tensor.ofFloat(direct, 4);
        assertFalse(fromDirect.hasArray());
        assertNull(fromDirect.array());
        Tensor fromReadOnly = Tensor.ofFloat(FloatBuffer.wrap(new float[4]).asReadOnlyBuffer(), 2, 2);
        assertFalse(fromReadOnly.hasArray());
        assertEquals(0, fromReadOnly.buffer().position());
        assertEquals(4, fromReadOnly.buffer().remaining());
    }

    @Test
    void laterChangesToTheBuffersPositionDoNotMatter() {
        FloatBuffer buffer = ByteBuffer.allocateDirect(24).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
        buffer.put(new float[] {99, 2, 9, 3, 99, 99});
        buffer.position(1).limit(4);
        Tensor x = Tensor.ofFloat(buffer, 3);
        buffer.position(0).limit(6);
        assertArrayEquals(new long[] {1}, ArgMax.latest().apply(x).indices());
    }

    @Test
    void rawDataIsViewedLittleEndianFromItsPosition() {
        ByteBuffer raw = ByteBuffer.allocate(10).order(ByteOrder.LITTLE_ENDIAN);
        raw.putShort((short) 0x7777); // not part of the tensor
        raw.putShort((short) 0x3C00).putShort((short) 0xC000).putShort((short) 0x3800).putShort((short) 0x4200);
        raw.position(2);
        Tensor x = Tensor.ofRawData(DataType.FLOAT16, raw, 2, 2);
        assertEquals(DataType.FLOAT16, x.dataType());
        // float16 [[1.0, -2.0], [0.5, 3.0]]: max per column is row 0 (1.0 > 0.5) and row 1 (3.0 > -2.0).
        assertArrayEquals(new long[] {0, 1}, ArgMax.latest().keepdims(0).apply(x).indices());
        assertEquals(2, raw.position(), "the caller's position is left alone");
        assertEquals(10, raw.limit(), "the caller's limit is left alone");
        assertEquals(ByteOrder.LITTLE_ENDIAN, raw.order(), "the caller's order is left alone");
    }

    @Test
    void oneByteRawDataInAHeapBufferIsReadThroughItsArray() {
        ByteBuffer raw = ByteBuffer.wrap(new byte[] {0, (byte) 200, 100}, 1, 2).order(ByteOrder.LITTLE_ENDIAN);
        Tensor x = Tensor.ofRawData(DataType.UINT8, raw, 2);
        assertTrue(x.hasArray());
        assertEquals(1, x.arrayOffset());
        assertArrayEquals(new long[] {0}, ArgMax.latest().keepdims(0).apply(x).indices());
    }

    @Test
    void oneByteRawDataIsAcceptedInEitherByteOrder() {
        for (DataType type : new DataType[] {DataType.UINT8, DataType.INT8}) {
            for (boolean direct : new boolean[] {false, true}) {
                ByteBuffer big = (direct ? ByteBuffer.allocateDirect(3) : ByteBuffer.allocate(3)).order(ByteOrder.BIG_ENDIAN);
                big.put((byte) 5).put((byte) 200).put((byte) 7).flip();
                Tensor x = Tensor.ofRawData(type, big, 3);
                // uint8 200 is the largest; as int8 it is -56, the smallest.
                long expectedMax = type == DataType.UINT8 ? 1 : 2;
                assertArrayEquals(new long[] {expectedMax}, ArgMax.latest().keepdims(0).apply(x).indices(),
                        type + (direct ? " direct" : " heap"));
                assertEquals(ByteOrder.BIG_ENDIAN, big.order(), "the caller's order is left alone");
            }
        }
    }

    @Test
    void bigEndianRawDataIsRefused() {
        ByteBuffer raw = ByteBuffer.allocate(8);
        assertEquals("input 'data': the raw_data ByteBuffer has byte order BIG_ENDIAN, but ONNX raw_data is"
                + " little-endian: pass buffer.order(ByteOrder.LITTLE_ENDIAN) if its bytes are in raw_data layout",
                refusal(() -> Tensor.ofRawData(DataType.FLOAT16, raw, 2, 2)));
    }

    @Test
    void rawDataMustHoldAWholeNumberOfElements() {
        ByteBuffer raw = ByteBuffer.allocate(7).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals("input 'data': the raw_data ByteBuffer has 7 bytes remaining (position 0, limit 7), not a whole"
                + " number of float16 elements of 2 bytes",
                refusal(() -> Tensor.ofRawData(DataType.FLOAT16, raw, 2, 2)));
    }

    @Test
    void rawDataMustMatchTheShape() {
        ByteBuffer raw = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals("input 'data' has shape [2, 2] (4 float elements, 16 bytes), but the raw_data ByteBuffer has"
                + " 12 bytes remaining (position 0, limit 12)",
                refusal(() -> Tensor.ofRawData(DataType.FLOAT, raw, 2, 2)));
    }

    @Test
    void rawDataLargerThanAByteBufferIsRefused() {
        ByteBuffer raw = ByteBuffer.allocate(0).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals("input 'data' has shape [536870912] (536870912 float elements), more than a ByteBuffer can hold"
                + " (2147483647 bytes)",
                refusal(() -> Tensor.ofRawData(DataType.FLOAT, raw, 1L << 29)));
    }

    @Test
    void rawDataNeedsAType() {
        assertEquals("input 'data': the data type is null",
                refusal(() -> Tensor.ofRawData(null, ByteBuffer.allocate(0), 0)));
    }

    @Test
    void anArrayMustMatchTheShape() {
        assertEquals("input 'data' has shape [2, 2] (4 elements), but the float array has 5 elements",
                refusal(() -> Tensor.ofFloat(new float[5], 2, 2)));
    }

    @Test
    void aBufferMustHaveExactlyTheShapesElementsRemaining() {
        FloatBuffer buffer = FloatBuffer.allocate(8).position(1).limit(6);
        assertEquals("input 'data' has shape [2, 2] (4 elements), but the heap FloatBuffer has 5 elements remaining"
                + " (position 1, limit 6)",
                refusal(() -> Tensor.ofFloat(buffer, 2, 2)));
        FloatBuffer direct = ByteBuffer.allocateDirect(12).asFloatBuffer();
        assertEquals("input 'data' has shape [2, 2] (4 elements), but the direct FloatBuffer has 3 elements remaining"
                + " (position 0, limit 3)",
                refusal(() -> Tensor.ofFloat(direct, 2, 2)));
    }

    @Test
    void nullDataAndNullShapesAreRefused() {
        assertEquals("input 'data': the float array is null", refusal(() -> Tensor.ofFloat((float[]) null, 2)));
        assertEquals("input 'data': the ShortBuffer is null", refusal(() -> Tensor.ofFloat16((ShortBuffer) null, 2)));
        assertEquals("input 'data': shape is null (use an empty shape for a scalar)",
                refusal(() -> Tensor.ofFloat(new float[1], (long[]) null)));
    }

    @Test
    void negativeDimensionsAreRefused() {
        assertEquals("input 'data' has shape [2, -2]: dimension 1 is -2, but dimensions must be >= 0",
                refusal(() -> Tensor.ofFloat(new float[4], 2, -2)));
    }

    @Test
    void shapesBeyondAnArrayAreRefused() {
        assertEquals("input 'data' has shape [2147483648] (2147483648 elements), more than a Java array or buffer"
                + " can hold (2147483647)",
                refusal(() -> Tensor.ofFloat(new float[0], 1L << 31)));
        assertEquals("input 'data' has shape [4294967296, 4294967296]: its element count exceeds 9223372036854775807",
                refusal(() -> Tensor.ofFloat(new float[0], 1L << 32, 1L << 32)));
    }

    @Test
    void everyTypeHasAnArrayFactory() {
        assertEquals(DataType.FLOAT, Tensor.ofFloat(new float[1], 1).dataType());
        assertEquals(DataType.DOUBLE, Tensor.ofDouble(new double[1], 1).dataType());
        assertEquals(DataType.FLOAT16, Tensor.ofFloat16(new short[1], 1).dataType());
        assertEquals(DataType.BFLOAT16, Tensor.ofBfloat16(new short[1], 1).dataType());
        assertEquals(DataType.INT8, Tensor.ofInt8(new byte[1], 1).dataType());
        assertEquals(DataType.UINT8, Tensor.ofUint8(new byte[1], 1).dataType());
        assertEquals(DataType.INT16, Tensor.ofInt16(new short[1], 1).dataType());
        assertEquals(DataType.UINT16, Tensor.ofUint16(new short[1], 1).dataType());
        assertEquals(DataType.INT32, Tensor.ofInt32(new int[1], 1).dataType());
        assertEquals(DataType.UINT32, Tensor.ofUint32(new int[1], 1).dataType());
        assertEquals(DataType.INT64, Tensor.ofInt64(new long[1], 1).dataType());
        assertEquals(DataType.UINT64, Tensor.ofUint64(new long[1], 1).dataType());
    }

    @Test
    void everyTypeCanComeAsRawData() {
        for (DataType type : DataType.values()) {
            ByteBuffer raw = ByteBuffer.allocateDirect(3 * type.byteWidth()).order(ByteOrder.LITTLE_ENDIAN);
            Tensor x = Tensor.ofRawData(type, raw, 3);
            assertEquals(type, x.dataType());
            assertEquals(3, x.elementCount());
        }
    }

    @Test
    void toStringNamesTypeShapeAndStorage() {
        assertEquals("Tensor{float, shape=[2], array}", Tensor.ofFloat(new float[2], 2).toString());
        assertEquals("Tensor{int32, shape=[], direct buffer}",
                Tensor.ofInt32(ByteBuffer.allocateDirect(4).asIntBuffer()).toString());
    }

    @Test
    void copiesReadTheElementsOfArraysHeapAndDirectBuffers() {
        float[] data = {99, 2, 1, 3, 99};
        assertArrayEquals(new float[] {2, 1, 3}, Tensor.ofFloat(FloatBuffer.wrap(data, 1, 3), 3).toFloatArray());
        FloatBuffer direct = ByteBuffer.allocateDirect(20).order(ByteOrder.nativeOrder()).asFloatBuffer().put(data);
        direct.position(1).limit(4);
        assertArrayEquals(new float[] {2, 1, 3}, Tensor.ofFloat(direct, 3).toFloatArray());
        short[] bits = {0x3c00, (short) 0xfc00};
        assertArrayEquals(bits, Tensor.ofFloat16(bits, 2).toShortArray());
        ByteBuffer raw = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putLong(-1L).putLong(7L).flip();
        assertArrayEquals(new long[] {-1L, 7L}, Tensor.ofRawData(DataType.UINT64, raw, 2).toLongArray());
    }

    @Test
    void aCopyIsTheCallersOwnAndLeavesTheTensorAlone() {
        int[] data = {4, 5, 6};
        Tensor x = Tensor.ofInt32(data, 3);
        int[] copy = x.toIntArray();
        copy[0] = 40;
        assertArrayEquals(new int[] {4, 5, 6}, x.toIntArray());
        assertArrayEquals(new int[] {4, 5, 6}, data);
    }

    @Test
    void aCopyOfAnotherStorageIsRefusedNamingTheOneToUse() {
        Tensor halves = Tensor.ofFloat16(new short[2], 2);
        assertEquals("a float16 tensor's elements are not floats: read them with toShortArray(), not toFloatArray()",
                refusal(halves::toFloatArray));
        assertTrue(refusal(Tensor.ofUint8(new byte[1], 1)::toLongArray).contains("toByteArray()"));
    }
}
