package io.github.argonnx.generator.semantics;

import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.ParameterSpec;
import io.github.argonnx.generator.model.VersionSpec;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The checks every family's semantics make, with the wording their problems share. */
final class Checks {

    private Checks() {}

    static String versionName(String operator, VersionSpec v) {
        return operator + "-" + v.sinceVersion();
    }

    /** Every attribute of every version is one the family gives a meaning. */
    static void knownAttributes(FamilySemantics family, String operator, List<VersionSpec> versions,
            List<SemanticProblem> problems) {
        for (VersionSpec v : versions) {
            for (AttributeSpec a : v.attributes()) {
                if (!family.attributes().contains(a.name())) {
                    problems.add(new SemanticProblem(a.location(), versionName(operator, v), "attribute '" + a.name()
                            + "' has no meaning in the " + family.family().label() + " family (known: "
                            + String.join(", ", family.attributes()) + ")"));
                }
            }
        }
    }

    /**
     * Once some version has the axis attribute, every version has it: the generated code reads the axis in
     * every version. A spec without it anywhere loads, and generation refuses it.
     */
    static void axisInEveryVersion(FamilySemantics family, String operator, List<VersionSpec> versions,
            List<SemanticProblem> problems) {
        Optional<AttributeSpec> first = versions.stream().flatMap(v -> v.attribute(family.axis()).stream()).findFirst();
        if (first.isEmpty()) {
            return;
        }
        for (VersionSpec v : versions) {
            if (v.attribute(family.axis()).isEmpty()) {
                problems.add(new SemanticProblem(v.location(), versionName(operator, v), "has no attribute '"
                        + family.axis() + "', the axis of the " + family.family().label() + " family (first at line "
                        + first.get().location().line() + "): every version needs it for the generated code"));
            }
        }
    }

    /** Whether a parameter takes exactly int64 tensors, as a fixed type or through a type parameter. */
    static boolean int64Only(VersionSpec v, ParameterSpec p) {
        return v.allowedTypes(p).equals(Set.of(ElementType.INT64));
    }
}
