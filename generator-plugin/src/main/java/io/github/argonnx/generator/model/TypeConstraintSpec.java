package io.github.argonnx.generator.model;

import java.util.List;

/**
 * A type parameter and the element types it may take.
 *
 * @param parameter the type parameter, for example {@code T}
 * @param allowedTypes allowed element types, in the order the document lists them
 * @param doc verbatim documentation
 */
public record TypeConstraintSpec(
        String parameter, List<ElementType> allowedTypes, String doc, SourceLocation location) {

    public TypeConstraintSpec {
        allowedTypes = List.copyOf(allowedTypes);
    }
}
