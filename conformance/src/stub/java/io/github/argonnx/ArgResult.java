package io.github.argonnx;

/** BRANCH-LOCAL STUB. */
public record ArgResult(long[] indices, long[] shape) {}
