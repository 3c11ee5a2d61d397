package io.github.argonnx.internal.runtime;

import io.github.argonnx.runtime.ArgOnnxException;

/**
 * Shape arithmetic for arg-reductions: checked element counts, axis normalisation, output shapes and
 * the {@link ReductionPlan} of a call.
 *
 * <p>Messages start with a {@code subject} supplied by the caller, such as {@code "input 'data'"} or
 * {@code "ArgMax-13: input 'data'"}, so that every refusal names what it is about.
 */
public final class Shapes {

    private Shapes() {}

    /**
     * Whether two shapes have the same dimensions. A plain loop: shapes have a few dimensions, where
     * {@link java.util.Arrays#equals(long[], long[])} costs more in setting up its bulk compare than
     * in comparing, and a prepared call makes this test on every call.
     *
     * @param a one shape
     * @param b the other
     * @return true if both have the same rank and dimensions
     */
    public static boolean same(long[] a, long[] b) {
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (a[i] != b[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * A shape for messages, bounded ({@link BoundedText#shape}): for example {@code [2, 3, 4]}; {@code []}
     * for a scalar.
     *
     * @param shape the dimensions
     * @return the text
     */
    public static String format(long[] shape) {
        return BoundedText.shape(shape);
    }

    /**
     * Checks that a shape is present and has no negative dimension.
     *
     * @param subject what the shape belongs to, the start of any message
     * @param shape the dimensions
     * @throws ArgOnnxException if the shape is null or a dimension is negative
     */
    public static void requireValidShape(String subject, long[] shape) {
        if (shape == null) {
            throw new ArgOnnxException(subject + ": shape is null (use an empty shape for a scalar)");
        }
        for (int i = 0; i < shape.length; i++) {
            if (shape[i] < 0) {
                throw new ArgOnnxException(subject + " has shape " + format(shape) + ": dimension " + i + " is "
                        + shape[i] + ", but dimensions must be >= 0");
            }
        }
    }

    /**
     * The number of elements of a shape: the product of its dimensions, 1 for a scalar.
     *
     * @param subject what the shape belongs to, the start of any message
     * @param shape the dimensions
     * @return the element count
     * @throws ArgOnnxException if the shape is invalid or the product does not fit in a {@code long}
     */
    public static long elementCount(String subject, long[] shape) {
        requireValidShape(subject, shape);
        long count = 1;
        boolean overflow = false;
        for (long dimension : shape) {
            if (dimension == 0) {
                return 0; // an empty tensor, however large its other dimensions
            }
            if (!overflow) {
                try {
                    count = Math.multiplyExact(count, dimension);
                } catch (ArithmeticException e) {
                    overflow = true; // keep looking: a later zero dimension still makes the tensor empty
                }
            }
        }
        if (overflow) {
            throw new ArgOnnxException(subject + " has shape " + format(shape)
                    + ": its element count exceeds " + Long.MAX_VALUE);
        }
        return count;
    }

    /**
     * An axis in {@code [-rank, rank-1]} as an index in {@code [0, rank-1]}.
     *
     * @param axis the axis as given
     * @param rank the input's rank
     * @return the axis in {@code [0, rank-1]}
     * @throws IllegalArgumentException if the axis is out of range (validators refuse such axes first)
     */
    public static int normalizeAxis(long axis, int rank) {
        if (axis < -rank || axis > rank - 1) {
            throw new IllegalArgumentException("axis " + axis + " is out of range [" + (-rank) + ", " + (rank - 1) + "]");
        }
        return (int) (axis < 0 ? axis + rank : axis);
    }

    /**
     * The shape of an arg-reduction's output: the input shape with the reduced dimension set to 1
     * ({@code keepdims}) or removed. A rank-1 input without {@code keepdims} gives a scalar shape {@code []}.
     *
     * @param axis normalised axis in {@code [0, rank-1]}
     * @param inputShape the input's shape
     * @param keepdims whether the reduced dimension stays with length 1
     * @return a new array of the output's dimensions
     */
    public static long[] outputShape(long[] inputShape, int axis, boolean keepdims) {
        if (axis < 0 || axis >= inputShape.length) {
            throw new IllegalArgumentException("axis " + axis + " is not a dimension of " + format(inputShape));
        }
        if (keepdims) {
            long[] shape = inputShape.clone();
            shape[axis] = 1;
            return shape;
        }
        long[] shape = new long[inputShape.length - 1];
        System.arraycopy(inputShape, 0, shape, 0, axis);
        System.arraycopy(inputShape, axis + 1, shape, axis, inputShape.length - axis - 1);
        return shape;
    }

    /**
     * The plan that views a non-empty input as {@code [outer, axisLength, inner]} around the axis.
     *
     * @param axis normalised axis in {@code [0, rank-1]}
     * @param inputShape the input's shape
     * @return the plan
     * @throws IllegalArgumentException if the input is empty or holds more than {@link Integer#MAX_VALUE}
     *     elements (tensors are checked for both before a plan is made)
     */
    public static ReductionPlan plan(long[] inputShape, int axis) {
        if (axis < 0 || axis >= inputShape.length) {
            throw new IllegalArgumentException("axis " + axis + " is not a dimension of " + format(inputShape));
        }
        long count = elementCount("input", inputShape);
        if (count == 0 || count > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("cannot plan a reduction over " + count + " elements");
        }
        long outer = 1;
        for (int i = 0; i < axis; i++) {
            outer *= inputShape[i];
        }
        long inner = 1;
        for (int i = axis + 1; i < inputShape.length; i++) {
            inner *= inputShape[i];
        }
        return new ReductionPlan((int) outer, (int) inputShape[axis], (int) inner);
    }
}
