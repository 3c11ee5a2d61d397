package io.github.argonnx.generator.semantics;

import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.ParameterSpec;
import io.github.argonnx.generator.model.VersionSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the attributes, inputs and outputs of TopK mean. The first input is the data; {@code k}, how many
 * elements to return, is the required attribute {@link #k} in version 1 and from version 10 the second input,
 * an int64 tensor of shape {@code [1]}; the attribute {@link #axis} is the axis to sort along;
 * {@link #largest} (from version 11) returns the largest elements when 1 and the smallest when 0;
 * {@link #sorted} (from version 11) returns them in order when 1, in an order the documents leave undefined
 * when 0. The two outputs are the values, of the data's type, and their int64 indices along the axis.
 *
 * @param axis the ONNX name of the axis attribute
 * @param k the ONNX name of the attribute that holds k where a version has it
 * @param largest the ONNX name of the flag that chooses the largest or smallest elements
 * @param sorted the ONNX name of the flag that asks for sorted output
 */
public record TopKSemantics(String axis, String k, String largest, String sorted) implements FamilySemantics {

    /** The names ONNX gives them. */
    public static final TopKSemantics ONNX = new TopKSemantics("axis", "k", "largest", "sorted");

    /** The shape of the {@code K} input: a 1-D tensor of one element. */
    public static final List<Long> K_INPUT_SHAPE = List.of(1L);

    /** Where a version takes {@code k} from. */
    public sealed interface KSource {
        /** The attribute {@code k} (version 1). */
        record Attribute(AttributeSpec attribute) implements KSource {}

        /** The second input, an int64 tensor of shape {@code [1]} (from version 10). */
        record Input(ParameterSpec input) implements KSource {}
    }

    @Override
    public OperatorFamily family() {
        return OperatorFamily.TOP_K;
    }

    @Override
    public List<String> attributes() {
        return List.of(axis, k, largest, sorted);
    }

    /** The data input, the first one. */
    public ParameterSpec dataInput(VersionSpec v) {
        return v.inputs().get(0);
    }

    /** Where the version takes k from: its attribute {@code k}, or else its second input. */
    public KSource kSource(VersionSpec v) {
        Optional<AttributeSpec> attribute = v.attribute(k);
        return attribute.<KSource>map(KSource.Attribute::new).orElseGet(() -> new KSource.Input(v.inputs().get(1)));
    }

    /** The output of the selected values, the first one. */
    public ParameterSpec values(VersionSpec v) {
        return v.outputs().get(0);
    }

    /** The output of their indices, the second one. */
    public ParameterSpec indices(VersionSpec v) {
        return v.outputs().get(1);
    }

    @Override
    public List<SemanticProblem> check(String operator, List<VersionSpec> versions) {
        List<SemanticProblem> problems = new ArrayList<>();
        Checks.knownAttributes(this, operator, versions, problems);
        for (VersionSpec v : versions) {
            String context = Checks.versionName(operator, v);
            boolean kAttribute = v.attribute(k).isPresent();
            int inputs = kAttribute ? 1 : 2;
            if (v.inputs().size() != inputs) {
                problems.add(new SemanticProblem(v.location(), context, kAttribute
                        ? "with the attribute '" + k + "', TopK has one input, the data; this version has "
                                + v.inputs().size()
                        : "without the attribute '" + k + "', TopK has two inputs, the data and k; this version has "
                                + v.inputs().size()));
            } else if (!kAttribute) {
                ParameterSpec kInput = v.inputs().get(1);
                if (!Checks.int64Only(v, kInput) || !kInput.shape().equals(Optional.of(K_INPUT_SHAPE))) {
                    problems.add(new SemanticProblem(kInput.location(), context, "input '" + kInput.name()
                            + "' holds k, so it is a tensor(int64) of shape [1]; the spec gives " + kInput.type()
                            + kInput.shape().map(s -> " of shape " + s).orElse(" with no shape")));
                }
            }
            if (v.outputs().size() != 2) {
                problems.add(new SemanticProblem(v.location(), context, "TopK has two outputs, the values and their "
                        + "indices; this version has " + v.outputs().size()));
            } else {
                ParameterSpec values = values(v);
                ParameterSpec indices = indices(v);
                if (!v.inputs().isEmpty() && !values.type().equals(dataInput(v).type())) {
                    problems.add(new SemanticProblem(values.location(), context, "output '" + values.name()
                            + "' holds elements of the data, so its type is " + dataInput(v).type() + ", not "
                            + values.type()));
                }
                if (!Checks.int64Only(v, indices)) {
                    problems.add(new SemanticProblem(indices.location(), context, "output '" + indices.name()
                            + "' holds the indices, so its type allows tensor(int64) only, not " + indices.type()));
                }
            }
        }
        Checks.axisInEveryVersion(this, operator, versions, problems);
        return problems;
    }
}
