package io.github.argonnx.spark;

import io.github.argonnx.DataType;
import io.github.argonnx.TopK;
import io.github.argonnx.runtime.ArgOnnxException;
import java.io.Serializable;
import java.util.Objects;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.util.ArrayData;

/**
 * {@code top_k} or {@code top_k_values} over an array column, settled when the query is analysed:
 * converts a row's array to a one-dimensional tensor ({@link ArrayElements}) and applies the library's
 * {@link TopK} on axis 0, so that the order (best first, ties by the lower index, a NaN above every
 * number, -0 equal to +0, unsigned and 16-bit floating-point types) is the library's own. A row shorter
 * than k gives all its elements, best first; an empty row gives an empty array.
 */
final class ArrayTopK implements Serializable {
    private static final long serialVersionUID = 1L;

    private final long k;
    private final boolean largest;
    /** Whether the function gives the values ({@code top_k_values}) rather than the indices. */
    private final boolean values;
    private final ArrayElements elements;
    private transient TopK operator;

    /**
     * @param k how many elements to take, not negative
     * @param arrayType the SQL type of the argument
     * @param declaredType the element type a type argument names, or null for the array's own type
     * @throws ArgOnnxException if the argument is not an array of a supported type, or the type
     *     argument does not fit its elements
     */
    ArrayTopK(String functionName, long k, boolean largest, boolean values, org.apache.spark.sql.types.DataType arrayType,
            DataType declaredType) {
        this.k = k;
        this.largest = largest;
        this.values = values;
        this.elements = new ArrayElements(functionName, arrayType, declaredType);
    }

    private TopK operator() {
        if (operator == null) {
            operator = TopK.latest().axis(0).largest(largest);
        }
        return operator;
    }

    /**
     * The row's best min(k, n) indices (or the elements at them), best first.
     *
     * @param array the row's array, not null
     * @return a bigint array of indices, or an array of the column's element type
     * @throws ArgOnnxException if an element is null or out of the type's range
     */
    ArrayData select(ArrayData array) {
        long[] indices = operator().apply(elements.tensor(array), Math.min(k, array.numElements())).indices();
        return values ? elements.gather(array, indices) : UnsafeArrayData.fromPrimitiveArray(indices);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ArrayTopK that && k == that.k && largest == that.largest && values == that.values
                && elements.equals(that.elements);
    }

    @Override
    public int hashCode() {
        return Objects.hash(k, largest, values, elements);
    }

    @Override
    public String toString() {
        return "TopK(" + elements + ", k=" + k + (largest ? "" : ", smallest") + (values ? ", values" : "") + ")";
    }
}
