package io.github.argonnx.generator.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.argonnx.generator.model.OperatorSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every kind of malformed spec the loader must refuse, each with its complete message.
 *
 * <p>Each test starts from {@link #MINIMAL}, a small valid spec, and changes one line, so the
 * expected {@code file:line:column} can be read off the listing: columns count from 1, and a
 * flow mapping entry such as {@code - {name: axis, ...}} on an attribute line starts at column 9.
 */
class SpecLoaderErrorsTest {

    private static final String FILE = "Spec.yaml";

    /**
     * A valid spec: two versions (12 adds select_last_index) and one example at opset 12; the operator's
     * {@code latest_known_opset} comes last (line 42), so that the lines above keep their numbers.
     */
    private static final String MINIMAL = """
            operator: ArgMax
            domain: ai.onnx
            versions:
              - since_version: 11
                function: false
                support_level: COMMON
                shape_inference: true
                summary: Computes the indices of the max elements.
                attributes:
                  - {name: axis, type: INT, default: 0, doc: The axis., constraint: {axis_of: data}}
                  - {name: keepdims, type: INT, default: 1, doc: Keep it or not., constraint: {allowed_values: [0, 1]}}
                inputs:
                  - {name: data, type: T, heterogeneous: true, doc: An input tensor.}
                outputs:
                  - {name: reduced, type: tensor(int64), heterogeneous: true, doc: Reduced output tensor.}
                type_constraints:
                  - {parameter: T, allowed_types: [tensor(float), tensor(int32)], doc: Numeric tensors.}
              - since_version: 12
                function: false
                support_level: COMMON
                shape_inference: true
                summary: Computes the indices of the max elements, the last ones if asked.
                attributes:
                  - {name: axis, type: INT, default: 0, doc: The axis., constraint: {axis_of: data}}
                  - {name: keepdims, type: INT, default: 1, doc: Keep it or not., constraint: {allowed_values: [0, 1]}}
                  - {name: select_last_index, type: INT, default: 0, doc: Last or first., constraint: {allowed_values: [0, 1]}}
                inputs:
                  - {name: data, type: T, heterogeneous: true, doc: An input tensor.}
                outputs:
                  - {name: reduced, type: tensor(int64), heterogeneous: true, doc: Reduced output tensor.}
                type_constraints:
                  - {parameter: T, allowed_types: [tensor(float), tensor(int32)], doc: Numeric tensors.}
            examples:
              - name: keepdims_example
                source: written for this test
                opset: 12
                attributes: {axis: 1, keepdims: 1}
                inputs:
                  - {name: data, type: float, shape: [2, 2], values: [2, 2, 3, 10]}
                outputs:
                  - {name: result, type: int64, shape: [2, 1], values: [0, 1]}
            latest_known_opset: 26
            """;

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
    void operatorThatIsNotAnArgReduction() {
        assertProblems(spec().replace(1, "ArgMax", "ArgM\uD83D\uDE00ax"),
                "Spec.yaml:1:11: ArgM\uD83D\uDE00ax: operator 'ArgM\uD83D\uDE00ax' is not an arg-reduction this "
                        + "generator can emit kernels for (expected one of: ArgMax, ArgMin)");
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
        Spec spec = spec().replace(10, "doc: The axis., ", "")
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

    // ------------------------------------------------------------------ examples

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
        Spec twice = spec();
        for (int line = 34; line <= 41; line++) {
            twice.insertAfter(line + 7, twice.line(line)); // before latest_known_opset, still in the list
        }
        assertProblems(twice, "Spec.yaml:42:5: ArgMax: duplicate example 'keepdims_example' (first at line 34)");
    }

    // ------------------------------------------------------------------ issue #15: one problem per cause, limits

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
                "Spec.yaml:4:5: ArgMax-11: has no attribute 'axis', the axis attribute (constraint axis_of) of ArgMax "
                        + "at line 23: every version needs it for the generated code");
    }

    @Test
    void examplesTooLargeForTheGeneratedTestAreRefused() {
        int n = SpecRules.MAX_EXAMPLE_VALUES + 1;
        String values = String.join(", ", java.util.Collections.nCopies(n, "1"));
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

    @Test
    void aByteThatIsNotUtf8IsRefusedWithItsPosition() {
        byte[] latin1 = "operator: ArgMax\nsummary: caf\u00e9\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        SpecLoadException e = assertThrows(SpecLoadException.class, () -> SpecText.decode("Latin1.yaml", latin1));
        assertEquals(List.of("Latin1.yaml:2:13: the file is not UTF-8: byte 0xE9 cannot start or continue a UTF-8 "
                + "character here (save the file as UTF-8)"), strings(e));
    }

    @Test
    void anOversizedFileIsRefusedByItsSizeBeforeParsing() {
        String huge = "summary: " + "x".repeat(SpecText.MAX_BYTES) + "\n";
        assertProblems(huge, "Spec.yaml:1:1: the file is too large (" + huge.length() + " characters; a spec may have "
                + "at most " + SpecText.MAX_BYTES + " bytes)");
        SpecLoadException e = assertThrows(SpecLoadException.class,
                () -> SpecText.decode("Huge.yaml", huge.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(List.of("Huge.yaml:1:1: the file is too large (" + huge.length() + " bytes; a spec may have at most "
                + SpecText.MAX_BYTES + " bytes)"), strings(e));
    }

    @Test
    void aliasesNestingAndNulBytesArePointedAtWhereTheyAre() {
        assertProblems("a: &a [x, y]\nb: &b [*a, *a]\n",
                "Spec.yaml:2:8: an alias (*name) inside an anchored value (&b at line 2): expansions must not nest");
        assertProblems("a: &a x\nb: [" + "*a, ".repeat(SpecText.MAX_ALIASES) + "*a]\n",
                "Spec.yaml:2:" + (5 + 4 * SpecText.MAX_ALIASES) + ": more than " + SpecText.MAX_ALIASES
                        + " aliases (*name) in one spec");
        assertProblems(spec().replace(8, "Computes", "Com\u0000putes"),
                "Spec.yaml:8:17: character U+0000 is not allowed in a YAML file (control characters other than tab "
                        + "and line breaks, and unpaired surrogates, are not)");
        assertProblems("operator: ArgMax\nx: " + "[".repeat(30) + "]".repeat(30) + "\n",
                "Spec.yaml:2:" + (3 + SpecText.MAX_NESTING) + ": nested deeper than " + SpecText.MAX_NESTING
                        + " mappings and lists, which no spec needs");
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

    // ------------------------------------------------------------------ helpers

    private static Spec spec() {
        return new Spec(MINIMAL);
    }

    private static void assertProblems(Spec spec, String... expected) {
        assertProblems(spec.text(), expected);
    }

    private static void assertProblems(String yaml, String... expected) {
        SpecLoadException e = assertThrows(SpecLoadException.class,
                () -> SpecLoader.load(List.of(new SpecSource(FILE, yaml))));
        assertEquals(Arrays.asList(expected), strings(e));
    }

    private static List<String> strings(SpecLoadException e) {
        return e.problems().stream().map(SpecProblem::toString).toList();
    }

    /** A spec as numbered lines, edited in place; every edit must find what it changes. */
    private static final class Spec {
        private final List<String> lines;

        Spec(String text) {
            lines = new ArrayList<>(List.of(text.split("\n", -1)));
        }

        String line(int number) {
            return lines.get(number - 1);
        }

        /** Replaces the one occurrence of {@code from} on a 1-based line. */
        Spec replace(int number, String from, String to) {
            String line = line(number);
            int at = line.indexOf(from);
            if (at < 0 || line.indexOf(from, at + 1) >= 0) {
                throw new IllegalArgumentException("line " + number + " does not contain '" + from + "' once: " + line);
            }
            lines.set(number - 1, line.replace(from, to));
            return this;
        }

        Spec insertAfter(int number, String line) {
            lines.add(number, line);
            return this;
        }

        Spec delete(int number) {
            lines.remove(number - 1);
            return this;
        }

        String text() {
            return String.join("\n", lines);
        }
    }
}
