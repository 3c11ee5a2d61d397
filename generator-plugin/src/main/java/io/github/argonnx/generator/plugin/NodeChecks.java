package io.github.argonnx.generator.plugin;

import io.github.argonnx.generator.model.AttributeConstraint;
import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.AttributeType;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.ParameterSpec;
import io.github.argonnx.generator.model.VersionSpec;
import io.github.argonnx.generator.semantics.FamilySemantics;
import io.github.argonnx.generator.semantics.OperatorFamily;
import io.github.argonnx.generator.semantics.TopKSemantics;
import io.github.argonnx.onnx.OnnxNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What a model node asks of an operator version that the version does not allow, decided from the spec
 * ({@link VersionSpec}'s attributes, their {@link AttributeConstraint}s, and its type constraints), so that
 * the build refuses what the generated runtime would refuse. Each problem names the attribute or input,
 * the value and what the version allows.
 */
final class NodeChecks {

    private NodeChecks() {}

    /** The problems of a node under {@code version} (named {@code versionName}, such as ArgMax-11). */
    static List<String> problems(OnnxNode node, VersionSpec version, String versionName) {
        List<String> problems = new ArrayList<>();
        if (node.duplicateAttribute() != null) {
            problems.add("attribute '" + shown(node.duplicateAttribute()) + "' is given twice");
        }
        String names = version.attributes().stream().map(AttributeSpec::name).collect(Collectors.joining(", "));
        for (Map.Entry<String, Long> attribute : node.attributes().entrySet()) {
            Optional<AttributeSpec> spec = version.attribute(attribute.getKey());
            if (spec.isEmpty()) {
                problems.add("attribute '" + shown(attribute.getKey()) + "' (= " + attribute.getValue() + ") is not in "
                        + versionName + " (its attributes: " + (names.isEmpty() ? "none" : names) + ")");
            } else {
                constraintProblem(node, version, versionName, spec.get(), attribute.getValue()).ifPresent(problems::add);
            }
        }
        for (Map.Entry<String, String> attribute : node.otherAttributes().entrySet()) {
            Optional<AttributeSpec> spec = version.attribute(attribute.getKey());
            problems.add("attribute '" + shown(attribute.getKey()) + "' is a " + attribute.getValue() + "; " + (spec.isPresent()
                    ? versionName + " takes an " + spec.get().type() + " for it"
                    : "it is not in " + versionName + " (its attributes: " + (names.isEmpty() ? "none" : names) + ")"));
        }
        for (AttributeSpec spec : version.attributes()) {
            if (spec.required() && !node.attributes().containsKey(spec.name())
                    && !node.otherAttributes().containsKey(spec.name())) {
                problems.add("attribute '" + spec.name() + "' is missing; " + versionName + " requires it");
            }
        }
        if (node.inputs().isEmpty() || node.inputs().get(0).isEmpty()) {
            problems.add("it has no input; " + versionName + " takes '" + version.inputs().get(0).name() + "'");
        } else if (node.inputType().known()) {
            Set<ElementType> allowed = version.allowedTypes(version.inputs().get(0));
            Optional<ElementType> type = elementType(node.inputType().elementType());
            if (type.isEmpty() || !allowed.contains(type.get())) {
                problems.add("input '" + shown(node.inputs().get(0)) + "' is " + node.inputType().elementTypeName() + " (from "
                        + node.inputType().derivation() + "); " + versionName + " allows " + typeNames(allowed));
            }
        }
        return problems;
    }

    private static Optional<String> constraintProblem(OnnxNode node, VersionSpec version, String versionName,
            AttributeSpec spec, long value) {
        if (spec.type() != AttributeType.INT) {
            return Optional.of("attribute '" + spec.name() + "' is an INT; " + versionName + " takes an " + spec.type());
        }
        Optional<FamilySemantics> family = OperatorFamily.forOperator(node.opType()).map(OperatorFamily::semantics);
        if (family.orElse(null) instanceof TopKSemantics topK && spec.name().equals(topK.k())) {
            if (value < 0) {
                return Optional.of("attribute '" + spec.name() + "' is " + value + "; " + versionName + " allows 0 or more");
            }
            long axis = node.attributes().getOrDefault(topK.axis(), version.attribute(topK.axis())
                    .map(a -> a.defaultValue().orElse(-1L)).orElse(-1L));
            return kWithinAxis(node, spec.name(), value, axis, versionName, version.inputs().get(0).name());
        }
        AttributeConstraint constraint = spec.constraint().orElse(null);
        if (constraint instanceof AttributeConstraint.AllowedValues allowed && !allowed.values().contains(value)) {
            return Optional.of("attribute '" + spec.name() + "' is " + value + "; " + versionName + " allows "
                    + allowed.values().stream().map(String::valueOf).collect(Collectors.joining(", ")));
        }
        // The runtime checks the family's axis against the data's rank in every version, also where the
        // document states no range (version 1), so the build does too.
        String axisInput = constraint instanceof AttributeConstraint.AxisOf axisOf ? axisOf.input()
                : family.isPresent() && spec.name().equals(family.get().axis()) ? version.inputs().get(0).name() : null;
        if (axisInput != null) {
            OptionalInt rank = rankOf(node, version, axisInput);
            if (rank.isPresent() && (value < -rank.getAsInt() || value >= rank.getAsInt())) {
                return Optional.of("attribute '" + spec.name() + "' is " + value + "; " + versionName + " allows "
                        + (rank.getAsInt() == 0 ? "no axis" : -rank.getAsInt() + " to " + (rank.getAsInt() - 1))
                        + " for '" + axisInput + "' of rank " + rank.getAsInt() + " (from "
                        + node.inputType().derivation() + ")");
            }
        }
        return Optional.empty();
    }

    /**
     * TopK's {@code k} against the size of its input along {@code axis}, where the model gives that size: the
     * runtime refuses a {@code k} larger than it.
     */
    static Optional<String> kWithinAxis(OnnxNode node, String attribute, long k, long axis, String versionName,
            String input) {
        OptionalLong size = node.inputType().dimension(axis);
        if (size.isEmpty() || k <= size.getAsLong()) {
            return Optional.empty();
        }
        return Optional.of("attribute '" + attribute + "' is " + k + "; " + versionName + " allows 0 to "
                + size.getAsLong() + " as '" + input + "' has " + size.getAsLong() + " elements along axis " + axis
                + " (from " + node.inputType().derivation() + ")");
    }

    /** The rank of the node's input that plays the spec's parameter {@code input}, where the model shows it. */
    private static OptionalInt rankOf(OnnxNode node, VersionSpec version, String input) {
        List<ParameterSpec> inputs = version.inputs();
        return !inputs.isEmpty() && inputs.get(0).name().equals(input) ? node.inputType().rank() : OptionalInt.empty();
    }

    /** A name from a model, bounded for a message. */
    static String shown(String name) {
        String printable = name.codePoints().map(c -> Character.isISOControl(c) ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
        return printable.length() <= 64 ? printable : printable.substring(0, 64) + "...";
    }

    static Optional<ElementType> elementType(int code) {
        for (ElementType type : ElementType.values()) {
            if (type.tensorProtoCode() == code) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }

    static String typeNames(Set<ElementType> types) {
        return new TreeSet<>(types.stream().map(ElementType::onnxName).toList()).stream().collect(Collectors.joining(", "));
    }

    /**
     * The rules of ONNX's TopK that the generator has no spec for, checked minimally so that the build still
     * refuses a node no runtime accepts: {@code k} (an attribute in TopK-1, 0 or more as in the spec and the
     * runtime, where 0 gives empty outputs, and at most the size of the input's axis where the model gives it; an
     * input from TopK-10, whose value the reader does not read), {@code axis} within the rank, {@code largest} and
     * {@code sorted} flags (from TopK-11).
     */
    static List<String> topKProblems(OnnxNode node) {
        List<String> problems = new ArrayList<>();
        long opset = node.opset();
        // Without a spec the plugin knows TopK-1 and TopK-10 for sure; later versions it names by the opset.
        String versionName = opset >= 11 ? "TopK at opset " + opset : opset >= 10 ? "TopK-10" : "TopK-1";
        Long k = node.attributes().get("k");
        if (opset < 10) {
            if (k == null) {
                problems.add("attribute 'k' is missing; " + versionName + " requires it");
            } else if (k < 0) {
                problems.add("attribute 'k' is " + k + "; " + versionName + " allows 0 or more");
            } else {
                kWithinAxis(node, "k", k, node.attributes().getOrDefault("axis", -1L), versionName, "X")
                        .ifPresent(problems::add);
            }
        } else if (k != null) {
            problems.add("attribute 'k' (= " + k + ") is not in " + versionName + ", which takes K as its second input");
        }
        Long axis = node.attributes().get("axis");
        OptionalInt rank = node.inputType().rank();
        if (axis != null && rank.isPresent() && (axis < -rank.getAsInt() || axis >= rank.getAsInt())) {
            problems.add("attribute 'axis' is " + axis + "; " + versionName + " allows " + -rank.getAsInt() + " to "
                    + (rank.getAsInt() - 1) + " for 'X' of rank " + rank.getAsInt());
        }
        for (String flag : List.of("largest", "sorted")) {
            Long value = node.attributes().get(flag);
            if (value != null && opset >= 11 && value != 0 && value != 1) {
                problems.add("attribute '" + flag + "' is " + value + "; " + versionName + " allows 0, 1");
            } else if (value != null && opset < 11) {
                problems.add("attribute '" + flag + "' (= " + value + ") is not in " + versionName);
            }
        }
        if (node.duplicateAttribute() != null) {
            problems.add("attribute '" + shown(node.duplicateAttribute()) + "' is given twice");
        }
        return problems;
    }
}
