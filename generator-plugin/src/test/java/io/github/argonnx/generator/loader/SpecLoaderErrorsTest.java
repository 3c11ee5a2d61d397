package io.github.argonnx.generator.loader;

import static io.github.argonnx.generator.loader.EditedSpec.FILE;
import static io.github.argonnx.generator.loader.EditedSpec.MINIMAL;
import static io.github.argonnx.generator.loader.EditedSpec.assertProblems;
import static io.github.argonnx.generator.loader.EditedSpec.spec;
import static io.github.argonnx.generator.loader.EditedSpec.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.argonnx.generator.model.OperatorSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every kind of malformed spec the loader must refuse, each with its complete message: each test
 * changes a line of {@link EditedSpec#MINIMAL}. Examples are in {@link SpecExampleErrorsTest}, input
 * that would cost the loader out of proportion in {@link SpecInputLimitsTest}.
 */
class SpecLoaderErrorsTest {

    @Test
    void theMinimalSpecIsValid() throws SpecLoadException {
        List<OperatorSpec> ops = SpecLoader.load(List.of(new SpecSource(FILE, MINIMAL)));
        assertEquals(1, ops.size());
        assertEquals(2, ops.get(0).versions().size());
        assertEquals(1, ops.get(0).examples().size());
    }

    // ------------------------------------------------------------------ YAML and file level

    @Test
    void yamlSyntaxError() {
        assertProblems(spec().replace(8, "Computes the", "Computes: the"),
                "Spec.yaml:8:22: not valid YAML: mapping values are not allowed here");
    }

    @Test
    void yamlSyntaxErrorNamesWhereTheUnfinishedListBegan() {
        assertProblems(spec().replace(39, "values: [2, 2, 3, 10]}", "values: [2, 2, 3, 10}"),
                "Spec.yaml:39:70: not valid YAML: expected ',' or ']', but got } "
                        + "(while parsing a flow sequence started at line 39, column 58)");
    }

    @Test
    void emptyFile() {
        assertProblems("# only a comment\n", "Spec.yaml:1:1: the file is empty");
    }

    @Test
    void topLevelIsNotAMapping() {
        assertProblems("- ArgMax\n- ArgMin\n", "Spec.yaml:1:1: expected an operator spec to be a mapping, found a list");
    }

    @Test
    void missingVersions() {
        assertProblems("operator: ArgMax\ndomain: ai.onnx\n",
                "Spec.yaml:1:1: missing required key 'latest_known_opset' in an operator spec",
                "Spec.yaml:1:1: missing required key 'versions' in an operator spec");
    }

    // ------------------------------------------------------------------ latest_known_opset

    @Test
    void latestKnownOpsetMissing() {
        assertProblems(spec().delete(42), "Spec.yaml:1:1: missing required key 'latest_known_opset' in an operator spec");
    }

    @Test
    void latestKnownOpsetNotAnInteger() {
        assertProblems(spec().replace(42, "26", "twenty-six"),
                "Spec.yaml:42:21: expected 'latest_known_opset' to be an integer, found string 'twenty-six'");
    }

    @Test
    void latestKnownOpsetOutOfRange() {
        assertProblems(spec().replace(42, "26", "0"),
                "Spec.yaml:42:21: ArgMax: latest_known_opset 0 is out of range [1, 10000]");
    }

    @Test
    void latestKnownOpsetBelowTheNewestVersion() {
        assertProblems(spec().replace(42, "26", "11"),
                "Spec.yaml:42:21: ArgMax: latest_known_opset 11 is below the newest version, ArgMax-12 "
                        + "(it must be at least 12)");
    }

    @Test
    void exampleOpsetBeyondTheLatestKnownOpset() {
        assertProblems(spec().replace(36, "opset: 12", "opset: 27"),
                "Spec.yaml:34:5: ArgMax example keepdims_example: opset 27 is beyond latest_known_opset 26 of "
                        + "ArgMax (no version is known to be in force there)");
    }

    @Test
    void sourceThatIsNotText() {
        assertProblems(spec().insertAfter(2, "source: [a, b]"),
                "Spec.yaml:3:9: expected 'source' to be a string, found a list");
    }

    @Test
    void operatorOfNoKnownFamily() {
        assertProblems(spec().replace(1, "ArgMax", "ArgM\uD83D\uDE00ax"),
                "Spec.yaml:1:11: ArgM\uD83D\uDE00ax: operator 'ArgM\uD83D\uDE00ax' belongs to no operator family "
                        + "the generator knows (families: arg-reduction: ArgMax, ArgMin; top-k: TopK)");
    }

    @Test
    void operatorDefinedInTwoFiles() {
        SpecLoadException e = assertThrows(SpecLoadException.class, () -> SpecLoader.load(List.of(
                new SpecSource("A.yaml", MINIMAL), new SpecSource("B.yaml", MINIMAL))));
        assertEquals(List.of("B.yaml:1:1: ArgMax: operator already defined at A.yaml:1:1"), strings(e));
    }

    // ------------------------------------------------------------------ keys and value kinds

    @Test
    void unknownKey() {
        assertProblems(spec().replace(10, "default: 0", "defualt: 0"),
                "Spec.yaml:10:33: ArgMax-11: unknown key 'defualt' in an attribute "
                        + "(expected one of: constraint, default, doc, name, type)");
    }

    @Test
    void duplicateKey() {
        assertProblems(spec().insertAfter(5, "    function: true"),
                "Spec.yaml:6:5: ArgMax-11: duplicate key 'function' in a version (first at line 5)");
    }

    @Test
    void missingRequiredKey() {
        assertProblems(spec().delete(8), "Spec.yaml:4:5: ArgMax-11: missing required key 'summary' in a version");
    }

    @Test
    void missingRequiredKeysAtEveryLevel() {
        EditedSpec spec = spec().replace(10, "doc: The axis., ", "")
                .replace(13, "heterogeneous: true, ", "")
                .replace(32, ", doc: Numeric tensors.", "")
                .replace(41, "shape: [2, 1], ", "")
                .delete(35); // the example's source; the output tensor moves up to line 40
        assertProblems(spec,
                "Spec.yaml:10:9: ArgMax-11: missing required key 'doc' in an attribute",
                "Spec.yaml:13:9: ArgMax-11: missing required key 'heterogeneous' in an input",
                "Spec.yaml:32:9: ArgMax-12: missing required key 'doc' in a type constraint",
                "Spec.yaml:34:5: ArgMax example keepdims_example: missing required key 'source' in an example",
                "Spec.yaml:40:9: ArgMax example keepdims_example: missing required key 'shape' in a tensor");
    }

    @Test
    void wrongValueType() {
        assertProblems(spec().replace(7, "true", "yes please"),
                "Spec.yaml:7:22: ArgMax-11: expected 'shape_inference' to be true or false, found string 'yes please'");
    }

    @Test
    void yesIsNotTrue() {
        // YAML 1.1 makes "yes" a boolean; read naively it would silently mean false
        assertProblems(spec().replace(7, "true", "yes"),
                "Spec.yaml:7:22: ArgMax-11: expected 'shape_inference' to be true or false, found 'yes' "
                        + "(YAML 1.1 reads it as a boolean; write true or false)");
    }

    @Test
    void unknownSupportLevel() {
        assertProblems(spec().replace(6, "COMMON", "COMMONS"),
                "Spec.yaml:6:20: ArgMax-11: unknown support_level 'COMMONS' (expected one of: COMMON, EXPERIMENTAL)");
    }

    // ------------------------------------------------------------------ types

    @Test
    void unknownTensorTypeName() {
        assertProblems(spec().replace(17, "tensor(int32)", "tensor(int33)"),
                "Spec.yaml:17:55: ArgMax-11: unknown type 'tensor(int33)' (known: tensor(bfloat16), tensor(double), "
                        + "tensor(float), tensor(float16), tensor(int16), tensor(int32), tensor(int64), tensor(int8), "
                        + "tensor(uint16), tensor(uint32), tensor(uint64), tensor(uint8))");
    }

    @Test
    void unknownElementTypeInAnExample() {
        assertProblems(spec().replace(39, "type: float", "type: float32"),
                "Spec.yaml:39:28: ArgMax example keepdims_example: unknown element type 'float32' (known: bfloat16, "
                        + "double, float, float16, int16, int32, int64, int8, uint16, uint32, uint64, uint8)");
    }

    @Test
    void typeListedTwice() {
        assertProblems(spec().replace(17, "tensor(int32)", "tensor(float)"),
                "Spec.yaml:17:55: ArgMax-11: type 'tensor(float)' is listed twice for T");
    }

    @Test
    void typeParameterUndefined() {
        assertProblems(spec().replace(13, "type: T,", "type: U,"),
                "Spec.yaml:13:9: ArgMax-11: 'data' has type parameter U, which no type constraint defines",
                "Spec.yaml:17:9: ArgMax-11: type parameter T is used by no input or output");
    }

    // ------------------------------------------------------------------ attributes

    @Test
    void unsupportedAttributeType() {
        assertProblems(spec().replace(10, "type: INT", "type: FLOAT"),
                "Spec.yaml:10:28: ArgMax-11: attribute 'axis' has unsupported type 'FLOAT' (supported: INT)");
    }

    @Test
    void duplicateAttribute() {
        assertProblems(spec().replace(11, "name: keepdims", "name: axis"),
                "Spec.yaml:11:9: ArgMax-11: duplicate attribute 'axis' (first at line 10)");
    }

    @Test
    void defaultNotAllowedByConstraint() {
        assertProblems(spec().replace(11, "default: 1", "default: 2"),
                "Spec.yaml:11:9: ArgMax-11: attribute 'keepdims' has default 2, which its constraint does not allow "
                        + "(allowed: [0, 1])");
    }

    @Test
    void constraintWithBothKinds() {
        assertProblems(spec().replace(10, "{axis_of: data}", "{axis_of: data, allowed_values: [0]}"),
                "Spec.yaml:10:73: ArgMax-11: the constraint of attribute 'axis' needs exactly one of "
                        + "'allowed_values' or 'axis_of'");
    }

    @Test
    void axisOfNamesAnUnknownInput() {
        assertProblems(spec().replace(24, "axis_of: data", "axis_of: input"),
                "Spec.yaml:24:9: ArgMax-12: attribute 'axis' is an axis of 'input', which is not an input (inputs: data)");
    }

    // ------------------------------------------------------------------ versions

    @Test
    void versionsOutOfOrder() {
        assertProblems(spec().replace(18, "since_version: 12", "since_version: 1"),
                "Spec.yaml:18:5: ArgMax-1: versions out of order: since_version 1 comes after 11 "
                        + "(list versions in ascending order)");
    }

    @Test
    void overlappingVersions() {
        assertProblems(spec().replace(18, "since_version: 12", "since_version: 11"),
                "Spec.yaml:18:5: ArgMax-11: duplicate since_version 11 (first at line 4)");
    }

    @Test
    void aSinceVersionThatIsNotADecimalIntegerIsOneProblem() {
        assertProblems(spec().replace(4, "11", "'1'"),
                "Spec.yaml:4:20: ArgMax-1: expected 'since_version' to be an integer, found string '1'");
        assertProblems(spec().replace(4, "11", "1.0"),
                "Spec.yaml:4:20: ArgMax-1.0: expected 'since_version' to be an integer, found number '1.0'");
        assertProblems(spec().replace(4, "11", "0x1"),
                "Spec.yaml:4:20: ArgMax-0x1: 'since_version' value 0x1 is not a decimal integer (write it in decimal "
                        + "digits without a leading 0; YAML reads 0x1 as hexadecimal and 010 as octal)");
        assertProblems(spec().replace(4, "11", "18446744073709551616"),
                "Spec.yaml:4:20: ArgMax-18446744073709551616: 'since_version' value 18446744073709551616 is not a "
                        + "64-bit integer");
    }

    @Test
    void aVersionWithoutTheAxisAttributeCannotBeGenerated() {
        assertProblems(spec().delete(10),
                "Spec.yaml:4:5: ArgMax-11: has no attribute 'axis', the axis of the arg-reduction family (first at "
                        + "line 23): every version needs it for the generated code");
    }

    // ------------------------------------------------------------------ reporting

    @Test
    void allProblemsOfARunAreReportedTogether() {
        String a = spec().replace(10, "default: 0", "defualt: 0")
                .replace(7, "true", "yes please")
                .replace(26, "type: INT", "type: FLOAT")
                .replace(39, "type: float", "type: float32")
                .text();
        String b = "- ArgMax\n";
        SpecLoadException e = assertThrows(SpecLoadException.class,
                () -> SpecLoader.load(List.of(new SpecSource("A.yaml", a), new SpecSource("B.yaml", b))));
        List<String> expected = List.of(
                "A.yaml:10:33: ArgMax-11: unknown key 'defualt' in an attribute "
                        + "(expected one of: constraint, default, doc, name, type)",
                "A.yaml:7:22: ArgMax-11: expected 'shape_inference' to be true or false, found string 'yes please'",
                "A.yaml:26:41: ArgMax-12: attribute 'select_last_index' has unsupported type 'FLOAT' (supported: INT)",
                "A.yaml:39:28: ArgMax example keepdims_example: unknown element type 'float32' (known: bfloat16, "
                        + "double, float, float16, int16, int32, int64, int8, uint16, uint32, uint64, uint8)",
                "B.yaml:1:1: expected an operator spec to be a mapping, found a list");
        assertEquals(expected, strings(e));
        assertEquals("5 problems in the specs:\n  " + String.join("\n  ", expected), e.getMessage());
    }
}
