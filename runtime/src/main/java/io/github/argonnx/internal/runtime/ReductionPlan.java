package io.github.argonnx.internal.runtime;

/**
 * The memory geometry of one arg-reduction over a row-major tensor.
 *
 * <p>The input is viewed as {@code [outer, axisLength, inner]}: element {@code (o, k, i)} sits at
 * {@code (o * axisLength + k) * inner + i}, and its result goes to output element {@code o * inner + i}.
 * {@code inner == 1} is the contiguous case (reducing the last axis).
 *
 * @param outer product of the dimensions before the axis
 * @param axisLength length of the reduced axis, at least 1
 * @param inner product of the dimensions after the axis
 */
public record ReductionPlan(int outer, int axisLength, int inner) {

    /**
     * Checks the dimensions.
     *
     * @param outer product of the dimensions before the axis
     * @param axisLength length of the reduced axis, at least 1
     * @param inner product of the dimensions after the axis
     * @throws IllegalArgumentException if a dimension is negative, the axis is empty, or the input holds
     *     more than {@link Integer#MAX_VALUE} elements
     */
    public ReductionPlan {
        if (outer < 0 || axisLength < 1 || inner < 0) {
            throw new IllegalArgumentException(
                    "invalid plan: outer=" + outer + ", axisLength=" + axisLength + ", inner=" + inner);
        }
        if ((long) outer * axisLength * inner > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("plan exceeds " + Integer.MAX_VALUE + " elements");
        }
    }

    /**
     * Number of input elements the plan reads.
     *
     * @return {@code outer * axisLength * inner}
     */
    public int inputSize() {
        return outer * axisLength * inner;
    }

    /**
     * Number of int64 indices the plan writes.
     *
     * @return {@code outer * inner}
     */
    public int outputSize() {
        return outer * inner;
    }
}
