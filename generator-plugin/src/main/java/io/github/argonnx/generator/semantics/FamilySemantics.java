package io.github.argonnx.generator.semantics;

import io.github.argonnx.generator.model.VersionSpec;
import java.util.List;

/**
 * What the attributes, inputs and outputs of one operator family mean: the one place both the loader's
 * checks and the emitters take them from.
 */
public sealed interface FamilySemantics permits ArgReductionSemantics, TopKSemantics {

    /** The family these semantics describe. */
    OperatorFamily family();

    /** The attribute that names the axis the operator works along. */
    String axis();

    /** Every attribute the family gives a meaning, in the order messages list them. */
    List<String> attributes();

    /**
     * Whether the versions of an operator mean what the family says: every attribute known, the inputs and
     * outputs the family has. Returns every problem found, empty when there is none.
     *
     * @param operator the operator name, for the problems' context
     */
    List<SemanticProblem> check(String operator, List<VersionSpec> versions);
}
