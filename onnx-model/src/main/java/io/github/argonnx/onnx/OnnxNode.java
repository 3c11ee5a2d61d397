package io.github.argonnx.onnx;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One node of a model that the reader was asked for (by default every ArgMax, ArgMin and TopK node, in any
 * domain), in the main graph or in a subgraph.
 *
 * <p>With the generated operator API, the ready operator of an ArgMax or ArgMin node in the default domain is
 * {@code ArgReductionOperator.forNode(node.opType(), node.opset(), node.attributes())}.
 *
 * @param opType the op type, such as {@code ArgMax}
 * @param domain the domain as the model writes it: {@code ""} and {@code ai.onnx} are both the default domain
 * @param name the node's name, {@code ""} when it has none
 * @param opset the version of the node's domain the model imports ({@code opset_import}), 0 when it imports none
 * @param inputs the node's input value names
 * @param outputs the node's output value names
 * @param attributes the node's INT attributes by name, in model order
 * @param otherAttributes the name and attribute type ({@code FLOAT}, {@code INTS}, ...) of every other attribute
 * @param duplicateAttribute the name of an attribute the node gives twice (an invalid node), or null
 * @param graph where the node is: {@code main graph}, or the path of subgraphs and local function calls to it,
 *     such as {@code main graph > If 'cond' (node 2) then_branch} or
 *     {@code main graph > Pick 'p' (node 0) function 'local.Pick'}
 * @param index the node's position in its graph, from 0
 * @param inputType the element type of the node's first input and where it comes from
 */
public record OnnxNode(
        String opType,
        String domain,
        String name,
        long opset,
        List<String> inputs,
        List<String> outputs,
        Map<String, Long> attributes,
        Map<String, String> otherAttributes,
        String duplicateAttribute,
        String graph,
        int index,
        InputType inputType) {

    /** The default domain's canonical name. */
    public static final String DEFAULT_DOMAIN = "ai.onnx";

    /**
     * Copies the lists and maps, keeping the attributes' order.
     *
     * @throws NullPointerException if a component but {@code duplicateAttribute} is null
     */
    public OnnxNode {
        Objects.requireNonNull(opType, "opType");
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(name, "name");
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        attributes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(attributes));
        otherAttributes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(otherAttributes));
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(inputType, "inputType");
    }

    /**
     * Whether the node is in the default ONNX domain ({@code ""} or {@code ai.onnx}), where ArgMax is ONNX's ArgMax.
     *
     * @return true for the default domain
     */
    public boolean inDefaultDomain() {
        return isDefaultDomain(domain);
    }

    /**
     * The node as messages name it: op type, name and index in its graph, and the graph.
     *
     * @return for example {@code ArgMax 'am' (node 3) in main graph}
     */
    public String describe() {
        return Text.node(opType, name, index) + " in " + graph;
    }

    static boolean isDefaultDomain(String domain) {
        return domain.isEmpty() || domain.equals(DEFAULT_DOMAIN);
    }
}
