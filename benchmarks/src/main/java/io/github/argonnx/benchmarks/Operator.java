package io.github.argonnx.benchmarks;

import io.github.argonnx.ArgReductionOperator;

/** The two benchmarked operators, named as their ONNX op types. */
public enum Operator {
    ArgMax,
    ArgMin;

    public boolean isMax() {
        return this == ArgMax;
    }

    /** The operator's newest version through the common interface, so one code path serves both. */
    public ArgReductionOperator latest() {
        return ArgReductionOperator.latest(name());
    }
}
