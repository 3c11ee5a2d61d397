package io.github.argonnx.generator.loader;

import static io.github.argonnx.generator.loader.EditedSpec.assertProblems;
import static io.github.argonnx.generator.loader.EditedSpec.spec;

import java.util.Collections;
import org.junit.jupiter.api.Test;

/**
 * Every kind of malformed example the loader must refuse, each with its complete message: each test
 * changes a line of the example of {@link EditedSpec#MINIMAL} (lines 34 to 41).
 */
class SpecExampleErrorsTest {

    @Test
    void exampleAttributeNotInItsVersion() {
        assertProblems(spec().replace(36, "opset: 12", "opset: 11")
                        .replace(37, "keepdims: 1}", "keepdims: 1, select_last_index: 1}"),
                "Spec.yaml:37:40: ArgMax example keepdims_example: attribute 'select_last_index' does not exist in "
                        + "ArgMax-11 (attributes: axis, keepdims)");
    }

    @Test
    void exampleTypeNotInItsVersion() {
        assertProblems(spec().replace(39, "type: float", "type: bfloat16"),
                "Spec.yaml:39:9: ArgMax example keepdims_example: input 'data' has type bfloat16, which ArgMax-12 "
                        + "does not accept for 'data' (allowed: float, int32)");
    }

    @Test
    void exampleOpsetWithoutAVersion() {
        assertProblems(spec().replace(36, "opset: 12", "opset: 10"),
                "Spec.yaml:34:5: ArgMax example keepdims_example: opset 10 has no version of ArgMax (versions: 11, 12)");
    }

    @Test
    void exampleAttributeValueNotAllowed() {
        assertProblems(spec().replace(37, "keepdims: 1", "keepdims: 2"),
                "Spec.yaml:37:27: ArgMax example keepdims_example: attribute 'keepdims' = 2 is not allowed in "
                        + "ArgMax-12 (allowed: [0, 1])");
    }

    @Test
    void exampleAxisOutOfRangeForItsInput() {
        assertProblems(spec().replace(37, "axis: 1", "axis: -3"),
                "Spec.yaml:37:18: ArgMax example keepdims_example: attribute 'axis' = -3 is out of range [-2, 1] "
                        + "for input 'data' of rank 2 in ArgMax-12");
    }

    @Test
    void exampleAttributeNameThatIsNotText() {
        assertProblems(spec().replace(37, "{axis: 1,", "{[axis]: 1,"),
                "Spec.yaml:37:18: ArgMax example keepdims_example: expected an attribute name, found a list");
    }

    @Test
    void dataLengthNotMatchingShape() {
        assertProblems(spec().replace(39, "[2, 2, 3, 10]", "[2, 2, 3]"),
                "Spec.yaml:39:58: ArgMax example keepdims_example: tensor 'data' has 3 values but its shape [2, 2] "
                        + "holds 4");
    }

    @Test
    void valueOutOfRangeForItsType() {
        assertProblems(spec().replace(39, "type: float", "type: int32").replace(39, "10]", "2147483648]"),
                "Spec.yaml:39:68: ArgMax example keepdims_example: tensor 'data' value 2147483648 is out of range for "
                        + "int32 [-2147483648, 2147483647]");
    }

    @Test
    void valueThatIsNotANumber() {
        assertProblems(spec().replace(39, "10]", "ten]"),
                "Spec.yaml:39:68: ArgMax example keepdims_example: tensor 'data' value is not a number: found string 'ten'");
    }

    @Test
    void duplicateExample() {
        EditedSpec twice = spec();
        for (int line = 34; line <= 41; line++) {
            twice.insertAfter(line + 7, twice.line(line)); // before latest_known_opset, still in the list
        }
        assertProblems(twice, "Spec.yaml:42:5: ArgMax: duplicate example 'keepdims_example' (first at line 34)");
    }

    @Test
    void examplesTooLargeForTheGeneratedTestAreRefused() {
        int n = SpecRules.MAX_EXAMPLE_VALUES + 1;
        String values = String.join(", ", Collections.nCopies(n, "1"));
        assertProblems(spec().replace(39, "shape: [2, 2], values: [2, 2, 3, 10]", "shape: [" + n + ", 1], values: ["
                        + values + "]"),
                "Spec.yaml:34:5: ArgMax example keepdims_example: the inputs of the examples of ArgMax up to this one "
                        + "hold " + n + " values, more than the " + (n - 1) + " one generated test class can hold; use "
                        + "smaller examples");
        assertProblems(spec().replace(41, "shape: [2, 1], values: [0, 1]", "shape: [" + n + ", 1], values: ["
                        + values.replace('1', '0') + "]"),
                "Spec.yaml:34:5: ArgMax example keepdims_example: the outputs hold " + n + " values, more than the "
                        + (n - 1) + " one generated test method can hold; use a smaller example");
    }
}
