package io.github.argonnx.internal.runtime;

/**
 * A TopK call's outputs as the generated operator filled them, which a {@code TopKResult} takes without a
 * copy ({@link Faces}): the values (the generated tensor), the indices and the shape both share. Not API.
 *
 * @param values the values, a tensor of the input's type
 * @param indices the indices along the axis, row-major
 * @param shape the outputs' shape
 */
public record TopKValuesAndIndices(Object values, long[] indices, long[] shape) {}
