package io.github.argonnx.generator.model;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Which end of the order an arg-reduction looks for: ArgMax the largest element, ArgMin the smallest.
 * How generated Java spells comparisons toward it is decided on the generator side
 * ({@code io.github.argonnx.generator.java.ExtremumSyntax}).
 */
public enum Extremum {
    LARGEST("ArgMax", "max", "largest", "larger"),
    SMALLEST("ArgMin", "min", "smallest", "smaller");

    private final String operatorName;
    private final String selects;
    private final String adjective;
    private final String comparative;

    Extremum(String operatorName, String selects, String adjective, String comparative) {
        this.operatorName = operatorName;
        this.selects = selects;
        this.adjective = adjective;
        this.comparative = comparative;
    }

    /** The ONNX operator that selects this extremum, {@code ArgMax} or {@code ArgMin}. */
    public String operatorName() {
        return operatorName;
    }

    /** What the operator selects as the ONNX documents word it, {@code "max"} or {@code "min"}. */
    public String selects() {
        return selects;
    }

    /** {@code "largest"} or {@code "smallest"}, for documentation. */
    public String adjective() {
        return adjective;
    }

    /** {@code "larger"} or {@code "smaller"}, for documentation. */
    public String comparative() {
        return comparative;
    }

    /** Whether {@code a} is strictly nearer this extremum than {@code b}: larger for ArgMax, smaller for ArgMin. */
    public boolean prefers(double a, double b) {
        return this == LARGEST ? a > b : a < b;
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
