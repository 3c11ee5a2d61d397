package io.github.argonnx.onnx.testing;

import com.google.protobuf.CodedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes ONNX models in the protobuf wire format for tests (onnx.proto's field numbers), so that tests
 * build exactly the graphs they need: subgraphs, opset imports, custom domains, external data.
 */
public final class OnnxWriter {

    /** TensorProto.DataType codes the tests use. */
    public static final int FLOAT = 1;
    public static final int UINT8 = 2;
    public static final int INT8 = 3;
    public static final int INT32 = 6;
    public static final int INT64 = 7;
    public static final int STRING = 8;
    public static final int BOOL = 9;
    public static final int FLOAT16 = 10;
    public static final int DOUBLE = 11;
    public static final int BFLOAT16 = 16;

    private OnnxWriter() {}

    /** A message under construction: its fields, written in the order added. */
    abstract static class Message<T extends Message<T>> {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final CodedOutputStream out = CodedOutputStream.newInstance(bytes);

        @SuppressWarnings("unchecked")
        T self() {
            return (T) this;
        }

        T string(int field, String value) {
            return write(() -> out.writeString(field, value));
        }

        T varint(int field, long value) {
            return write(() -> out.writeInt64(field, value));
        }

        T message(int field, Message<?> message) {
            byte[] inner = message.toBytes();
            return write(() -> out.writeByteArray(field, inner));
        }

        /** A varint without a tag: an element of a packed repeated field. */
        T varintValue(long value) {
            return write(() -> out.writeInt64NoTag(value));
        }

        T raw(int field, byte[] value) {
            return write(() -> out.writeByteArray(field, value));
        }

        T float32(int field, float value) {
            return write(() -> out.writeFloat(field, value));
        }

        private interface Write {
            void run() throws IOException;
        }

        private T write(Write w) {
            try {
                w.run();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return self();
        }

        /** The message's bytes. */
        public byte[] toBytes() {
            try {
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return bytes.toByteArray();
        }
    }

    /** A {@code ModelProto}. */
    public static Model model() {
        return new Model().varint(1, 8);
    }

    /** A {@code GraphProto} with this name. */
    public static Graph graph(String name) {
        return new Graph().string(2, name);
    }

    /** A {@code NodeProto} of this op type and name, with its input and output value names. */
    public static Node node(String opType, String name, List<String> inputs, List<String> outputs) {
        Node n = new Node();
        inputs.forEach(i -> n.string(1, i));
        outputs.forEach(o -> n.string(2, o));
        return n.string(3, name).string(4, opType);
    }

    /** A ModelProto. */
    public static final class Model extends Message<Model> {
        /** An {@code opset_import}. */
        public Model opset(String domain, long version) {
            return message(8, new Plain().string(1, domain).varint(2, version));
        }

        public Model graph(Graph graph) {
            return message(7, graph);
        }

        /** A local function ({@code ModelProto.functions}). */
        public Model function(Function function) {
            return message(25, function);
        }

        /** A {@code doc_string}, to make a model larger without changing what it holds. */
        public Model doc(String doc) {
            return string(6, doc);
        }
    }

    /** A {@code FunctionProto} of this domain and name, with its input and output names. */
    public static Function function(String domain, String name, List<String> inputs, List<String> outputs) {
        Function f = new Function().string(1, name).string(10, domain);
        inputs.forEach(i -> f.string(4, i));
        outputs.forEach(o -> f.string(5, o));
        return f;
    }

    /** A FunctionProto. */
    public static final class Function extends Message<Function> {
        public Function node(Node node) {
            return message(7, node);
        }

        /** The function's own {@code opset_import}. */
        public Function opset(String domain, long version) {
            return message(9, new Plain().string(1, domain).varint(2, version));
        }
    }

    /** A message with no helpers of its own. */
    public static final class Plain extends Message<Plain> {}

    /** A GraphProto. */
    public static final class Graph extends Message<Graph> {
        public Graph node(Node node) {
            return message(1, node);
        }

        /** A graph input of a tensor type; rank -1 leaves the shape out. */
        public Graph input(String name, int elemType, int rank) {
            return message(11, tensorValue(name, elemType, rank));
        }

        public Graph output(String name, int elemType, int rank) {
            return message(12, tensorValue(name, elemType, rank));
        }

        public Graph valueInfo(String name, int elemType, int rank) {
            return message(13, tensorValue(name, elemType, rank));
        }

        /**
         * A graph input of a tensor type with this shape, one entry per axis: a number is its {@code dim_value},
         * {@code "?"} a dimension with neither value nor name, anything else its {@code dim_param}.
         */
        public Graph inputShape(String name, int elemType, String... dims) {
            return message(11, shapedValue(name, elemType, dims));
        }

        /** A {@code value_info} with this shape, written as {@link #inputShape} writes it. */
        public Graph valueInfoShape(String name, int elemType, String... dims) {
            return message(13, shapedValue(name, elemType, dims));
        }

        /** A graph output with this shape, written as {@link #inputShape} writes it. */
        public Graph outputShape(String name, int elemType, String... dims) {
            return message(12, shapedValue(name, elemType, dims));
        }

        /** An initializer with these {@code dims}, written packed, and {@code raw_data} of this many bytes. */
        public Graph packedInitializer(String name, int dataType, long[] dims, int rawBytes) {
            Plain packed = new Plain();
            for (long d : dims) {
                packed.varintValue(d);
            }
            return message(5, new Plain().raw(1, packed.toBytes()).varint(2, dataType).string(8, name)
                    .raw(9, new byte[rawBytes]));
        }

        /** An initializer with {@code raw_data} of this many bytes. */
        public Graph initializer(String name, int dataType, long[] dims, int rawBytes) {
            Plain t = new Plain();
            for (long d : dims) {
                t.varint(1, d);
            }
            return message(5, t.varint(2, dataType).string(8, name).raw(9, new byte[rawBytes]));
        }

        /** An initializer whose data is in an external file ({@code data_location} EXTERNAL). */
        public Graph externalInitializer(String name, int dataType, long[] dims, String location) {
            Plain t = new Plain();
            for (long d : dims) {
                t.varint(1, d);
            }
            t.varint(2, dataType).string(8, name)
                    .message(13, new Plain().string(1, "location").string(2, location))
                    .message(13, new Plain().string(1, "length").string(2, "1000000000"))
                    .varint(14, 1);
            return message(5, t);
        }
    }

    /** A ValueInfoProto of a tensor type; elemType 0 leaves the type out, rank -1 the shape. */
    static Plain tensorValue(String name, int elemType, int rank) {
        Plain info = new Plain().string(1, name);
        if (elemType != 0) {
            Plain tensor = new Plain().varint(1, elemType);
            if (rank >= 0) {
                Plain shape = new Plain();
                for (int i = 0; i < rank; i++) {
                    shape.message(1, new Plain().varint(1, 2));
                }
                tensor.message(2, shape);
            }
            info.message(2, new Plain().message(1, tensor));
        }
        return info;
    }

    /** A ValueInfoProto of a tensor type with a shape, as {@link Graph#inputShape} describes it. */
    static Plain shapedValue(String name, int elemType, String... dims) {
        Plain shape = new Plain();
        for (String dim : dims) {
            shape.message(1, dim.equals("?") ? new Plain() : dim.matches("-?[0-9]+")
                    ? new Plain().varint(1, Long.parseLong(dim)) : new Plain().string(2, dim));
        }
        return new Plain().string(1, name)
                .message(2, new Plain().message(1, new Plain().varint(1, elemType).message(2, shape)));
    }

    /** A NodeProto. */
    public static final class Node extends Message<Node> {
        public Node domain(String domain) {
            return string(7, domain);
        }

        /** An INT attribute. */
        public Node attr(String name, long value) {
            return message(5, new Plain().string(1, name).varint(3, value).varint(20, 2));
        }

        /** A FLOAT attribute. */
        public Node attrFloat(String name, float value) {
            return message(5, new Plain().string(1, name).float32(2, value).varint(20, 1));
        }

        /** A GRAPH attribute. */
        public Node attr(String name, Graph graph) {
            return message(5, new Plain().string(1, name).message(6, graph).varint(20, 5));
        }

        /** A TENSOR attribute holding a scalar of this type ({@code Constant}'s {@code value}). */
        public Node tensorAttr(String name, int dataType) {
            return message(5, new Plain().string(1, name)
                    .message(5, new Plain().varint(2, dataType).raw(9, new byte[8])).varint(20, 4));
        }
    }

    /** Two value names as a list, for {@link #node}. */
    public static List<String> names(String... names) {
        return new ArrayList<>(List.of(names));
    }
}
