package io.github.argonnx.generator.model;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * One attribute of an operator version.
 *
 * @param name attribute name
 * @param type ONNX attribute type
 * @param defaultValue the default, or empty when the attribute is required
 * @param doc the attribute's documentation, verbatim from the ONNX document
 * @param constraint the rule its values obey, made machine-readable from the doc's prose
 */
public record AttributeSpec(
        String name,
        AttributeType type,
        OptionalLong defaultValue,
        String doc,
        Optional<AttributeConstraint> constraint,
        SourceLocation location) {

    public boolean required() {
        return defaultValue.isEmpty();
    }
}
