package io.github.argonnx.internal.runtime;

import java.util.concurrent.Executor;

/**
 * The threads one call may use and how a call is split over them: the state a {@code Parallelism}
 * wraps, which generated code takes from it through {@link Faces} and hands to {@link TaskCount} and
 * {@link ParallelReduction}. Immutable. Not API.
 *
 * @param executor where tasks other than the calling thread's run; null for the calling thread alone
 * @param threads the threads a call may use, the calling thread's included, at least 1
 * @param minElementsPerTask the elements a task reads at least, or {@link #BY_BYTES}
 */
public record Workers(Executor executor, int threads, int minElementsPerTask) {

    /** {@link #minElementsPerTask} when the default rule, by bytes and loop, decides. */
    public static final int BY_BYTES = 0;

    /** Bytes a task reads at least by default where the kernel's SIMD loops run (8 MiB). */
    public static final long MIN_BYTES_PER_TASK_SIMD = 8L << 20;

    /** Bytes a task reads at least by default where the kernel's plain loops run (4 MiB). */
    public static final long MIN_BYTES_PER_TASK_PLAIN = 4L << 20;

    /** The calling thread alone. */
    public static final Workers SINGLE_THREAD = new Workers(null, 1, BY_BYTES);
}
