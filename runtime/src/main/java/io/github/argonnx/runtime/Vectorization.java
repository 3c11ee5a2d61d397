package io.github.argonnx.runtime;

import io.github.argonnx.internal.runtime.VectorSupport;

/**
 * Which loops the kernels run in this JVM, and why: SIMD loops on the Vector API, or plain Java loops.
 *
 * <p>As in Lucene, the Vector API ({@code jdk.incubator.vector}) is used only when the application
 * started the JVM with {@code --add-modules jdk.incubator.vector}; otherwise, or when the system
 * property {@code argonnx.vectorization} is {@code false}, kernels run plain Java loops. Both give the
 * same indices: leaving the flag out costs speed, never correctness. The system property
 * {@code argonnx.vectorization.bits} chooses the vector size, from 128 bits up to the CPU's preferred
 * size (or {@code preferred}); by default it is the preferred size, at most 256 bits.
 *
 * <p>The decision is taken once, when a kernel first asks, and logged once at {@code INFO} through the
 * {@link System.Logger} named after this class.
 */
public final class Vectorization {

    private Vectorization() {}

    /**
     * One sentence saying which loops kernels run and why, for logs and bug reports.
     *
     * @return the sentence
     */
    public static String status() {
        return VectorSupport.status();
    }
}
