package io.github.argonnx.benchmarks;

import io.github.argonnx.DataType;
import java.util.Arrays;
import java.util.stream.Collectors;

/** One benchmarked input: element type, shape and reduced axis (keepdims = 0, first-index ties). */
public enum BenchCase {
    FLOAT_16M_AXIS0(DataType.FLOAT, 0, 16_777_216),
    FLOAT_4096x4096_AXIS1(DataType.FLOAT, 1, 4096, 4096),
    FLOAT_4096x4096_AXIS0(DataType.FLOAT, 0, 4096, 4096),
    FLOAT_64x256x1024_AXIS1(DataType.FLOAT, 1, 64, 256, 1024),
    INT32_16M_AXIS0(DataType.INT32, 0, 16_777_216),
    UINT8_16M_AXIS0(DataType.UINT8, 0, 16_777_216),
    FLOAT16_16M_AXIS0(DataType.FLOAT16, 0, 16_777_216),
    BFLOAT16_16M_AXIS0(DataType.BFLOAT16, 0, 16_777_216),
    DOUBLE_16M_AXIS0(DataType.DOUBLE, 0, 16_777_216),
    INT64_16M_AXIS0(DataType.INT64, 0, 16_777_216),
    UINT64_16M_AXIS0(DataType.UINT64, 0, 16_777_216);

    private final DataType type;
    private final int axis;
    private final long[] shape;

    BenchCase(DataType type, int axis, long... shape) {
        this.type = type;
        this.axis = axis;
        this.shape = shape;
    }

    public DataType type() {
        return type;
    }

    public int axis() {
        return axis;
    }

    public long[] shape() {
        return shape.clone();
    }

    /** Product of the dimensions before the axis. */
    public int outer() {
        return product(0, axis);
    }

    public int axisLength() {
        return (int) shape[axis];
    }

    /** Product of the dimensions after the axis; 1 when the reduced axis is the last. */
    public int inner() {
        return product(axis + 1, shape.length);
    }

    public int elementCount() {
        return product(0, shape.length);
    }

    /** Output shape with keepdims = 0. */
    public long[] reducedShape() {
        long[] out = new long[shape.length - 1];
        for (int d = 0, o = 0; d < shape.length; d++) {
            if (d != axis) {
                out[o++] = shape[d];
            }
        }
        return out;
    }

    /** For example {@code float [4096,4096] axis 0} (ONNX element type names). */
    public String label() {
        return type.onnxName() + " "
                + Arrays.stream(shape).mapToObj(Long::toString).collect(Collectors.joining(",", "[", "]"))
                + " axis " + axis;
    }

    private int product(int from, int to) {
        long p = 1;
        for (int d = from; d < to; d++) {
            p *= shape[d];
        }
        return Math.toIntExact(p);
    }
}
