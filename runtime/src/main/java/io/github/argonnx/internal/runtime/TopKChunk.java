package io.github.argonnx.internal.runtime;

/**
 * Finds the best elements of one chunk of the reduced axis for a TopK partial, for
 * {@link Accumulation#add(long, long, TopKChunk)}: implemented by generated code, which reduces the
 * chunk with the operator's public {@code apply}.
 */
@FunctionalInterface
public interface TopKChunk {

    /**
     * Writes the chunk's {@code count} best elements per output element, as TopK's outputs lay them out
     * (row-major over the chunk's shape with the axis replaced by {@code count}, best first along it): each
     * one's index along the axis, local to the chunk, and its bits ({@link StoredBits}).
     *
     * @param count how many to take: k, or the chunk's length if that is shorter
     * @param localIndices where the indices go, room for {@code count} per output element
     * @param bits where the bits go, room for {@code count} per output element
     */
    void find(int count, long[] localIndices, long[] bits);
}
