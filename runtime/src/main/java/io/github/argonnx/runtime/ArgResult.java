package io.github.argonnx.runtime;

import io.github.argonnx.internal.runtime.Faces;
import io.github.argonnx.internal.runtime.OutputIndices;
import io.github.argonnx.internal.runtime.Shapes;
import java.util.Arrays;

/**
 * The output of ArgMax or ArgMin: int64 indices in row-major order, and their shape.
 *
 * <p>Immutable: the factory copies what it is given, and the accessors return copies. Use
 * {@link #get(int)} to read single indices without copying.
 */
public final class ArgResult {

    static {
        Faces.install(ArgResult.class, OutputIndices.class, new Faces.Face<>() {
            @Override
            public ArgResult wrap(OutputIndices state) {
                return new ArgResult(state);
            }

            @Override
            public OutputIndices state(ArgResult face) {
                return new OutputIndices(face.indices, face.shape);
            }
        });
    }

    private final long[] indices;
    private final long[] shape;

    /**
     * Takes the arrays as they are: {@link #of} copies, and generated code and partials hand over arrays
     * they filled and never touch again ({@link OutputIndices#compute}).
     */
    ArgResult(OutputIndices output) {
        this.indices = output.indices();
        this.shape = output.shape();
    }

    /**
     * A result holding copies of the given indices and shape.
     *
     * @param indices the indices, row-major
     * @param shape the output shape; none for a scalar
     * @return the result
     * @throws ArgOnnxException if an argument is null, the shape is invalid or does not hold exactly
     *     {@code indices.length} elements
     */
    public static ArgResult of(long[] indices, long... shape) {
        if (indices == null) {
            throw new ArgOnnxException("output 'reduced': indices are null");
        }
        long count = Shapes.elementCount("output 'reduced'", shape);
        if (count != indices.length) {
            throw new ArgOnnxException("output 'reduced' has shape " + Shapes.format(shape) + " (" + count
                    + " elements) but " + indices.length + " indices were given");
        }
        return new ArgResult(new OutputIndices(indices.clone(), shape.clone()));
    }

    /**
     * A copy of the indices, row-major.
     *
     * @return a new array of the indices
     */
    public long[] indices() {
        return indices.clone();
    }

    /**
     * A copy of the output shape; {@code []} for a scalar output.
     *
     * @return a new array of the dimensions
     */
    public long[] shape() {
        return shape.clone();
    }

    /**
     * The number of dimensions of the output.
     *
     * @return the output rank, 0 for a scalar
     */
    public int rank() {
        return shape.length;
    }

    /**
     * The number of indices.
     *
     * @return the number of indices
     */
    public int size() {
        return indices.length;
    }

    /**
     * The index at a row-major position of the output.
     *
     * @param position a row-major position in the output
     * @return the index there
     * @throws ArgOnnxException if {@code position} is not in {@code [0, size())}
     */
    public long get(int position) {
        if (position < 0 || position >= indices.length) {
            throw new ArgOnnxException("output 'reduced': position " + position + " is outside [0, " + indices.length
                    + ") of " + indices.length + " indices");
        }
        return indices[position];
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ArgResult that
                && Arrays.equals(indices, that.indices)
                && Arrays.equals(shape, that.shape);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(indices) + Arrays.hashCode(shape);
    }

    /** For example {@code ArgResult{shape=[2], indices=[1, 1]}}; long outputs are shortened. */
    @Override
    public String toString() {
        String shown;
        if (indices.length <= 32) {
            shown = Arrays.toString(indices);
        } else {
            shown = Arrays.toString(Arrays.copyOf(indices, 32)).replace("]", ", ... (" + indices.length + " in all)]");
        }
        return "ArgResult{shape=" + Shapes.format(shape) + ", indices=" + shown + "}";
    }
}
