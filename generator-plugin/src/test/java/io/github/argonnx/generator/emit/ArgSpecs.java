package io.github.argonnx.generator.emit;

import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.ParameterSpec;
import io.github.argonnx.generator.model.SourceLocation;
import io.github.argonnx.generator.model.TypeConstraintSpec;
import io.github.argonnx.generator.model.TypeRef;
import io.github.argonnx.generator.model.VersionSpec;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** Operator specs built in code, shaped like ArgMax/ArgMin (versions 1, 11, 12, 13; bfloat16 from 13). */
final class ArgSpecs {

    private ArgSpecs() {}

    static OperatorSpec operator(String name) {
        Set<ElementType> early = EnumSet.allOf(ElementType.class);
        early.remove(ElementType.BFLOAT16);
        List<VersionSpec> versions = new ArrayList<>();
        for (int since : new int[] {1, 11, 12}) {
            versions.add(version(name, since, early));
        }
        versions.add(version(name, 13, EnumSet.allOf(ElementType.class)));
        return new OperatorSpec(name, "ai.onnx", versions, 26, List.of(), new SourceLocation(name + ".yaml", 1, 1));
    }

    static VersionSpec version(String name, int since, Set<ElementType> types) {
        SourceLocation at = new SourceLocation(name + ".yaml", since, 1);
        ParameterSpec data = new ParameterSpec("data", new TypeRef.Parameter("T"), false, "An input tensor.", false, at);
        ParameterSpec reduced = new ParameterSpec(
                "reduced", new TypeRef.Fixed(ElementType.INT64), false, "Reduced output tensor.", false, at);
        TypeConstraintSpec t = new TypeConstraintSpec("T", List.copyOf(types), "numeric", at);
        return new VersionSpec(since, false, "COMMON", true, "summary", List.of(), List.of(data), List.of(reduced),
                List.of(t), at);
    }

    static GenerationContext both() {
        return EmitFixtures.everything(List.of(operator("ArgMin"), operator("ArgMax")), "io.github.argonnx");
    }
}
