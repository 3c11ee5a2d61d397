package io.github.argonnx.benchmarks;

import java.util.Arrays;
import java.util.stream.Collectors;

/** A shape and the axis reduced over it (keepdims = 0): the loop bounds every contender walks. */
public record Geometry(long[] shape, int axis) {

    public Geometry {
        shape = shape.clone();
        if (axis < 0 || axis >= shape.length) {
            throw new IllegalArgumentException("axis " + axis + " outside a shape of rank " + shape.length);
        }
    }

    static Geometry of(int axis, long... shape) {
        return new Geometry(shape, axis);
    }

    @Override
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

    /** For example {@code [4096,4096] axis 0}. */
    public String label() {
        return Arrays.stream(shape).mapToObj(Long::toString).collect(Collectors.joining(",", "[", "]"))
                + " axis " + axis;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Geometry g && g.axis == axis && Arrays.equals(g.shape, shape);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(shape) + axis;
    }

    @Override
    public String toString() {
        return label();
    }

    private int product(int from, int to) {
        long p = 1;
        for (int d = from; d < to; d++) {
            p *= shape[d];
        }
        return Math.toIntExact(p);
    }
}
