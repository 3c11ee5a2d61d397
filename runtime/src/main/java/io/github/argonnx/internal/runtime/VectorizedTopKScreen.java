package io.github.argonnx.internal.runtime;

/**
 * The SIMD screen of one generated TopK kernel, for array input: along a contiguous slice it finds the next
 * element that may beat the slice's k-th best, and along an outer axis the next column of a row whose element
 * may beat that column's k-th best, a vector at a time; the kernel's own test of order keys decides whether
 * that element enters. Not API.
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

    /**
     * Whether the kernel should screen the rows of a block of {@code columns} columns of an outer axis here: false
     * for too few columns to fill a vector several times, and once the JIT was found to compile the column screen
     * with its vectors as objects.
     *
     * @param columns the columns of the block
     * @return true to call {@link #nextColumnBeating} for this block's rows
     */
    boolean screensColumns(int columns);

    /**
     * Called before the kernel screens the rows of a block of columns, so that the screen can watch its calls.
     *
     * @param elements the elements the block's rows hold after the first k
     * @return the mark to give to {@link #afterColumns}
     */
    long beforeColumns(long elements);

    /**
     * Called after the kernel screened the rows of the block that {@code mark} was taken for.
     *
     * @param mark what {@link #beforeColumns} returned
     * @param elements the elements the block's rows hold after the first k
     */
    void afterColumns(long mark, long elements);

    /**
     * The first column {@code c} of {@code [from, to)} whose element {@code data[rowBase + c]} may beat
     * {@code bounds[c]}, that column's k-th best element: larger than it for {@code largest}, smaller otherwise;
     * {@code to} when there is none. Bounds are checked by the kernel.
     *
     * @param data the input's storage array
     * @param rowBase the position of the row's first column
     * @param bounds each column's k-th best element so far
     * @param from the first column to screen
     * @param to the end of the block's columns
     * @param largest whether the k largest are wanted
     * @return the column found, or {@code to}
     */
    int nextColumnBeating(A data, int rowBase, A bounds, int from, int to, boolean largest);
}
