package io.github.argonnx.internal.runtime;


/**
 * Folds the rows of one chunk of the reduced axis straight into the running bests of an
 * {@link Accumulation}, for {@link Accumulation#fold}: implemented by
 * generated code with the operator's kernels. The accumulator folds a chunk only when it starts at or
 * after everything added before, so that the kernel's test on rows taken in order (strict for the
 * first index, not beaten for the last) decides ties as the whole axis would; any other chunk goes
 * through {@link ChunkWinners#find}.
 */
public interface ChunkFold extends ChunkWinners {

    /**
     * Reduces the first chunk into new running bests.
     *
     * @param axisOffset where the chunk starts along the reduced axis
     * @param indices where each output element's global index along the axis goes
     * @return the chunk's bests, in the kernel's form
     */
    RunningBests seed(long axisOffset, long[] indices);

    /**
     * Folds the chunk's rows, taken in order, into running bests, replacing an entry and its global
     * index in {@code indices} where a row beats it; indices the bests keep aside are written by
     * {@link RunningBests#settleIndices}.
     *
     * @param bests what {@link #seed} returned for an earlier chunk of the same reduction
     * @param axisOffset where the chunk starts along the reduced axis, at or after every earlier chunk
     * @param indices each output element's global index along the axis
     */
    void fold(RunningBests bests, long axisOffset, long[] indices);
}
