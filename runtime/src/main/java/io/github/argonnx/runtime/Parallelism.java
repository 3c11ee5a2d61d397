package io.github.argonnx.runtime;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;

/**
 * How many threads one ArgMax/ArgMin call may use, and on which executor.
 *
 * <p>Inputs smaller than {@link #minElementsPerTask()} per extra thread run on the calling thread
 * alone, since handing work to another thread costs more than it saves there. Larger ones are
 * split: over output elements when there are enough of them, otherwise over chunks of the reduced
 * axis whose winners are then merged with the kernel's own rules. Either way the indices are
 * exactly those of a single-threaded call. The calling thread always does one share of the work,
 * and then every share no executor thread has started yet: an executor that is busy, drops tasks or
 * has the calling thread as its only thread slows a call down but never blocks it. If the executor
 * refuses a task or a task fails, the call throws an {@link ArgOnnxException} naming the cause, once
 * no share is running any more.
 *
 * <p>Immutable and thread-safe.
 */
public final class Parallelism {

    /**
     * Inputs are split only into tasks of at least this many elements (4 Mi), so that handing a task to
     * a pool thread and waiting for it stays small next to reading the task's elements, even with the
     * SIMD loops (benchmarks/README.md has the figures).
     */
    public static final int DEFAULT_MIN_ELEMENTS_PER_TASK = 1 << 22;

    private static final Parallelism SINGLE_THREAD = new Parallelism(null, 1, DEFAULT_MIN_ELEMENTS_PER_TASK);

    private final Executor executor;
    private final int threads;
    private final int minElementsPerTask;

    private Parallelism(Executor executor, int threads, int minElementsPerTask) {
        this.executor = executor;
        this.threads = threads;
        this.minElementsPerTask = minElementsPerTask;
    }

    /**
     * Every call runs on the calling thread only.
     *
     * @return that parallelism
     */
    public static Parallelism singleThread() {
        return SINGLE_THREAD;
    }

    /**
     * The default: large inputs are shared between the calling thread and
     * {@link ForkJoinPool#commonPool()}, up to one task per available processor.
     *
     * @return that parallelism
     */
    public static Parallelism commonPool() {
        return CommonPool.INSTANCE;
    }

    /** Created on first use, so that single-threaded users never touch the common pool. */
    private static final class CommonPool {
        static final Parallelism INSTANCE = create();

        private static Parallelism create() {
            ForkJoinPool pool = ForkJoinPool.commonPool();
            int threads = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), pool.getParallelism() + 1));
            return new Parallelism(threads == 1 ? null : pool, threads, DEFAULT_MIN_ELEMENTS_PER_TASK);
        }
    }

    /**
     * Large inputs are split into at most {@code threads} tasks: one runs on the calling thread, the
     * others are handed to {@code executor}.
     *
     * @param executor runs the tasks beyond the calling thread's
     * @param threads the most tasks per call, the calling thread's included
     * @return that parallelism
     * @throws IllegalArgumentException if {@code threads} is less than 1
     */
    public static Parallelism using(Executor executor, int threads) {
        Objects.requireNonNull(executor, "executor");
        if (threads < 1) {
            throw new IllegalArgumentException("parallelism: threads must be at least 1, got " + threads);
        }
        return new Parallelism(threads == 1 ? null : executor, threads, DEFAULT_MIN_ELEMENTS_PER_TASK);
    }

    /**
     * The same, but splitting only inputs of at least {@code elements} per task.
     *
     * @param elements the fewest elements a task reads
     * @return a new instance; this one does not change
     * @throws IllegalArgumentException if {@code elements} is less than 1
     */
    public Parallelism withMinElementsPerTask(int elements) {
        if (elements < 1) {
            throw new IllegalArgumentException("parallelism: minElementsPerTask must be at least 1, got " + elements);
        }
        return new Parallelism(executor, threads, elements);
    }

    /**
     * The most tasks one call is split into, the calling thread's included.
     *
     * @return the number of tasks at most
     */
    public int threads() {
        return threads;
    }

    /**
     * The fewest elements a task reads: smaller inputs are not split.
     *
     * @return that number of elements
     */
    public int minElementsPerTask() {
        return minElementsPerTask;
    }

    /** The executor for the tasks beyond the first, or null for a single thread. */
    Executor executor() {
        return executor;
    }

    /** How many tasks an input of {@code elements} is split into. */
    int tasksFor(long elements) {
        if (executor == null) {
            return 1;
        }
        return (int) Math.max(1, Math.min(threads, elements / minElementsPerTask));
    }

    @Override
    public String toString() {
        return executor == null ? "Parallelism[single thread]"
                : "Parallelism[" + threads + " threads on " + executor + ", min " + minElementsPerTask + " elements per task]";
    }
}
