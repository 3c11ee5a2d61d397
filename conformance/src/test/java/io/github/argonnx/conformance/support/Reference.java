package io.github.argonnx.conformance.support;

import java.util.Arrays;

/**
 * An independent, deliberately plain ArgMax/ArgMin: one element at a time, following the ONNX
 * reference implementation's definition (numpy's argmax/argmin, and for select_last_index the
 * same on the reversed axis). It shares no code with the library and favours being obviously
 * right over being fast.
 *
 * <p>Rules: the first extreme wins (the last with select_last_index); a NaN beats every number,
 * so the first NaN wins (the last with select_last_index); +0 and -0 tie; unsigned types compare
 * as unsigned.
 */
public final class Reference {

    /** Indices and output shape. */
    public record Result(long[] indices, long[] shape) {
        @Override
        public String toString() {
            return "indices=" + Arrays.toString(indices) + " shape=" + Arrays.toString(shape);
        }
    }

    private Reference() {}

    /**
     * Reduces {@code x} along {@code axis} (negative counts from the end). The caller passes only
     * valid arguments: this is an oracle, not a validator.
     */
    public static Result arg(boolean isMax, TensorValue x, int axis, boolean keepdims, boolean selectLastIndex) {
        long[] shape = x.shape();
        int rank = shape.length;
        int a = axis < 0 ? axis + rank : axis;
        if (a < 0 || a >= rank) {
            throw new IllegalArgumentException("axis " + axis + " outside rank " + rank);
        }
        if (shape[a] == 0) {
            throw new IllegalArgumentException("reduced axis has length 0");
        }
        long outer = 1;
        for (int d = 0; d < a; d++) {
            outer *= shape[d];
        }
        long inner = 1;
        for (int d = a + 1; d < rank; d++) {
            inner *= shape[d];
        }
        int n = (int) shape[a];
        long[] indices = new long[(int) (outer * inner)];
        for (long o = 0; o < outer; o++) {
            for (long i = 0; i < inner; i++) {
                int[] slice = new int[n];
                for (int k = 0; k < n; k++) {
                    slice[k] = (int) ((o * n + k) * inner + i);
                }
                indices[(int) (o * inner + i)] = pick(isMax, x, slice, selectLastIndex);
            }
        }
        long[] outShape;
        if (keepdims) {
            outShape = shape.clone();
            outShape[a] = 1;
        } else {
            outShape = new long[rank - 1];
            for (int d = 0, j = 0; d < rank; d++) {
                if (d != a) {
                    outShape[j++] = shape[d];
                }
            }
        }
        return new Result(indices, outShape);
    }

    /** Position within the slice of the winning element. */
    private static int pick(boolean isMax, TensorValue x, int[] slice, boolean last) {
        int n = slice.length;
        // select_last_index: walk the axis backwards, so "first found" becomes "last".
        int best = last ? n - 1 : 0;
        for (int step = 1; step < n; step++) {
            int k = last ? n - 1 - step : step;
            if (isNaN(x, slice[best])) {
                break;
            }
            if (isNaN(x, slice[k]) || beats(isMax, x, slice[k], slice[best])) {
                best = k;
            }
        }
        return best;
    }

    private static boolean isNaN(TensorValue x, int i) {
        return x.type().isFloating() && Double.isNaN(Elements.floatingValue(x.type(), x.bits(i)));
    }

    /** Strictly better, both non-NaN. */
    private static boolean beats(boolean isMax, TensorValue x, int candidate, int best) {
        int c = compare(x, candidate, best);
        return isMax ? c > 0 : c < 0;
    }

    private static int compare(TensorValue x, int i, int j) {
        ElementType t = x.type();
        switch (t.kind()) {
            case SIGNED:
                return Long.compare(Elements.signedValue(t, x.bits(i)), Elements.signedValue(t, x.bits(j)));
            case UNSIGNED:
                return Long.compareUnsigned(x.bits(i), x.bits(j));
            default:
                double a = Elements.floatingValue(t, x.bits(i));
                double b = Elements.floatingValue(t, x.bits(j));
                // Primitive comparison: -0.0 == +0.0, as IEEE 754 (and numpy) has it.
                return a < b ? -1 : a > b ? 1 : 0;
        }
    }
}
