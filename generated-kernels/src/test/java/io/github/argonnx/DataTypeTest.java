package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgOnnxException;
import org.junit.jupiter.api.Test;

class DataTypeTest {

    @Test
    void typesCarryTheirOnnxNamesCodesAndWidths() {
        assertEquals("bfloat16", DataType.BFLOAT16.onnxName());
        assertEquals("tensor(bfloat16)", DataType.BFLOAT16.tensorTypeName());
        assertEquals(16, DataType.BFLOAT16.tensorProtoCode());
        assertEquals(2, DataType.BFLOAT16.byteWidth());
        assertEquals(1, DataType.FLOAT.tensorProtoCode());
        assertEquals(8, DataType.UINT64.byteWidth());
        assertTrue(DataType.UINT32.isUnsigned());
        assertFalse(DataType.INT32.isUnsigned());
        assertTrue(DataType.FLOAT16.isFloatingPoint());
        assertFalse(DataType.UINT8.isFloatingPoint());
    }

    @Test
    void lookupsFindEveryType() {
        for (DataType type : DataType.values()) {
            assertEquals(type, DataType.fromTensorProtoCode(type.tensorProtoCode()));
            assertEquals(type, DataType.fromOnnxName(type.onnxName()));
        }
        assertEquals(DataType.DOUBLE, DataType.fromTensorProtoCode(11));
        assertEquals(DataType.UINT8, DataType.fromOnnxName("uint8"));
    }

    @Test
    void unknownCodesAndNamesAreRefusedWithTheKnownOnes() {
        assertEquals("TensorProto data type code 8 is not a supported element type (supported: 1 float, 2 uint8,"
                + " 3 int8, 4 uint16, 5 int16, 6 int32, 7 int64, 10 float16, 11 double, 12 uint32, 13 uint64,"
                + " 16 bfloat16)",
                assertThrows(ArgOnnxException.class, () -> DataType.fromTensorProtoCode(8)).getMessage());
        assertEquals("unknown ONNX element type 'string' (known: bfloat16, double, float, float16, int16, int32,"
                + " int64, int8, uint16, uint32, uint64, uint8)",
                assertThrows(ArgOnnxException.class, () -> DataType.fromOnnxName("string")).getMessage());
    }
}
