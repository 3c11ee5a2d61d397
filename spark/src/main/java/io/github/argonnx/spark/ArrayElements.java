package io.github.argonnx.spark;

import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgOnnxException;
import java.io.Serializable;
import java.util.Objects;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataTypes;

/**
 * How the per-row functions read an array column as a one-dimensional {@link Tensor}, settled when the
 * query is analysed: the column's SQL element type, the ONNX type its elements are read as (its own,
 * or the one a type argument names), and the checks a row's elements must pass (no null element, a
 * value in the type's range).
 */
final class ArrayElements implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String functionName;
    /** The ONNX type of the column's SQL element type (float, double, int8, int16, int32 or int64). */
    private final DataType columnType;
    /** The ONNX type the elements are read as: the column's own, or the one a type argument names. */
    private final DataType type;
    private final boolean containsNull;

    /**
     * @param arrayType the SQL type of the argument
     * @param declaredType the element type a type argument names, or null for the array's own type
     * @throws ArgOnnxException if the argument is not an array of a supported type, or the type
     *     argument does not fit its elements
     */
    ArrayElements(String functionName, org.apache.spark.sql.types.DataType arrayType, DataType declaredType) {
        this.functionName = functionName;
        if (!(arrayType instanceof ArrayType array)) {
            throw new ArgOnnxException(functionName + ": the argument is a " + arrayType.sql() + ", not an array");
        }
        this.columnType = columnType(functionName, array.elementType());
        this.type = declaredType == null ? columnType : declaredType;
        this.containsNull = array.containsNull();
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

    /** The ONNX type the elements are read as. */
    DataType type() {
        return type;
    }

    /**
     * The row's elements at these indices, as the column holds them (a uint8 as its int value, a
     * float16 as the bit pattern the row gave), in an array of the column's own element type.
     */
    ArrayData gather(ArrayData array, long[] indices) {
        int k = indices.length;
        return switch (columnType) {
            case FLOAT -> {
                float[] out = new float[k];
                for (int i = 0; i < k; i++) {
                    out[i] = array.getFloat((int) indices[i]);
                }
                yield UnsafeArrayData.fromPrimitiveArray(out);
            }
            case DOUBLE -> {
                double[] out = new double[k];
                for (int i = 0; i < k; i++) {
                    out[i] = array.getDouble((int) indices[i]);
                }
                yield UnsafeArrayData.fromPrimitiveArray(out);
            }
            case INT8 -> {
                byte[] out = new byte[k];
                for (int i = 0; i < k; i++) {
                    out[i] = array.getByte((int) indices[i]);
                }
                yield UnsafeArrayData.fromPrimitiveArray(out);
            }
            case INT16 -> {
                short[] out = new short[k];
                for (int i = 0; i < k; i++) {
                    out[i] = array.getShort((int) indices[i]);
                }
                yield UnsafeArrayData.fromPrimitiveArray(out);
            }
            case INT32 -> {
                int[] out = new int[k];
                for (int i = 0; i < k; i++) {
                    out[i] = array.getInt((int) indices[i]);
                }
                yield UnsafeArrayData.fromPrimitiveArray(out);
            }
            case INT64 -> {
                long[] out = new long[k];
                for (int i = 0; i < k; i++) {
                    out[i] = array.getLong((int) indices[i]);
                }
                yield UnsafeArrayData.fromPrimitiveArray(out);
            }
            case UINT8, UINT16, UINT32, UINT64, FLOAT16, BFLOAT16 ->
                throw new IllegalStateException("no SQL column holds " + columnType.onnxName() + " elements");
        };
    }

    /**
     * The row's array as a tensor of the type. Every per-type table here is an exhaustive switch without
     * a default branch: an element type that one of them does not know fails to compile.
     *
     * @param array the row's array, not null
     * @throws ArgOnnxException if an element is null or out of the type's range
     */
    Tensor tensor(ArrayData array) {
        int n = array.numElements();
        if (containsNull) {
            for (int i = 0; i < n; i++) {
                if (array.isNullAt(i)) {
                    throw new ArgOnnxException(functionName + ": element " + i + " of the array is null;"
                            + " an ONNX tensor has no missing elements (filter or replace nulls first)");
                }
            }
        }
        return switch (type) {
            case FLOAT -> Tensor.ofFloat(array.toFloatArray(), n);
            case DOUBLE -> Tensor.ofDouble(array.toDoubleArray(), n);
            case INT8 -> Tensor.ofInt8(bytes(array, n), n);
            case UINT8 -> Tensor.ofUint8(bytes(array, n), n);
            case INT16 -> Tensor.ofInt16(shorts(array, n), n);
            case UINT16 -> Tensor.ofUint16(shorts(array, n), n);
            case FLOAT16 -> Tensor.ofFloat16(shorts(array, n), n);
            case BFLOAT16 -> Tensor.ofBfloat16(shorts(array, n), n);
            case INT32 -> Tensor.ofInt32(ints(array, n), n);
            case UINT32 -> Tensor.ofUint32(ints(array, n), n);
            case INT64 -> Tensor.ofInt64(longs(array, n), n);
            case UINT64 -> Tensor.ofUint64(longs(array, n), n);
        };
    }

    /** A tinyint is an int8 as it is, but a uint8 only when it is not negative. */
    private byte[] bytes(ArrayData array, int n) {
        if (columnType == DataType.INT8 && type == DataType.INT8) {
            return array.toByteArray();
        }
        byte[] data = new byte[n];
        for (int i = 0; i < n; i++) {
            data[i] = (byte) inRange(array, i);
        }
        return data;
    }

    /** Every smallint is a valid int16 and a valid 16-bit pattern; uint16 needs the range check. */
    private short[] shorts(ArrayData array, int n) {
        if (columnType == DataType.INT16 && type != DataType.UINT16) {
            return array.toShortArray();
        }
        short[] data = new short[n];
        for (int i = 0; i < n; i++) {
            data[i] = (short) inRange(array, i);
        }
        return data;
    }

    private int[] ints(ArrayData array, int n) {
        if (columnType == DataType.INT32 && type == DataType.INT32) {
            return array.toIntArray();
        }
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = (int) inRange(array, i);
        }
        return data;
    }

    /** A bigint array holds int64 values, or uint64 values as their 64-bit patterns. */
    private long[] longs(ArrayData array, int n) {
        if (columnType == DataType.INT64) {
            return array.toLongArray();
        }
        long[] data = new long[n];
        for (int i = 0; i < n; i++) {
            data[i] = inRange(array, i);
        }
        return data;
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
            case INT64 -> array.getLong(i);
            case FLOAT, DOUBLE, UINT8, UINT16, UINT32, UINT64, FLOAT16, BFLOAT16 ->
                throw new IllegalStateException("no integer column holds " + columnType);
        };
        long[] range = switch (type) {
            case INT8 -> new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE};
            case UINT8 -> new long[] {0, 0xFF};
            case INT16 -> new long[] {Short.MIN_VALUE, Short.MAX_VALUE};
            case UINT16 -> new long[] {0, 0xFFFF};
            case FLOAT16, BFLOAT16 -> new long[] {Short.MIN_VALUE, 0xFFFF};
            case INT32 -> new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
            case UINT32 -> new long[] {0, 0xFFFF_FFFFL};
            case INT64 -> new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
            case UINT64 -> new long[] {0, Long.MAX_VALUE};
            case FLOAT, DOUBLE -> throw new IllegalStateException(type + " elements are not read from integers");
        };
        if (value < range[0] || value > range[1]) {
            throw new ArgOnnxException(functionName + ": element " + i + " is " + value + ", outside the range of "
                    + type.onnxName() + (type.isFloatingPoint() ? " bit patterns" : "") + " [" + range[0] + ", " + range[1] + "]");
        }
        return value;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ArrayElements that && functionName.equals(that.functionName) && columnType == that.columnType
                && type == that.type && containsNull == that.containsNull;
    }

    @Override
    public int hashCode() {
        return Objects.hash(functionName, columnType, type, containsNull);
    }

    @Override
    public String toString() {
        return type.onnxName();
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

    /** The SQL name of the element type of an array column that holds elements of this type as they are. */
    private static String sqlName(DataType type) {
        return switch (type) {
            case FLOAT -> "float";
            case DOUBLE -> "double";
            case INT8 -> "tinyint";
            case INT16 -> "smallint";
            case INT32 -> "int";
            case INT64 -> "bigint";
            case UINT8, UINT16, UINT32, UINT64, FLOAT16, BFLOAT16 ->
                throw new IllegalStateException("no SQL column holds " + type.onnxName() + " elements as they are");
        };
    }
}
