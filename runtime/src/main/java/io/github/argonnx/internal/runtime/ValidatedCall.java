package io.github.argonnx.internal.runtime;

import java.util.Arrays;

/**
 * A validated arg-reduction call: the input shape, the normalised axis, the attribute values in
 * force, the output shape and the kernel's plan. Validators produce it after every check has passed;
 * the operator API runs the kernel from it, once per call or, for a prepared operator, for every call
 * on that shape. Immutable.
 */
public final class ValidatedCall {

    private final long[] inputShape;
    private final int axis;
    private final boolean keepdims;
    private final boolean selectLastIndex;
    private final long[] outputShape;
    private final long outputElementCount;
    /** Null when the call reads nothing or more elements than an array holds. */
    private final ReductionPlan plan;

    /**
     * A call its validator accepted.
     *
     * @param inputShape a valid input shape of rank at least 1 (copied)
     * @param axis the reduced axis, normalised to {@code [0, rank-1]}
     * @param keepdims whether the reduced dimension is kept with length 1
     * @param selectLastIndex whether ties resolve to the last index instead of the first
     */
    public ValidatedCall(long[] inputShape, int axis, boolean keepdims, boolean selectLastIndex) {
        this.inputShape = inputShape.clone();
        this.axis = axis;
        this.keepdims = keepdims;
        this.selectLastIndex = selectLastIndex;
        this.outputShape = Shapes.outputShape(this.inputShape, axis, keepdims);
        this.outputElementCount = Shapes.elementCount("output 'reduced'", outputShape);
        long inputElementCount = Shapes.elementCount("input", this.inputShape);
        this.plan = inputElementCount == 0 || inputElementCount > Integer.MAX_VALUE ? null : Shapes.plan(this.inputShape, axis);
    }

    /**
     * Whether this call was validated for exactly this input shape.
     *
     * @param shape an input shape (not modified)
     * @return true if it has the same dimensions, in the same order
     */
    public boolean hasInputShape(long[] shape) {
        return Arrays.equals(inputShape, shape);
    }

    /**
     * A copy of the input shape.
     *
     * @return a new array of the input's dimensions
     */
    public long[] inputShape() {
        return inputShape.clone();
    }

    /**
     * The reduced axis in {@code [0, rank-1]}.
     *
     * @return the normalised axis
     */
    public int axis() {
        return axis;
    }

    /**
     * Whether the reduced dimension stays in the output with length 1 (ONNX {@code keepdims} = 1).
     *
     * @return true when the reduced dimension is kept
     */
    public boolean keepdims() {
        return keepdims;
    }

    /**
     * Whether ties resolve to the last index of the extreme value instead of the first.
     *
     * @return true when ties go to the last index
     */
    public boolean selectLastIndex() {
        return selectLastIndex;
    }

    /**
     * A copy of the output shape.
     *
     * @return a new array of the output's dimensions
     */
    public long[] outputShape() {
        return outputShape.clone();
    }

    /** The output shape itself, not a copy, for messages of this package's checks, which only read it. */
    long[] outputShapeView() {
        return outputShape;
    }

    /**
     * Number of int64 indices the call writes; 0 when a non-reduced dimension has length 0.
     *
     * @return the number of indices
     */
    public long outputElementCount() {
        return outputElementCount;
    }

    /**
     * The kernel's view of the input. Only for calls that write at least one index, over inputs of at
     * most {@link Integer#MAX_VALUE} elements.
     *
     * @return the plan
     */
    public ReductionPlan plan() {
        if (plan == null) {
            throw new IllegalArgumentException("cannot plan a reduction over an input of shape " + Shapes.format(inputShape));
        }
        return plan;
    }

    @Override
    public String toString() {
        return "ValidatedCall{input=" + Shapes.format(inputShape) + ", axis=" + axis + ", keepdims=" + keepdims
                + ", selectLastIndex=" + selectLastIndex + ", output=" + Shapes.format(outputShape) + "}";
    }
}
