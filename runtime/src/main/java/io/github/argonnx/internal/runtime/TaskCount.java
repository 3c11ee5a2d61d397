package io.github.argonnx.internal.runtime;

/** How many tasks a call is split into over its {@link Workers}; generated operators ask it. Not API. */
public final class TaskCount {

    private TaskCount() {}

    /**
     * How many tasks a reduction is split into, the calling thread's included; 1 means it runs on the
     * calling thread alone. Decided from the input's size in bytes and whether the kernel runs its SIMD
     * loops for it, or from its element count alone when {@link Workers#minElementsPerTask()} is set.
     *
     * @param workers the threads the call may use
     * @param plan the reduction's geometry
     * @param elementBytes the width of one element in bytes
     * @param simdLoops whether the kernel runs its SIMD loops for this type and layout
     * @return the number of tasks, from 1 to {@link Workers#threads()}
     */
    public static int tasksFor(Workers workers, ReductionPlan plan, int elementBytes, boolean simdLoops) {
        int threads = workers.threads();
        if (threads == 1) {
            return 1;
        }
        long size;
        long minPerTask;
        int minElementsPerTask = workers.minElementsPerTask();
        if (minElementsPerTask == Workers.BY_BYTES) { // the default rule, by bytes and loop
            size = (long) plan.inputSize() * elementBytes;
            minPerTask = simdLoops ? Workers.MIN_BYTES_PER_TASK_SIMD : Workers.MIN_BYTES_PER_TASK_PLAIN;
        } else {
            size = plan.inputSize();
            minPerTask = minElementsPerTask;
        }
        if (size < 2 * minPerTask) {
            return 1; // the common case of a small input, decided without a division
        }
        return (int) Math.min(threads, size / minPerTask);
    }
}
