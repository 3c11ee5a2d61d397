package io.github.argonnx.onnx;

import java.util.Map;

/**
 * Builds a node's operator from its op type, the opset in force and its INT attributes: the generated operator
 * API's {@code forNode}, as {@code ArgReductionOperator::forNode} or {@code TopK::forNode}. The generated
 * classes are in the package the library or the Maven plugin generated them into, so this module takes their
 * {@code forNode} as a function rather than naming them.
 *
 * @param <T> the operator's type
 */
@FunctionalInterface
public interface OperatorFactory<T> {

    /**
     * The operator of a node.
     *
     * @param opType the node's op type, such as {@code ArgMax}
     * @param opset the version of the default domain the model imports where the node is
     * @param attributes the node's INT attributes by name
     * @return the operator, not null
     * @throws IllegalArgumentException if the operator refuses the node (the generated API's
     *     {@code ArgOnnxException})
     */
    T forNode(String opType, long opset, Map<String, Long> attributes);
}
