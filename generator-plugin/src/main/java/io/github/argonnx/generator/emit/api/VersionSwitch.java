package io.github.argonnx.generator.emit.api;

import com.palantir.javapoet.CodeBlock;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.VersionSpec;
import java.util.List;

/**
 * The switch over an operator's version that the operator classes' members dispatch to its validator
 * with: a leaf the member builders share, which calls nothing back.
 */
final class VersionSwitch {

    private VersionSwitch() {}

    /** A switch over the version that calls {@code validatorCall} on its validator (and returns its value). */
    static CodeBlock of(GenerationContext context, OperatorSpec op, List<VersionSpec> versions, String validatorCall,
            boolean returns) {
        return CodeBlock.builder()
                .add(returns ? "return switch (version) {\n" : "switch (version) {\n")
                .add(cases(context, op, versions, validatorCall))
                .add("}$L\n", returns ? ";" : "")
                .build();
    }

    /** The cases of a switch over the version that calls {@code validatorCall} on its validator. */
    static CodeBlock cases(GenerationContext context, OperatorSpec op, List<VersionSpec> versions, String validatorCall) {
        CodeBlock.Builder code = CodeBlock.builder().indent();
        for (VersionSpec v : versions) {
            code.add("case $L -> $T.$L;\n", v.sinceVersion(), context.names().validatorClass(op, v), validatorCall);
        }
        return code.add("default -> throw new $T($S + version);\n", IllegalStateException.class, "no validator for version ")
                .unindent()
                .build();
    }
}
