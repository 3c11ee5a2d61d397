package io.github.argonnx.generator.model;

import java.util.List;

/**
 * A tensor written out in a spec.
 *
 * @param name the graph value name
 * @param type element type
 * @param shape dimensions, row-major
 * @param values the elements as written in the spec (exact decimal text, parsed per type by the loader)
 */
public record TensorLiteral(
        String name, ElementType type, List<Long> shape, List<String> values, SourceLocation location) {

    public TensorLiteral {
        shape = List.copyOf(shape);
        values = List.copyOf(values);
    }

    /** Product of the dimensions (1 for a scalar). */
    public long elementCount() {
        long n = 1;
        for (long d : shape) {
            n = Math.multiplyExact(n, d);
        }
        return n;
    }
}
