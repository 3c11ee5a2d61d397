package io.github.argonnx.onnx;

import io.github.argonnx.runtime.ArgOnnxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Builds nodes' operators for {@link OnnxModel#operators}. A class of its own: it is the only one that names
 * argonnx-runtime's {@link ArgOnnxException}, which is on the class path wherever generated operators are, but
 * not where models are only read (the Maven plugin).
 */
final class NodeOperators {

    private NodeOperators() {}

    static <T> List<NodeOperator<T>> build(List<OnnxNode> nodes, Set<String> opTypes, OperatorFactory<T> forNode) {
        List<NodeOperator<T>> built = new ArrayList<>();
        for (OnnxNode node : nodes) {
            if (!node.inDefaultDomain() || !opTypes.contains(node.opType())) {
                continue;
            }
            T operator;
            try {
                operator = forNode.forNode(node.opType(), node.opset(), node.attributes());
            } catch (IllegalArgumentException e) {
                throw new ArgOnnxException(node.describe() + ": " + e.getMessage(), e);
            } catch (NoClassDefFoundError e) {
                // Compiled against classes that this run's class path lacks, such as a subset without this operator.
                throw new ArgOnnxException(node.describe() + ": the class of its operator (" + e.getMessage()
                        + ") is not on the class path; generate " + node.opType() + " or leave out its op type", e);
            }
            if (operator == null) {
                throw new ArgOnnxException(node.describe() + ": forNode gave no operator");
            }
            built.add(new NodeOperator<>(node, operator));
        }
        return List.copyOf(built);
    }
}
