package io.github.argonnx.generator.semantics;

import io.github.argonnx.generator.model.Extremum;
import io.github.argonnx.generator.model.OperatorSpec;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The operator families the generator knows: operators whose attributes, inputs and outputs mean the same
 * things, so that one {@link FamilySemantics} describes them all. Every spec belongs to one family, decided
 * by its operator name; the loader refuses a spec of no family.
 */
public enum OperatorFamily {
    /** ArgMax and ArgMin: the index of the largest or smallest element along an axis. */
    ARG_REDUCTION("arg-reduction", Arrays.stream(Extremum.values()).map(Extremum::operatorName).toList()),
    /** TopK: the k largest or smallest elements along an axis, and their indices. */
    TOP_K("top-k", List.of("TopK"));

    private final String label;
    private final List<String> operators;

    OperatorFamily(String label, List<String> operators) {
        this.label = label;
        this.operators = operators;
    }

    /** The family's name in messages, for example {@code arg-reduction}. */
    public String label() {
        return label;
    }

    /** The ONNX operators of the family, as ONNX spells them. */
    public List<String> operators() {
        return operators;
    }

    /** What the family's attributes, inputs and outputs mean. */
    public FamilySemantics semantics() {
        return switch (this) {
            case ARG_REDUCTION -> ArgReductionSemantics.ONNX;
            case TOP_K -> TopKSemantics.ONNX;
        };
    }

    /** The family of the operator named {@code operatorName}, or empty when no family has it. */
    public static Optional<OperatorFamily> forOperator(String operatorName) {
        return Arrays.stream(values()).filter(f -> f.operators.contains(operatorName)).findFirst();
    }

    /**
     * The family of a loaded operator. The loader refuses operators of no family with their location, so this
     * fails only for a model built by hand.
     */
    public static OperatorFamily of(OperatorSpec operator) {
        return forOperator(operator.name()).orElseThrow(() -> new IllegalArgumentException(
                (operator.location() == null ? "" : operator.location() + ": ") + unknown(operator.name())));
    }

    /** The message for an operator of no family: {@code operator 'X' belongs to no operator family ... }. */
    public static String unknown(String operatorName) {
        return "operator '" + operatorName + "' belongs to no operator family the generator knows (families: "
                + known() + ")";
    }

    /** Every family with its operators, for messages: {@code arg-reduction: ArgMax, ArgMin; top-k: TopK}. */
    public static String known() {
        return Arrays.stream(values()).map(f -> f.label + ": " + String.join(", ", f.operators))
                .collect(Collectors.joining("; "));
    }
}
