package io.github.argonnx.generator.emit.api;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import io.github.argonnx.generator.emit.ArtifactEmitter;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.JavaSources;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import io.github.argonnx.generator.semantics.OperatorFamily;

/**
 * Emits a {@code package-info.java} for every package the generator writes classes into: the operator API
 * package, which is the public API, and the kernel, validation and Vector API loop packages, whose docs say
 * that they are not API.
 *
 * <p>JavaPoet builds only type declarations, so the file text is composed here; it carries the header of
 * {@link JavaSources#header} and the same {@code @Generated} annotation as every other generated Java file.
 */
public final class PackageInfoEmitter implements ArtifactEmitter {

    public static final String FILE_NAME = "package-info.java";

    /** The paragraph every non-API package's docs end with; its first words are what readers and tests look for. */
    public static final String NOT_API = "<p>This package is not API: its classes are public only so that the generated classes\n"
            + "of other packages can reach them, and they may change in any release without notice.";

    @Override
    public List<GeneratedFile> emit(GenerationContext context) {
        String provenance = context.operatorsToGenerate().stream()
                .map(op -> op.name() + ".yaml")
                .collect(Collectors.joining(", "));
        String operators = context.operatorsToGenerate(OperatorFamily.ARG_REDUCTION).stream()
                .map(op -> "{@code " + op.name() + "}")
                .collect(Collectors.joining(", "));
        String topK = context.operatorsToGenerate(OperatorFamily.TOP_K).stream()
                .map(op -> ", {@code " + op.name() + "} (the k best elements along an axis) with {@code "
                        + context.names().preparedTopKClass(op).simpleName() + "} (bound to one input type, shape and k) and {@code "
                        + context.names().topKPartialsClass().simpleName() + "} (in chunks)")
                .collect(Collectors.joining());
        List<GeneratedFile> files = new ArrayList<>();
        if (!context.basePackage().isEmpty()) {
            files.add(file(context, GeneratedFile.Kind.MAIN_SOURCE, context.basePackage(), provenance,
                    "The operator API: " + operators + ", their interface {@code ArgReductionOperator}" + topK + ", the\n"
                    + "{@code Tensor} they read, the {@code DataType} of its elements, {@code PreparedArgReduction} (an\n"
                    + "operator bound to one input type and shape) and {@code PartialReduction} (a reduction in chunks).\n"
                    + "This package is API. So is {@code io.github.argonnx.runtime}; nothing under\n"
                    + "{@code " + context.names().basePackage() + ".internal} is (the list: docs/usage.md, \"API\").\n\n"
                    + "<p>Pick an operator version, set its attributes and apply it to a {@code Tensor}; operators are\n"
                    + "immutable and thread-safe, and every refusal is an {@code ArgOnnxException} that names the\n"
                    + "operator version, the attribute or input, the value and what is allowed."));
        }
        files.add(file(context, GeneratedFile.Kind.MAIN_SOURCE, context.names().kernelPackage(), provenance,
                "The kernels behind the operator classes of {@code " + context.basePackage() + "}: one class per\n"
                + "operator and element type, with the plain Java loops that compute the indices.\n\n" + NOT_API));
        files.add(file(context, GeneratedFile.Kind.MAIN_SOURCE, context.names().validationPackage(), provenance,
                "The validators of the operator versions: type constraints, attributes, input rules and output\n"
                + "shapes, each refusal an {@code ArgOnnxException}.\n\n" + NOT_API));
        files.add(file(context, GeneratedFile.Kind.VECTOR_SOURCE, context.names().vectorPackage(), provenance,
                "The kernels' SIMD loops on the incubating Vector API ({@code jdk.incubator.vector}), compiled apart\n"
                + "from the other classes and loaded by name, so that they run only where the JVM was started with\n"
                + "{@code --add-modules jdk.incubator.vector}.\n\n" + NOT_API));
        return files;
    }

    private static GeneratedFile file(
            GenerationContext context, GeneratedFile.Kind kind, String packageName, String provenance, String doc) {
        StringBuilder text = new StringBuilder()
                .append("// ").append(JavaSources.header(provenance)).append('\n')
                .append("/**\n");
        doc.lines().forEach(line -> text.append(line.isEmpty() ? " *" : " * " + line).append('\n'));
        text.append(" */\n");
        Optional<AnnotationSpec> generated =
                context.generatedAnnotation().annotation(GenerationContext.GENERATOR_NAME, provenance);
        generated.ifPresent(annotation -> text.append(simpleForm(annotation)).append('\n'));
        text.append("package ").append(packageName).append(";\n");
        generated.ifPresent(annotation -> text.append("\nimport ").append(annotation.type()).append(";\n"));
        return new GeneratedFile(kind, packageName.replace('.', '/') + "/" + FILE_NAME, text.toString());
    }

    /** The annotation as it reads with its type imported: {@code @Generated(value = "...", comments = "...")}. */
    private static String simpleForm(AnnotationSpec annotation) {
        String members = annotation.members().entrySet().stream()
                .map(member -> member.getKey() + " = " + member.getValue().stream()
                        .map(CodeBlock::toString).collect(Collectors.joining(", ")))
                .collect(Collectors.joining(", "));
        return "@" + ((ClassName) annotation.type()).simpleName() + "(" + members + ")";
    }
}
