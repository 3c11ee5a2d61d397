package io.github.argonnx.generator.emit.docs;

import io.github.argonnx.generator.model.AttributeConstraint;
import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.VersionSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Spec facts put into words, and the Markdown helpers the docs emitters share. */
final class DocText {

    /** An unexpanded template placeholder such as {@code {name}}, as slipped into some ONNX doc strings. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{[A-Za-z_][A-Za-z0-9_]*}");

    /** Sentence ends: a full stop, question or exclamation mark followed by white space. */
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+");

    private DocText() {}

    /** The rule in words: {@code one of 0, 1} or {@code an axis of data: [-r, r-1], r = rank(data)}. */
    static String constraint(AttributeConstraint constraint) {
        if (constraint instanceof AttributeConstraint.AllowedValues allowed) {
            if (allowed.values().size() == 1) {
                return "must be " + allowed.values().get(0);
            }
            return "one of " + allowed.values().stream().map(String::valueOf).collect(Collectors.joining(", "));
        }
        String input = ((AttributeConstraint.AxisOf) constraint).input();
        return "an axis of " + input + ": [-r, r-1], r = rank(" + input + ")";
    }

    /** The attribute's rule in words, or {@code "not stated"} when the spec states none. */
    static String constraintOf(AttributeSpec attribute) {
        return attribute.constraint().map(DocText::constraint).orElse("not stated");
    }

    /** The default as written, or {@code "required"}. */
    static String defaultOf(AttributeSpec attribute) {
        return attribute.defaultValue().isPresent() ? String.valueOf(attribute.defaultValue().getAsLong()) : "required";
    }

    /** Type, default and rule in one phrase: {@code INT, default 0, one of 0, 1}. */
    static String attributeSummary(AttributeSpec attribute) {
        StringBuilder text = new StringBuilder(attribute.type().name());
        text.append(attribute.required() ? ", required" : ", default " + attribute.defaultValue().getAsLong());
        attribute.constraint().ifPresent(c -> text.append(", ").append(constraint(c)));
        return text.toString();
    }

    /** A tensor shape as {@code [2, 3]}; a scalar is {@code []}. */
    static String shape(List<Long> shape) {
        return shape.stream().map(String::valueOf).collect(Collectors.joining(", ", "[", "]"));
    }

    /** The model opsets whose import resolves to this version: {@code 1 to 10}, {@code 12}, {@code 13 and later}. */
    static String opsetRange(OperatorSpec op, VersionSpec version) {
        int index = op.versions().indexOf(version);
        if (index == op.versions().size() - 1) {
            return version.sinceVersion() + " and later";
        }
        int last = op.versions().get(index + 1).sinceVersion() - 1;
        return last == version.sinceVersion()
                ? String.valueOf(last)
                : version.sinceVersion() + " to " + last;
    }

    /** {@code ArgMax-13}, as ONNX names a version. */
    static String versionName(OperatorSpec op, VersionSpec version) {
        return op.name() + "-" + version.sinceVersion();
    }

    /** The GitHub anchor of a version's heading. */
    static String versionAnchor(OperatorSpec op, VersionSpec version) {
        return "#" + versionName(op, version).toLowerCase(java.util.Locale.ROOT);
    }

    /** {@code [ArgMax-13](<page>#argmax-13)}; an empty page links within the current one. */
    static String versionLink(OperatorSpec op, VersionSpec version, String page) {
        return "[" + versionName(op, version) + "](" + page + versionAnchor(op, version) + ")";
    }

    static String yesNo(boolean value) {
        return value ? "yes" : "no";
    }

    /** Text made safe for one Markdown table cell: one line, pipes escaped. */
    static String cell(String text) {
        return collapse(text).replace("|", "\\|");
    }

    /** Verbatim text as a Markdown block quote, one {@code > } line per source line. */
    static String quote(String text) {
        return text.strip().lines().map(l -> l.isBlank() ? ">" : "> " + l.strip()).collect(Collectors.joining("\n"));
    }

    /** White space runs (line breaks included) as single spaces. */
    static String collapse(String text) {
        return text.strip().replaceAll("\\s+", " ");
    }

    /** The placeholders, such as {@code {name}}, left unexpanded in a doc string. */
    static List<String> placeholders(String text) {
        List<String> found = new ArrayList<>();
        PLACEHOLDER.matcher(text).results().map(r -> r.group()).filter(p -> !found.contains(p)).forEach(found::add);
        return found;
    }

    /** The sentences of a paragraph, white space collapsed. */
    static List<String> sentences(String text) {
        String collapsed = collapse(text);
        if (collapsed.isEmpty()) {
            return List.of();
        }
        return List.of(SENTENCE_END.split(collapsed));
    }
}
