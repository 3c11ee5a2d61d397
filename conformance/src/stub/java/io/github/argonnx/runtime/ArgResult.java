package io.github.argonnx.runtime;

/** BRANCH-LOCAL STUB. */
public record ArgResult(long[] indices, long[] shape) {}
