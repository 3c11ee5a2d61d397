package io.github.argonnx.onnxruntime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ai.onnxruntime.OrtEnvironment;
import io.github.argonnx.DataType;
import io.github.argonnx.runtime.ArgOnnxException;
import org.junit.jupiter.api.Test;

/** What {@link OrtTensors#allocate} refuses before it takes any memory. */
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
}
