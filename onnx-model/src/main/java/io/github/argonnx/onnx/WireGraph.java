package io.github.argonnx.onnx;

import java.util.List;
import java.util.Map;

/**
 * What the reader keeps of a {@code GraphProto}: its nodes as {@link WireNode}s and the types its inputs,
 * initializers, {@code value_info} and outputs declare. Weights are not kept; only their element type and
 * dimensions are.
 *
 * @param declared declared value types by value name, the first declaration with an element type winning
 * @param outputs the graph's output names, in order
 */
record WireGraph(String name, List<WireNode> nodes, Map<String, ValueType> declared, List<String> outputs) {}

/**
 * What the reader keeps of a {@code NodeProto}.
 *
 * @param overload the local function overload the node calls ({@code NodeProto.overload}), {@code ""} for none
 * @param ints the INT attributes, by name, in model order
 * @param others the name and attribute type of every other attribute
 * @param valueType the {@code data_type} of a TENSOR attribute {@code value} (Constant, ConstantOfShape), or 0
 * @param duplicate the name of an attribute given twice, or null
 * @param subgraphs the GRAPH and GRAPHS attributes' graphs
 */
record WireNode(String name, String opType, String domain, String overload, List<String> inputs, List<String> outputs,
        Map<String, Long> ints, Map<String, String> others, int valueType, String duplicate,
        List<Subgraph> subgraphs) {}

/**
 * A local function ({@code ModelProto.functions}): nodes of its {@code domain} with op type {@code name} (and the
 * same {@code overload}) call it. Its body is a graph whose outputs are the function's outputs.
 *
 * @param inputs the function's input names, in order: a call's inputs in the same order
 * @param opsets the function's own opset imports, by domain
 */
record WireFunction(String name, String domain, String overload, List<String> inputs, Map<String, Long> opsets,
        WireGraph body) {}

/** A graph attribute's graph, with the attribute's name ({@code then_branch}, {@code body}, ...). */
record Subgraph(String attribute, WireGraph graph) {}

/**
 * A value's element type, rank and dimensions as far as they are known, and where they come from (or why not).
 *
 * @param elementType the {@code TensorProto.DataType} code, 0 when unknown
 * @param rank the rank, -1 when unknown
 * @param dims each axis's size, -1 where unknown; null when no size is known (and always when the rank is not
 *     known): an array of {@code rank} elements otherwise, shared between values and never written to
 * @param source where the type comes from, or why it is unknown
 */
record ValueType(int elementType, int rank, long[] dims, String source) {

    ValueType {
        if (dims != null && dims.length != rank) {
            dims = null;
        }
    }

    /** A type whose dimensions are not known. */
    ValueType(int elementType, int rank, String source) {
        this(elementType, rank, null, source);
    }

    static ValueType unknown(String reason) {
        return new ValueType(0, -1, reason);
    }

    boolean known() {
        return elementType != 0;
    }
}
