package io.github.argonnx.generator.emit;

import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import io.github.argonnx.generator.model.OperatorSpec;
import java.util.stream.Collectors;

/**
 * One kernel to generate: an operator's reduction over one element type, for example ArgMax over
 * float. The kernel, its property test and its SIMD loops are each emitted once per target.
 */
public record KernelTarget(OperatorSpec op, ElementType type) {

    /** Which extreme the operator looks for. */
    public Extremum extremum() {
        return Extremum.of(op);
    }

    /** Names the spec file and the operator versions that accept the type, for generated headers. */
    public String provenance(GenerationContext context) {
        String versions = context.versionsToGenerate(op).stream()
                .filter(v -> context.typesToGenerate(v).contains(type))
                .map(v -> op.name() + "-" + v.sinceVersion())
                .collect(Collectors.joining(", "));
        String file = op.location() == null ? op.name() : op.location().file();
        return file + " (" + versions + ", " + type.onnxName() + ")";
    }
}
