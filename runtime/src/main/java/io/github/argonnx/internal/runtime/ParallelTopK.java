package io.github.argonnx.internal.runtime;

/**
 * Runs one TopK kernel call on several threads with exactly the single-threaded result: each task
 * writes the outputs of its own slices or columns, so nothing is merged.
 *
 * <ul>
 *   <li>With at least as many output slices ({@code outer}) as tasks, the slices are cut into
 *       {@link ParallelReduction#PIECES_PER_TASK} pieces per task, which the threads take in turn as
 *       {@link ParallelReduction} does: each piece is the kernel's own call on a smaller plan.
 *   <li>Otherwise, on an outer axis with enough columns ({@code inner}), each task takes a range of the
 *       columns of every slice, one range per thread.
 *   <li>Otherwise the calling thread runs the whole call: the k best of one slice are not split.
 * </ul>
 *
 * <p>Each piece runs the kernel with scratch of its own, allocated by the kernel (a few arrays of
 * {@code k} entries per column of a block), never in proportion to the input.
 */
public final class ParallelTopK {

    /**
     * A generated TopK kernel's array form for a range of output columns, with k, the direction and the
     * values' array type bound, for example {@code (d, o, p, f, t, v, i, at) -> TopKFloatKernel.topK(d, o, p, f,
     * t, k, largest, null, v, i, at)}.
     *
     * @param <A> the array type the kernel reads its elements from
     * @param <V> the array type the kernel writes the values to
     */
    @FunctionalInterface
    public interface ColumnKernel<A, V> {
        /**
         * Writes the k best of the slices {@code (o, i)} with {@code columnFrom <= i < columnTo} of every
         * {@code o}, in the output layout {@code (outer, k, inner)} from {@code outOffset}.
         *
         * @param data the input's storage array
         * @param offset where the input's elements start in {@code data}
         * @param plan the geometry of the slices this call reads
         * @param columnFrom the first column
         * @param columnTo the column after the last one
         * @param values receives the values
         * @param indices receives the indices
         * @param outOffset where the outputs of slice {@code (0, 0)} go in both
         */
        void topK(A data, int offset, ReductionPlan plan, int columnFrom, int columnTo, V values, long[] indices,
                int outOffset);
    }

    private ParallelTopK() {}

    /**
     * The whole call ({@code kernel.topK} of every column) split into at most {@code tasks} tasks, as
     * {@link TaskCount#tasksFor} decided for it.
     *
     * @param context the operator version, for example {@code TopK-24}, as messages name it
     * @param <A> the input's array type
     * @param <V> the values' array type
     * @param workers the threads that share the call
     * @param tasks the most tasks, the calling thread's included; 1 runs the kernel on the calling thread
     * @param kernel the kernel's array form
     * @param data the input's storage array
     * @param offset where the input's elements start in {@code data}
     * @param plan the call's geometry
     * @param k the elements each slice gives
     * @param values receives the values
     * @param indices receives the indices
     * @param outOffset where the first outputs go
     * @throws io.github.argonnx.runtime.ArgOnnxException if the executor refuses a task or a task fails, as
     *     {@link ParallelReduction} does; the outputs may then hold part of the results
     */
    public static <A, V> void run(String context, Workers workers, int tasks, ColumnKernel<A, V> kernel, A data,
            int offset, ReductionPlan plan, int k, V values, long[] indices, int outOffset) {
        int outer = plan.outer();
        int inner = plan.inner();
        if (tasks > 1 && outer >= tasks) {
            int pieces = Math.min(outer, tasks * ParallelReduction.PIECES_PER_TASK);
            int sliceSize = plan.axisLength() * inner;
            Runnable[] work = new Runnable[pieces];
            for (int p = 0; p < pieces; p++) {
                int from = (int) ((long) outer * p / pieces);
                int to = (int) ((long) outer * (p + 1) / pieces);
                ReductionPlan part = new ReductionPlan(to - from, plan.axisLength(), inner);
                work[p] = () -> kernel.topK(data, offset + from * sliceSize, part, 0, inner, values, indices,
                        outOffset + from * k * inner);
            }
            ParallelReduction.runAll(context, workers, tasks, work);
            return;
        }
        int ranges = Math.min(tasks, inner / ParallelReduction.MIN_COLUMNS_PER_TASK);
        if (ranges > 1) {
            Runnable[] work = new Runnable[ranges];
            for (int r = 0; r < ranges; r++) {
                int from = ParallelReduction.columnBound(inner, r, ranges);
                int to = ParallelReduction.columnBound(inner, r + 1, ranges);
                work[r] = () -> kernel.topK(data, offset, plan, from, to, values, indices, outOffset);
            }
            ParallelReduction.runAll(context, workers, ranges, work);
            return;
        }
        kernel.topK(data, offset, plan, 0, inner, values, indices, outOffset);
    }
}
