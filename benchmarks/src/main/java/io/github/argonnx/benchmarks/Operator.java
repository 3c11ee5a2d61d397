package io.github.argonnx.benchmarks;

import io.github.argonnx.ArgReductionOperator;
import java.util.EnumSet;
import java.util.Set;

/**
 * The benchmarked operators, named as their ONNX op types. ArgMax and ArgMin run in every benchmark;
 * TopK runs in the application benchmark only, on cases of its own ({@link TopKCase}).
 */
public enum Operator {
    ArgMax,
    ArgMin,
    TopK;

    /** The operators the JMH benchmarks and the application benchmark's matrix run. */
    static final Set<Operator> ARG_REDUCTIONS = EnumSet.of(ArgMax, ArgMin);

    public boolean isMax() {
        return this == ArgMax;
    }

    /** Whether the operator is ArgMax or ArgMin, which reduce the matrix's layouts to one index. */
    public boolean isArgReduction() {
        return ARG_REDUCTIONS.contains(this);
    }

    /** The operator's newest version through the common interface, so one code path serves both. */
    public ArgReductionOperator latest() {
        if (!isArgReduction()) {
            throw new IllegalStateException(this + " is not an arg reduction");
        }
        return ArgReductionOperator.latest(name());
    }
}
