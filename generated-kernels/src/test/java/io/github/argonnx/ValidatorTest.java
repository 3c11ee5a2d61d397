package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.ArgReduction;
import io.github.argonnx.runtime.NodeAttributes;
import io.github.argonnx.validation.ArgMaxV12Validator;
import io.github.argonnx.validation.ArgMaxV13Validator;
import io.github.argonnx.validation.ArgMinV11Validator;
import io.github.argonnx.validation.ArgMinV1Validator;
import org.junit.jupiter.api.Test;

/** The generated validators used directly, as a runtime that reads ONNX models would. */
class ValidatorTest {

    @Test
    void typeConstraintsPerVersion() {
        assertFalse(ArgMaxV12Validator.accepts(DataType.BFLOAT16));
        assertTrue(ArgMaxV13Validator.accepts(DataType.BFLOAT16));
        assertEquals(11, ArgMinV1Validator.dataTypes().size());
        assertEquals(12, ArgMaxV13Validator.dataTypes().size());
    }

    @Test
    void validateResolvesDefaultsAndNormalisesTheAxis() {
        ArgReduction call = ArgMaxV13Validator.validate(DataType.UINT16, new long[] {4, 5, 6},
                NodeAttributes.none().with("axis", -2).with("select_last_index", 1));
        assertEquals(1, call.axis());
        assertTrue(call.keepDims());
        assertTrue(call.selectLastIndex());
        assertArrayEquals(new long[] {4, 1, 6}, call.outputShape());
        assertEquals(24, call.outputElementCount());
    }

    @Test
    void versionsWithoutSelectLastIndexNeverSelectTheLast() {
        ArgReduction call = ArgMinV11Validator.validate(DataType.FLOAT, new long[] {3}, NodeAttributes.none()
                .with("keepdims", 0));
        assertFalse(call.selectLastIndex());
        assertFalse(call.keepDims());
        assertArrayEquals(new long[] {}, call.outputShape());
    }

    @Test
    void unknownAttributesAreRefusedWithTheVersionsAttributes() {
        ArgOnnxException e = assertThrows(ArgOnnxException.class,
                () -> ArgMaxV13Validator.checkAttribute("axes", 1));
        assertEquals("ArgMax-13: attribute 'axes' (set to 1) does not exist in ArgMax-13 (ArgMax-13 has attributes:"
                + " axis, keepdims, select_last_index)", e.getMessage());
    }

    @Test
    void aNullTypeIsRefused() {
        ArgOnnxException e = assertThrows(ArgOnnxException.class, () -> ArgMaxV13Validator.checkType(null));
        assertEquals("ArgMax-13: input 'data' has no element type (null)", e.getMessage());
    }
}
