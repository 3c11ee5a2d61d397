package io.github.argonnx.generator.semantics;

import io.github.argonnx.generator.model.AttributeConstraint;
import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.ParameterSpec;
import io.github.argonnx.generator.model.VersionSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * What the validator, API and example-test emitters read from the spec of an arg-reduction operator
 * (ArgMax, ArgMin), by the family's semantics ({@link ArgReductionSemantics}): which attribute is the
 * reduced axis, which ones are flags, which versions introduced attributes and types.
 *
 * <p>Specs that do not mean what the family says (more than one input, attributes with no known meaning)
 * fail generation with the first problem, naming the operator version, instead of generating wrong code;
 * the loader reports the same problems with their positions.
 */
public final class ArgOperator {

    private static final ArgReductionSemantics SEMANTICS = ArgReductionSemantics.ONNX;

    private final OperatorSpec spec;
    private final Extremum extremum;

    public ArgOperator(OperatorSpec spec) {
        this.spec = spec;
        this.extremum = Extremum.of(spec);
        List<SemanticProblem> problems = SEMANTICS.check(spec.name(), spec.versions());
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(problems.get(0).toString());
        }
        if (spec.versions().stream().allMatch(v -> v.attribute(SEMANTICS.axis()).isEmpty())) {
            throw new IllegalArgumentException(spec.name() + ": no version has the attribute '" + SEMANTICS.axis()
                    + "', so the reduced axis is unknown");
        }
    }

    public OperatorSpec spec() {
        return spec;
    }

    public String name() {
        return spec.name();
    }

    /** For example {@code ArgMax-13}. */
    public String versionName(VersionSpec v) {
        return spec.name() + "-" + v.sinceVersion();
    }

    /** Which end of the order the operator looks for. */
    public Extremum extremum() {
        return extremum;
    }

    /** What the operator selects, {@code max} for ArgMax, as the ONNX documents word it. */
    public String selects() {
        return extremum.selects();
    }

    /** The reduced axis's attribute, {@code axis}. */
    public String axisAttribute() {
        return SEMANTICS.axis();
    }

    /** What the family's attributes, inputs and outputs mean. */
    public ArgReductionSemantics semantics() {
        return SEMANTICS;
    }

    public ParameterSpec dataInput(VersionSpec v) {
        return SEMANTICS.dataInput(v);
    }

    /** Whether this version's document states the axis range (an {@code axis_of} constraint). */
    public boolean statesAxisRange(VersionSpec v) {
        return v.attribute(axisAttribute()).flatMap(AttributeSpec::constraint)
                .filter(c -> c instanceof AttributeConstraint.AxisOf).isPresent();
    }

    /** Every attribute any version has, in order of first appearance, described by the newest version that has it. */
    public List<AttributeSpec> allAttributes() {
        Map<String, AttributeSpec> byName = new LinkedHashMap<>();
        for (VersionSpec v : spec.versions()) {
            for (AttributeSpec a : v.attributes()) {
                byName.put(a.name(), a);
            }
        }
        // Re-insert in first-appearance order.
        Map<String, AttributeSpec> ordered = new LinkedHashMap<>();
        for (VersionSpec v : spec.versions()) {
            for (AttributeSpec a : v.attributes()) {
                ordered.putIfAbsent(a.name(), byName.get(a.name()));
            }
        }
        return List.copyOf(ordered.values());
    }

    /** Whether an attribute's values are exactly 0 and 1 in every version that has it (a flag). */
    public boolean isFlag(String attribute) {
        boolean any = false;
        for (VersionSpec v : spec.versions()) {
            Optional<AttributeSpec> a = v.attribute(attribute);
            if (a.isPresent()) {
                any = true;
                if (!(a.get().constraint().orElse(null) instanceof AttributeConstraint.AllowedValues allowed)
                        || !allowed.values().equals(List.of(0L, 1L)) && !allowed.values().equals(List.of(1L, 0L))) {
                    return false;
                }
            }
        }
        return any;
    }

    /** The versions that have the attribute. */
    public List<VersionSpec> versionsWith(String attribute) {
        return spec.versions().stream().filter(v -> v.attribute(attribute).isPresent()).toList();
    }

    /** Why an attribute is missing from a version: where it was introduced, or removed. */
    public String whereAttributeExists(VersionSpec v, String attribute) {
        List<VersionSpec> with = versionsWith(attribute);
        if (with.isEmpty()) {
            return "no version of " + spec.name() + " has it";
        }
        Optional<VersionSpec> later = with.stream().filter(w -> w.sinceVersion() > v.sinceVersion()).findFirst();
        if (later.isPresent()) {
            return "it was introduced in " + versionName(later.get());
        }
        return "it exists only in " + with.stream().map(this::versionName).collect(Collectors.joining(", "));
    }

    /** The first version after {@code v} whose data input accepts the type. */
    public OptionalInt firstLaterVersionAccepting(VersionSpec v, ElementType type) {
        for (VersionSpec w : spec.versions()) {
            if (w.sinceVersion() > v.sinceVersion() && w.allowedTypes(dataInput(w)).contains(type)) {
                return OptionalInt.of(w.sinceVersion());
            }
        }
        return OptionalInt.empty();
    }

    /** The data input's allowed types in the order the document lists them. */
    public List<ElementType> allowedTypesInDocumentOrder(VersionSpec v) {
        ParameterSpec data = dataInput(v);
        if (data.type() instanceof io.github.argonnx.generator.model.TypeRef.Parameter p) {
            return v.typeConstraint(p.name()).map(c -> c.allowedTypes()).orElse(List.of());
        }
        return new ArrayList<>(v.allowedTypes(data));
    }

    /**
     * ONNX prose with the upstream {@code {name}} template slip filled in with what the operator selects
     * ({@code max}, {@code min}); emitters make it safe for Javadoc themselves.
     */
    public String documentText(String onnxText) {
        return onnxText.replace("{name}", selects());
    }
}
