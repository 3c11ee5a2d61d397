package io.github.argonnx.generator.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A small valid spec as numbered lines, edited in place by the loader's error tests; every edit must
 * find what it changes. A test changes one line of {@link #MINIMAL}, so the expected
 * {@code file:line:column} can be read off the listing: columns count from 1, and a flow mapping
 * entry such as {@code - {name: axis, ...}} on an attribute line starts at column 9.
 */
final class EditedSpec {

    /** The name every edited spec is loaded under. */
    static final String FILE = "Spec.yaml";

    /**
     * A valid spec: two versions (12 adds select_last_index) and one example at opset 12; the operator's
     * {@code latest_known_opset} comes last (line 42), so that the lines above keep their numbers.
     */
    static final String MINIMAL = """
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

    private final List<String> lines;

    private EditedSpec(String text) {
        lines = new ArrayList<>(List.of(text.split("\n", -1)));
    }

    String line(int number) {
        return lines.get(number - 1);
    }

    /** Replaces the one occurrence of {@code from} on a 1-based line. */
    EditedSpec replace(int number, String from, String to) {
        String line = line(number);
        int at = line.indexOf(from);
        if (at < 0 || line.indexOf(from, at + 1) >= 0) {
            throw new IllegalArgumentException("line " + number + " does not contain '" + from + "' once: " + line);
        }
        lines.set(number - 1, line.replace(from, to));
        return this;
    }

    EditedSpec insertAfter(int number, String line) {
        lines.add(number, line);
        return this;
    }

    EditedSpec delete(int number) {
        lines.remove(number - 1);
        return this;
    }

    String text() {
        return String.join("\n", lines);
    }

    /** {@link #MINIMAL}, to edit. */
    static EditedSpec spec() {
        return new EditedSpec(MINIMAL);
    }

    /** Another spec text, to edit. */
    static EditedSpec of(String text) {
        return new EditedSpec(text);
    }

    static void assertProblems(EditedSpec spec, String... expected) {
        assertProblems(spec.text(), expected);
    }

    /** Loads {@code yaml} as {@link #FILE} and asserts the problems it reports, all of them, in order. */
    static void assertProblems(String yaml, String... expected) {
        SpecLoadException e = assertThrows(SpecLoadException.class,
                () -> SpecLoader.load(List.of(new SpecSource(FILE, yaml))));
        assertEquals(Arrays.asList(expected), strings(e));
    }

    static List<String> strings(SpecLoadException e) {
        return e.problems().stream().map(SpecProblem::toString).toList();
    }
}
