package io.github.argonnx.generator.model;

/**
 * An input or output of an operator version.
 *
 * @param name formal name, for example {@code data}
 * @param type a type parameter or a fixed tensor type
 * @param heterogeneous as the ONNX document marks it
 * @param doc verbatim documentation
 * @param nonEmpty whether the document requires the tensor to have at least one element
 */
public record ParameterSpec(
        String name, TypeRef type, boolean heterogeneous, String doc, boolean nonEmpty, SourceLocation location) {}
