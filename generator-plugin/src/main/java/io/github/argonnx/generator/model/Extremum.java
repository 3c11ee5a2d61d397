package io.github.argonnx.generator.model;

import java.util.Arrays;
import java.util.Optional;
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

    /** The extremum of the operator named {@code operatorName}, or empty if it is neither ArgMax nor ArgMin. */
    public static Optional<Extremum> forOperator(String operatorName) {
        return Arrays.stream(values()).filter(e -> e.operatorName.equals(operatorName)).findFirst();
    }

    /** The operator names this generator emits kernels for, for messages: {@code "ArgMax, ArgMin"}. */
    public static String operatorNames() {
        return Arrays.stream(values()).map(Extremum::operatorName).collect(Collectors.joining(", "));
    }

    /**
     * The extremum a loaded operator reduces to. The loader refuses any other operator with its location,
     * so this fails only for a model built by hand.
     */
    public static Extremum of(OperatorSpec operator) {
        String where = operator.location() == null ? "" : operator.location() + ": ";
        return forOperator(operator.name()).orElseThrow(() -> new IllegalArgumentException(where + "operator '"
                + operator.name() + "' is not an arg-reduction this generator can emit kernels for (expected one of: "
                + operatorNames() + ")"));
    }
}
