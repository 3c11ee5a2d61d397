package io.github.argonnx.generator.emit.docs;

import io.github.argonnx.generator.emit.ArtifactEmitter;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.java.Comparison;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.ParameterSpec;
import io.github.argonnx.generator.model.VersionSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import io.github.argonnx.generator.semantics.OperatorFamily;

/**
 * {@code support-matrix.md}: which element types each generated operator version accepts, and
 * what each version takes, read from the same selection the kernels are generated from.
 */
public final class SupportMatrixEmitter implements ArtifactEmitter {

    /** The page's path below the docs root. */
    public static final String PATH = "support-matrix.md";

    static final String SUPPORTED = "✓";
    static final String NOT_SUPPORTED = "–";

    @Override
    public List<GeneratedFile> emit(GenerationContext context) {
        List<OperatorSpec> operators = context.operatorsToGenerate();
        if (operators.isEmpty()) {
            return List.of();
        }
        return List.of(new GeneratedFile(GeneratedFile.Kind.DOC, PATH, page(context, operators)));
    }

    private static String page(GenerationContext context, List<OperatorSpec> operators) {
        Markdown md = new Markdown();
        md.line(Markdown.generatedComment(operators.stream().map(op -> op.location().file()).toList()));
        md.blank();
        md.line("# Support matrix");
        md.blank();
        md.line("Which element types each operator version accepts, generated from the specs in `specs/operators/`"
                + " (the same model the kernels, validators and API are generated from).");

        List<String> header = new ArrayList<>(List.of("element type"));
        List<VersionSpec> columns = new ArrayList<>();
        List<OperatorSpec> columnOperators = new ArrayList<>();
        SortedSet<ElementType> types = new TreeSet<>();
        for (OperatorSpec op : operators) {
            for (VersionSpec v : context.versionsToGenerate(op)) {
                header.add(DocText.versionLink(op, v, OperatorDocsEmitter.pagePath(op)));
                columns.add(v);
                columnOperators.add(op);
            }
            types.addAll(context.typesToGenerate(op));
        }
        header.add("kernels");
        header.add("Java storage");
        header.add("compared as");

        md.blank();
        md.tableHeader(header.toArray(String[]::new));
        for (ElementType type : types) {
            List<String> row = new ArrayList<>();
            row.add("`" + type.onnxName() + "`");
            for (VersionSpec v : columns) {
                row.add(context.typesToGenerate(v).contains(type) ? SUPPORTED : NOT_SUPPORTED);
            }
            row.add(operators.stream()
                    .filter(op -> context.typesToGenerate(op).contains(type))
                    .map(op -> "`" + (OperatorFamily.of(op) == OperatorFamily.TOP_K ? context.names().topKKernelClass(type)
                            : context.names().kernelClass(Extremum.of(op), type)).simpleName() + "`")
                    .collect(Collectors.joining(", ")));
            row.add("`" + JavaStorage.of(type).primitive() + "[]`, `" + JavaStorage.of(type).bufferSimpleName() + "`");
            row.add(Comparison.summary(type));
            md.tableRow(row.toArray(String[]::new));
        }

        md.blank();
        md.tableHeader("version", "model opsets", "attributes (default, allowed values)", "inputs", "outputs");
        for (int i = 0; i < columns.size(); i++) {
            OperatorSpec op = columnOperators.get(i);
            VersionSpec v = columns.get(i);
            md.tableRow(DocText.versionLink(op, v, OperatorDocsEmitter.pagePath(op)),
                    DocText.opsetRange(op, v),
                    v.attributes().stream()
                            .map(a -> "`" + a.name() + "` (" + DocText.defaultOf(a)
                                    + a.constraint().map(c -> "; " + DocText.constraint(c)).orElse("") + ")")
                            .collect(Collectors.joining(", ")),
                    parameters(v.inputs()),
                    parameters(v.outputs()));
        }

        md.blank();
        md.line("Legend:");
        md.blank();
        md.line("- " + SUPPORTED + " the version's type constraint allows the type; the generated kernel handles it.");
        md.line("- " + NOT_SUPPORTED + " the version does not allow the type; the API refuses it with `ArgOnnxException`.");
        md.line("- kernels: the generated classes in `" + context.names().kernelPackage() + "`, one per operator and type.");
        md.line("- model opsets: the opset imports that select the version (the newest version not above the import).");
        md.line("- Every version in full, with the ONNX text verbatim: [`operators/`](" + OperatorDocsEmitter.DIRECTORY
                + ").");
        return md.toString();
    }

    private static String parameters(List<ParameterSpec> parameters) {
        return parameters.stream()
                .map(p -> "`" + p.name() + "`: `" + p.type() + "`" + (p.nonEmpty() ? ", must not be empty" : ""))
                .collect(Collectors.joining("; "));
    }
}
