package io.github.argonnx.benchmarks;

import io.github.argonnx.DataType;
import java.util.EnumSet;
import java.util.Set;

/**
 * What the input holds: chosen so that no shortcut a kernel might take (stopping at the type's
 * extreme, skipping the NaN check, finding the answer in the first block) makes a case look faster
 * than the general case.
 */
public enum DataKind {
    /** Pseudo-random over the type's range but never its extreme (nor ±infinity), so no early exit fires. */
    NO_EXTREME(null),
    /** As {@link #NO_EXTREME}, then NaN at the last position of every reduced slice, so the answer is the last index. */
    NAN_LAST(EnumSet.of(DataType.FLOAT, DataType.DOUBLE, DataType.FLOAT16, DataType.BFLOAT16)),
    /** One value everywhere (not an extreme): every comparison ties and the answer is index 0. */
    ALL_EQUAL(null),
    /** Subnormal numbers only (exponent bits 0, mantissa not 0, either sign): the slow path of a conversion to float. */
    SUBNORMAL(EnumSet.of(DataType.FLOAT16, DataType.BFLOAT16));

    /** The element types this kind makes sense for; null for all. */
    private final Set<DataType> types;

    DataKind(Set<DataType> types) {
        this.types = types;
    }

    public boolean appliesTo(DataType type) {
        return types == null || types.contains(type);
    }

    /** For error messages: which types it applies to. */
    String applicableTypes() {
        return types == null ? "every type"
                : types.stream().map(DataType::onnxName).reduce((a, b) -> a + ", " + b).orElse("")
                        + " only";
    }
}
