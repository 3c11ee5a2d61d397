package io.github.argonnx.generator.model;

import java.util.List;

/** A rule an attribute's value must obey. */
public sealed interface AttributeConstraint {

    /** The value must be one of these. */
    record AllowedValues(List<Long> values) implements AttributeConstraint {
        public AllowedValues {
            values = List.copyOf(values);
        }
    }

    /** The value is an axis of the named input: it must lie in {@code [-r, r-1]}, r = rank of the input. */
    record AxisOf(String input) implements AttributeConstraint {}
}
