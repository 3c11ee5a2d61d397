package io.github.argonnx.spark;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.Parallelism;
import java.io.Serializable;
import java.util.Objects;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataTypes;

/**
 * One per-row function over an array column, its element types settled when the query is analysed:
 * converts a row's array, as Spark holds it ({@link ArrayData}), to a one-dimensional {@link Tensor}
 * of primitives and applies the operator on axis 0 with keepdims 0, so the rules (NaN, ties, unsigned
 * order, float16/bfloat16, empty axis) are the library's own.
 */
final class ArrayArgReduction implements Serializable {
    private static final long serialVersionUID = 3L;

    /** What {@link #index} gives for an empty array: the expression's null. */
    static final long NO_INDEX = -1;

    private final String functionName;
    private final String opType;
    private final boolean selectLastIndex;
    /** The ONNX type of the column's SQL element type (float, double, int8, int16, int32 or int64). */
    private final DataType columnType;
    /** The ONNX type the elements are read as: the column's own, or the one a type argument names. */
    private final DataType type;
    private final boolean containsNull;
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
        this.functionName = functionName;
        this.opType = opType;
        this.selectLastIndex = selectLastIndex;
        if (!(arrayType instanceof ArrayType array)) {
            throw new ArgOnnxException(functionName + ": the argument is a " + arrayType.sql() + ", not an array");
        }
        this.columnType = columnType(functionName, array.elementType());
        this.type = declaredType == null ? columnType : declaredType;
        this.containsNull = array.containsNull();
        this.emptyIsAnError = emptyIsAnError;
        boolean integral = columnType != DataType.FLOAT && columnType != DataType.DOUBLE;
        if (type.isFloatingPoint() && type.byteWidth() >= 4 && type != columnType) {
            throw new ArgOnnxException(functionName + ": element type '" + type.onnxName() + "' needs a "
                    + sqlName(type) + " array, not a " + sqlName(columnType) + " array");
        }
        if (!integral && type != columnType) {
            throw new ArgOnnxException(functionName + ": element type '" + type.onnxName()
                    + "' takes its elements (or bit patterns) as an integer array, not a " + sqlName(columnType) + " array");
        }
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
        int n = array.numElements();
        if (n == 0 && !emptyIsAnError) {
            return NO_INDEX;
        }
        if (containsNull) {
            for (int i = 0; i < n; i++) {
                if (array.isNullAt(i)) {
                    throw new ArgOnnxException(functionName + ": element " + i + " of the array is null;"
                            + " an ONNX tensor has no missing elements (filter or replace nulls first)");
                }
            }
        }
        return operator().apply(tensor(array, n)).get(0);
    }

    private Tensor tensor(ArrayData array, int n) {
        switch (type) {
            case FLOAT:
                return Tensor.ofFloat(array.toFloatArray(), n);
            case DOUBLE:
                return Tensor.ofDouble(array.toDoubleArray(), n);
            case INT8:
            case UINT8: {
                // A tinyint is an int8 as it is, but a uint8 only when it is not negative.
                boolean direct = columnType == DataType.INT8 && type == DataType.INT8;
                byte[] data = direct ? array.toByteArray() : new byte[n];
                if (!direct) {
                    for (int i = 0; i < n; i++) {
                        data[i] = (byte) inRange(array, i);
                    }
                }
                return type == DataType.INT8 ? Tensor.ofInt8(data, n) : Tensor.ofUint8(data, n);
            }
            case INT16:
            case UINT16:
            case FLOAT16:
            case BFLOAT16: {
                // Every smallint is a valid int16 and a valid 16-bit pattern; uint16 needs the range check.
                boolean direct = columnType == DataType.INT16 && type != DataType.UINT16;
                short[] data = direct ? array.toShortArray() : new short[n];
                if (!direct) {
                    for (int i = 0; i < n; i++) {
                        data[i] = (short) inRange(array, i);
                    }
                }
                switch (type) {
                    case INT16: return Tensor.ofInt16(data, n);
                    case UINT16: return Tensor.ofUint16(data, n);
                    case FLOAT16: return Tensor.ofFloat16(data, n);
                    default: return Tensor.ofBfloat16(data, n);
                }
            }
            case INT32:
            case UINT32: {
                boolean direct = columnType == DataType.INT32 && type == DataType.INT32;
                int[] data = direct ? array.toIntArray() : new int[n];
                if (!direct) {
                    for (int i = 0; i < n; i++) {
                        data[i] = (int) inRange(array, i);
                    }
                }
                return type == DataType.INT32 ? Tensor.ofInt32(data, n) : Tensor.ofUint32(data, n);
            }
            case INT64:
            case UINT64: {
                // A bigint array holds int64 values, or uint64 values as their 64-bit patterns.
                boolean direct = columnType == DataType.INT64;
                long[] data = direct ? array.toLongArray() : new long[n];
                if (!direct) {
                    for (int i = 0; i < n; i++) {
                        data[i] = inRange(array, i);
                    }
                }
                return type == DataType.INT64 ? Tensor.ofInt64(data, n) : Tensor.ofUint64(data, n);
            }
            default:
                throw new IllegalStateException("no conversion to " + type);
        }
    }

    /**
     * Element {@code i} of an integer array as a long, checked against what the type's values (or, for
     * float16 and bfloat16, its 16-bit patterns, signed or unsigned) can be. Only a bigint array holds
     * uint64 patterns (read directly); a narrower one holds uint64 values, which are not negative.
     */
    private long inRange(ArrayData array, int i) {
        long value = switch (columnType) {
            case INT8 -> array.getByte(i);
            case INT16 -> array.getShort(i);
            case INT32 -> array.getInt(i);
            default -> array.getLong(i);
        };
        long min;
        long max;
        int bits = type.byteWidth() * 8;
        if (bits == 64) {
            min = type.isUnsigned() ? 0 : Long.MIN_VALUE;
            max = Long.MAX_VALUE;
        } else if (type == DataType.FLOAT16 || type == DataType.BFLOAT16) {
            min = Short.MIN_VALUE;
            max = 0xFFFF;
        } else if (type.isUnsigned()) {
            min = 0;
            max = (1L << bits) - 1;
        } else {
            min = -(1L << (bits - 1));
            max = (1L << (bits - 1)) - 1;
        }
        if (value < min || value > max) {
            throw new ArgOnnxException(functionName + ": element " + i + " is " + value + ", outside the range of "
                    + type.onnxName() + (type.isFloatingPoint() ? " bit patterns" : "") + " [" + min + ", " + max + "]");
        }
        return value;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ArrayArgReduction that && functionName.equals(that.functionName) && opType.equals(that.opType)
                && selectLastIndex == that.selectLastIndex && columnType == that.columnType && type == that.type
                && containsNull == that.containsNull && emptyIsAnError == that.emptyIsAnError;
    }

    @Override
    public int hashCode() {
        return Objects.hash(functionName, opType, selectLastIndex, columnType, type, containsNull, emptyIsAnError);
    }

    @Override
    public String toString() {
        return opType + "(" + type.onnxName() + (selectLastIndex ? ", select_last_index" : "")
                + (emptyIsAnError ? ", empty array an error" : "") + ")";
    }

    private static DataType columnType(String functionName, org.apache.spark.sql.types.DataType elementType) {
        if (elementType == DataTypes.FloatType) {
            return DataType.FLOAT;
        } else if (elementType == DataTypes.DoubleType) {
            return DataType.DOUBLE;
        } else if (elementType == DataTypes.ByteType) {
            return DataType.INT8;
        } else if (elementType == DataTypes.ShortType) {
            return DataType.INT16;
        } else if (elementType == DataTypes.IntegerType) {
            return DataType.INT32;
        } else if (elementType == DataTypes.LongType) {
            return DataType.INT64;
        }
        throw new ArgOnnxException(functionName + ": arrays of " + elementType.sql()
                + " are not supported (float, double, tinyint, smallint, int and bigint arrays are)");
    }

    private static String sqlName(DataType type) {
        switch (type) {
            case FLOAT: return "float";
            case DOUBLE: return "double";
            case INT8: return "tinyint";
            case INT16: return "smallint";
            case INT32: return "int";
            default: return "bigint";
        }
    }
}
