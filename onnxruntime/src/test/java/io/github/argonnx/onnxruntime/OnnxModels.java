package io.github.argonnx.onnxruntime;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Small ONNX models for the tests, written as protobuf bytes by hand: the few fields of ModelProto,
 * GraphProto, NodeProto, ValueInfoProto and TensorProto these models use, with their field numbers from
 * onnx.proto. (The conformance module generates the full classes with protoc; these models need no more.)
 */
final class OnnxModels {

    /** ONNX TensorProto.DataType codes used here. */
    static final int FLOAT = 1;

    private OnnxModels() {}

    /**
     * A linear classifier: {@code logits = features · weights + bias}, with features {@code float [1, n]},
     * weights {@code [n, classes]} and bias {@code [classes]} as initializers, opset 13.
     */
    static byte[] linearClassifier(float[][] weights, float[] bias) {
        return linear("features", "logits", weights, bias);
    }

    /**
     * {@code output = input · weights + bias}, with input {@code float [1, n]}, weights {@code [n, classes]} and
     * bias {@code [classes]} as initializers, opset 13: a classifier, or a language model's head over its hidden
     * state.
     */
    static byte[] linear(String input, String output, float[][] weights, float[] bias) {
        int n = weights.length;
        int classes = bias.length;
        ByteBuffer w = ByteBuffer.allocate(4 * n * classes).order(ByteOrder.LITTLE_ENDIAN);
        for (float[] row : weights) {
            for (float v : row) {
                w.putFloat(v);
            }
        }
        ByteBuffer b = ByteBuffer.allocate(4 * classes).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : bias) {
            b.putFloat(v);
        }
        Message graph = new Message()
                .message(1, node("MatMul", "matmul", new String[] {input, "weights"}, "scores"))
                .message(1, node("Add", "add", new String[] {"scores", "bias"}, output))
                .string(2, "linear")
                .message(5, initializer("weights", FLOAT, w.array(), n, classes))
                .message(5, initializer("bias", FLOAT, b.array(), classes))
                .message(11, valueInfo(input, FLOAT, 1, n))
                .message(12, valueInfo(output, FLOAT, 1, classes));
        return model(graph, 13);
    }

    /** One Identity node from {@code input} to {@code output}, both of the element type and shape given. */
    static byte[] identity(int elementType, long... shape) {
        Message graph = new Message()
                .message(1, node("Identity", "identity", new String[] {"input"}, "output"))
                .string(2, "identity")
                .message(11, valueInfo("input", elementType, shape))
                .message(12, valueInfo("output", elementType, shape));
        return model(graph, 13);
    }

    /** One Cast node from {@code input} of one element type to {@code output} of another, both of the shape given. */
    static byte[] cast(int fromType, int toType, long... shape) {
        Message to = new Message().string(1, "to").varint(3, toType).varint(20, 2); // AttributeProto, type INT
        Message graph = new Message()
                .message(1, node("Cast", "cast", new String[] {"input"}, "output").message(5, to))
                .string(2, "cast")
                .message(11, valueInfo("input", fromType, shape))
                .message(12, valueInfo("output", toType, shape));
        return model(graph, 13);
    }

    private static byte[] model(Message graph, int opset) {
        return new Message()
                .varint(1, 8) // ir_version 8: opset 13 and ONNX Runtime 1.22 read it
                .string(2, "argonnx-onnxruntime-tests")
                .message(7, graph)
                .message(8, new Message().string(1, "").varint(2, opset))
                .bytes();
    }

    private static Message node(String opType, String name, String[] inputs, String output) {
        Message node = new Message();
        for (String input : inputs) {
            node.string(1, input);
        }
        return node.string(2, output).string(3, name).string(4, opType);
    }

    private static Message initializer(String name, int elementType, byte[] littleEndian, long... dims) {
        Message tensor = new Message();
        for (long d : dims) {
            tensor.varint(1, d);
        }
        return tensor.varint(2, elementType).string(8, name).bytes(9, littleEndian);
    }

    private static Message valueInfo(String name, int elementType, long... dims) {
        Message shape = new Message();
        for (long d : dims) {
            shape.message(1, new Message().varint(1, d));
        }
        Message tensorType = new Message().varint(1, elementType).message(2, shape);
        return new Message().string(1, name).message(2, new Message().message(1, tensorType));
    }

    /** A protobuf message being written: fields in the order added. */
    private static final class Message {

        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Message varint(int field, long value) {
            tag(field, 0);
            raw(value);
            return this;
        }

        Message string(int field, String value) {
            return bytes(field, value.getBytes(StandardCharsets.UTF_8));
        }

        Message message(int field, Message value) {
            return bytes(field, value.bytes());
        }

        Message bytes(int field, byte[] value) {
            tag(field, 2);
            raw(value.length);
            out.writeBytes(value);
            return this;
        }

        byte[] bytes() {
            return out.toByteArray();
        }

        private void tag(int field, int wireType) {
            raw(((long) field << 3) | wireType);
        }

        private void raw(long value) {
            while ((value & ~0x7FL) != 0) {
                out.write((int) ((value & 0x7F) | 0x80));
                value >>>= 7;
            }
            out.write((int) value);
        }
    }
}
