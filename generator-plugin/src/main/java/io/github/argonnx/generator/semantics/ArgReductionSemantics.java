package io.github.argonnx.generator.semantics;

import io.github.argonnx.generator.model.ParameterSpec;
import io.github.argonnx.generator.model.VersionSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * What the attributes, inputs and outputs of an arg-reduction (ArgMax, ArgMin) mean: one input, the data;
 * one output, the int64 indices; the attribute {@link #axis} is the reduced axis, {@link #keepdims} keeps it
 * as a dimension of 1, {@link #selectLastIndex} resolves ties to the last index instead of the first. Which
 * end of the order the operator looks for is {@link io.github.argonnx.generator.model.Extremum}.
 *
 * @param axis the ONNX name of the reduced-axis attribute
 * @param keepdims the ONNX name of the flag that keeps the reduced dimension
 * @param selectLastIndex the ONNX name of the flag that picks the last index of a tie
 */
public record ArgReductionSemantics(String axis, String keepdims, String selectLastIndex) implements FamilySemantics {

    /** The names ONNX gives them. */
    public static final ArgReductionSemantics ONNX = new ArgReductionSemantics("axis", "keepdims", "select_last_index");

    @Override
    public OperatorFamily family() {
        return OperatorFamily.ARG_REDUCTION;
    }

    /** Both flags, in the order messages list them. */
    public List<String> flags() {
        return List.of(keepdims, selectLastIndex);
    }

    @Override
    public List<String> attributes() {
        return List.of(axis, keepdims, selectLastIndex);
    }

    /** The data input: an arg-reduction's only input. */
    public ParameterSpec dataInput(VersionSpec v) {
        return v.inputs().get(0);
    }

    @Override
    public List<SemanticProblem> check(String operator, List<VersionSpec> versions) {
        List<SemanticProblem> problems = new ArrayList<>();
        Checks.knownAttributes(this, operator, versions, problems);
        for (VersionSpec v : versions) {
            if (v.inputs().size() != 1 || v.outputs().size() != 1) {
                problems.add(new SemanticProblem(v.location(), Checks.versionName(operator, v), "an arg-reduction has "
                        + "one input and one output; this version has " + v.inputs().size() + " and "
                        + v.outputs().size()));
            } else if (!Checks.int64Only(v, v.outputs().get(0))) {
                ParameterSpec out = v.outputs().get(0);
                problems.add(new SemanticProblem(out.location(), Checks.versionName(operator, v), "output '"
                        + out.name() + "' holds the indices, so its type is tensor(int64), not " + out.type()));
            }
        }
        Checks.axisInEveryVersion(this, operator, versions, problems);
        return problems;
    }
}
