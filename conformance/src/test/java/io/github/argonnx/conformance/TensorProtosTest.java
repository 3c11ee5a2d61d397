package io.github.argonnx.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.github.argonnx.conformance.onnx.TensorProto;
import io.github.argonnx.conformance.support.ElementType;
import io.github.argonnx.conformance.support.Gen;
import io.github.argonnx.conformance.support.TensorProtos;
import io.github.argonnx.conformance.support.TensorValue;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The TensorProto decoder against hand-worked encodings of every type and storage field. */
class TensorProtosTest {

    private static TensorProto.Builder tensor(ElementType type, long... dims) {
        TensorProto.Builder b = TensorProto.newBuilder().setName("x").setDataType(type.onnxCode());
        for (long d : dims) {
            b.addDims(d);
        }
        return b;
    }

    /** Little-endian bytes the decoder must produce, written out by hand. */
    private static void assertBytes(TensorProto proto, int... expected) {
        byte[] want = new byte[expected.length];
        for (int i = 0; i < expected.length; i++) {
            want[i] = (byte) expected[i];
        }
        assertArrayEquals(want, TensorProtos.decode(proto).littleEndianBytes(), proto.toString());
    }

    @Test
    void float_data_holds_ieee_single_bits() {
        // 1.5f = 0x3FC00000, -0.0f = 0x80000000
        assertBytes(tensor(ElementType.FLOAT, 2).addFloatData(1.5f).addFloatData(-0.0f).build(),
                0x00, 0x00, 0xC0, 0x3F, 0x00, 0x00, 0x00, 0x80);
    }

    @Test
    void double_data_holds_ieee_double_bits() {
        // -2.0 = 0xC000000000000000
        assertBytes(tensor(ElementType.DOUBLE, 1).addDoubleData(-2.0).build(), 0, 0, 0, 0, 0, 0, 0x00, 0xC0);
    }

    @Test
    void int8_is_sign_extended_in_int32_data() {
        assertBytes(tensor(ElementType.INT8, 3).addInt32Data(-128).addInt32Data(127).addInt32Data(-1).build(),
                0x80, 0x7F, 0xFF);
    }

    @Test
    void uint8_is_a_plain_value_in_int32_data() {
        assertBytes(tensor(ElementType.UINT8, 3).addInt32Data(0).addInt32Data(255).addInt32Data(128).build(),
                0x00, 0xFF, 0x80);
    }

    @Test
    void int16_and_uint16_in_int32_data() {
        assertBytes(tensor(ElementType.INT16, 2).addInt32Data(-32768).addInt32Data(258).build(),
                0x00, 0x80, 0x02, 0x01);
        assertBytes(tensor(ElementType.UINT16, 1).addInt32Data(65535).build(), 0xFF, 0xFF);
    }

    @Test
    void float16_and_bfloat16_are_bit_patterns_in_int32_data() {
        // float16 -inf = 0xFC00; bfloat16 1.0 = 0x3F80
        assertBytes(tensor(ElementType.FLOAT16, 1).addInt32Data(0xFC00).build(), 0x00, 0xFC);
        assertBytes(tensor(ElementType.BFLOAT16, 1).addInt32Data(0x3F80).build(), 0x80, 0x3F);
    }

    @Test
    void int32_and_int64_fields() {
        assertBytes(tensor(ElementType.INT32, 1).addInt32Data(Integer.MIN_VALUE).build(), 0, 0, 0, 0x80);
        assertBytes(tensor(ElementType.INT64, 1).addInt64Data(-2).build(),
                0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF);
    }

    @Test
    void uint32_and_uint64_share_uint64_data() {
        assertBytes(tensor(ElementType.UINT32, 1).addUint64Data(0xFFFF_FFFEL).build(), 0xFE, 0xFF, 0xFF, 0xFF);
        assertBytes(tensor(ElementType.UINT64, 1).addUint64Data(-1L).build(),
                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF);
    }

    @Test
    void raw_data_is_taken_as_is_and_wins_over_typed_fields() {
        TensorProto p = tensor(ElementType.INT16, 2)
                .setRawData(ByteString.copyFrom(new byte[] {1, 2, 3, 4}))
                .build();
        assertBytes(p, 1, 2, 3, 4);
    }

    @Test
    void a_scalar_has_one_element() {
        assertEquals(1, TensorProtos.decode(tensor(ElementType.INT64).addInt64Data(7).build()).elementCount());
    }

    @Test
    void values_that_do_not_fit_the_type_are_refused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TensorProtos.decode(tensor(ElementType.INT8, 1).addInt32Data(128).build()));
        assertTrue(e.getMessage().contains("128") && e.getMessage().contains("int8"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> TensorProtos.decode(tensor(ElementType.UINT8, 1).addInt32Data(-1).build()));
        assertThrows(IllegalArgumentException.class,
                () -> TensorProtos.decode(tensor(ElementType.UINT32, 1).addUint64Data(1L << 32).build()));
    }

    @Test
    void counts_that_do_not_match_the_dims_are_refused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TensorProtos.decode(tensor(ElementType.FLOAT, 3).addFloatData(1f).build()));
        assertTrue(e.getMessage().contains("float_data holds 1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TensorProtos.decode(
                tensor(ElementType.FLOAT, 2).setRawData(ByteString.copyFrom(new byte[7])).build()));
    }

    @Test
    void types_argmax_does_not_take_are_refused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TensorProtos.decode(TensorProto.newBuilder().setDataType(8).build()));
        assertTrue(e.getMessage().contains("8"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void every_type_survives_the_wire_in_both_storage_forms(ElementType type)
            throws InvalidProtocolBufferException {
        Gen gen = new Gen(type.ordinal());
        for (int i = 0; i < 20; i++) {
            TensorValue x = gen.tieHeavy(type, gen.shape(gen.nextInt(0, 3), 4, true), true);
            for (TensorProto p : List.of(TensorProtos.encodeRaw("x", x), TensorProtos.encodeTyped("x", x))) {
                TensorProto parsed = TensorProto.parseFrom(p.toByteArray());
                assertEquals(x, TensorProtos.decode(parsed), p.toString());
            }
        }
    }
}
