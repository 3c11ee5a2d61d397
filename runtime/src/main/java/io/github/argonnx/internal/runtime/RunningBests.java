package io.github.argonnx.internal.runtime;


/**
 * The running best of every output element in a kernel's own form, which an {@link Accumulation}
 * keeps while chunks arrive in order along the reduced axis ({@link ChunkFold}). Implemented by
 * generated code, one class per element type.
 */
public interface RunningBests {

    /**
     * Writes, per output element in row-major order, the order key ({@link ElementKeys#orderKey}) of
     * its running best.
     *
     * @param orderKeys where the order keys go: one entry per output element
     */
    void orderKeys(long[] orderKeys);

    /**
     * Writes to {@code indices} the indices the fold keeps aside: the SIMD loops hold the row places
     * of the last group of rows they folded until a chunk of another group comes, so that a chunk of
     * few rows costs no more per row than a whole axis. Called before the indices are read; the fold
     * goes on after it.
     *
     * @param indices each output element's index along the whole axis, as {@link ChunkFold#fold} keeps them
     */
    void settleIndices(long[] indices);
}
