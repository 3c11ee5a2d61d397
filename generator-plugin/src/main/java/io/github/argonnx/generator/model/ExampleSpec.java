package io.github.argonnx.generator.model;

import java.util.List;
import java.util.Map;

/**
 * A worked example: a node with attributes, its inputs and the expected outputs.
 *
 * @param name the example's name as its source spells it, for example {@code test_argmax_keepdims_example}
 * @param source where the example comes from (attribution)
 * @param opset the opset version the example runs at
 * @param attributes attributes set on the node; absent ones take the version's defaults
 */
public record ExampleSpec(
        String name,
        String source,
        int opset,
        Map<String, Long> attributes,
        List<TensorLiteral> inputs,
        List<TensorLiteral> outputs,
        SourceLocation location) {

    public ExampleSpec {
        attributes = Map.copyOf(attributes);
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
    }
}
