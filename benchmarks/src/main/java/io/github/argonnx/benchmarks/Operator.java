package io.github.argonnx.benchmarks;

/** The two benchmarked operators. */
public enum Operator {
    ArgMax,
    ArgMin;

    public boolean isMax() {
        return this == ArgMax;
    }
}
