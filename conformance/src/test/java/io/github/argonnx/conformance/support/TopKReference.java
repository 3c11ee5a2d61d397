package io.github.argonnx.conformance.support;

import java.util.Arrays;
import java.util.Comparator;

/**
 * An independent, deliberately plain ONNX TopK: every slice along the axis is sorted whole, as
 * (value, index) pairs, by a stable sort, and its first {@code k} pairs are kept. It follows the
 * semantics of the ONNX reference implementation ({@code onnx/reference/ops/op_topk.py}), is
 * written from that definition without sharing its code or the library's, and favours being
 * obviously right over being fast.
 *
 * <p>The rules, for every element type of {@link ElementType} and every TopK version:
 *
 * <ul>
 *   <li>With {@code largest} the result holds the {@code k} largest elements of each slice in
 *       descending order; without it, the {@code k} smallest in ascending order. The output is
 *       always sorted, which is also a valid answer for {@code sorted = 0} (where ONNX leaves the
 *       order open).
 *   <li>Equal values keep their order along the axis: the lower index comes first, with
 *       {@code largest} and without it. Which of several equal values make the cut at the
 *       {@code k}-th place follows from that: the lower indices do.
 *   <li>A NaN is greater than every number, infinities included, and all NaNs are equal to each
 *       other whatever their sign or payload. So with {@code largest} the NaNs come first (by
 *       index), without it they come last (by index).
 *   <li>{@code -0.0} and {@code +0.0} are equal (ties by index); each keeps its own sign in the
 *       values output.
 *   <li>Unsigned types compare as unsigned, signed types as two's complement; float16 and
 *       bfloat16 compare exactly by value (never by bit pattern); subnormals are ordinary numbers.
 *   <li>The values output holds the selected elements bit for bit (NaN payloads and zero signs
 *       included); the indices output is int64, each index counted along the axis. Both have the
 *       input's shape with the axis dimension replaced by {@code k}.
 * </ul>
 *
 * <p>It is an oracle, not a validator: the caller passes only valid arguments ({@code 0 <= k <=}
 * axis length, {@code -rank <= axis < rank}); anything else is an {@link IllegalArgumentException}.
 */
public final class TopKReference {

    /**
     * The two outputs.
     *
     * @param values the selected elements, of the input's type
     * @param indices their int64 positions along the axis, in the same order
     */
    public record Result(TensorValue values, TensorValue indices) {
        @Override
        public String toString() {
            return "values=" + values + " indices=" + indices;
        }
    }

    private TopKReference() {}

    /**
     * TopK of {@code x} along {@code axis} (negative counts from the end).
     *
     * @param largest {@code true} for the {@code k} largest, {@code false} for the {@code k} smallest
     */
    public static Result topK(TensorValue x, long k, int axis, boolean largest) {
        long[] shape = x.shape();
        int rank = shape.length;
        int a = axis < 0 ? axis + rank : axis;
        if (rank == 0 || a < 0 || a >= rank) {
            throw new IllegalArgumentException("axis " + axis + " outside rank " + rank);
        }
        int n = Math.toIntExact(shape[a]);
        if (k < 0 || k > n) {
            throw new IllegalArgumentException("k = " + k + " outside 0.." + n + " (the length of axis " + a + ")");
        }
        int kk = (int) k;
        long outer = 1;
        for (int d = 0; d < a; d++) {
            outer *= shape[d];
        }
        long inner = 1;
        for (int d = a + 1; d < rank; d++) {
            inner *= shape[d];
        }
        long[] outShape = shape.clone();
        outShape[a] = kk;
        int outCount = Math.toIntExact(outer * kk * inner);
        long[] valueBits = new long[outCount];
        long[] indices = new long[outCount];
        Comparator<Integer> order = largest ? descending(x) : ascending(x);
        for (long o = 0; o < outer; o++) {
            for (long i = 0; i < inner; i++) {
                int base = Math.toIntExact(o * n * inner + i);
                Integer[] positions = sortedSlice(base, Math.toIntExact(inner), n, order);
                for (int r = 0; r < kk; r++) {
                    int out = Math.toIntExact((o * kk + r) * inner + i);
                    indices[out] = positions[r];
                    valueBits[out] = x.bits(Math.toIntExact(base + positions[r] * inner));
                }
            }
        }
        return new Result(TensorValue.ofBits(x.type(), outShape, valueBits), TensorValue.ofInt64(outShape, indices));
    }

    /**
     * {@code r} with every output slice along {@code axis} reordered by index, values moving with
     * their indices. Two answers for {@code sorted = 0} select the same elements exactly when their
     * reorderings are equal.
     */
    public static Result inIndexOrder(Result r, int axis) {
        long[] shape = r.indices().shape();
        int rank = shape.length;
        int a = axis < 0 ? axis + rank : axis;
        int k = Math.toIntExact(shape[a]);
        long outer = 1;
        for (int d = 0; d < a; d++) {
            outer *= shape[d];
        }
        long inner = 1;
        for (int d = a + 1; d < rank; d++) {
            inner *= shape[d];
        }
        long[] indices = r.indices().int64Values();
        long[] valueBits = new long[indices.length];
        long[] sortedIndices = new long[indices.length];
        for (long o = 0; o < outer; o++) {
            for (long i = 0; i < inner; i++) {
                int base = Math.toIntExact(o * k * inner + i);
                int stride = Math.toIntExact(inner);
                Integer[] slots = new Integer[k];
                for (int p = 0; p < k; p++) {
                    slots[p] = p;
                }
                Arrays.sort(slots, Comparator.comparingLong(p -> indices[base + p * stride]));
                for (int p = 0; p < k; p++) {
                    sortedIndices[base + p * stride] = indices[base + slots[p] * stride];
                    valueBits[base + p * stride] = r.values().bits(base + slots[p] * stride);
                }
            }
        }
        return new Result(TensorValue.ofBits(r.values().type(), shape, valueBits),
                TensorValue.ofInt64(shape, sortedIndices));
    }

    /**
     * The positions 0..n-1 along the axis of the slice whose first element is at flat index
     * {@code base} and whose elements are {@code stride} apart, sorted by {@code order}.
     */
    private static Integer[] sortedSlice(int base, int stride, int n, Comparator<Integer> order) {
        Integer[] positions = new Integer[n];
        for (int p = 0; p < n; p++) {
            positions[p] = p;
        }
        // Arrays.sort on objects is a stable merge sort: equal values stay in index order.
        Arrays.sort(positions, (p, q) -> order.compare(base + p * stride, base + q * stride));
        return positions;
    }

    /** Flat element positions of {@code x}, largest value first (NaN before everything). */
    private static Comparator<Integer> descending(TensorValue x) {
        return (i, j) -> compare(x.type(), x.bits(j), x.bits(i));
    }

    /** Flat element positions of {@code x}, smallest value first (NaN after everything). */
    private static Comparator<Integer> ascending(TensorValue x) {
        return (i, j) -> compare(x.type(), x.bits(i), x.bits(j));
    }

    /**
     * The order TopK sorts by, on raw element bits: negative, zero or positive as {@code a} is less
     * than, equal to or greater than {@code b}. A NaN is greater than every number and equal to
     * every NaN; {@code -0.0} equals {@code +0.0}.
     */
    public static int compare(ElementType type, long a, long b) {
        switch (type.kind()) {
            case SIGNED:
                return Long.compare(Elements.signedValue(type, a), Elements.signedValue(type, b));
            case UNSIGNED:
                return Long.compareUnsigned(a, b);
            default:
                // float16 and bfloat16 widen to double exactly, so this compares them by value.
                double x = Elements.floatingValue(type, a);
                double y = Elements.floatingValue(type, b);
                boolean xNaN = Double.isNaN(x);
                boolean yNaN = Double.isNaN(y);
                if (xNaN || yNaN) {
                    return Boolean.compare(xNaN, yNaN);
                }
                // Primitive comparison, not Double.compare: -0.0 == +0.0 here.
                return x < y ? -1 : x > y ? 1 : 0;
        }
    }
}
