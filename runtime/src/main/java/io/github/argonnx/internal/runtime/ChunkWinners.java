package io.github.argonnx.internal.runtime;


/**
 * Finds the winners of one chunk of the reduced axis, for {@link Accumulation#add(long, long, ChunkWinners)}:
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

    /**
     * As {@link #find}, for a chunk that starts after everything its accumulator holds when ties go to
     * the first index: only an element that strictly beats the running best can replace it, so where
     * the chunk's winner does not, {@code localIndices} may hold -1 instead (its order key is then
     * undefined). A search told the running bests can skip what cannot beat them from the chunk's first
     * element on, where a search of its own walks the chunk's first elements while its best rises.
     *
     * @param rivalBits per output element, the stored bits of the running best ({@link ElementKeys#bits})
     * @param localIndices where the indices go, -1 allowed where the winner does not beat its rival
     * @param orderKeys where the order keys go
     */
    default void findBeating(long[] rivalBits, long[] localIndices, long[] orderKeys) {
        find(localIndices, orderKeys);
    }
}
