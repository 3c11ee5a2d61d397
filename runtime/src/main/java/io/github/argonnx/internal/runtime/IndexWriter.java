package io.github.argonnx.internal.runtime;

/** Fills a freshly allocated index array; see {@link OutputIndices#compute(long[], IndexWriter)}. Not API. */
@FunctionalInterface
public interface IndexWriter {
    /**
     * Writes every index, {@code indices.length} of them, from position 0.
     *
     * @param indices the array to fill, of the result's size
     */
    void write(long[] indices);
}
