package io.github.argonnx.generator.emit.docs;

import io.github.argonnx.generator.emit.ArtifactEmitter;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.ExampleSpec;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.ParameterSpec;
import io.github.argonnx.generator.model.TensorLiteral;
import io.github.argonnx.generator.model.TypeConstraintSpec;
import io.github.argonnx.generator.model.VersionSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One Markdown reference page per operator, {@code operators/ArgMax.md}: every version, newest
 * first, with its summary and docs quoted verbatim from the spec, its attributes' rules in words,
 * what changed from the version before, and the operator's worked examples.
 */
public final class OperatorDocsEmitter implements ArtifactEmitter {

    /** Where the pages go below the docs root. */
    public static final String DIRECTORY = "operators/";

    @Override
    public List<GeneratedFile> emit(GenerationContext context) {
        List<GeneratedFile> files = new ArrayList<>();
        for (OperatorSpec op : context.operatorsToGenerate()) {
            files.add(new GeneratedFile(GeneratedFile.Kind.DOC, pagePath(op), page(context, op)));
        }
        return files;
    }

    /** The page's path below the docs root. */
    public static String pagePath(OperatorSpec op) {
        return DIRECTORY + op.name() + ".md";
    }

    private static String page(GenerationContext context, OperatorSpec op) {
        List<VersionSpec> versions = new ArrayList<>(context.versionsToGenerate(op));
        Collections.reverse(versions); // newest first, as the ONNX pages list them
        Markdown md = new Markdown();
        md.line(Markdown.generatedComment(List.of(op.location().file())));
        md.blank();
        md.line("# " + op.name());
        md.blank();
        md.line("Domain `" + op.domain() + "`. Summaries and the docs of attributes, inputs, outputs and type"
                + " constraints are quoted verbatim from the ONNX operator documents, by way of `specs/operators/"
                + op.location().file() + "`. Which element types the generated kernels accept at each version:"
                + " [support matrix](../" + SupportMatrixEmitter.PATH + ").");
        md.blank();
        md.tableHeader("version", "in force for model opsets", "attributes", "input element types");
        for (VersionSpec v : versions) {
            md.tableRow(DocText.versionLink(op, v, ""),
                    DocText.opsetRange(op, v),
                    v.attributes().stream().map(a -> "`" + a.name() + "`").collect(Collectors.joining(", ")),
                    v.inputs().stream().map(i -> "`" + i.name() + "`: " + v.allowedTypes(i).size() + " types")
                            .collect(Collectors.joining(", ")));
        }
        for (VersionSpec v : versions) {
            version(md, op, v, versions);
        }
        examples(md, op, versions);
        return md.toString();
    }

    private static void version(Markdown md, OperatorSpec op, VersionSpec v, List<VersionSpec> shown) {
        md.blank();
        md.line("## " + DocText.versionName(op, v));
        md.blank();
        md.line("Since opset " + v.sinceVersion() + "; in force for model opsets " + DocText.opsetRange(op, v)
                + ". Function: " + DocText.yesNo(v.function()) + ". Support level: " + v.supportLevel()
                + ". Shape inference: " + DocText.yesNo(v.shapeInference()) + ".");

        md.blank();
        md.line("### Summary");
        md.blank();
        md.line(DocText.quote(v.summary()));

        md.blank();
        md.line("### Attributes");
        md.blank();
        if (v.attributes().isEmpty()) {
            md.line("None.");
        } else {
            md.tableHeader("name", "type", "default", "allowed values", "doc");
            for (AttributeSpec a : v.attributes()) {
                md.tableRow("`" + a.name() + "`", a.type().name(), DocText.defaultOf(a), DocText.constraintOf(a), a.doc());
            }
            placeholderNote(md, v);
        }

        parameters(md, "Inputs", v.inputs());
        parameters(md, "Outputs", v.outputs());

        md.blank();
        md.line("### Type constraints");
        md.blank();
        if (v.typeConstraints().isEmpty()) {
            md.line("None.");
        } else {
            md.tableHeader("parameter", "allowed types", "doc");
            for (TypeConstraintSpec c : v.typeConstraints()) {
                md.tableRow("`" + c.parameter() + "`",
                        c.allowedTypes().stream().map(t -> "`" + t.tensorTypeName() + "`")
                                .collect(Collectors.joining(", ")),
                        c.doc());
            }
        }

        md.blank();
        md.line("### Changes from the previous version");
        md.blank();
        Optional<List<String>> changes = changes(op, v);
        if (changes.isEmpty()) {
            md.line("None: this is the first version of " + op.name() + ".");
        } else {
            VersionSpec previous = op.previous(v).orElseThrow();
            String previousLink = reference(op, previous, shown);
            if (changes.get().isEmpty()) {
                md.line("The spec records no differences from " + previousLink + ".");
            } else {
                md.line("Compared with " + previousLink + ":");
                md.blank();
                for (String change : changes.get()) {
                    md.line("- " + change);
                }
            }
        }
    }

    /** A version's name, linked to its section when the page has one (an opset filter may leave it out). */
    private static String reference(OperatorSpec op, VersionSpec v, List<VersionSpec> shown) {
        return shown.contains(v) ? DocText.versionLink(op, v, "") : DocText.versionName(op, v);
    }

    /** The changes from the version before, or empty for the first version. */
    private static Optional<List<String>> changes(OperatorSpec op, VersionSpec v) {
        return op.previous(v).map(previous -> VersionChanges.between(previous, v));
    }

    /** Says that a {@code {name}} in an attribute doc is ONNX's, so no reader takes it for our slip. */
    private static void placeholderNote(Markdown md, VersionSpec v) {
        for (AttributeSpec a : v.attributes()) {
            List<String> placeholders = DocText.placeholders(a.doc());
            if (!placeholders.isEmpty()) {
                md.blank();
                md.line("The doc of `" + a.name() + "` contains "
                        + placeholders.stream().map(p -> "`" + p + "`").collect(Collectors.joining(", "))
                        + ": an unexpanded template placeholder in the published ONNX text, quoted as published.");
            }
        }
    }

    private static void parameters(Markdown md, String title, List<ParameterSpec> parameters) {
        md.blank();
        md.line("### " + title);
        md.blank();
        md.tableHeader("name", "type", "heterogeneous", "notes", "doc");
        for (ParameterSpec p : parameters) {
            md.tableRow("`" + p.name() + "`", "`" + p.type() + "`", DocText.yesNo(p.heterogeneous()),
                    p.nonEmpty() ? "must not be empty" : "", p.doc());
        }
    }

    private static void examples(Markdown md, OperatorSpec op, List<VersionSpec> shown) {
        md.blank();
        md.line("## Worked examples");
        md.blank();
        if (op.examples().isEmpty()) {
            md.line("The spec has no worked examples for " + op.name() + ".");
            return;
        }
        md.line("Each example runs at its opset, so at the version in force there; attributes not listed take that"
                + " version's defaults. The generated example tests run each of them.");
        // One table per source, in the order the spec lists them, so that the attribution is said once.
        Map<String, List<ExampleSpec>> bySource = new LinkedHashMap<>();
        for (ExampleSpec e : op.examples()) {
            bySource.computeIfAbsent(DocText.collapse(e.source()), s -> new ArrayList<>()).add(e);
        }
        for (Map.Entry<String, List<ExampleSpec>> group : bySource.entrySet()) {
            md.blank();
            md.line("From " + group.getKey() + ":");
            md.blank();
            md.tableHeader("example", "opset", "attributes", "inputs", "outputs");
            for (ExampleSpec e : group.getValue()) {
                VersionSpec v = op.versionAt(e.opset()).orElseThrow();
                md.tableRow("`" + e.name() + "`",
                        e.opset() + " (" + reference(op, v, shown) + ")",
                        exampleAttributes(v, e),
                        tensors(e.inputs()),
                        tensors(e.outputs()));
            }
        }
    }

    /** The attributes an example sets, in the version's declaration order (the example's map has no order). */
    private static String exampleAttributes(VersionSpec v, ExampleSpec e) {
        String set = v.attributes().stream()
                .filter(a -> e.attributes().containsKey(a.name()))
                .map(a -> a.name() + " = " + e.attributes().get(a.name()))
                .collect(Collectors.joining(", "));
        return set.isEmpty() ? "defaults" : set;
    }

    private static String tensors(List<TensorLiteral> tensors) {
        return tensors.stream()
                .map(t -> "`" + t.name() + "`: " + t.type().onnxName() + " " + DocText.shape(t.shape()))
                .collect(Collectors.joining("; "));
    }
}
