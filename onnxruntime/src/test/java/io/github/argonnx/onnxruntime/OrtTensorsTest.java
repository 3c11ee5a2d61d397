package io.github.argonnx.onnxruntime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import io.github.argonnx.ArgMax;
import io.github.argonnx.ArgMin;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgOnnxException;
import java.nio.Buffer;
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

/** Real ONNX Runtime sessions on models built here; their outputs reduced where ONNX Runtime wrote them. */
class OrtTensorsTest {

    private static final OrtEnvironment ENV = OrtEnvironment.getEnvironment();

    /** Three classes from four features: class c scores feature c plus half of feature 3, plus its bias. */
    private static final float[][] WEIGHTS = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0.5f, 0.5f, 0.5f}};
    private static final float[] BIAS = {0, 0.25f, -0.25f};

    private static OrtSession session(byte[] model) throws Exception {
        return ENV.createSession(model, new OrtSession.SessionOptions());
    }

    @Test
    void theArgMaxOfAClassifiersPinnedLogitsReadsWhatEachRunWrote() throws Exception {
        FloatBuffer features = ByteBuffer.allocateDirect(4 * 4).order(ByteOrder.nativeOrder()).asFloatBuffer();
        try (OrtSession classifier = session(OnnxModels.linearClassifier(WEIGHTS, BIAS));
                OnnxTensor input = OnnxTensor.createTensor(ENV, features, new long[] {1, 4});
                OnnxTensor logits = OrtTensors.allocate(ENV, DataType.FLOAT, 1, 3)) {
            // One view for every run: it reads the pinned buffer, so it sees each run's logits without a copy.
            Tensor view = OrtTensors.view(logits);
            assertEquals(DataType.FLOAT, view.dataType());
            assertArrayEquals(new long[] {1, 3}, view.shape());
            float[][] inputs = {{1, 0, 0, 0}, {0, 0, 2, 0}, {0, 0.1f, 0, 4}, {0.3f, 0, 0.6f, 0}};
            long[] expected = {0, 2, 1, 2};
            for (int i = 0; i < inputs.length; i++) {
                features.put(0, inputs[i]); // the input tensor reads this direct buffer too
                try (OrtSession.Result ignored = classifier.run(Map.of("features", input), Map.of("logits", logits))) {
                    long[] best = ArgMax.latest().axis(1).keepdims(false).apply(view).indices();
                    assertArrayEquals(new long[] {expected[i]}, best, "input " + i);
                    assertEquals(expected[i], argMaxOfCopy(logits), "ONNX Runtime's own copy agrees, input " + i);
                }
            }
        }
    }

    @Test
    void theViewIsTheSameMemoryAsThePinnedBuffer() throws Exception {
        try (OnnxTensor pinned = OrtTensors.allocate(ENV, DataType.INT64, 2, 3)) {
            LongBuffer memory = (LongBuffer) pinned.getBufferRef().orElseThrow();
            assertTrue(memory.isDirect());
            Tensor view = OrtTensors.view(pinned);
            assertArrayEquals(new long[] {0, 0, 0}, ArgMax.latest().axis(0).keepdims(false).apply(view).indices());
            memory.put(4, 7); // written after the view was made: the view sees it
            memory.put(3, -1);
            assertArrayEquals(new long[] {0, 1, 0}, ArgMax.latest().axis(0).keepdims(false).apply(view).indices());
            assertArrayEquals(new long[] {1, 0, 0}, ArgMin.latest().axis(0).keepdims(false).apply(view).indices());
        }
    }

    /** Each type ONNX Runtime's Java API creates from a buffer, through a real session (Identity), pinned. */
    @Test
    void everyTypeOrtCreatesFromABufferIsViewedAfterARun() throws Exception {
        // {type, raw values (bits for float16 and bfloat16), argmax, argmin}; uint8's 200 is its largest.
        List<Object[]> cases = List.of(
                new Object[] {DataType.FLOAT, new long[] {1, -2, 3, 0, 2}, 2, 1},
                new Object[] {DataType.DOUBLE, new long[] {1, -2, 3, 0, 2}, 2, 1},
                new Object[] {DataType.INT8, new long[] {1, -2, 3, 0, 2}, 2, 1},
                new Object[] {DataType.UINT8, new long[] {1, 200, 3, 0, 2}, 1, 3},
                new Object[] {DataType.INT16, new long[] {1, -2, 3, 0, 2}, 2, 1},
                new Object[] {DataType.INT32, new long[] {1, -2, 3, 0, 2}, 2, 1},
                new Object[] {DataType.INT64, new long[] {1, -2, 3, 0, Long.MIN_VALUE}, 2, 4},
                // 1, -2, 3, 0.5, 2
                new Object[] {DataType.FLOAT16, new long[] {0x3C00, 0xC000, 0x4200, 0x3800, 0x4000}, 2, 1},
                new Object[] {DataType.BFLOAT16, new long[] {0x3F80, 0xC000, 0x4040, 0x3F00, 0x4000}, 2, 1});
        for (Object[] c : cases) {
            DataType type = (DataType) c[0];
            long[] raw = (long[]) c[1];
            try (OrtSession identity = session(OnnxModels.identity(type.tensorProtoCode(), raw.length));
                    OnnxTensor input = OrtTensors.allocate(ENV, type, raw.length);
                    OnnxTensor output = OrtTensors.allocate(ENV, type, raw.length)) {
                fill(input.getBufferRef().orElseThrow(), type, raw);
                try (OrtSession.Result ignored = identity.run(Map.of("input", input), Map.of("output", output))) {
                    Tensor view = OrtTensors.view(output);
                    assertEquals(type, view.dataType());
                    assertArrayEquals(new long[] {(int) c[2]}, ArgMax.latest().apply(view).indices(), type.onnxName());
                    assertArrayEquals(new long[] {(int) c[3]}, ArgMin.latest().apply(view).indices(), type.onnxName());
                }
            }
        }
    }

    @Test
    void anOutputOrtAllocatedIsRefusedWithHowToPinIt() throws Exception {
        FloatBuffer features = ByteBuffer.allocateDirect(4 * 4).order(ByteOrder.nativeOrder()).asFloatBuffer();
        try (OrtSession classifier = session(OnnxModels.linearClassifier(WEIGHTS, BIAS));
                OnnxTensor input = OnnxTensor.createTensor(ENV, features, new long[] {1, 4});
                OrtSession.Result result = classifier.run(Map.of("features", input))) {
            OnnxTensor logits = (OnnxTensor) result.get("logits").orElseThrow();
            assertFalse(logits.getFloatBuffer().isDirect(), "ONNX Runtime's getters copy to the heap");
            ArgOnnxException e = assertThrows(ArgOnnxException.class, () -> OrtTensors.view(logits));
            assertEquals("OrtTensors.view: this float tensor [1, 3] holds its data in ONNX Runtime's own memory (an"
                    + " output OrtSession.run allocated), which its getters can only copy. Pin the output to read it in"
                    + " place: OnnxTensor out = OrtTensors.allocate(env, DataType.FLOAT, 1, 3); session.run(inputs,"
                    + " Map.of(outputName, out)); then OrtTensors.view(out)", e.getMessage());
        }
    }

    /** ONNX Runtime's Java API pins no unsigned type but uint8: the refusal names the copy that works instead. */
    @Test
    void anUnsignedOutputOrtAllocatedIsRefusedWithTheCopyThatReadsIt() throws Exception {
        for (DataType[] types : new DataType[][] {{DataType.INT16, DataType.UINT16}, {DataType.INT32, DataType.UINT32},
                {DataType.INT64, DataType.UINT64}}) {
            DataType unsigned = types[1];
            byte[] model = OnnxModels.cast(types[0].tensorProtoCode(), unsigned.tensorProtoCode(), 1, 3);
            try (OrtSession cast = session(model);
                    OnnxTensor input = OrtTensors.allocate(ENV, types[0], 1, 3)) {
                fill(input.getBufferRef().orElseThrow(), types[0], new long[] {1, -1, 2}); // -1: the largest unsigned
                try (OrtSession.Result result = cast.run(Map.of("input", input))) {
                    OnnxTensor output = (OnnxTensor) result.get("output").orElseThrow();
                    ArgOnnxException e = assertThrows(ArgOnnxException.class, () -> OrtTensors.view(output));
                    String copy = switch (unsigned) {
                        case UINT16 -> "Tensor.ofUint16(tensor.getShortBuffer(), 1, 3)";
                        case UINT32 -> "Tensor.ofUint32(tensor.getIntBuffer(), 1, 3)";
                        default -> "Tensor.ofUint64(tensor.getLongBuffer(), 1, 3)";
                    };
                    assertEquals("OrtTensors.view: this " + unsigned.onnxName() + " tensor [1, 3] holds its data in"
                            + " ONNX Runtime's own memory (an output OrtSession.run allocated), and ONNX Runtime's Java"
                            + " API creates no " + unsigned.onnxName() + " tensor to pin it with; copy it instead: "
                            + copy, e.getMessage());
                    // the copy the message names reads the output
                    Tensor copied = switch (unsigned) {
                        case UINT16 -> Tensor.ofUint16(output.getShortBuffer(), 1, 3);
                        case UINT32 -> Tensor.ofUint32(output.getIntBuffer(), 1, 3);
                        default -> Tensor.ofUint64(output.getLongBuffer(), 1, 3);
                    };
                    assertArrayEquals(new long[] {1}, ArgMax.latest().axis(1).keepdims(false).apply(copied).indices(),
                            unsigned.onnxName());
                }
            }
        }
    }

    @Test
    void heapBuffersForeignByteOrderAndShortBuffersAreRefused() {
        ArgOnnxException heap = assertThrows(ArgOnnxException.class,
                () -> OrtTensors.view(FloatBuffer.allocate(3), DataType.FLOAT, new long[] {1, 3}));
        assertTrue(heap.getMessage().contains("the float tensor's buffer is a heap HeapFloatBuffer, a copy ONNX Runtime"
                + " neither reads nor writes"), heap.getMessage());
        ByteOrder foreign = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? ByteOrder.BIG_ENDIAN
                : ByteOrder.LITTLE_ENDIAN;
        ArgOnnxException order = assertThrows(ArgOnnxException.class, () -> OrtTensors.view(
                ByteBuffer.allocateDirect(12).order(foreign).asIntBuffer(), DataType.INT32, new long[] {3}));
        assertTrue(order.getMessage().contains("but ONNX Runtime reads them in the platform's order"), order.getMessage());
        ArgOnnxException tooShort = assertThrows(ArgOnnxException.class, () -> OrtTensors.view(
                ByteBuffer.allocateDirect(8).order(ByteOrder.nativeOrder()).asIntBuffer(), DataType.INT32,
                new long[] {3}));
        assertTrue(tooShort.getMessage().contains("has 3 elements, but its buffer has only 2 elements"),
                tooShort.getMessage());
    }

    @Test
    void allocateRefusesTypesOrtCannotCreateAndShapesWithoutElementsCounted() {
        ArgOnnxException unsigned = assertThrows(ArgOnnxException.class,
                () -> OrtTensors.allocate(ENV, DataType.UINT16, 4));
        assertTrue(unsigned.getMessage().contains("creates no uint16 tensor from a buffer"), unsigned.getMessage());
        ArgOnnxException symbolic = assertThrows(ArgOnnxException.class,
                () -> OrtTensors.allocate(ENV, DataType.FLOAT, -1, 10));
        assertTrue(symbolic.getMessage().contains("[-1, 10] has a negative (symbolic or unknown) dimension"),
                symbolic.getMessage());
        assertThrows(ArgOnnxException.class, () -> OrtTensors.view(null));
    }

    private static long argMaxOfCopy(OnnxTensor logits) {
        FloatBuffer copy = logits.getFloatBuffer();
        int best = 0;
        for (int i = 1; i < copy.remaining(); i++) {
            if (copy.get(i) > copy.get(best)) {
                best = i;
            }
        }
        return best;
    }

    private static void fill(Buffer buffer, DataType type, long[] raw) {
        for (int i = 0; i < raw.length; i++) {
            if (buffer instanceof FloatBuffer b) {
                b.put(i, raw[i]);
            } else if (buffer instanceof DoubleBuffer b) {
                b.put(i, raw[i]);
            } else if (buffer instanceof ShortBuffer b) {
                b.put(i, (short) raw[i]);
            } else if (buffer instanceof IntBuffer b) {
                b.put(i, (int) raw[i]);
            } else if (buffer instanceof LongBuffer b) {
                b.put(i, raw[i]);
            } else if (buffer instanceof ByteBuffer b) {
                b.put(i, (byte) raw[i]);
            } else {
                throw new AssertionError(type + " over " + buffer);
            }
        }
    }

    @Test
    void aShapeWithAZeroDimensionHasNoElementsHoweverLargeTheOthers() throws Exception {
        try (OnnxTensor empty = OrtTensors.allocate(ENV, DataType.FLOAT, 65536, 65536, 0)) {
            Tensor view = OrtTensors.view(empty);
            assertArrayEquals(new long[] {65536, 65536, 0}, view.shape());
            assertArrayEquals(new long[] {1, 65536, 0}, ArgMax.latest().apply(view).shape());
        }
    }
}
