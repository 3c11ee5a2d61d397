package io.github.argonnx.benchmarks;

import io.github.argonnx.DataType;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes the smallest ONNX model that runs one ArgMax/ArgMin or TopK node, for ONNX Runtime. The protobuf
 * wire format is spelled out by hand (field numbers from onnx.proto) so that the benchmarks need no
 * generated protobuf classes.
 */
final class OnnxModel {

    private static final int OPSET = 13;
    private static final int IR_VERSION = 8;
    private static final int ATTRIBUTE_TYPE_INT = 2;
    private static final int ELEM_TYPE_INT64 = 7;

    private OnnxModel() {}

    /** Model bytes for {@code y = op(x, axis, keepdims=0, select_last_index=0)}. */
    static byte[] argReduce(Operator op, DataType type, Geometry g) {
        Proto node = new Proto()
                .string(1, "x")
                .string(2, "y")
                .string(3, "node")
                .string(4, op.name())
                .message(5, intAttribute("axis", g.axis()))
                .message(5, intAttribute("keepdims", 0))
                .message(5, intAttribute("select_last_index", 0));
        Proto graph = new Proto()
                .message(1, node)
                .string(2, "bench")
                .message(11, valueInfo("x", type.tensorProtoCode(), g.shape()))
                .message(12, valueInfo("y", ELEM_TYPE_INT64, g.reducedShape()));
        return model(graph);
    }

    /**
     * Model bytes for {@code values, indices = TopK(x, k, axis, largest=1, sorted=1)} (TopK-11 at the
     * model's opset): k is the int64 input {@code k} of shape [1], fed with every call as an
     * application feeds it.
     */
    static byte[] topK(DataType type, Geometry g, long[] outputShape) {
        Proto node = new Proto()
                .string(1, "x")
                .string(1, "k")
                .string(2, "values")
                .string(2, "indices")
                .string(3, "node")
                .string(4, "TopK")
                .message(5, intAttribute("axis", g.axis()))
                .message(5, intAttribute("largest", 1))
                .message(5, intAttribute("sorted", 1));
        Proto graph = new Proto()
                .message(1, node)
                .string(2, "bench")
                .message(11, valueInfo("x", type.tensorProtoCode(), g.shape()))
                .message(11, valueInfo("k", ELEM_TYPE_INT64, new long[] {1}))
                .message(12, valueInfo("values", type.tensorProtoCode(), outputShape))
                .message(12, valueInfo("indices", ELEM_TYPE_INT64, outputShape));
        return model(graph);
    }

    private static byte[] model(Proto graph) {
        Proto opsetImport = new Proto().string(1, "").varint(2, OPSET);
        return new Proto()
                .varint(1, IR_VERSION)
                .string(2, "argonnx-benchmarks")
                .message(7, graph)
                .message(8, opsetImport)
                .bytes();
    }

    private static Proto intAttribute(String name, long value) {
        return new Proto().string(1, name).varint(3, value).varint(20, ATTRIBUTE_TYPE_INT);
    }

    private static Proto valueInfo(String name, int elemType, long[] shape) {
        Proto dims = new Proto();
        for (long d : shape) {
            dims.message(1, new Proto().varint(1, d));
        }
        Proto tensorType = new Proto().varint(1, elemType).message(2, dims);
        return new Proto().string(1, name).message(2, new Proto().message(1, tensorType));
    }

    /** A protobuf message under construction: fields appended in the order given. */
    private static final class Proto {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Proto varint(int field, long value) {
            tag(field, 0);
            writeVarint(value);
            return this;
        }

        Proto string(int field, String value) {
            return lengthDelimited(field, value.getBytes(StandardCharsets.UTF_8));
        }

        Proto message(int field, Proto value) {
            return lengthDelimited(field, value.bytes());
        }

        byte[] bytes() {
            return out.toByteArray();
        }

        private Proto lengthDelimited(int field, byte[] value) {
            tag(field, 2);
            writeVarint(value.length);
            out.write(value, 0, value.length);
            return this;
        }

        private void tag(int field, int wireType) {
            writeVarint((long) field << 3 | wireType);
        }

        private void writeVarint(long value) {
            while ((value & ~0x7FL) != 0) {
                out.write((int) (value & 0x7F) | 0x80);
                value >>>= 7;
            }
            out.write((int) value);
        }
    }
}
