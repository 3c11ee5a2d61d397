package io.github.argonnx.internal.runtime;

import io.github.argonnx.runtime.ArgOnnxException;

/**
 * The indices of a call and their shape, filled in place, as an {@code ArgResult} takes them without a
 * copy ({@link Faces}). Not API.
 *
 * @param indices the indices, row-major
 * @param shape the output shape
 */
public record OutputIndices(long[] indices, long[] shape) {

    /**
     * Indices of the given shape that the writer fills in place, so that large outputs are not copied. The
     * writer must not keep the array it is handed.
     *
     * @param shape the output shape (copied)
     * @param writer fills the indices; not called for an empty output
     * @return the indices and a copy of the shape
     * @throws ArgOnnxException if the shape is invalid or holds more than {@link Integer#MAX_VALUE} elements
     */
    public static OutputIndices compute(long[] shape, IndexWriter writer) {
        long count = Shapes.elementCount("output 'reduced'", shape);
        if (count > Integer.MAX_VALUE) {
            throw new ArgOnnxException("output 'reduced' has shape " + Shapes.format(shape) + " (" + count
                    + " elements), more than a Java array can hold (" + Integer.MAX_VALUE + ")");
        }
        long[] indices = new long[(int) count];
        if (count > 0) {
            writer.write(indices);
        }
        return new OutputIndices(indices, shape.clone());
    }
}
