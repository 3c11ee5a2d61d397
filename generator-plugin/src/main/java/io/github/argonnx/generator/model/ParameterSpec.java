package io.github.argonnx.generator.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An input or output of an operator version.
 *
 * @param name formal name, for example {@code data}
 * @param type a type parameter or a fixed tensor type
 * @param heterogeneous as the ONNX document marks it
 * @param doc verbatim documentation
 * @param nonEmpty whether the document requires the tensor to have at least one element
 * @param shape the shape the document fixes for the tensor, for example {@code [1]} for TopK's {@code K}
 *     ("a 1-D tensor containing a single ... value"); empty when the document fixes none
 */
public record ParameterSpec(
        String name, TypeRef type, boolean heterogeneous, String doc, boolean nonEmpty, Optional<List<Long>> shape,
        SourceLocation location) {

    public ParameterSpec {
        Objects.requireNonNull(shape, "shape");
        shape = shape.map(List::copyOf);
    }

    /** A parameter whose document fixes no shape. */
    public ParameterSpec(String name, TypeRef type, boolean heterogeneous, String doc, boolean nonEmpty,
            SourceLocation location) {
        this(name, type, heterogeneous, doc, nonEmpty, Optional.empty(), location);
    }
}
