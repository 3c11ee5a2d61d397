package io.github.argonnx.conformance.support;

import com.google.protobuf.ByteString;
import io.github.argonnx.conformance.onnx.TensorProto;
import java.util.Arrays;

/**
 * Converts between ONNX {@code TensorProto}s and {@link TensorValue}s.
 *
 * <p>Decoding accepts every way ONNX stores the ArgMax/ArgMin types: {@code raw_data}
 * (little-endian, fixed width), or the typed field for the type, where ONNX widens the narrow
 * types into {@code int32_data} (int8/int16 sign-extended, uint8/uint16 as values, float16 and
 * bfloat16 as their 16-bit patterns) and keeps uint32 with uint64 in {@code uint64_data}. Values
 * that do not fit the type and counts that do not match the dims are errors, not truncations.
 */
public final class TensorProtos {

    private TensorProtos() {}

    public static TensorValue decode(TensorProto proto) {
        ElementType type = ElementType.fromOnnxCode(proto.getDataType());
        long[] shape = proto.getDimsList().stream().mapToLong(Long::longValue).toArray();
        int count = Math.toIntExact(TensorValue.count(shape));
        String what = "tensor '" + proto.getName() + "' (" + type.onnxName() + Arrays.toString(shape) + ")";
        if (proto.hasRawData()) {
            return TensorValue.of(type, shape, proto.getRawData().toByteArray());
        }
        long[] bits = new long[count];
        switch (type) {
            case FLOAT:
                requireCount(what, "float_data", proto.getFloatDataCount(), count);
                for (int i = 0; i < count; i++) {
                    bits[i] = Float.floatToRawIntBits(proto.getFloatData(i)) & 0xFFFF_FFFFL;
                }
                break;
            case DOUBLE:
                requireCount(what, "double_data", proto.getDoubleDataCount(), count);
                for (int i = 0; i < count; i++) {
                    bits[i] = Double.doubleToRawLongBits(proto.getDoubleData(i));
                }
                break;
            case INT64:
                requireCount(what, "int64_data", proto.getInt64DataCount(), count);
                for (int i = 0; i < count; i++) {
                    bits[i] = proto.getInt64Data(i);
                }
                break;
            case UINT32:
            case UINT64:
                requireCount(what, "uint64_data", proto.getUint64DataCount(), count);
                for (int i = 0; i < count; i++) {
                    long v = proto.getUint64Data(i);
                    if (type == ElementType.UINT32 && (v >>> 32) != 0) {
                        throw new IllegalArgumentException(what + ": uint64_data[" + i + "] = "
                                + Long.toUnsignedString(v) + " does not fit uint32");
                    }
                    bits[i] = v;
                }
                break;
            default: // int32 and the types ONNX widens into int32_data
                requireCount(what, "int32_data", proto.getInt32DataCount(), count);
                for (int i = 0; i < count; i++) {
                    bits[i] = fromInt32Data(type, proto.getInt32Data(i), what, i);
                }
                break;
        }
        return TensorValue.ofBits(type, shape, bits);
    }

    private static long fromInt32Data(ElementType type, int v, String what, int i) {
        long min;
        long max;
        switch (type) {
            case INT32:
                return v & 0xFFFF_FFFFL;
            case INT8:
                min = Byte.MIN_VALUE;
                max = Byte.MAX_VALUE;
                break;
            case INT16:
                min = Short.MIN_VALUE;
                max = Short.MAX_VALUE;
                break;
            case UINT8:
                min = 0;
                max = 0xFF;
                break;
            default: // UINT16, FLOAT16, BFLOAT16: 16 unsigned bits
                min = 0;
                max = 0xFFFF;
                break;
        }
        if (v < min || v > max) {
            throw new IllegalArgumentException(what + ": int32_data[" + i + "] = " + v + " does not fit "
                    + type.onnxName() + " (" + min + ".." + max + ")");
        }
        return v;
    }

    private static void requireCount(String what, String field, int actual, int expected) {
        if (actual != expected) {
            throw new IllegalArgumentException(what + ": " + field + " holds " + actual
                    + " elements, the dims say " + expected);
        }
    }

    /** The tensor with its elements in {@code raw_data}, as ONNX's own tools write it. */
    public static TensorProto encodeRaw(String name, TensorValue value) {
        return header(name, value).setRawData(ByteString.copyFrom(value.littleEndianBytes())).build();
    }

    /** The tensor with its elements in the typed field ONNX assigns to the type. */
    public static TensorProto encodeTyped(String name, TensorValue value) {
        TensorProto.Builder b = header(name, value);
        ElementType type = value.type();
        int n = value.elementCount();
        for (int i = 0; i < n; i++) {
            long bits = value.bits(i);
            switch (type) {
                case FLOAT:
                    b.addFloatData(Float.intBitsToFloat((int) bits));
                    break;
                case DOUBLE:
                    b.addDoubleData(Double.longBitsToDouble(bits));
                    break;
                case INT64:
                    b.addInt64Data(bits);
                    break;
                case UINT32:
                case UINT64:
                    b.addUint64Data(bits);
                    break;
                case INT8:
                case INT16:
                case INT32:
                    b.addInt32Data((int) Elements.signedValue(type, bits));
                    break;
                default: // UINT8, UINT16, FLOAT16, BFLOAT16
                    b.addInt32Data((int) bits);
                    break;
            }
        }
        return b.build();
    }

    private static TensorProto.Builder header(String name, TensorValue value) {
        TensorProto.Builder b = TensorProto.newBuilder().setName(name).setDataType(value.type().onnxCode());
        for (long d : value.shape()) {
            b.addDims(d);
        }
        return b;
    }
}
