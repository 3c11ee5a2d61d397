package io.github.argonnx.generator.model;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Which end of the order an arg-reduction looks for: ArgMax the largest element, ArgMin the smallest. */
public enum Extremum {
    LARGEST("ArgMax", "largest", ">", "<=", "MAX", "GT", "LE"),
    SMALLEST("ArgMin", "smallest", "<", ">=", "MIN", "LT", "GE");

    private final String operatorName;
    private final String adjective;
    private final String beatsOperator;
    private final String doesNotBeatOperator;
    private final String vectorExtreme;
    private final String vectorBeats;
    private final String vectorDoesNotBeat;

    Extremum(String operatorName, String adjective, String beatsOperator, String doesNotBeatOperator,
            String vectorExtreme, String vectorBeats, String vectorDoesNotBeat) {
        this.operatorName = operatorName;
        this.adjective = adjective;
        this.beatsOperator = beatsOperator;
        this.doesNotBeatOperator = doesNotBeatOperator;
        this.vectorExtreme = vectorExtreme;
        this.vectorBeats = vectorBeats;
        this.vectorDoesNotBeat = vectorDoesNotBeat;
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

    /**
     * The {@code VectorOperators} constant of this extremum, {@code MAX} or {@code MIN}, as in
     * {@code reduceLanes(VectorOperators.MAX)}; its lower case is the lane-wise method ({@code max}).
     */
    public String vectorExtreme() {
        return vectorExtreme;
    }

    /** The {@code VectorOperators} comparison that is true when the left lane is strictly nearer this extremum. */
    public String vectorBeats() {
        return vectorBeats;
    }

    /** The {@code VectorOperators} comparison that is true when the left lane is strictly farther from this extremum. */
    public String vectorLoses() {
        return this == LARGEST ? "LT" : "GT";
    }

    /** The Java operator that is true when its left operand is nearer this extremum or equal. */
    public String beatsOrTiesOperator() {
        return this == LARGEST ? ">=" : "<=";
    }

    /** The negation of {@link #vectorBeats()} on ordered (non-NaN) lanes. */
    public String vectorDoesNotBeat() {
        return vectorDoesNotBeat;
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
