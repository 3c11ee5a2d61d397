package io.github.argonnx.onnxruntime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import io.github.argonnx.ArgMax;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgOnnxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shapes and sizes {@link OrtTensors#allocate} takes, and what it refuses before it takes any memory. */
class OrtAllocateTest {

    private static final OrtEnvironment ENV = OrtEnvironment.getEnvironment();

    /** ONNX Runtime takes a buffer of at most Integer.MAX_VALUE - 8 × the element's width bytes. */
    @Test
    void aBufferLargerThanOrtTakesIsRefusedBeforeItIsAllocated() {
        ArgOnnxException floats = assertThrows(ArgOnnxException.class,
                () -> OrtTensors.allocate(ENV, DataType.FLOAT, 536870911));
        assertEquals("OrtTensors.allocate: the float tensor [536870911] takes 2147483644 bytes, but ONNX Runtime's"
                + " Java API takes a buffer of at most 2147483615 bytes (Integer.MAX_VALUE - 8 x 4) for float",
                floats.getMessage());
        // the first count past the cap, for each width
        assertThrows(ArgOnnxException.class, () -> OrtTensors.allocate(ENV, DataType.FLOAT, 2, 268435452));
        assertThrows(ArgOnnxException.class, () -> OrtTensors.allocate(ENV, DataType.DOUBLE, 268435448));
        assertThrows(ArgOnnxException.class, () -> OrtTensors.allocate(ENV, DataType.BFLOAT16, 1073741820));
        ArgOnnxException bytes = assertThrows(ArgOnnxException.class,
                () -> OrtTensors.allocate(ENV, DataType.UINT8, 2147483640));
        assertEquals("OrtTensors.allocate: the uint8 tensor [2147483640] takes 2147483640 bytes, but ONNX Runtime's"
                + " Java API takes a buffer of at most 2147483639 bytes (Integer.MAX_VALUE - 8 x 1) for uint8",
                bytes.getMessage());
    }

    /** A zero dimension empties the shape wherever it stands, however large the product of the others. */
    @Test
    void aShapeWithAZeroIsEmptyInAnyOrder() throws Exception {
        for (long[] shape : new long[][] {{65536, 65536, 0}, {0, 65536, 65536}, {3, 0, 65536, 65536}}) {
            try (OnnxTensor pinned = OrtTensors.allocate(ENV, DataType.FLOAT, shape);
                    OnnxTensor input = OnnxTensor.createTensor(ENV,
                            ByteBuffer.allocateDirect(0).order(ByteOrder.nativeOrder()).asFloatBuffer(), shape)) {
                for (OnnxTensor tensor : List.of(pinned, input)) {
                    Tensor view = OrtTensors.view(tensor);
                    assertArrayEquals(shape, view.shape());
                    int axis = shape[0] == 0 ? 1 : 0; // a reduced axis of length 0 has no max
                    assertEquals(0, ArgMax.latest().axis(axis).apply(view).indices().length);
                }
            }
        }
        ArgOnnxException symbolic = assertThrows(ArgOnnxException.class,
                () -> OrtTensors.allocate(ENV, DataType.FLOAT, 0, -1));
        assertEquals("OrtTensors: the shape [0, -1] has a negative (symbolic or unknown) dimension; give the"
                + " output's actual shape", symbolic.getMessage());
    }
}
