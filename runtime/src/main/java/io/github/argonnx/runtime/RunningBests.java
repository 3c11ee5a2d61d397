package io.github.argonnx.runtime;

/**
 * The running best of every output element in a kernel's own form, which an {@link ArgAccumulator}
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
}
