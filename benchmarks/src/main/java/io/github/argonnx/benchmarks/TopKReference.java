package io.github.argonnx.benchmarks;

import java.util.Arrays;

/**
 * The TopK answer every contender is checked against before it is timed, found without a top-k
 * algorithm: each slice along the axis is sorted whole, by value from the largest and, among equal
 * values, by index from the lowest (ONNX's order for largest = 1, sorted = 1), and its first k kept.
 * Each element is one {@code long}, its value's order key above its index, so that one sort of
 * primitives orders both.
 */
final class TopKReference {

    private TopKReference() {}

    /** The indices of the k largest of each slice, best first, in the output's row-major order. */
    static long[] indices(InputData input, int k) {
        Geometry g = input.geometry();
        int outer = g.outer();
        int axis = g.axisLength();
        int inner = g.inner();
        long[] out = new long[outer * k * inner];
        long[] keys = new long[axis];
        for (int o = 0; o < outer; o++) {
            for (int i = 0; i < inner; i++) {
                int base = o * axis * inner + i;
                for (int j = 0; j < axis; j++) {
                    // The complement puts the largest value first; the index below it breaks ties upwards.
                    keys[j] = (long) ~orderKey(input, base + j * inner) << 32 | j;
                }
                Arrays.sort(keys);
                for (int j = 0; j < k; j++) {
                    out[(o * k + j) * inner + i] = keys[j] & 0xFFFF_FFFFL;
                }
            }
        }
        return out;
    }

    /**
     * An int whose signed order is the element's order: int32 as it is; a float's bits with the
     * magnitude bits flipped below zero, -0 as +0 and every NaN above every number.
     */
    private static int orderKey(InputData input, int index) {
        switch (input.type()) {
            case INT32:
                return input.ints()[index];
            case FLOAT: {
                float v = input.floats()[index];
                if (v != v) {
                    return Integer.MAX_VALUE;
                }
                int bits = Float.floatToRawIntBits(v == 0 ? 0f : v);
                return bits ^ (bits >> 31 & 0x7FFF_FFFF);
            }
            default:
                throw new IllegalArgumentException("no TopK reference for " + input.type());
        }
    }
}
