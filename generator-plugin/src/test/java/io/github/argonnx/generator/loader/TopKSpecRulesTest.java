package io.github.argonnx.generator.loader;

import static io.github.argonnx.generator.loader.EditedSpec.assertProblems;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.VersionSpec;
import io.github.argonnx.generator.semantics.OperatorFamily;
import io.github.argonnx.generator.semantics.TopKSemantics;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What the loader asks of a TopK spec, from the top-k family's semantics: {@code k} as a required attribute
 * or as an int64 input of shape {@code [1]}, two outputs (values of the data's type, int64 indices), and
 * examples that set required attributes and give the fixed shape. Each test changes a line of {@link #TOP_K}.
 */
class TopKSpecRulesTest {

    /** Version 1 takes k as an attribute, version 10 as the input K; one example of each. */
    static final String TOP_K = """
            operator: TopK
            domain: ai.onnx
            versions:
              - since_version: 1
                function: false
                support_level: COMMON
                shape_inference: true
                summary: Retrieve the top-K elements along a specified axis.
                attributes:
                  - {name: axis, type: INT, default: -1, doc: Dimension on which to do the sort.}
                  - {name: k, type: INT, doc: Number of top elements to retrieve}
                inputs:
                  - {name: X, type: T, heterogeneous: true, doc: The data.}
                outputs:
                  - {name: Values, type: T, heterogeneous: true, doc: The top values.}
                  - {name: Indices, type: I, heterogeneous: true, doc: Their indices.}
                type_constraints:
                  - {parameter: T, allowed_types: [tensor(float)], doc: Float tensors.}
                  - {parameter: I, allowed_types: [tensor(int64)], doc: Int64.}
              - since_version: 10
                function: false
                support_level: COMMON
                shape_inference: true
                summary: Retrieve the top-K elements along a specified axis.
                attributes:
                  - {name: axis, type: INT, default: -1, doc: Dimension on which to do the sort.}
                inputs:
                  - {name: X, type: T, heterogeneous: true, doc: The data.}
                  - {name: K, type: tensor(int64), heterogeneous: true, shape: [1], doc: A 1-D tensor.}
                outputs:
                  - {name: Values, type: T, heterogeneous: true, doc: The top values.}
                  - {name: Indices, type: I, heterogeneous: true, doc: Their indices.}
                type_constraints:
                  - {parameter: T, allowed_types: [tensor(float)], doc: Float tensors.}
                  - {parameter: I, allowed_types: [tensor(int64)], doc: Int64.}
            examples:
              - name: k_attribute
                source: written for this test
                opset: 1
                attributes: {k: 1}
                inputs:
                  - {name: x, type: float, shape: [3], values: [1, 3, 2]}
                outputs:
                  - {name: values, type: float, shape: [1], values: [3]}
                  - {name: indices, type: int64, shape: [1], values: [1]}
              - name: k_input
                source: written for this test
                opset: 10
                inputs:
                  - {name: x, type: float, shape: [3], values: [1, 3, 2]}
                  - {name: k, type: int64, shape: [1], values: [2]}
                outputs:
                  - {name: values, type: float, shape: [2], values: [3, 2]}
                  - {name: indices, type: int64, shape: [2], values: [1, 2]}
            latest_known_opset: 24
            """;

    private static EditedSpec spec() {
        return EditedSpec.of(TOP_K);
    }

    @Test
    void theMinimalTopKSpecLoadsWithKFromTheAttributeThenTheInput() throws SpecLoadException {
        OperatorSpec op = SpecLoader.load(List.of(new SpecSource(EditedSpec.FILE, TOP_K))).get(0);
        assertEquals(OperatorFamily.TOP_K, OperatorFamily.of(op));
        VersionSpec v1 = op.version(1).orElseThrow();
        VersionSpec v10 = op.version(10).orElseThrow();
        assertEquals(new TopKSemantics.KSource.Attribute(v1.attribute("k").orElseThrow()),
                TopKSemantics.ONNX.kSource(v1));
        assertEquals(new TopKSemantics.KSource.Input(v10.inputs().get(1)), TopKSemantics.ONNX.kSource(v10));
        assertEquals(Optional.of(List.of(1L)), v10.inputs().get(1).shape());
        assertEquals("Indices", TopKSemantics.ONNX.indices(v10).name());
    }

    @Test
    void anExampleMustSetARequiredAttribute() {
        assertProblems(spec().replace(40, "attributes: {k: 1}", "attributes: {axis: 0}"),
                "Spec.yaml:37:5: TopK example k_attribute: attribute 'k' is required in TopK-1 (it has no default) "
                        + "but the example does not set it");
    }

    @Test
    void anExampleGivesTheShapeAnInputFixes() {
        assertProblems(spec().replace(51, "shape: [1], values: [2]", "shape: [], values: [2]"),
                "Spec.yaml:51:9: TopK example k_input: input 'k' has shape [], but TopK-10 fixes the shape of 'K' to [1]");
    }

    @Test
    void theKInputStatesItsTypeAndShape() {
        assertProblems(spec().replace(29, "shape: [1], ", ""),
                "Spec.yaml:29:9: TopK-10: input 'K' holds k, so it is a tensor(int64) of shape [1]; the spec gives "
                        + "tensor(int64) with no shape");
        assertProblems(spec().replace(29, "tensor(int64)", "tensor(int32)"),
                "Spec.yaml:29:9: TopK-10: input 'K' holds k, so it is a tensor(int64) of shape [1]; the spec gives "
                        + "tensor(int32) of shape [1]");
    }

    @Test
    void aVersionWithoutTheKAttributeNeedsTheKInput() {
        assertProblems(spec().delete(11),
                "Spec.yaml:4:5: TopK-1: without the attribute 'k', TopK has two inputs, the data and k; this version "
                        + "has 1");
    }

    @Test
    void bothOutputsMeanWhatTheFamilySays() {
        assertProblems(spec().replace(19, "[tensor(int64)]", "[tensor(int32)]"),
                "Spec.yaml:16:9: TopK-1: output 'Indices' holds the indices, so its type allows tensor(int64) only, "
                        + "not I");
        assertProblems(spec().delete(19).delete(16),
                "Spec.yaml:4:5: TopK-1: TopK has two outputs, the values and their indices; this version has 1");
    }

    @Test
    void anAttributeOfTheArgReductionsHasNoMeaningInTopK() {
        assertProblems(spec().replace(26, "name: axis, type: INT, default: -1, doc: Dimension on which to do the sort.",
                        "name: keepdims, type: INT, default: 1, doc: Keep it."),
                "Spec.yaml:26:9: TopK-10: attribute 'keepdims' has no meaning in the top-k family (known: axis, k, "
                        + "largest, sorted)",
                "Spec.yaml:20:5: TopK-10: has no attribute 'axis', the axis of the top-k family (first at line 10): "
                        + "every version needs it for the generated code");
    }
}
