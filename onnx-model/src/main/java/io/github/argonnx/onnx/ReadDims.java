package io.github.argonnx.onnx;

import java.util.Arrays;

/**
 * A shape as the reader reads it, one size at a time: its rank, and its sizes (-1 where unknown) while the rank is
 * within {@link #MAX_KEPT_DIMS}.
 */
final class ReadDims {

    /**
     * Dimensions are kept for shapes of at most this many axes; a larger shape is kept as its rank alone, its
     * sizes unknown: a bound on what each value's shape holds.
     */
    static final int MAX_KEPT_DIMS = 64;

    private int rank;
    private long[] sizes = new long[4];

    /** Adds the next axis: its size, negative when unknown. */
    void add(long size) {
        if (rank < MAX_KEPT_DIMS) {
            if (rank == sizes.length) {
                sizes = Arrays.copyOf(sizes, Math.min(2 * rank, MAX_KEPT_DIMS));
            }
            sizes[rank] = size < 0 ? -1 : size;
        }
        rank++;
    }

    int rank() {
        return rank;
    }

    /** The sizes, or null when the shape has more axes than are kept. */
    long[] kept() {
        return rank > MAX_KEPT_DIMS ? null : Arrays.copyOf(sizes, rank);
    }
}
