package io.github.argonnx.generator.model;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One version of an operator, as its ONNX document describes it.
 *
 * @param sinceVersion the opset version that introduced this version
 * @param function whether ONNX defines the operator as a function
 * @param supportLevel {@code COMMON} or {@code EXPERIMENTAL}
 * @param shapeInference whether ONNX has shape inference for it
 * @param summary the summary paragraph, verbatim
 */
public record VersionSpec(
        int sinceVersion,
        boolean function,
        String supportLevel,
        boolean shapeInference,
        String summary,
        List<AttributeSpec> attributes,
        List<ParameterSpec> inputs,
        List<ParameterSpec> outputs,
        List<TypeConstraintSpec> typeConstraints,
        SourceLocation location) {

    public VersionSpec {
        attributes = List.copyOf(attributes);
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        typeConstraints = List.copyOf(typeConstraints);
    }

    public Optional<AttributeSpec> attribute(String name) {
        return attributes.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    public Optional<TypeConstraintSpec> typeConstraint(String parameter) {
        return typeConstraints.stream().filter(c -> c.parameter().equals(parameter)).findFirst();
    }

    /** The element types a parameter (input or output) accepts in this version. */
    public Set<ElementType> allowedTypes(ParameterSpec parameter) {
        if (parameter.type() instanceof TypeRef.Fixed fixed) {
            return Set.of(fixed.type());
        }
        String name = ((TypeRef.Parameter) parameter.type()).name();
        return typeConstraint(name).map(c -> Set.copyOf(c.allowedTypes())).orElse(Set.of());
    }
}
