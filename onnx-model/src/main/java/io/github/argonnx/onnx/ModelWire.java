package io.github.argonnx.onnx;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads ONNX's {@code ModelProto} from its wire format, field by field, with protobuf-java's
 * {@link CodedInputStream}: the field numbers are those of onnx.proto. Everything the reader does not need
 * is skipped as it streams by, tensor contents above all ({@code raw_data}, {@code float_data}, ...), so
 * memory follows the graph and not the weights. Unknown fields are skipped, as protobuf does.
 */
final class ModelWire {

    /** Graphs nested in graph attributes deeper than this are refused: a bound on the reader's recursion. */
    static final int MAX_GRAPH_DEPTH = 64;

    private static final int LEN = WireFormat.WIRETYPE_LENGTH_DELIMITED;
    private static final int VARINT = WireFormat.WIRETYPE_VARINT;

    // ModelProto
    private static final int MODEL_IR_VERSION = tag(1, VARINT);
    private static final int MODEL_GRAPH = tag(7, LEN);
    private static final int MODEL_OPSET_IMPORT = tag(8, LEN);
    private static final int MODEL_FUNCTIONS = tag(25, LEN);
    // FunctionProto
    private static final int FUNCTION_NAME = tag(1, LEN);
    private static final int FUNCTION_INPUT = tag(4, LEN);
    private static final int FUNCTION_OUTPUT = tag(5, LEN);
    private static final int FUNCTION_NODE = tag(7, LEN);
    private static final int FUNCTION_OPSET_IMPORT = tag(9, LEN);
    private static final int FUNCTION_DOMAIN = tag(10, LEN);
    private static final int FUNCTION_VALUE_INFO = tag(12, LEN);
    private static final int FUNCTION_OVERLOAD = tag(13, LEN);
    // OperatorSetIdProto
    private static final int OPSET_DOMAIN = tag(1, LEN);
    private static final int OPSET_VERSION = tag(2, VARINT);
    // GraphProto
    private static final int GRAPH_NODE = tag(1, LEN);
    private static final int GRAPH_NAME = tag(2, LEN);
    private static final int GRAPH_INITIALIZER = tag(5, LEN);
    private static final int GRAPH_INPUT = tag(11, LEN);
    private static final int GRAPH_OUTPUT = tag(12, LEN);
    private static final int GRAPH_VALUE_INFO = tag(13, LEN);
    // NodeProto
    private static final int NODE_INPUT = tag(1, LEN);
    private static final int NODE_OUTPUT = tag(2, LEN);
    private static final int NODE_NAME = tag(3, LEN);
    private static final int NODE_OP_TYPE = tag(4, LEN);
    private static final int NODE_ATTRIBUTE = tag(5, LEN);
    private static final int NODE_DOMAIN = tag(7, LEN);
    private static final int NODE_OVERLOAD = tag(8, LEN);
    // AttributeProto
    private static final int ATTR_NAME = tag(1, LEN);
    private static final int ATTR_I = tag(3, VARINT);
    private static final int ATTR_T = tag(5, LEN);
    private static final int ATTR_G = tag(6, LEN);
    private static final int ATTR_GRAPHS = tag(11, LEN);
    private static final int ATTR_TYPE = tag(20, VARINT);
    // TensorProto
    private static final int TENSOR_DIMS = tag(1, VARINT);
    private static final int TENSOR_DIMS_PACKED = tag(1, LEN);
    private static final int TENSOR_DATA_TYPE = tag(2, VARINT);
    private static final int TENSOR_NAME = tag(8, LEN);
    // ValueInfoProto, TypeProto, TypeProto.Tensor, TensorShapeProto
    private static final int VALUE_NAME = tag(1, LEN);
    private static final int VALUE_TYPE = tag(2, LEN);
    private static final int TYPE_TENSOR = tag(1, LEN);
    private static final int TENSOR_TYPE_ELEM = tag(1, VARINT);
    private static final int TENSOR_TYPE_SHAPE = tag(2, LEN);
    private static final int SHAPE_DIM = tag(1, LEN);
    private static final int DIM_VALUE = tag(1, VARINT);

    /** AttributeProto.AttributeType names by code, as messages show them. */
    private static final String[] ATTRIBUTE_TYPES = {"UNDEFINED", "FLOAT", "INT", "STRING", "TENSOR", "GRAPH",
        "FLOATS", "INTS", "STRINGS", "TENSORS", "GRAPHS", "SPARSE_TENSOR", "SPARSE_TENSORS", "TYPE_PROTO",
        "TYPE_PROTOS"};
    private static final int ATTRIBUTE_INT = 2;

    /** What the reader itself finds wrong, beside protobuf's own reasons; its message is the whole reason. */
    static final class Malformed extends InvalidProtocolBufferException {
        private static final long serialVersionUID = 1L;

        Malformed(String reason) {
            super(reason);
        }
    }

    private final CodedInputStream in;
    private final java.util.ArrayDeque<Integer> ends = new java.util.ArrayDeque<>();

    ModelWire(CodedInputStream in) {
        this.in = in;
    }

    private static int tag(int field, int wireType) {
        return field << 3 | wireType;
    }

    /**
     * A model as read: its IR version, opset imports (domain as written, last import of a domain wins), graph and
     * local functions.
     */
    record WireModel(long irVersion, Map<String, Long> opsetImports, WireGraph graph, List<WireFunction> functions) {}

    WireModel readModel() throws IOException {
        long irVersion = 0;
        Map<String, Long> opsets = new LinkedHashMap<>();
        WireGraph graph = null;
        List<WireFunction> functions = new ArrayList<>();
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag == MODEL_IR_VERSION) {
                irVersion = in.readInt64();
            } else if (tag == MODEL_GRAPH) {
                int old = enter();
                graph = readGraph(1);
                leave(old);
            } else if (tag == MODEL_OPSET_IMPORT) {
                int old = enter();
                readOpset(opsets);
                leave(old);
            } else if (tag == MODEL_FUNCTIONS) {
                int old = enter();
                functions.add(readFunction());
                leave(old);
            } else {
                skip(tag);
            }
        }
        return new WireModel(irVersion, opsets, graph, functions);
    }

    /** A {@code FunctionProto}: its body as a graph whose inputs are untyped, and its own opset imports. */
    private WireFunction readFunction() throws IOException {
        String name = "";
        String domain = "";
        String overload = "";
        List<String> inputs = new ArrayList<>();
        List<String> outputs = new ArrayList<>();
        List<WireNode> nodes = new ArrayList<>();
        Map<String, Long> opsets = new LinkedHashMap<>();
        Map<String, ValueType> valueInfo = new LinkedHashMap<>();
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag == FUNCTION_NAME) {
                name = in.readString();
            } else if (tag == FUNCTION_DOMAIN) {
                domain = in.readString();
            } else if (tag == FUNCTION_OVERLOAD) {
                overload = in.readString();
            } else if (tag == FUNCTION_INPUT) {
                inputs.add(in.readString());
            } else if (tag == FUNCTION_OUTPUT) {
                outputs.add(in.readString());
            } else if (tag == FUNCTION_NODE || tag == FUNCTION_OPSET_IMPORT || tag == FUNCTION_VALUE_INFO) {
                int old = enter();
                if (tag == FUNCTION_NODE) {
                    nodes.add(readNode(1));
                } else if (tag == FUNCTION_OPSET_IMPORT) {
                    readOpset(opsets);
                } else {
                    readValueInfo("value_info", valueInfo);
                }
                leave(old);
            } else {
                skip(tag);
            }
        }
        return new WireFunction(name, domain, overload, inputs, opsets,
                new WireGraph(name, nodes, valueInfo, List.copyOf(outputs)));
    }

    private void readOpset(Map<String, Long> opsets) throws IOException {
        String domain = "";
        long version = 0;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag == OPSET_DOMAIN) {
                domain = in.readString();
            } else if (tag == OPSET_VERSION) {
                version = in.readInt64();
            } else {
                skip(tag);
            }
        }
        opsets.put(domain, version);
    }

    private WireGraph readGraph(int depth) throws IOException {
        if (depth > MAX_GRAPH_DEPTH) {
            throw new Malformed("graphs nested deeper than " + MAX_GRAPH_DEPTH);
        }
        String name = "";
        List<WireNode> nodes = new ArrayList<>();
        Map<String, ValueType> inputs = new LinkedHashMap<>();
        Map<String, ValueType> initializers = new LinkedHashMap<>();
        Map<String, ValueType> valueInfo = new LinkedHashMap<>();
        Map<String, ValueType> outputs = new LinkedHashMap<>();
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            int old;
            if (tag == GRAPH_NODE) {
                old = enter();
                nodes.add(readNode(depth));
            } else if (tag == GRAPH_NAME) {
                name = in.readString();
                continue;
            } else if (tag == GRAPH_INITIALIZER) {
                old = enter();
                readInitializer(initializers);
            } else if (tag == GRAPH_INPUT || tag == GRAPH_OUTPUT || tag == GRAPH_VALUE_INFO) {
                old = enter();
                String kind = tag == GRAPH_INPUT ? "graph input" : tag == GRAPH_OUTPUT ? "graph output" : "value_info";
                readValueInfo(kind, tag == GRAPH_INPUT ? inputs : tag == GRAPH_OUTPUT ? outputs : valueInfo);
            } else {
                skip(tag);
                continue;
            }
            leave(old);
        }
        // Where several declare a value, the first with an element type in this order says it.
        Map<String, ValueType> declared = new LinkedHashMap<>();
        for (Map<String, ValueType> source : List.of(inputs, initializers, valueInfo, outputs)) {
            source.forEach((value, type) -> {
                ValueType before = declared.get(value);
                if (before == null || (!before.known() && type.known())) {
                    declared.put(value, type);
                }
            });
        }
        return new WireGraph(name, nodes, declared, List.copyOf(outputs.keySet()));
    }

    private void readInitializer(Map<String, ValueType> initializers) throws IOException {
        String name = "";
        int dataType = 0;
        ReadDims dims = new ReadDims();
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag == TENSOR_NAME) {
                name = in.readString();
            } else if (tag == TENSOR_DATA_TYPE) {
                dataType = in.readInt32();
            } else if (tag == TENSOR_DIMS) {
                dims.add(in.readInt64());
            } else if (tag == TENSOR_DIMS_PACKED) {
                int old = enter();
                while (!in.isAtEnd()) {
                    dims.add(in.readInt64());
                }
                leave(old);
            } else {
                // raw_data, float_data, int64_data, external_data...: the weights, skipped unread.
                skip(tag);
            }
        }
        String source = "initializer '" + Text.shown(name) + "'";
        initializers.putIfAbsent(name, dataType == 0 ? ValueType.unknown(source + " has no data_type")
                : new ValueType(dataType, dims.rank(), dims.kept(), source));
    }

    private void readValueInfo(String kind, Map<String, ValueType> values) throws IOException {
        String name = "";
        int elementType = 0;
        ReadDims dims = null;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag == VALUE_NAME) {
                name = in.readString();
            } else if (tag == VALUE_TYPE) {
                int old = enter();
                for (int t = in.readTag(); t != 0; t = in.readTag()) {
                    if (t == TYPE_TENSOR) {
                        int tensor = enter();
                        for (int u = in.readTag(); u != 0; u = in.readTag()) {
                            if (u == TENSOR_TYPE_ELEM) {
                                elementType = in.readInt32();
                            } else if (u == TENSOR_TYPE_SHAPE) {
                                dims = readShape();
                            } else {
                                skip(u);
                            }
                        }
                        leave(tensor);
                    } else {
                        skip(t);
                    }
                }
                leave(old);
            } else {
                skip(tag);
            }
        }
        String source = kind + " '" + Text.shown(name) + "'";
        values.putIfAbsent(name, elementType == 0 ? ValueType.unknown(source + " declares no tensor element type")
                : dims == null ? new ValueType(elementType, -1, source)
                : new ValueType(elementType, dims.rank(), dims.kept(), source));
    }

    /** A {@code TensorShapeProto}: each dimension's {@code dim_value}, unknown for a {@code dim_param} or none. */
    private ReadDims readShape() throws IOException {
        int old = enter();
        ReadDims dims = new ReadDims();
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag == SHAPE_DIM) {
                int dim = enter();
                long value = -1;
                for (int t = in.readTag(); t != 0; t = in.readTag()) {
                    if (t == DIM_VALUE) {
                        value = in.readInt64();
                    } else {
                        // dim_param (a symbolic size), denotation: the size stays unknown.
                        skip(t);
                    }
                }
                leave(dim);
                dims.add(value);
            } else {
                skip(tag);
            }
        }
        leave(old);
        return dims;
    }

    private WireNode readNode(int depth) throws IOException {
        String name = "";
        String opType = "";
        String domain = "";
        String overload = "";
        List<String> inputs = new ArrayList<>();
        List<String> outputs = new ArrayList<>();
        Map<String, Long> ints = new LinkedHashMap<>();
        Map<String, String> others = new LinkedHashMap<>();
        List<Subgraph> subgraphs = new ArrayList<>();
        int valueType = 0;
        String duplicate = null;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag == NODE_INPUT) {
                inputs.add(in.readString());
            } else if (tag == NODE_OUTPUT) {
                outputs.add(in.readString());
            } else if (tag == NODE_NAME) {
                name = in.readString();
            } else if (tag == NODE_OP_TYPE) {
                opType = in.readString();
            } else if (tag == NODE_DOMAIN) {
                domain = in.readString();
            } else if (tag == NODE_OVERLOAD) {
                overload = in.readString();
            } else if (tag == NODE_ATTRIBUTE) {
                int old = enter();
                Attribute a = readAttribute(depth);
                leave(old);
                if (ints.containsKey(a.name) || others.containsKey(a.name)) {
                    duplicate = duplicate == null ? a.name : duplicate;
                } else if (a.type == ATTRIBUTE_INT || (a.type == 0 && a.hasInt)) {
                    ints.put(a.name, a.value);
                } else {
                    others.put(a.name, a.type >= 0 && a.type < ATTRIBUTE_TYPES.length ? ATTRIBUTE_TYPES[a.type]
                            : "type " + a.type);
                }
                if (a.name.equals("value") && a.tensorType != 0) {
                    valueType = a.tensorType;
                }
                for (WireGraph g : a.graphs) {
                    subgraphs.add(new Subgraph(a.name, g));
                }
            } else {
                skip(tag);
            }
        }
        return new WireNode(name, opType, domain, overload, inputs, outputs, ints, others, valueType, duplicate,
                subgraphs);
    }

    /** One attribute as read: its graphs, and for a TENSOR only the element type. */
    private static final class Attribute {
        String name = "";
        int type;
        boolean hasInt;
        long value;
        int tensorType;
        final List<WireGraph> graphs = new ArrayList<>();
    }

    private Attribute readAttribute(int depth) throws IOException {
        Attribute a = new Attribute();
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag == ATTR_NAME) {
                a.name = in.readString();
            } else if (tag == ATTR_TYPE) {
                a.type = in.readEnum();
            } else if (tag == ATTR_I) {
                a.value = in.readInt64();
                a.hasInt = true;
            } else if (tag == ATTR_T) {
                int old = enter();
                for (int t = in.readTag(); t != 0; t = in.readTag()) {
                    if (t == TENSOR_DATA_TYPE) {
                        a.tensorType = in.readInt32();
                    } else {
                        skip(t);
                    }
                }
                leave(old);
            } else if (tag == ATTR_G || tag == ATTR_GRAPHS) {
                int old = enter();
                a.graphs.add(readGraph(depth + 1));
                leave(old);
            } else {
                skip(tag);
            }
        }
        return a;
    }

    /** Starts reading an embedded message: its length, as a limit on what follows. */
    private int enter() throws IOException {
        int length = in.readRawVarint32();
        int oldLimit = in.pushLimit(length);
        ends.push(in.getTotalBytesRead() + length);
        return oldLimit;
    }

    /**
     * Ends an embedded message, which must have been read to its end: a stream that ends inside it reads as
     * its end to {@link CodedInputStream#readTag}, so the position tells a truncated file.
     */
    private void leave(int oldLimit) throws IOException {
        if (in.getTotalBytesRead() != ends.pop()) {
            throw new Malformed("the data ends inside an embedded message (truncated)");
        }
        in.popLimit(oldLimit);
    }

    private void skip(int tag) throws IOException {
        if (!in.skipField(tag)) {
            throw new Malformed("an end-group tag where no group is open");
        }
    }
}
