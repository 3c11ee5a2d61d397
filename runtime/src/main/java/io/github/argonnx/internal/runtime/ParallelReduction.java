package io.github.argonnx.internal.runtime;

import io.github.argonnx.runtime.ArgOnnxException;
import java.lang.reflect.Array;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one array kernel call on several threads with exactly the single-threaded result.
 *
 * <ul>
 *   <li>With enough output slices ({@code outer}), each task reduces a range of them: the kernel's
 *       own contract, on a smaller plan.
 *   <li>Otherwise, on an outer axis with enough columns ({@code inner}), each task reduces a range of
 *       the columns of every slice ({@code reduceColumns}): again the kernel's own contract, with no
 *       merge.
 *   <li>Otherwise (one long slice, or an outer axis with few columns) each task reduces a chunk
 *       of the reduced axis and records the winner of each slice in its chunk. The winners' values
 *       are then laid side by side, chunk after chunk, and the kernel itself picks among them: so the
 *       first (or last) index, the NaN rule, -0 = +0 and unsigned order hold across chunks exactly
 *       as inside one.
 * </ul>
 *
 * <p>When output slices are split, each thread's share is cut into {@link #PIECES_PER_TASK} pieces,
 * which the calling thread and the executor's threads take one at a time, in order, as each becomes
 * free: a thread that the machine does not run in time (other work on its core, an executor busy
 * elsewhere) holds the call up by the piece it has taken at most, while the others take the rest of
 * its share. A split of the columns has one range per thread, since narrower rows read slower, and a
 * split of the reduced axis one chunk per thread, since its chunks' winners are merged.
 *
 * <p>Never allocates in proportion to the input: a split of output slices allocates a few objects per
 * piece, a split of the columns per range, a split of the reduced axis the winners of each chunk,
 * their positions and their values (three arrays of the output's size per chunk).
 */
public final class ParallelReduction {

    /**
     * A generated kernel's array form for a range of output columns, for example
     * {@code ArgMaxFloatKernel::reduceColumns}: what a call split over threads runs.
     *
     * @param <A> the array type the kernel stores its elements in
     */
    @FunctionalInterface
    public interface ColumnKernel<A> {
        /**
         * Writes the indices of the slices {@code (o, i)} with {@code columnFrom <= i < columnTo} of every
         * {@code o}, as the kernel's {@code reduceColumns} does; with {@code [0, plan.inner())}, the whole
         * reduction.
         *
         * @param data the input's storage array
         * @param offset where the input's elements start in {@code data}
         * @param plan the reduction's geometry
         * @param columnFrom the first column reduced
         * @param columnTo the column after the last one reduced
         * @param selectLastIndex whether ties resolve to the last index
         * @param out receives the indices
         * @param outOffset where the index of slice {@code (0, 0)} goes
         */
        void reduceColumns(A data, int offset, ReductionPlan plan, int columnFrom, int columnTo,
                boolean selectLastIndex, long[] out, int outOffset);
    }

    /**
     * A generated kernel's array form, for example {@code ArgMaxFloatKernel::reduce}: what a prepared operator
     * runs on the calling thread.
     *
     * @param <A> the array type the kernel stores its elements in
     */
    @FunctionalInterface
    public interface ArrayKernel<A> {
        /**
         * Writes the indices of one reduction, as the kernel's {@code reduce} does.
         *
         * @param data the input's storage array
         * @param offset where the input's elements start in {@code data}
         * @param plan the reduction's geometry
         * @param selectLastIndex whether ties resolve to the last index
         * @param out receives the indices
         * @param outOffset where the first index goes
         */
        void reduce(A data, int offset, ReductionPlan plan, boolean selectLastIndex, long[] out, int outOffset);
    }

    /**
     * Each chunk of a split axis is at least this long, so that gathering and merging the chunks'
     * winners ({@code chunks * outer * inner} elements) stays small next to reading the chunks.
     */
    static final int MIN_AXIS_PER_CHUNK = 256;

    /**
     * Each range of a split of the columns is at least this many columns wide, and its bounds are
     * multiples of {@link #COLUMN_ALIGNMENT}: each row's part of a range stays a long sequential read,
     * and a thread's columns start on a whole vector of every SIMD width.
     */
    static final int MIN_COLUMNS_PER_TASK = 512;

    /** The columns a range's bounds are multiples of (64 bytes of uint8, the widest vector's lanes). */
    static final int COLUMN_ALIGNMENT = 64;

    /**
     * The pieces each task's share of output slices is cut into: enough that a thread left waiting for
     * its core delays the call by a small part of the work, few enough that handing pieces out stays
     * small next to the reading.
     */
    static final int PIECES_PER_TASK = 4;

    private ParallelReduction() {}

    /**
     * The whole reduction ({@code kernel.reduceColumns} of every column), split over threads as
     * {@code workers} allow for the plain Java loops. Bounds are checked before any task starts.
     *
     * @param context the operator version, for example {@code ArgMax-13}, as messages name it
     * @param <A> the input's array type
     * @param workers how many threads may share the call
     * @param kernel the kernel's array form
     * @param data the input's storage array
     * @param offset where the input's elements start in {@code data}
     * @param plan the reduction's geometry
     * @param selectLastIndex whether ties resolve to the last index
     * @param out receives the indices
     * @param outOffset where the first index goes
     * @throws ArgOnnxException if the executor refuses a task or a task fails: the tasks not yet
     *     started are cancelled, and it is thrown once none is running, so nothing writes to
     *     {@code out} after it; {@code out} may then hold part of the indices
     */
    public static <A> void reduce(String context, Workers workers, ColumnKernel<A> kernel, A data, int offset,
            ReductionPlan plan, boolean selectLastIndex, long[] out, int outOffset) {
        int tasks = TaskCount.tasksFor(workers, plan, elementBytes(data), false);
        reduce(context, workers, tasks, kernel, data, offset, plan, selectLastIndex, out, outOffset);
    }

    /**
     * The whole reduction ({@code kernel.reduceColumns} of every column) split into at most
     * {@code tasks} tasks, as {@link TaskCount#tasksFor} decided for it. Bounds are checked before any
     * task starts.
     *
     * @param context the operator version, for example {@code ArgMax-13}, as messages name it
     * @param <A> the input's array type
     * @param workers the threads that share the call
     * @param tasks the most tasks, the calling thread's included; 1 runs the kernel on the calling thread
     * @param kernel the kernel's array form
     * @param data the input's storage array
     * @param offset where the input's elements start in {@code data}
     * @param plan the reduction's geometry
     * @param selectLastIndex whether ties resolve to the last index
     * @param out receives the indices
     * @param outOffset where the first index goes
     * @throws ArgOnnxException if the executor refuses a task or a task fails, as
     *     {@link #reduce(String, Workers, ColumnKernel, Object, int, ReductionPlan, boolean, long[], int)}
     */
    public static <A> void reduce(String context, Workers workers, int tasks, ColumnKernel<A> kernel, A data,
            int offset, ReductionPlan plan, boolean selectLastIndex, long[] out, int outOffset) {
        if (tasks > 1 && plan.outputSize() > 0) {
            java.util.Objects.checkFromIndexSize(offset, plan.inputSize(), Array.getLength(data));
            java.util.Objects.checkFromIndexSize(outOffset, plan.outputSize(), out.length);
            int outer = plan.outer();
            if (outer >= 4 * tasks || outer % tasks == 0) {
                splitSlices(context, workers, tasks, Math.min(outer, tasks * PIECES_PER_TASK), kernel, data,
                        offset, plan, selectLastIndex, out, outOffset);
                return;
            }
            // One range of columns per thread: in pieces of a quarter, the narrower rows read slower
            // (TwoThreadCeilingBenchmark shows it).
            int columnRanges = Math.min(tasks, plan.inner() / MIN_COLUMNS_PER_TASK);
            if (columnRanges > 1) {
                splitColumns(context, workers, columnRanges, kernel, data, offset, plan, selectLastIndex, out,
                        outOffset);
                return;
            }
            // One chunk per thread: each further chunk of the axis costs a pass over its winners and
            // their merge, more than a second thread held up by a busy core loses.
            int chunks = Math.min(tasks, plan.axisLength() / MIN_AXIS_PER_CHUNK);
            if (chunks > 1) {
                splitAxis(context, workers, chunks, kernel, data, offset, plan, selectLastIndex, out, outOffset);
                return;
            }
        }
        kernel.reduceColumns(data, offset, plan, 0, plan.inner(), selectLastIndex, out, outOffset);
    }

    /** The width in bytes of one element of a primitive storage array. */
    private static int elementBytes(Object data) {
        Class<?> component = data.getClass().getComponentType();
        if (component == byte.class) {
            return Byte.BYTES;
        }
        if (component == short.class) {
            return Short.BYTES;
        }
        if (component == int.class || component == float.class) {
            return Integer.BYTES;
        }
        return Long.BYTES;
    }

    /** Splits the output slices ({@code outer}) into {@code pieces} ranges, shared by {@code tasks} threads. */
    private static <A> void splitSlices(String context, Workers workers, int tasks, int pieces, ColumnKernel<A> kernel,
            A data, int offset, ReductionPlan plan, boolean selectLastIndex, long[] out, int outOffset) {
        int outer = plan.outer();
        int sliceSize = plan.axisLength() * plan.inner();
        Runnable[] work = new Runnable[pieces];
        for (int p = 0; p < pieces; p++) {
            int from = (int) ((long) outer * p / pieces);
            int to = (int) ((long) outer * (p + 1) / pieces);
            ReductionPlan part = new ReductionPlan(to - from, plan.axisLength(), plan.inner());
            work[p] = () -> kernel.reduceColumns(data, offset + from * sliceSize, part, 0, part.inner(), selectLastIndex,
                    out, outOffset + from * plan.inner());
        }
        runAll(context, workers, tasks, work);
    }

    /**
     * Splits the columns ({@code inner}) into {@code ranges}, one per thread: each reads its columns of
     * every row, so the ranges write disjoint output elements and nothing is merged.
     */
    private static <A> void splitColumns(String context, Workers workers, int ranges, ColumnKernel<A> kernel,
            A data, int offset, ReductionPlan plan, boolean selectLastIndex, long[] out, int outOffset) {
        int inner = plan.inner();
        Runnable[] work = new Runnable[ranges];
        for (int r = 0; r < ranges; r++) {
            int from = columnBound(inner, r, ranges);
            int to = columnBound(inner, r + 1, ranges);
            work[r] = () -> kernel.reduceColumns(data, offset, plan, from, to, selectLastIndex, out, outOffset);
        }
        runAll(context, workers, ranges, work);
    }

    /** Where range {@code r} of {@code ranges} starts: an even share, rounded to {@link #COLUMN_ALIGNMENT}. */
    static int columnBound(int inner, int r, int ranges) {
        if (r == ranges) {
            return inner;
        }
        return (int) ((long) inner * r / ranges) / COLUMN_ALIGNMENT * COLUMN_ALIGNMENT;
    }

    /**
     * Splits the reduced axis into {@code chunks}, one per thread, then merges their winners: each task
     * also copies its winners' values side by side with the other chunks', so that the merge is one
     * call of the kernel on a {@code [chunks, outputSize]} tensor.
     */
    private static <A> void splitAxis(String context, Workers workers, int chunks, ColumnKernel<A> kernel,
            A data, int offset, ReductionPlan plan, boolean selectLastIndex, long[] out, int outOffset) {
        int outer = plan.outer();
        int axisLength = plan.axisLength();
        int inner = plan.inner();
        int outputSize = plan.outputSize();
        int[] chunkStart = new int[chunks + 1];
        for (int c = 0; c <= chunks; c++) {
            chunkStart[c] = (int) ((long) axisLength * c / chunks);
        }
        // winners[c][o * inner + i]: index within chunk c of slice (o, i)'s best element there;
        // candidates[c * outputSize + o * inner + i]: that element.
        long[][] winners = new long[chunks][outputSize];
        @SuppressWarnings("unchecked")
        A candidates = (A) Array.newInstance(data.getClass().getComponentType(), chunks * outputSize);
        Runnable[] work = new Runnable[chunks];
        for (int c = 0; c < chunks; c++) {
            int chunk = c;
            ReductionPlan part = new ReductionPlan(1, chunkStart[c + 1] - chunkStart[c], inner);
            work[c] = () -> {
                long[] best = winners[chunk];
                for (int o = 0; o < outer; o++) {
                    int from = offset + (o * axisLength + chunkStart[chunk]) * inner;
                    kernel.reduceColumns(data, from, part, 0, inner, selectLastIndex, best, o * inner);
                }
                int[] positions = new int[outputSize];
                for (int o = 0; o < outer; o++) {
                    for (int i = 0; i < inner; i++) {
                        int k = chunkStart[chunk] + (int) best[o * inner + i];
                        positions[o * inner + i] = offset + (o * axisLength + k) * inner + i;
                    }
                }
                gather(data, positions, candidates, chunk * outputSize);
            };
        }
        runAll(context, workers, chunks, work);

        // The kernel's pick among a slice's chunks is the chunk that holds the overall answer: the
        // chunks' order keeps the first (or last) index, and the values keep the NaN rule, -0 = +0 and
        // unsigned order.
        kernel.reduceColumns(candidates, 0, new ReductionPlan(1, chunks, outputSize), 0, outputSize, selectLastIndex,
                out, outOffset);
        for (int j = 0; j < outputSize; j++) {
            int c = (int) out[outOffset + j];
            out[outOffset + j] = chunkStart[c] + winners[c][j];
        }
    }

    /**
     * {@code into[intoOffset + j] = from[positions[j]]} for every {@code j}, for two primitive arrays of
     * one type: a loop per array type, since a copy through the untyped array costs more than the read.
     */
    private static void gather(Object from, int[] positions, Object into, int intoOffset) {
        if (from instanceof float[] source) {
            float[] target = (float[]) into;
            for (int j = 0; j < positions.length; j++) {
                target[intoOffset + j] = source[positions[j]];
            }
        } else if (from instanceof byte[] source) {
            byte[] target = (byte[]) into;
            for (int j = 0; j < positions.length; j++) {
                target[intoOffset + j] = source[positions[j]];
            }
        } else if (from instanceof short[] source) {
            short[] target = (short[]) into;
            for (int j = 0; j < positions.length; j++) {
                target[intoOffset + j] = source[positions[j]];
            }
        } else if (from instanceof int[] source) {
            int[] target = (int[]) into;
            for (int j = 0; j < positions.length; j++) {
                target[intoOffset + j] = source[positions[j]];
            }
        } else if (from instanceof long[] source) {
            long[] target = (long[]) into;
            for (int j = 0; j < positions.length; j++) {
                target[intoOffset + j] = source[positions[j]];
            }
        } else if (from instanceof double[] source) {
            double[] target = (double[]) into;
            for (int j = 0; j < positions.length; j++) {
                target[intoOffset + j] = source[positions[j]];
            }
        } else {
            throw new IllegalArgumentException("not a primitive storage array: " + from.getClass().getName());
        }
    }

    /**
     * Runs every piece of work exactly once, or none after a failure, and returns only when none is
     * running. {@code tasks - 1} helpers are offered to the executor; the calling thread and every
     * helper that starts take the pieces not yet taken, one at a time, in order. The calling thread
     * goes on until none is left, so that an executor that drops or delays tasks (or whose only
     * thread is this one) cannot make the call wait on itself; a helper that starts late finds
     * nothing left.
     *
     * @throws ArgOnnxException naming the first failure (a refused task, or a piece that threw), once
     *     no piece is running any more; pieces not started by then are never run
     */
    static void runAll(String context, Workers workers, int tasks, Runnable[] work) {
        Pieces pieces = new Pieces(work);
        for (int t = 1; t < tasks && !pieces.failed(); t++) {
            try {
                workers.executor().execute(pieces::runUntaken);
            } catch (RuntimeException | Error e) {
                pieces.fail(e);
            }
        }
        pieces.runUntaken();
        pieces.awaitRunning();
        Throwable failure = pieces.failure();
        if (failure instanceof Error error) {
            throw error;
        }
        if (failure != null) {
            throw new ArgOnnxException(context + ": a parallel task failed, so the call stopped (" + failure
                    + "); the output may hold part of the indices, and nothing writes to it any more", failure);
        }
    }

    /** The pieces of one call: which is next to take, how many are running, the first failure. */
    private static final class Pieces {
        private final Runnable[] work;
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private final Object lock = new Object();
        /** Guarded by lock: the first piece no thread has taken. */
        private int next;
        /** Guarded by lock. */
        private int running;

        Pieces(Runnable[] work) {
            this.work = work;
        }

        boolean failed() {
            return failure.get() != null;
        }

        Throwable failure() {
            return failure.get();
        }

        void fail(Throwable e) {
            failure.compareAndSet(null, e);
        }

        /** Takes and runs pieces in order until none is left or the call has failed. */
        void runUntaken() {
            for (int t = take(); t >= 0; t = take()) {
                try {
                    work[t].run();
                } catch (RuntimeException | Error e) {
                    fail(e);
                } finally {
                    synchronized (lock) {
                        running--;
                        lock.notifyAll();
                    }
                }
            }
        }

        /**
         * The next piece, taken and counted as running in one step so that awaitRunning cannot miss it;
         * -1 once none is left or the call has failed, and from then on for every thread.
         */
        private int take() {
            synchronized (lock) {
                if (next == work.length || failed()) {
                    next = work.length;
                    return -1;
                }
                running++;
                return next++;
            }
        }

        /**
         * Waits until no piece is running: the calling thread has found none left to take, so none can
         * start later.
         * An interrupt does not cut the wait short (a piece still running writes to the output);
         * it is kept for the caller.
         */
        void awaitRunning() {
            boolean interrupted = false;
            synchronized (lock) {
                while (running > 0) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
