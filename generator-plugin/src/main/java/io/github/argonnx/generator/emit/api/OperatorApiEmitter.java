package io.github.argonnx.generator.emit.api;

import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.JavaSourceEmitter;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.VersionSpec;
import io.github.argonnx.generator.semantics.ArgOperator;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import io.github.argonnx.generator.semantics.OperatorFamily;

/**
 * Emits the public operator API: the common interface {@code <base>.ArgReductionOperator}
 * ({@link OperatorInterfaceEmitter}), one class per operator, {@code <base>.ArgMax} and
 * {@code <base>.ArgMin} ({@link OperatorClassEmitter}), and the prepared form they return,
 * {@code <base>.PreparedArgReduction} ({@link PreparedOperatorEmitter}).
 *
 * <p>Both are derived from the operators this run generates, so a subset build (ArgMax only) gets an
 * interface its classes implement and that names no class it lacks.
 */
public final class OperatorApiEmitter extends JavaSourceEmitter {

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        List<ArgOperator> generated = new ArrayList<>();
        for (OperatorSpec op : context.operatorsToGenerate(OperatorFamily.ARG_REDUCTION)) {
            if (!context.versionsToGenerate(op).isEmpty()) {
                generated.add(new ArgOperator(op));
            }
        }
        if (generated.isEmpty()) {
            return List.of();
        }
        SharedMembers shared = SharedMembers.of(generated);
        List<JavaSource> files = new ArrayList<>();
        files.add(new JavaSource(GeneratedFile.Kind.MAIN_SOURCE, context.basePackage(),
                OperatorInterfaceEmitter.commonInterface(context, generated, shared),
                generated.stream().map(a -> a.name() + ".yaml").collect(Collectors.joining(", "))));
        files.add(new JavaSource(GeneratedFile.Kind.MAIN_SOURCE, context.basePackage(),
                new PreparedOperatorEmitter(context, generated).build(),
                generated.stream().map(a -> a.name() + ".yaml").collect(Collectors.joining(", "))));
        for (ArgOperator arg : generated) {
            List<VersionSpec> versions = context.versionsToGenerate(arg.spec());
            files.add(new JavaSource(GeneratedFile.Kind.MAIN_SOURCE, context.basePackage(),
                    new OperatorClassEmitter(context, arg, versions, shared).build(), arg.name() + ".yaml, "
                            + versions.stream().map(arg::versionName).collect(Collectors.joining(", "))));
        }
        return files;
    }
}
