package io.github.argonnx.runtime;

/**
 * Finds the winners of one chunk of the reduced axis, for {@link ArgAccumulator#add(long, long, ChunkWinners)}:
 * implemented by generated code, which reduces the chunk with the operator's kernels and reads each
 * winner with its element type's own access.
 */
@FunctionalInterface
public interface ChunkWinners {

    /**
     * Writes, per output element in row-major order, the index of the chunk's winner along the
     * reduced axis (local to the chunk) and that element's order key ({@link ElementKeys#orderKey}).
     *
     * @param localIndices where the indices go: one entry per output element; its contents on entry are
     *     undefined
     * @param orderKeys where the order keys go: one entry per output element; its contents on entry are
     *     undefined
     */
    void find(long[] localIndices, long[] orderKeys);
}
