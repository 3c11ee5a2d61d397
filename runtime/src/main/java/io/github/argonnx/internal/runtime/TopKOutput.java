package io.github.argonnx.internal.runtime;

/**
 * TopK's outputs as a finished partial gives them, in the output's row-major order: each value's bits
 * ({@code raw_data}'s little-endian word, zero-extended), each index, and the shape both share. Generated
 * code turns the bits into the values tensor ({@link StoredBits}). Not API.
 *
 * @param bits the values' bits
 * @param indices the indices along the axis
 * @param shape the outputs' shape, the input's with the axis replaced by k
 */
public record TopKOutput(long[] bits, long[] indices, long[] shape) {}
