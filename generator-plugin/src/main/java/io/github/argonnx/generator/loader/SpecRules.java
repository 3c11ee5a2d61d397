package io.github.argonnx.generator.loader;

import io.github.argonnx.generator.model.AttributeConstraint;
import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.ExampleSpec;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.ParameterSpec;
import io.github.argonnx.generator.model.SourceLocation;
import io.github.argonnx.generator.model.TensorLiteral;
import io.github.argonnx.generator.model.TypeConstraintSpec;
import io.github.argonnx.generator.model.TypeRef;
import io.github.argonnx.generator.model.VersionSpec;
import io.github.argonnx.generator.semantics.FamilySemantics;
import io.github.argonnx.generator.semantics.OperatorFamily;
import io.github.argonnx.generator.semantics.SemanticProblem;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.nodes.Node;

/**
 * The rules that span entries of a spec, checked on the typed model once {@link SpecLoader} has read the
 * fields: names unique, type parameters resolved, versions in order, examples against the version in
 * force at their opset, and what the generator needs in order to emit code that compiles.
 */
final class SpecRules {

    /**
     * Most input values the examples of one operator may hold together, and most output values of one
     * example: the generated example test keeps every input in one class initializer and each expected
     * output in one method, and the JVM limits each to 64 KiB of bytecode.
     */
    static final int MAX_EXAMPLE_VALUES = 5_000;

    private final Problems problems;

    /** Where each example sets each attribute, so that problems with a value point at it. */
    private final Map<ExampleSpec, Map<String, SourceLocation>> attributeLocations = new IdentityHashMap<>();

    SpecRules(Problems problems) {
        this.problems = problems;
    }

    /** Remembers where an example sets its attributes, for the messages of {@link #checkExamples}. */
    void recordAttributeLocations(ExampleSpec example, Map<String, SourceLocation> locations) {
        attributeLocations.put(example, locations);
    }

    /**
     * What the operator's family says its versions mean ({@link FamilySemantics#check}): every attribute
     * known, the inputs and outputs the family has, the axis attribute in every version.
     */
    void checkFamily(String op, OperatorFamily family, List<VersionSpec> versions) {
        for (SemanticProblem p : family.semantics().check(op, versions)) {
            problems.add(p.location(), p.context(), p.message());
        }
    }

    /** The examples of one operator fit the generated test class. */
    void checkExampleSize(OperatorSpec op) {
        long inputs = 0;
        for (ExampleSpec e : op.examples()) {
            String context = op.name() + " example " + e.name();
            inputs += e.inputs().stream().mapToLong(t -> t.values().size()).sum();
            if (inputs > MAX_EXAMPLE_VALUES) {
                problems.add(e.location(), context, "the inputs of the examples of " + op.name() + " up to this one "
                        + "hold " + inputs + " values, more than the " + MAX_EXAMPLE_VALUES
                        + " one generated test class can hold; use smaller examples");
                return;
            }
            long outputs = e.outputs().stream().mapToLong(t -> t.values().size()).sum();
            if (outputs > MAX_EXAMPLE_VALUES) {
                problems.add(e.location(), context, "the outputs hold " + outputs + " values, more than the "
                        + MAX_EXAMPLE_VALUES + " one generated test method can hold; use a smaller example");
            }
        }
    }

    /** Rules within one version: unique names, type parameters resolved and used, constraints sound. */
    void checkVersion(String context, VersionSpec v) {
        unique(context, "attribute", v.attributes().stream().map(a -> Map.entry(a.name(), a.location())).toList());
        List<ParameterSpec> params = new ArrayList<>(v.inputs());
        params.addAll(v.outputs());
        unique(context, "input or output", params.stream().map(p -> Map.entry(p.name(), p.location())).toList());
        unique(context, "type parameter", v.typeConstraints().stream()
                .map(c -> Map.entry(c.parameter(), c.location())).toList());
        Set<String> used = new HashSet<>();
        for (ParameterSpec p : params) {
            if (p.type() instanceof TypeRef.Parameter tp) {
                used.add(tp.name());
                if (v.typeConstraint(tp.name()).isEmpty()) {
                    problems.add(p.location(), context, "'" + p.name() + "' has type parameter " + tp.name()
                            + ", which no type constraint defines");
                }
            }
        }
        for (TypeConstraintSpec c : v.typeConstraints()) {
            if (!used.contains(c.parameter())) {
                problems.add(c.location(), context, "type parameter " + c.parameter() + " is used by no input or output");
            }
        }
        for (AttributeSpec a : v.attributes()) {
            if (a.constraint().orElse(null) instanceof AttributeConstraint.AxisOf axisOf
                    && v.inputs().stream().noneMatch(i -> i.name().equals(axisOf.input()))) {
                problems.add(a.location(), context, "attribute '" + a.name() + "' is an axis of '" + axisOf.input()
                        + "', which is not an input (inputs: " + v.inputs().stream().map(ParameterSpec::name)
                                .collect(Collectors.joining(", ")) + ")");
            }
            if (a.defaultValue().isPresent() && a.constraint().orElse(null)
                    instanceof AttributeConstraint.AllowedValues allowed
                    && !allowed.values().contains(a.defaultValue().getAsLong())) {
                problems.add(a.location(), context, "attribute '" + a.name() + "' has default "
                        + a.defaultValue().getAsLong() + ", which its constraint does not allow (allowed: "
                        + allowed.values() + ")");
            }
        }
    }

    private void unique(String context, String what, List<Map.Entry<String, SourceLocation>> names) {
        Map<String, SourceLocation> seen = new LinkedHashMap<>();
        for (Map.Entry<String, SourceLocation> e : names) {
            SourceLocation first = seen.putIfAbsent(e.getKey(), e.getValue());
            if (first != null) {
                problems.add(e.getValue(), context, "duplicate " + what + " '" + e.getKey()
                        + "' (first at line " + first.line() + ")");
            }
        }
    }

    void checkVersionOrder(String op, List<VersionSpec> versions) {
        for (int i = 1; i < versions.size(); i++) {
            VersionSpec prev = versions.get(i - 1);
            VersionSpec cur = versions.get(i);
            if (cur.sinceVersion() == prev.sinceVersion()) {
                problems.add(cur.location(), op + "-" + cur.sinceVersion(), "duplicate since_version "
                        + cur.sinceVersion() + " (first at line " + prev.location().line() + ")");
            } else if (cur.sinceVersion() < prev.sinceVersion()) {
                problems.add(cur.location(), op + "-" + cur.sinceVersion(), "versions out of order: since_version "
                        + cur.sinceVersion() + " comes after " + prev.sinceVersion()
                        + " (list versions in ascending order)");
            }
        }
    }

    /** The newest version must be in force somewhere up to the latest known opset, or it could never be chosen. */
    void checkLatestKnownOpset(String op, List<VersionSpec> versions, int latestKnownOpset, Node node) {
        VersionSpec newest = versions.get(versions.size() - 1);
        if (latestKnownOpset < newest.sinceVersion()) {
            problems.add(node, op, "latest_known_opset " + latestKnownOpset + " is below the newest version, "
                    + op + "-" + newest.sinceVersion() + " (it must be at least " + newest.sinceVersion() + ")");
        }
    }

    /** Rules across entries: each example against the version in force at its opset. */
    void checkExamples(OperatorSpec op) {
        unique(op.name(), "example", op.examples().stream().map(e -> Map.entry(e.name(), e.location())).toList());
        for (ExampleSpec e : op.examples()) {
            String context = op.name() + " example " + e.name();
            Optional<VersionSpec> found = op.versionAt(e.opset());
            if (found.isEmpty() || e.opset() > 10_000) {
                problems.add(e.location(), context, "opset " + e.opset() + " has no version of " + op.name()
                        + " (versions: " + op.versions().stream().map(v -> String.valueOf(v.sinceVersion()))
                                .collect(Collectors.joining(", ")) + ")");
                continue;
            }
            if (e.opset() > op.latestKnownOpset()) {
                problems.add(e.location(), context, "opset " + e.opset() + " is beyond latest_known_opset "
                        + op.latestKnownOpset() + " of " + op.name() + " (no version is known to be in force there)");
                continue;
            }
            VersionSpec v = found.get();
            String versionName = op.name() + "-" + v.sinceVersion();
            Map<String, SourceLocation> where = attributeLocations.getOrDefault(e, Map.of());
            for (Map.Entry<String, Long> a : e.attributes().entrySet()) {
                Optional<AttributeSpec> spec = v.attribute(a.getKey());
                SourceLocation at = where.getOrDefault(a.getKey(), e.location());
                if (spec.isEmpty()) {
                    problems.add(at, context, "attribute '" + a.getKey() + "' does not exist in "
                            + versionName + " (attributes: " + v.attributes().stream().map(AttributeSpec::name)
                                    .collect(Collectors.joining(", ")) + ")");
                } else if (spec.get().constraint().orElse(null) instanceof AttributeConstraint.AllowedValues allowed
                        && !allowed.values().contains(a.getValue())) {
                    problems.add(at, context, "attribute '" + a.getKey() + "' = " + a.getValue()
                            + " is not allowed in " + versionName + " (allowed: " + allowed.values() + ")");
                }
            }
            for (AttributeSpec a : v.attributes()) {
                if (a.required() && !e.attributes().containsKey(a.name())) {
                    problems.add(e.location(), context, "attribute '" + a.name() + "' is required in " + versionName
                            + " (it has no default) but the example does not set it");
                }
            }
            checkTensors(context, versionName, v, v.inputs(), e.inputs(), "input");
            checkTensors(context, versionName, v, v.outputs(), e.outputs(), "output");
            checkAxes(context, versionName, v, e, where);
        }
    }

    private void checkTensors(String context, String versionName, VersionSpec v, List<ParameterSpec> formal,
            List<TensorLiteral> actual, String what) {
        if (formal.size() != actual.size()) {
            problems.add(actual.isEmpty() ? v.location() : actual.get(0).location(), context, versionName + " has "
                    + formal.size() + " " + what + "(s) but the example gives " + actual.size());
            return;
        }
        for (int i = 0; i < formal.size(); i++) {
            TensorLiteral t = actual.get(i);
            Set<ElementType> allowed = v.allowedTypes(formal.get(i));
            if (!allowed.contains(t.type())) {
                problems.add(t.location(), context, what + " '" + t.name() + "' has type " + t.type().onnxName()
                        + ", which " + versionName + " does not accept for '" + formal.get(i).name() + "' (allowed: "
                        + allowed.stream().sorted().map(ElementType::onnxName).collect(Collectors.joining(", ")) + ")");
            }
            Optional<List<Long>> shape = formal.get(i).shape();
            if (shape.isPresent() && !shape.get().equals(t.shape())) {
                problems.add(t.location(), context, what + " '" + t.name() + "' has shape " + t.shape() + ", but "
                        + versionName + " fixes the shape of '" + formal.get(i).name() + "' to " + shape.get());
            }
        }
    }

    private void checkAxes(String context, String versionName, VersionSpec v, ExampleSpec e,
            Map<String, SourceLocation> where) {
        for (AttributeSpec a : v.attributes()) {
            if (!(a.constraint().orElse(null) instanceof AttributeConstraint.AxisOf axisOf)) {
                continue;
            }
            long axis = e.attributes().getOrDefault(a.name(), a.defaultValue().orElse(0));
            for (int i = 0; i < v.inputs().size() && i < e.inputs().size(); i++) {
                if (v.inputs().get(i).name().equals(axisOf.input())) {
                    int rank = e.inputs().get(i).shape().size();
                    if (axis < -rank || axis > rank - 1) {
                        problems.add(where.getOrDefault(a.name(), e.location()), context, "attribute '"
                                + a.name() + "' = " + axis + " is out of range [" + (-rank) + ", " + (rank - 1)
                                + "] for input '" + axisOf.input() + "' of rank " + rank + " in " + versionName);
                    }
                }
            }
        }
    }
}
