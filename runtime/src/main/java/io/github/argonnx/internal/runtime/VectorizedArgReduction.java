package io.github.argonnx.internal.runtime;

/**
 * The SIMD loops of one generated kernel, for array input: a kernel hands a whole reduction to them
 * when the JVM can run them, and runs its own scalar loops when they decline.
 *
 * <p>Implementations are generated next to the kernels ({@code ArgMaxFloatVectorLoops} for
 * {@code ArgMaxFloatKernel}, and so on), compiled apart with {@code jdk.incubator.vector}, and obtained
 * only through {@link VectorSupport#load}. Whatever they write must be exactly what the kernel's scalar
 * loops write: the first index of the extreme (the last with {@code selectLastIndex}), NaN beating every
 * number, -0 tying +0, unsigned types compared as unsigned. Every method may decline by writing nothing
 * and returning false (or 0); bounds are checked by the kernel before any is called.
 *
 * @param <A> the array the kernel's elements are stored in, for example {@code float[]}
 */
public interface VectorizedArgReduction<A> {

    /**
     * The array type this implementation reads, for example {@code float[].class}.
     *
     * @return the array class
     */
    Class<A> arrayType();

    /**
     * The whole reduction of a plan with {@code inner == 1}: writes to {@code out[outOffset + o]} the
     * index of the extreme among the {@code axisLength} adjacent elements from
     * {@code data[offset + o * axisLength]}, for every {@code o < outer}.
     *
     * @param data the input's storage array
     * @param offset where the input's elements start in {@code data}
     * @param outer the number of rows
     * @param axisLength the length of each row, the reduced axis
     * @param selectLastIndex whether ties resolve to the last index
     * @param out receives the indices
     * @param outOffset where the first index goes
     * @return true, or false (having written nothing) to leave it to the scalar loop
     */
    default boolean reduceContiguous(A data, int offset, int outer, int axisLength, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    /**
     * The kernel's {@code firstIndicesBeating} for array input (first index only): writes to
     * {@code out[o]} the index, within its row, of the first extreme element of each of {@code rows}
     * adjacent rows of {@code length} elements from {@code data[offset]}, where that element strictly
     * beats the rival whose stored bits are {@code rivalBits[o]} (its low bits, for types narrower
     * than 64), and -1 where none does. The rival is the best of an accumulator's earlier chunks, so
     * a row's search starts from it, not from the row's first element.
     *
     * @param data the input's storage array
     * @param offset where the first row starts in {@code data}
     * @param rows the number of rows
     * @param length the length of each row, the reduced axis
     * @param rivalBits per row, the stored bits of the element its answer must beat
     * @param out receives the indices, from {@code out[0]} on
     * @return true, or false (having written nothing) to leave it to the scalar loop
     */
    default boolean firstIndicesBeating(A data, int offset, int rows, int length, long[] rivalBits, long[] out) {
        return false;
    }

    /**
     * The reduction of the columns {@code columnFrom <= i < columnTo} of every slice of a plan with
     * {@code inner > 1}, with the contract of the kernel's {@code reduceColumns}: writes
     * {@code out[outOffset + o * plan.inner() + i]} for those columns only.
     *
     * @param data the input's storage array
     * @param offset where the input's elements start in {@code data}
     * @param plan the reduction's geometry
     * @param columnFrom the first column reduced
     * @param columnTo the column after the last one reduced, greater than {@code columnFrom}
     * @param selectLastIndex whether ties resolve to the last index
     * @param out receives the indices
     * @param outOffset where the index of slice {@code (0, 0)} goes
     * @return true, or false (having written nothing) to leave it to the scalar loop
     */
    default boolean reduceStrided(A data, int offset, ReductionPlan plan, int columnFrom, int columnTo,
            boolean selectLastIndex, long[] out, int outOffset) {
        return false;
    }

    /**
     * The kernel's {@code foldRows} (a chunk of an outer axis folded into a partial result's running
     * bests, rows in order) for the leading whole vectors of columns of every slice; the kernel folds
     * the columns after them.
     *
     * @param data the chunk's storage array
     * @param offset where the chunk's elements start in {@code data}
     * @param plan the chunk's layout: its rows are {@code plan.axisLength()}
     * @param best each output element's running best, as a fold key of the kernel (of the storage type)
     * @param indexScratch lane-held row places, one per output element, kept from one chunk to the
     *     next: rows are grouped by axis index, and an entry is the place in its group of the row that
     *     last replaced the best, or -1 if none of the open group's did; all -1 when {@code seed}. The
     *     caller writes the open group's places to {@code indices} before it reads them.
     * @param indices each output element's index along the whole axis
     * @param indexBase the axis index of the chunk's first row
     * @param openRow the last row folded before, whose group's places {@code indexScratch} holds, or -1;
     *     a chunk that starts in another group first has them written to {@code indices}
     * @param seed true for the first chunk: its first row seeds the bests
     * @param selectLastIndex whether ties go to the last index
     * @return how many leading columns of every slice were folded: 0 leaves all to the scalar loop
     */
    default int foldRows(A data, int offset, ReductionPlan plan, A best, A indexScratch, long[] indices,
            long indexBase, long openRow, boolean seed, boolean selectLastIndex) {
        return 0;
    }
}
