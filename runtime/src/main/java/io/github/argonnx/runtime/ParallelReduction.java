package io.github.argonnx.runtime;

import java.lang.reflect.Array;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Runs one array kernel call on several threads with exactly the single-threaded result.
 *
 * <ul>
 *   <li>With enough output slices ({@code outer}), each task reduces a range of them: the kernel's
 *       own contract, on a smaller plan.
 *   <li>Otherwise (one long slice, or an outer axis with few rows before it) each task reduces a chunk
 *       of the reduced axis and records the winner of each slice in its chunk. The winners' values
 *       are then laid side by side, chunk after chunk, and the kernel itself picks among them: so the
 *       first (or last) index, the NaN rule, -0 = +0 and unsigned order hold across chunks exactly
 *       as inside one.
 * </ul>
 *
 * <p>Allocates only in proportion to the output (times the number of tasks), never to the input.
 */
public final class ParallelReduction {

    /** A generated kernel's array form, for example {@code ArgMaxFloatKernel::reduce}. */
    @FunctionalInterface
    public interface ArrayKernel<A> {
        void reduce(A data, int offset, ReductionPlan plan, boolean selectLastIndex, long[] out, int outOffset);
    }

    /**
     * Each chunk of a split axis is at least this long, so that gathering the chunks' winners
     * ({@code chunks * outer * inner} single-element copies) stays small next to reading the chunks.
     */
    static final int MIN_AXIS_PER_CHUNK = 256;

    private ParallelReduction() {}

    /**
     * {@code kernel.reduce(data, offset, plan, selectLastIndex, out, outOffset)}, split over threads
     * as {@code parallelism} allows. Bounds are checked before any task starts.
     */
    public static <A> void reduce(Parallelism parallelism, ArrayKernel<A> kernel, A data, int offset,
            ReductionPlan plan, boolean selectLastIndex, long[] out, int outOffset) {
        int tasks = parallelism.tasksFor(plan.inputSize());
        if (tasks > 1 && plan.outputSize() > 0) {
            java.util.Objects.checkFromIndexSize(offset, plan.inputSize(), Array.getLength(data));
            java.util.Objects.checkFromIndexSize(outOffset, plan.outputSize(), out.length);
            int outer = plan.outer();
            if (outer >= 4 * tasks || outer % tasks == 0) {
                splitSlices(parallelism, tasks, kernel, data, offset, plan, selectLastIndex, out, outOffset);
                return;
            }
            int chunks = Math.min(tasks, plan.axisLength() / MIN_AXIS_PER_CHUNK);
            if (chunks > 1) {
                splitAxis(parallelism, chunks, kernel, data, offset, plan, selectLastIndex, out, outOffset);
                return;
            }
        }
        kernel.reduce(data, offset, plan, selectLastIndex, out, outOffset);
    }

    private static <A> void splitSlices(Parallelism parallelism, int tasks, ArrayKernel<A> kernel, A data, int offset,
            ReductionPlan plan, boolean selectLastIndex, long[] out, int outOffset) {
        int outer = plan.outer();
        int sliceSize = plan.axisLength() * plan.inner();
        Runnable[] work = new Runnable[tasks];
        for (int t = 0; t < tasks; t++) {
            int from = (int) ((long) outer * t / tasks);
            int to = (int) ((long) outer * (t + 1) / tasks);
            ReductionPlan part = new ReductionPlan(to - from, plan.axisLength(), plan.inner());
            work[t] = () -> kernel.reduce(data, offset + from * sliceSize, part, selectLastIndex, out,
                    outOffset + from * plan.inner());
        }
        runAll(parallelism, work);
    }

    private static <A> void splitAxis(Parallelism parallelism, int chunks, ArrayKernel<A> kernel, A data, int offset,
            ReductionPlan plan, boolean selectLastIndex, long[] out, int outOffset) {
        int outer = plan.outer();
        int axisLength = plan.axisLength();
        int inner = plan.inner();
        int[] chunkStart = new int[chunks + 1];
        for (int c = 0; c <= chunks; c++) {
            chunkStart[c] = (int) ((long) axisLength * c / chunks);
        }
        // winners[c][o * inner + i]: index within chunk c of slice (o, i)'s best element there.
        long[][] winners = new long[chunks][plan.outputSize()];
        Runnable[] work = new Runnable[chunks];
        for (int c = 0; c < chunks; c++) {
            int chunk = c;
            ReductionPlan part = new ReductionPlan(1, chunkStart[c + 1] - chunkStart[c], inner);
            work[c] = () -> {
                for (int o = 0; o < outer; o++) {
                    int from = offset + (o * axisLength + chunkStart[chunk]) * inner;
                    kernel.reduce(data, from, part, selectLastIndex, winners[chunk], o * inner);
                }
            };
        }
        runAll(parallelism, work);

        // The winners' values, chunk by chunk, form a [chunks, inner] tensor per outer index; the
        // kernel's pick among them is the chunk that holds the overall answer.
        @SuppressWarnings("unchecked")
        A candidates = (A) Array.newInstance(data.getClass().getComponentType(), chunks * inner);
        long[] pick = new long[inner];
        ReductionPlan merge = new ReductionPlan(1, chunks, inner);
        for (int o = 0; o < outer; o++) {
            for (int c = 0; c < chunks; c++) {
                for (int i = 0; i < inner; i++) {
                    int k = chunkStart[c] + (int) winners[c][o * inner + i];
                    System.arraycopy(data, offset + (o * axisLength + k) * inner + i, candidates, c * inner + i, 1);
                }
            }
            kernel.reduce(candidates, 0, merge, selectLastIndex, pick, 0);
            for (int i = 0; i < inner; i++) {
                int c = (int) pick[i];
                out[outOffset + o * inner + i] = chunkStart[c] + winners[c][o * inner + i];
            }
        }
    }

    /** Runs work[1..] on the executor and work[0] here, then waits for all; rethrows a task's failure. */
    private static void runAll(Parallelism parallelism, Runnable[] work) {
        CompletableFuture<?>[] others = new CompletableFuture<?>[work.length - 1];
        for (int t = 1; t < work.length; t++) {
            others[t - 1] = CompletableFuture.runAsync(work[t], parallelism.executor());
        }
        RuntimeException failure = null;
        try {
            work[0].run();
        } catch (RuntimeException e) {
            failure = e;
        }
        for (CompletableFuture<?> other : others) {
            try {
                other.join();
            } catch (CompletionException e) {
                if (failure == null) {
                    failure = e.getCause() instanceof RuntimeException ? (RuntimeException) e.getCause() : e;
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
