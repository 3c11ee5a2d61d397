package io.github.argonnx.spark;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgOnnxException;
import java.io.Serializable;
import java.util.List;

/**
 * One SQL function over an array column: converts a row's array to a one-dimensional {@link Tensor}
 * and applies the operator on axis 0 with keepdims 0, so the rules (NaN, ties, unsigned order,
 * float16/bfloat16, empty axis) are the library's own.
 */
final class ArrayArgReduction implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String functionName;
    private final String opType;
    private final boolean selectLastIndex;
    private transient ArgReductionOperator operator;

    ArrayArgReduction(String functionName, String opType, boolean selectLastIndex) {
        this.functionName = functionName;
        this.opType = opType;
        this.selectLastIndex = selectLastIndex;
    }

    private ArgReductionOperator operator() {
        if (operator == null) {
            operator = ArgReductionOperator.latest(opType).axis(0).keepdims(false).selectLastIndex(selectLastIndex);
        }
        return operator;
    }

    /**
     * The ONNX index of the row's extreme element.
     *
     * @param array the row's array as Spark hands it to a UDF (a Scala {@code Seq}), or null
     * @param declaredType the element type a type argument names, or null for the array's own type
     * @return the index, or null for a null array
     */
    Long apply(Object array, DataType declaredType) {
        if (array == null) {
            return null;
        }
        Object[] elements = elementsOf(array);
        DataType naturalType = naturalType(elements);
        DataType type = declaredType == null ? naturalType : declaredType;
        return operator().apply(tensor(elements, naturalType, type)).get(0);
    }

    private Object[] elementsOf(Object array) {
        if (array instanceof scala.collection.Seq<?> seq) {
            Object[] elements = new Object[seq.length()];
            scala.collection.Iterator<?> iterator = seq.iterator();
            for (int i = 0; i < elements.length; i++) {
                elements[i] = iterator.next();
            }
            return elements;
        }
        if (array instanceof List<?> list) {
            return list.toArray();
        }
        if (array instanceof Object[] objects) {
            return objects;
        }
        throw new ArgOnnxException(functionName + ": the argument is a " + array.getClass().getName()
                + ", not an array");
    }

    private DataType naturalType(Object[] elements) {
        for (int i = 0; i < elements.length; i++) {
            if (elements[i] == null) {
                throw new ArgOnnxException(functionName + ": element " + i + " of the array is null;"
                        + " an ONNX tensor has no missing elements (filter or replace nulls first)");
            }
        }
        if (elements.length == 0) {
            // Any type gives the operator's empty-axis refusal; its message does not depend on the type.
            return DataType.FLOAT;
        }
        Object first = elements[0];
        if (first instanceof Float) {
            return DataType.FLOAT;
        } else if (first instanceof Double) {
            return DataType.DOUBLE;
        } else if (first instanceof Byte) {
            return DataType.INT8;
        } else if (first instanceof Short) {
            return DataType.INT16;
        } else if (first instanceof Integer) {
            return DataType.INT32;
        } else if (first instanceof Long) {
            return DataType.INT64;
        }
        throw new ArgOnnxException(functionName + ": arrays of " + first.getClass().getSimpleName()
                + " are not supported (float, double, tinyint, smallint, int and bigint arrays are)");
    }

    private Tensor tensor(Object[] elements, DataType naturalType, DataType type) {
        int n = elements.length;
        boolean integral = naturalType != DataType.FLOAT && naturalType != DataType.DOUBLE;
        if (n > 0 && type.isFloatingPoint() && type.byteWidth() >= 4 && type != naturalType) {
            throw new ArgOnnxException(functionName + ": element type '" + type.onnxName() + "' needs a "
                    + sqlName(type) + " array, not a " + sqlName(naturalType) + " array");
        }
        if (n > 0 && !integral && type != naturalType) {
            throw new ArgOnnxException(functionName + ": element type '" + type.onnxName()
                    + "' takes its elements (or bit patterns) as an integer array, not a " + sqlName(naturalType) + " array");
        }
        switch (type) {
            case FLOAT: {
                float[] data = new float[n];
                for (int i = 0; i < n; i++) {
                    data[i] = (Float) elements[i];
                }
                return Tensor.ofFloat(data, n);
            }
            case DOUBLE: {
                double[] data = new double[n];
                for (int i = 0; i < n; i++) {
                    data[i] = (Double) elements[i];
                }
                return Tensor.ofDouble(data, n);
            }
            case INT8:
            case UINT8: {
                byte[] data = new byte[n];
                for (int i = 0; i < n; i++) {
                    data[i] = (byte) inRange(elements, i, type);
                }
                return type == DataType.INT8 ? Tensor.ofInt8(data, n) : Tensor.ofUint8(data, n);
            }
            case INT16:
            case UINT16:
            case FLOAT16:
            case BFLOAT16: {
                short[] data = new short[n];
                for (int i = 0; i < n; i++) {
                    data[i] = (short) inRange(elements, i, type);
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
                int[] data = new int[n];
                for (int i = 0; i < n; i++) {
                    data[i] = (int) inRange(elements, i, type);
                }
                return type == DataType.INT32 ? Tensor.ofInt32(data, n) : Tensor.ofUint32(data, n);
            }
            case INT64:
            case UINT64: {
                long[] data = new long[n];
                for (int i = 0; i < n; i++) {
                    data[i] = inRange(elements, i, type);
                }
                return type == DataType.INT64 ? Tensor.ofInt64(data, n) : Tensor.ofUint64(data, n);
            }
            default:
                throw new IllegalStateException("no conversion to " + type);
        }
    }

    /**
     * The element as a long, checked against what the type's values (or, for float16 and bfloat16, its
     * 16-bit patterns, signed or unsigned) can be; uint64 takes any bigint as its 64-bit pattern.
     */
    private long inRange(Object[] elements, int i, DataType type) {
        long value = ((Number) elements[i]).longValue();
        long min;
        long max;
        int bits = type.byteWidth() * 8;
        if (bits == 64) {
            return value;
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
