package io.github.argonnx.runtime;

import io.github.argonnx.internal.runtime.Faces;
import io.github.argonnx.internal.runtime.Workers;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;

/**
 * How many threads one ArgMax/ArgMin call may use, and on which executor.
 *
 * <p>By default an input is split only when each task reads enough bytes that handing it to another
 * thread costs little next to reading them: {@link #DEFAULT_MIN_BYTES_PER_TASK_SIMD} per task where the
 * kernel's SIMD loops run for that type and layout (they read close to memory speed, so a second
 * thread gains only on large inputs), {@link #DEFAULT_MIN_BYTES_PER_TASK_PLAIN} where the plain Java loops
 * run (they spend their time comparing, so a second thread gains sooner). Smaller inputs run on the
 * calling thread alone. {@link #withMinElementsPerTask(int)} replaces that rule with a fixed number of
 * elements per task, whatever the type and loop.
 *
 * <p>Split inputs are shared over output slices when there are enough of them, otherwise over ranges
 * of an outer axis's columns when it is wide enough, otherwise over chunks of the reduced axis whose
 * winners are then merged with the kernel's own rules. Either way the
 * indices are exactly those of a single-threaded call. The calling thread always does one share of the
 * work, and then every share no executor thread has started yet: an executor that is busy, drops tasks
 * or has the calling thread as its only thread slows a call down but never blocks it. If the executor
 * refuses a task or a task fails, the call throws an {@link ArgOnnxException} naming the cause, once
 * no share is running any more.
 *
 * <p>Immutable and thread-safe.
 */
public final class Parallelism {

    /**
     * A task size in elements for {@link #withMinElementsPerTask(int)} that suits 4-byte elements read by
     * SIMD loops (4 Mi). The default rule decides by bytes instead.
     */
    public static final int DEFAULT_MIN_ELEMENTS_PER_TASK = 1 << 22;

    /**
     * By default a task reads at least this many bytes (8 MiB) where the kernel's SIMD loops run: they
     * read close to memory speed, and a smaller share saves less than handing it over costs
     * (TwoThreadCeilingBenchmark shows where a split starts to pay).
     */
    public static final long DEFAULT_MIN_BYTES_PER_TASK_SIMD = Workers.MIN_BYTES_PER_TASK_SIMD;

    /**
     * By default a task reads at least this many bytes (4 MiB) where the kernel's plain Java loops run:
     * they take longer per byte than the SIMD loops (for 8- and 16-bit types about ten times longer), so
     * a share pays for its hand-over sooner.
     */
    public static final long DEFAULT_MIN_BYTES_PER_TASK_PLAIN = Workers.MIN_BYTES_PER_TASK_PLAIN;

    private static final Parallelism SINGLE_THREAD = new Parallelism(Workers.SINGLE_THREAD);

    static {
        Faces.install(Parallelism.class, Workers.class, new Faces.Face<>() {
            @Override
            public Parallelism wrap(Workers state) {
                return new Parallelism(state);
            }

            @Override
            public Workers state(Parallelism face) {
                return face.workers;
            }
        });
    }

    /** The executor, threads and task size: what generated code hands the internal runtime. */
    private final Workers workers;

    private Parallelism(Workers workers) {
        this.workers = workers;
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
            return new Parallelism(new Workers(threads == 1 ? null : pool, threads, Workers.BY_BYTES));
        }
    }

    /**
     * Large inputs are split into at most {@code threads} tasks: one runs on the calling thread, the
     * others are handed to {@code executor}.
     *
     * @param executor runs the tasks beyond the calling thread's
     * @param threads the most tasks per call, the calling thread's included
     * @return that parallelism
     * @throws ArgOnnxException if {@code executor} is null or {@code threads} is less than 1
     */
    public static Parallelism using(Executor executor, int threads) {
        if (executor == null) {
            throw new ArgOnnxException("parallelism: the executor (argument 'executor') is null"
                    + " (for the calling thread alone, use Parallelism.singleThread())");
        }
        if (threads < 1) {
            throw new ArgOnnxException("parallelism: threads must be at least 1, got " + threads);
        }
        return new Parallelism(new Workers(threads == 1 ? null : executor, threads, Workers.BY_BYTES));
    }

    /**
     * The same, but splitting by a fixed number of elements per task instead of the default rule by
     * bytes and loop: an input is split into at most {@code elements / minElementsPerTask} tasks,
     * whatever its type and whichever loop runs.
     *
     * @param elements the fewest elements a task reads
     * @return a new instance; this one does not change
     * @throws ArgOnnxException if {@code elements} is less than 1
     */
    public Parallelism withMinElementsPerTask(int elements) {
        if (elements < 1) {
            throw new ArgOnnxException("parallelism: minElementsPerTask must be at least 1, got " + elements);
        }
        return new Parallelism(new Workers(workers.executor(), workers.threads(), elements));
    }

    /**
     * The most tasks one call is split into, the calling thread's included.
     *
     * @return the number of tasks at most
     */
    public int threads() {
        return workers.threads();
    }

    /**
     * The fewest elements a task reads, as set by {@link #withMinElementsPerTask(int)}: smaller inputs
     * are not split.
     *
     * @return that number of elements, or 0 when the default rule by bytes and loop decides
     */
    public int minElementsPerTask() {
        return workers.minElementsPerTask();
    }

    @Override
    public String toString() {
        Executor executor = workers.executor();
        int minElementsPerTask = workers.minElementsPerTask();
        return executor == null ? "Parallelism[single thread]"
                : "Parallelism[" + workers.threads() + " threads on " + executor + ", "
                        + (minElementsPerTask == Workers.BY_BYTES ? "split by bytes and loop" : "min " + minElementsPerTask + " elements per task") + "]";
    }
}
