package io.github.argonnx.runtime;

import io.github.argonnx.internal.runtime.Faces;
import io.github.argonnx.internal.runtime.Shapes;
import io.github.argonnx.internal.runtime.TopKValuesAndIndices;
import java.util.Arrays;
import java.util.Objects;

/**
 * The outputs of TopK: the k best values along the axis, their int64 indices in row-major order, and the
 * shape both share (the input's shape with the axis replaced by k).
 *
 * <p>Generic in the values because the runtime does not know the generated tensor type: the generated
 * {@code TopK} returns {@code TopKResult<Tensor>}, whose values are a tensor of the input's element type.
 *
 * <p>Immutable: the factory copies the indices and the shape, and the accessors return copies. The values
 * are held as given; the generated operator hands over a tensor over arrays it filled and never touches
 * again, and its indices and shape the same way.
 *
 * @param <V> the type of the values, the generated {@code Tensor}
 */
public final class TopKResult<V> {

    static {
        // the face's type is raw: a class literal names no type argument, and the values are the caller's V
        @SuppressWarnings("rawtypes")
        Faces.Face<TopKValuesAndIndices, TopKResult> face = new Faces.Face<>() {
            @Override
            public TopKResult<Object> wrap(TopKValuesAndIndices state) {
                return new TopKResult<>(state.values(), state.indices(), state.shape());
            }

            @Override
            public TopKValuesAndIndices state(TopKResult face) {
                return new TopKValuesAndIndices(face.values, face.indices, face.shape);
            }
        };
        Faces.install(TopKResult.class, TopKValuesAndIndices.class, face);
    }

    private final V values;
    private final long[] indices;
    private final long[] shape;

    /**
     * Takes the arrays as they are: {@link #of} copies, and the generated operator hands over arrays it filled
     * and never touches again ({@link TopKValuesAndIndices}).
     */
    private TopKResult(V values, long[] indices, long[] shape) {
        this.values = values;
        this.indices = indices;
        this.shape = shape;
    }

    /**
     * A result holding the given values, and copies of the given indices and shape.
     *
     * @param <V> the type of the values
     * @param values the values, the output {@code Values}
     * @param indices the indices along the axis, row-major, the output {@code Indices}
     * @param shape the shape of both outputs
     * @return the result
     * @throws ArgOnnxException if an argument is null, the shape is invalid or does not hold exactly
     *     {@code indices.length} elements
     */
    public static <V> TopKResult<V> of(V values, long[] indices, long... shape) {
        if (values == null) {
            throw new ArgOnnxException("output 'Values' is null");
        }
        if (indices == null) {
            throw new ArgOnnxException("output 'Indices': indices are null");
        }
        long count = Shapes.elementCount("output 'Indices'", shape);
        if (count != indices.length) {
            throw new ArgOnnxException("output 'Indices' has shape " + Shapes.format(shape) + " (" + count
                    + " elements) but " + indices.length + " indices were given");
        }
        return new TopKResult<>(values, indices.clone(), shape.clone());
    }

    /**
     * The values, the output {@code Values}: per output element, the k best along the axis, best first.
     *
     * @return the values
     */
    public V values() {
        return values;
    }

    /**
     * A copy of the indices along the axis of the values, row-major, the output {@code Indices}.
     *
     * @return a new array of the indices
     */
    public long[] indices() {
        return indices.clone();
    }

    /**
     * A copy of the shape both outputs share.
     *
     * @return a new array of the dimensions
     */
    public long[] shape() {
        return shape.clone();
    }

    /**
     * The number of indices (and of values).
     *
     * @return the number of indices
     */
    public int size() {
        return indices.length;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TopKResult<?> that
                && values.equals(that.values)
                && Arrays.equals(indices, that.indices)
                && Arrays.equals(shape, that.shape);
    }

    @Override
    public int hashCode() {
        return Objects.hash(values, Arrays.hashCode(indices), Arrays.hashCode(shape));
    }

    /** For example {@code TopKResult{shape=[2], indices=[1, 0], values=...}}; long outputs are shortened. */
    @Override
    public String toString() {
        String shown;
        if (indices.length <= 32) {
            shown = Arrays.toString(indices);
        } else {
            shown = Arrays.toString(Arrays.copyOf(indices, 32)).replace("]", ", ... (" + indices.length + " in all)]");
        }
        return "TopKResult{shape=" + Shapes.format(shape) + ", indices=" + shown + ", values=" + values + "}";
    }
}
