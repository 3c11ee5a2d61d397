package io.github.argonnx.onnx;

import java.util.List;
import java.util.Objects;

/**
 * A model's node with its operator, built by the generated operator API's {@code forNode}
 * ({@link OnnxModel#operators}): what running the node needs, its input and output value names and the operator.
 *
 * @param <T> the operator's type, such as the generated {@code ArgReductionOperator} or {@code TopK}
 * @param node the node as read
 * @param operator the operator {@code forNode} built for the node
 */
public record NodeOperator<T>(OnnxNode node, T operator) {

    /**
     * A node and its operator.
     *
     * @throws NullPointerException if either is null
     */
    public NodeOperator {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(operator, "operator");
    }

    /**
     * The node's name.
     *
     * @return the name, {@code ""} when the node has none
     */
    public String name() {
        return node.name();
    }

    /**
     * The node's input value names, in order.
     *
     * @return the names; an omitted optional input is {@code ""}
     */
    public List<String> inputs() {
        return node.inputs();
    }

    /**
     * The node's output value names, in order.
     *
     * @return the names
     */
    public List<String> outputs() {
        return node.outputs();
    }
}
