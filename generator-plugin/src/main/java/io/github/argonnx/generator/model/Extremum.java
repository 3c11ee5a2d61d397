package io.github.argonnx.generator.model;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Which end of the order an arg-reduction looks for: ArgMax the largest element, ArgMin the smallest. */
public enum Extremum {
    LARGEST("ArgMax", "largest", ">", "<="),
    SMALLEST("ArgMin", "smallest", "<", ">=");

    private final String operatorName;
    private final String adjective;
    private final String beatsOperator;
    private final String doesNotBeatOperator;

    Extremum(String operatorName, String adjective, String beatsOperator, String doesNotBeatOperator) {
        this.operatorName = operatorName;
        this.adjective = adjective;
        this.beatsOperator = beatsOperator;
        this.doesNotBeatOperator = doesNotBeatOperator;
    }

    /** The ONNX operator that selects this extremum, {@code ArgMax} or {@code ArgMin}. */
    public String operatorName() {
        return operatorName;
    }

    /** {@code "largest"} or {@code "smallest"}, for documentation. */
    public String adjective() {
        return adjective;
    }

    /** The Java operator that is true when its left operand is strictly nearer this extremum. */
    public String beatsOperator() {
        return beatsOperator;
    }

    /** The negation of {@link #beatsOperator()} on ordered (non-NaN) operands. */
    public String doesNotBeatOperator() {
        return doesNotBeatOperator;
    }

    /** The extremum an operator reduces to; refuses operators that are not ArgMax or ArgMin. */
    public static Extremum of(OperatorSpec operator) {
        for (Extremum e : values()) {
            if (e.operatorName.equals(operator.name())) {
                return e;
            }
        }
        String where = operator.location() == null ? "" : operator.location() + ": ";
        throw new IllegalArgumentException(where + "operator '" + operator.name()
                + "' is not an arg-reduction this generator can emit kernels for (expected one of: "
                + Arrays.stream(values()).map(Extremum::operatorName).collect(Collectors.joining(", ")) + ")");
    }
}
