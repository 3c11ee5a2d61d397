package io.github.argonnx.internal.runtime;

/**
 * The SIMD screen of one generated TopK kernel, for a contiguous slice of array input: it finds the next
 * element that may beat the slice's k-th best, a vector at a time, and the kernel's own test of order keys
 * decides whether that element enters. Not API.
 *
 * <p>Implementations are generated next to the kernels ({@code TopKFloatVectorScreen} for
 * {@code TopKFloatKernel}, and so on), compiled apart with {@code jdk.incubator.vector}, and obtained only
 * through {@link VectorSupport#loadTopKScreen}. The screen may let through an element that does not enter
 * (one equal to the k-th in order, as -0 against +0), never skip one that does: NaN is the largest value,
 * -0 ties +0, unsigned types compare as unsigned.
 *
 * @param <A> the array the kernel's elements are stored in, for example {@code float[]}
 */
public interface VectorizedTopKScreen<A> {

    /**
     * The array type this implementation reads, for example {@code float[].class}.
     *
     * @return the array class
     */
    Class<A> arrayType();

    /**
     * Whether the kernel should screen a slice's {@code remaining} elements after its first k here: false for
     * too few to fill a vector several times, and once the JIT was found to compile the screen with its
     * vectors as objects.
     *
     * @param remaining the elements of the slice after its first k
     * @return true to call {@link #nextBeating} for this slice
     */
    boolean screens(int remaining);

    /**
     * The first position of {@code [from, to)} whose element may beat the element at {@code kth}: larger than it
     * for {@code largest}, smaller otherwise; {@code to} when there is none. Bounds are checked by the kernel.
     *
     * @param data the input's storage array
     * @param from the first position to screen
     * @param to the end of the slice
     * @param kth the position of the slice's k-th best so far
     * @param largest whether the k largest are wanted
     * @return the position found, or {@code to}
     */
    int nextBeating(A data, int from, int to, int kth, boolean largest);
}
