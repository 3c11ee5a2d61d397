package io.github.argonnx.onnxruntime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import io.github.argonnx.ArgMax;
import io.github.argonnx.ArgMin;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgOnnxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The view reads the memory ONNX Runtime reads: the region it fixed when it created the tensor, from the
 * buffer's position and limit at that moment, whatever they are when the view is made.
 */
class OrtTensorRegionsTest {

    private static final OrtEnvironment ENV = OrtEnvironment.getEnvironment();

    @Test
    void tensorsCutFromOneArenaAreEachViewedWhereOrtReadsThem() throws Exception {
        FloatBuffer arena = floats(9, 0, 0, 0, 1, 2, 3, 7);
        arena.limit(4);
        try (OnnxTensor first = OnnxTensor.createTensor(ENV, arena, new long[] {4})) {
            arena.limit(8).position(4);
            try (OnnxTensor second = OnnxTensor.createTensor(ENV, arena, new long[] {4})) {
                assertArrayEquals(new float[] {9, 0, 0, 0}, identity(first), "what a session reads");
                assertArrayEquals(new float[] {1, 2, 3, 7}, identity(second), "what a session reads");
                assertBest(OrtTensors.view(first), 0, 1);
                assertBest(OrtTensors.view(second), 3, 0);
            }
        }
    }

    @Test
    void anOutputPinnedInTheMiddleOfAnArenaIsViewedWhereTheRunWroteIt() throws Exception {
        FloatBuffer arena = floats(9, 9, 9, 9, 9, 9, 9, 9, 9, 9);
        FloatBuffer features = floats(2, 8, 1, 4);
        arena.position(3).limit(7);
        try (OrtSession identity = ENV.createSession(OnnxModels.identity(OnnxModels.FLOAT, 4),
                        new OrtSession.SessionOptions());
                OnnxTensor input = OnnxTensor.createTensor(ENV, features, new long[] {4});
                OnnxTensor output = OnnxTensor.createTensor(ENV, arena, new long[] {4})) {
            arena.clear();
            Tensor view = OrtTensors.view(output);
            try (OrtSession.Result ignored = identity.run(Map.of("input", input), Map.of("output", output))) {
                assertBest(view, 1, 2);
            }
            assertEquals(9, arena.get(2));
            assertEquals(9, arena.get(7));
        }
    }

    @Test
    void relativePutsIntoTheBufferAfterCreationMoveNothingTheViewReads() throws Exception {
        FloatBuffer buffer = floats(0, 0, 0);
        try (OnnxTensor tensor = OnnxTensor.createTensor(ENV, buffer, new long[] {3})) {
            buffer.put(1).put(5).put(2); // relative: the buffer's position is now its limit
            assertArrayEquals(new float[] {1, 5, 2}, copyOf(tensor), "what ONNX Runtime holds");
            assertBest(OrtTensors.view(tensor), 1, 0);
            buffer.flip().position(2); // and any position and limit later
            assertBest(OrtTensors.view(tensor), 1, 0);
        }
    }

    @Test
    void slicedAndDuplicatedBuffersAreViewedAtTheirOwnRegion() throws Exception {
        FloatBuffer arena = floats(8, 1, 4, 0, 6, 2, 3, 9);
        FloatBuffer slice = arena.position(2).slice(); // 4, 0, 6, 2, 3, 9
        slice.limit(3); // 4, 0, 6
        FloatBuffer duplicate = arena.duplicate();
        duplicate.position(5).limit(8); // 2, 3, 9
        try (OnnxTensor overSlice = OnnxTensor.createTensor(ENV, slice, new long[] {3});
                OnnxTensor overDuplicate = OnnxTensor.createTensor(ENV, duplicate, new long[] {3})) {
            slice.clear();
            duplicate.position(0);
            arena.position(7);
            assertBest(OrtTensors.view(overSlice), 2, 1);
            assertBest(OrtTensors.view(overDuplicate), 2, 0);
        }
    }

    /** Each type ONNX Runtime's Java API creates from a buffer, in the middle of an arena that moved on. */
    @Test
    void everyTypeOrtCreatesIsViewedInTheMiddleOfAnArena() throws Exception {
        // values 1, -2, 3, 0 (raw bits for float16 and bfloat16), ahead of and behind padding of 100s
        List<DataType> types = List.of(DataType.FLOAT, DataType.DOUBLE, DataType.INT8, DataType.UINT8, DataType.INT16,
                DataType.INT32, DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16);
        for (DataType type : types) {
            ByteBuffer arena = ByteBuffer.allocateDirect(12 * type.byteWidth()).order(ByteOrder.nativeOrder());
            try (OnnxTensor tensor = middleOf(arena, type)) {
                Tensor view = OrtTensors.view(tensor);
                assertEquals(type, view.dataType());
                long[] argmax = ArgMax.latest().apply(view).indices();
                long[] argmin = ArgMin.latest().apply(view).indices();
                // uint8 reads -2 as 254, its largest
                assertArrayEquals(new long[] {type == DataType.UINT8 ? 1 : 2}, argmax, type.onnxName());
                assertArrayEquals(new long[] {type == DataType.UINT8 ? 3 : 1}, argmin, type.onnxName());
            }
        }
    }

    @Test
    void aTensorOverBytesOfAWiderTypeIsViewedWhereOrtReadsIt() throws Exception {
        ByteBuffer arena = ByteBuffer.allocateDirect(32).order(ByteOrder.nativeOrder());
        arena.asFloatBuffer().put(new float[] {7, 7, 1, -3, 5, 2, 7, 7});
        arena.position(8).limit(24);
        try (OnnxTensor tensor = OnnxTensor.createTensor(ENV, arena, new long[] {4}, OnnxJavaType.FLOAT)) {
            arena.clear();
            assertArrayEquals(new float[] {1, -3, 5, 2}, copyOf(tensor), "what ONNX Runtime holds");
            assertBest(OrtTensors.view(tensor), 2, 1);
        }
    }

    /** ONNX Runtime copies an array or a heap buffer into a direct buffer of its own, which the view reads. */
    @Test
    void aTensorOrtCopiedFromAnArrayOrAHeapBufferIsViewedInItsCopy() throws Exception {
        List<Object> arrays = List.of(new float[] {1, -2, 3, 0}, new double[] {1, -2, 3, 0}, new byte[] {1, -2, 3, 0},
                new short[] {1, -2, 3, 0}, new int[] {1, -2, 3, 0}, new long[] {1, -2, 3, 0});
        for (Object array : arrays) {
            try (OnnxTensor tensor = OnnxTensor.createTensor(ENV, array)) {
                assertBest(OrtTensors.view(tensor), 2, 1);
            }
        }
        try (OnnxTensor matrix = OnnxTensor.createTensor(ENV, new float[][] {{1, -2}, {3, 0}})) {
            Tensor view = OrtTensors.view(matrix);
            assertArrayEquals(new long[] {2, 2}, view.shape());
            assertArrayEquals(new long[] {1, 1}, ArgMax.latest().keepdims(false).apply(view).indices());
        }
        FloatBuffer heap = FloatBuffer.wrap(new float[] {5, 1, -2, 3, 0, 5}, 1, 4);
        try (OnnxTensor tensor = OnnxTensor.createTensor(ENV, heap, new long[] {4})) {
            heap.clear();
            assertBest(OrtTensors.view(tensor), 2, 1);
        }
    }

    @Test
    void aClosedTensorIsRefused() throws Exception {
        OnnxTensor tensor = OnnxTensor.createTensor(ENV, floats(1, 2), new long[] {2});
        tensor.close();
        ArgOnnxException e = assertThrows(ArgOnnxException.class, () -> OrtTensors.view(tensor));
        assertEquals("OrtTensors.view: the float tensor [2] is closed", e.getMessage());
    }

    /** A tensor of the type over elements 4 to 7 of the arena (1, -2, 3, 0), then the arena's position moved. */
    private static OnnxTensor middleOf(ByteBuffer arena, DataType type) throws Exception {
        long[] values = switch (type) {
            case FLOAT16 -> new long[] {0x3C00, 0xC000, 0x4200, 0x0000};
            case BFLOAT16 -> new long[] {0x3F80, 0xC000, 0x4040, 0x0000};
            default -> new long[] {1, -2, 3, 0};
        };
        long padding = type == DataType.FLOAT16 ? 0x5640 : type == DataType.BFLOAT16 ? 0x42C8 : 100;
        long[] shape = {4};
        int from = 4;
        int to = 8;
        switch (type) {
            case FLOAT -> {
                FloatBuffer b = arena.asFloatBuffer();
                fill(12, from, values, padding, (i, v) -> b.put(i, v));
                OnnxTensor t = OnnxTensor.createTensor(ENV, b.position(from).limit(to), shape);
                b.clear().position(10);
                return t;
            }
            case DOUBLE -> {
                DoubleBuffer b = arena.asDoubleBuffer();
                fill(12, from, values, padding, (i, v) -> b.put(i, v));
                OnnxTensor t = OnnxTensor.createTensor(ENV, b.position(from).limit(to), shape);
                b.clear().position(10);
                return t;
            }
            case INT8, UINT8 -> {
                fill(12, from, values, padding, (i, v) -> arena.put(i, (byte) v));
                OnnxTensor t = OnnxTensor.createTensor(ENV, arena.position(from).limit(to), shape,
                        type == DataType.INT8 ? OnnxJavaType.INT8 : OnnxJavaType.UINT8);
                arena.clear().position(10);
                return t;
            }
            case INT16, FLOAT16, BFLOAT16 -> {
                ShortBuffer b = arena.asShortBuffer();
                fill(12, from, values, padding, (i, v) -> b.put(i, (short) v));
                OnnxJavaType javaType = type == DataType.INT16 ? OnnxJavaType.INT16
                        : type == DataType.FLOAT16 ? OnnxJavaType.FLOAT16 : OnnxJavaType.BFLOAT16;
                OnnxTensor t = OnnxTensor.createTensor(ENV, b.position(from).limit(to), shape, javaType);
                b.clear().position(10);
                return t;
            }
            case INT32 -> {
                IntBuffer b = arena.asIntBuffer();
                fill(12, from, values, padding, (i, v) -> b.put(i, (int) v));
                OnnxTensor t = OnnxTensor.createTensor(ENV, b.position(from).limit(to), shape);
                b.clear().position(10);
                return t;
            }
            case INT64 -> {
                LongBuffer b = arena.asLongBuffer();
                fill(12, from, values, padding, (i, v) -> b.put(i, v));
                OnnxTensor t = OnnxTensor.createTensor(ENV, b.position(from).limit(to), shape);
                b.clear().position(10);
                return t;
            }
            default -> throw new AssertionError(type);
        }
    }

    /** What a session reads from the tensor: the output of an Identity model on it. */
    private static float[] identity(OnnxTensor input) throws Exception {
        long[] shape = input.getInfo().getShape();
        try (OrtSession identity = ENV.createSession(OnnxModels.identity(OnnxModels.FLOAT, shape),
                        new OrtSession.SessionOptions());
                OrtSession.Result result = identity.run(Map.of("input", input))) {
            return copyOf((OnnxTensor) result.get("output").orElseThrow());
        }
    }

    /**
     * ONNX Runtime's copy of the memory it holds for the tensor. ({@code getValue()} is no witness: for a tensor
     * over a buffer it reads the buffer from its current position.)
     */
    private static float[] copyOf(OnnxTensor tensor) {
        FloatBuffer copy = tensor.getFloatBuffer();
        float[] values = new float[copy.remaining()];
        copy.get(values);
        return values;
    }

    private interface Put {
        void at(int index, long value);
    }

    private static void fill(int size, int from, long[] values, long padding, Put put) {
        for (int i = 0; i < size; i++) {
            put.at(i, i >= from && i < from + values.length ? values[i - from] : padding);
        }
    }

    private static FloatBuffer floats(float... values) {
        ByteBuffer bytes = ByteBuffer.allocateDirect(4 * values.length).order(ByteOrder.nativeOrder());
        return bytes.asFloatBuffer().put(values).clear();
    }

    private static void assertBest(Tensor view, long argmax, long argmin) {
        assertArrayEquals(new long[] {argmax}, ArgMax.latest().apply(view).indices(), "argmax");
        assertArrayEquals(new long[] {argmin}, ArgMin.latest().apply(view).indices(), "argmin");
    }
}
