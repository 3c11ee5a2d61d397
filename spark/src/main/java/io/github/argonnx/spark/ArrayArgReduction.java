package io.github.argonnx.spark;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.Parallelism;
import java.io.Serializable;
import java.util.Objects;
import org.apache.spark.sql.catalyst.util.ArrayData;

/**
 * One per-row function over an array column, its element types settled when the query is analysed:
 * converts a row's array, as Spark holds it ({@link ArrayData}), to a one-dimensional {@link Tensor}
 * of primitives ({@link ArrayElements}) and applies the operator on axis 0 with keepdims 0, so the
 * rules (NaN, ties, unsigned order, float16/bfloat16, empty axis) are the library's own.
 */
final class ArrayArgReduction implements Serializable {
    private static final long serialVersionUID = 4L;

    /** What {@link #index} gives for an empty array: the expression's null. */
    static final long NO_INDEX = -1;

    private final String opType;
    private final boolean selectLastIndex;
    private final ArrayElements elements;
    /** Whether an empty array raises ONNX's empty-axis error rather than giving null. */
    private final boolean emptyIsAnError;
    private transient ArgReductionOperator operator;

    /**
     * @param arrayType the SQL type of the argument
     * @param declaredType the element type a type argument names, or null for the array's own type
     * @throws ArgOnnxException if the argument is not an array of a supported type, or the type
     *     argument does not fit its elements
     */
    ArrayArgReduction(String functionName, String opType, boolean selectLastIndex,
            org.apache.spark.sql.types.DataType arrayType, DataType declaredType, boolean emptyIsAnError) {
        this.opType = opType;
        this.selectLastIndex = selectLastIndex;
        this.elements = new ArrayElements(functionName, arrayType, declaredType);
        this.emptyIsAnError = emptyIsAnError;
    }

    private ArgReductionOperator operator() {
        if (operator == null) {
            // One thread: Spark already runs one task per executor core, and a row is one task's work.
            operator = ArgReductionOperator.latest(opType).axis(0).keepdims(false).selectLastIndex(selectLastIndex)
                    .parallelism(Parallelism.singleThread());
        }
        return operator;
    }

    /**
     * The ONNX index of the row's extreme element.
     *
     * @param array the row's array, not null
     * @return the index, or {@link #NO_INDEX} for an empty array (unless that is an error)
     * @throws ArgOnnxException if an element is null, out of the type's range, or the array is empty
     *     and the session asks for ONNX's refusal
     */
    long index(ArrayData array) {
        if (array.numElements() == 0 && !emptyIsAnError) {
            return NO_INDEX;
        }
        return operator().apply(elements.tensor(array)).get(0);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ArrayArgReduction that && opType.equals(that.opType)
                && selectLastIndex == that.selectLastIndex && elements.equals(that.elements)
                && emptyIsAnError == that.emptyIsAnError;
    }

    @Override
    public int hashCode() {
        return Objects.hash(opType, selectLastIndex, elements, emptyIsAnError);
    }

    @Override
    public String toString() {
        return opType + "(" + elements + (selectLastIndex ? ", select_last_index" : "")
                + (emptyIsAnError ? ", empty array an error" : "") + ")";
    }
}
