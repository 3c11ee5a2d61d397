package io.github.argonnx.generator.emit.api;

import com.palantir.javapoet.ClassName;
import io.github.argonnx.generator.emit.ArgOperator;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.JavaSourceEmitter;
import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.VersionSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

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

    /** The kernel class of an operator and type, as the kernel emitter names it. */
    static ClassName kernelClassName(GenerationContext context, OperatorSpec op, ElementType type) {
        return context.names().kernelClass(Extremum.of(op), type);
    }

    /** The public operator class, for example {@code <base>.ArgMax}. */
    static ClassName className(GenerationContext context, OperatorSpec op) {
        return context.names().operatorClass(op);
    }

    /** The common interface, {@code <base>.ArgReductionOperator}. */
    static ClassName interfaceName(GenerationContext context) {
        return context.names().operatorInterface();
    }

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        List<ArgOperator> generated = new ArrayList<>();
        for (OperatorSpec op : context.operatorsToGenerate()) {
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
                PreparedOperatorEmitter.preparedClass(context, generated),
                generated.stream().map(a -> a.name() + ".yaml").collect(Collectors.joining(", "))));
        for (ArgOperator arg : generated) {
            List<VersionSpec> versions = context.versionsToGenerate(arg.spec());
            files.add(new JavaSource(GeneratedFile.Kind.MAIN_SOURCE, context.basePackage(),
                    OperatorClassEmitter.operatorClass(context, arg, versions, shared), arg.name() + ".yaml, "
                            + versions.stream().map(arg::versionName).collect(Collectors.joining(", "))));
        }
        return files;
    }

    /**
     * The attribute setters every generated operator has, in the first operator's order: an attribute the
     * operators do not all have stays on its classes only. Flags keep their boolean form if flags everywhere.
     */
    record SharedMembers(List<String> attributes, Set<String> flags) {

        static SharedMembers of(List<ArgOperator> operators) {
            List<String> attributes = new ArrayList<>();
            Set<String> flags = new HashSet<>();
            for (AttributeSpec a : operators.get(0).allAttributes()) {
                if (operators.stream().allMatch(o -> !o.versionsWith(a.name()).isEmpty())) {
                    attributes.add(a.name());
                    if (operators.stream().allMatch(o -> o.isFlag(a.name()))) {
                        flags.add(a.name());
                    }
                }
            }
            return new SharedMembers(List.copyOf(attributes), Set.copyOf(flags));
        }
    }
}
