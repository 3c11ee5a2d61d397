package io.github.argonnx.benchmarks;

/**
 * The baseline: what a straightforward hand-written Java ArgMax/ArgMin looks like. For each output
 * element it walks the reduced axis with stride {@code inner}, compares scalars, and returns the
 * first index of the extreme (first NaN for floating types, as ONNX's reference does).
 *
 * <p>Also the independent check that the benchmarked library computes the right thing: the
 * benchmark setups compare their results against these loops once.
 */
public final class PlainLoops {

    private PlainLoops() {}

    public static long[] argReduce(InputData input, boolean max) {
        Geometry g = input.geometry();
        int outer = g.outer();
        int axisLength = g.axisLength();
        int inner = g.inner();
        long[] out = new long[outer * inner];
        switch (input.type()) {
            case FLOAT:
                floats(input.floats(), outer, axisLength, inner, max, out);
                break;
            case DOUBLE:
                doubles(input.doubles(), outer, axisLength, inner, max, out);
                break;
            case FLOAT16:
                float16(input.shorts(), outer, axisLength, inner, max, out);
                break;
            case BFLOAT16:
                bfloat16(input.shorts(), outer, axisLength, inner, max, out);
                break;
            case INT32:
                ints(input.ints(), outer, axisLength, inner, max, out, false);
                break;
            case UINT32:
                ints(input.ints(), outer, axisLength, inner, max, out, true);
                break;
            case INT64:
                longs(input.longs(), outer, axisLength, inner, max, out, false);
                break;
            case UINT64:
                longs(input.longs(), outer, axisLength, inner, max, out, true);
                break;
            case INT16:
                shorts(input.shorts(), outer, axisLength, inner, max, out, false);
                break;
            case UINT16:
                shorts(input.shorts(), outer, axisLength, inner, max, out, true);
                break;
            case INT8:
                bytes(input.bytes(), outer, axisLength, inner, max, out, false);
                break;
            case UINT8:
                bytes(input.bytes(), outer, axisLength, inner, max, out, true);
                break;
            default:
                throw new IllegalStateException("no plain loop for " + input.type());
        }
        return out;
    }

    /**
     * Stops a benchmark before it is timed when a contender's indices differ from the plain loop's.
     *
     * @throws IllegalStateException naming the contender, the case and the first difference
     */
    static void requireSame(String contender, String benchCase, long[] expected, long[] actual) {
        if (expected.length != actual.length) {
            throw new IllegalStateException(contender + " gives " + actual.length + " indices on " + benchCase
                    + ", the plain loop " + expected.length);
        }
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] != actual[i]) {
                throw new IllegalStateException(contender + " disagrees with the plain loop on " + benchCase
                        + ": output " + i + " is " + actual[i] + ", expected " + expected[i]);
            }
        }
    }

    static void floats(float[] x, int outer, int axisLength, int inner, boolean max, long[] out) {
        for (int o = 0; o < outer; o++) {
            for (int i = 0; i < inner; i++) {
                int base = o * axisLength * inner + i;
                float best = x[base];
                int bestIndex = 0;
                for (int k = 1; k < axisLength && best == best; k++) {
                    float v = x[base + k * inner];
                    if (v != v || (max ? v > best : v < best)) {
                        best = v;
                        bestIndex = k;
                    }
                }
                out[o * inner + i] = bestIndex;
            }
        }
    }

    static void doubles(double[] x, int outer, int axisLength, int inner, boolean max, long[] out) {
        for (int o = 0; o < outer; o++) {
            for (int i = 0; i < inner; i++) {
                int base = o * axisLength * inner + i;
                double best = x[base];
                int bestIndex = 0;
                for (int k = 1; k < axisLength && best == best; k++) {
                    double v = x[base + k * inner];
                    if (v != v || (max ? v > best : v < best)) {
                        best = v;
                        bestIndex = k;
                    }
                }
                out[o * inner + i] = bestIndex;
            }
        }
    }

    static void float16(short[] x, int outer, int axisLength, int inner, boolean max, long[] out) {
        for (int o = 0; o < outer; o++) {
            for (int i = 0; i < inner; i++) {
                int base = o * axisLength * inner + i;
                float best = halfToFloat(x[base]);
                int bestIndex = 0;
                for (int k = 1; k < axisLength && best == best; k++) {
                    float v = halfToFloat(x[base + k * inner]);
                    if (v != v || (max ? v > best : v < best)) {
                        best = v;
                        bestIndex = k;
                    }
                }
                out[o * inner + i] = bestIndex;
            }
        }
    }

    static void bfloat16(short[] x, int outer, int axisLength, int inner, boolean max, long[] out) {
        for (int o = 0; o < outer; o++) {
            for (int i = 0; i < inner; i++) {
                int base = o * axisLength * inner + i;
                float best = Float.intBitsToFloat(x[base] << 16);
                int bestIndex = 0;
                for (int k = 1; k < axisLength && best == best; k++) {
                    float v = Float.intBitsToFloat(x[base + k * inner] << 16);
                    if (v != v || (max ? v > best : v < best)) {
                        best = v;
                        bestIndex = k;
                    }
                }
                out[o * inner + i] = bestIndex;
            }
        }
    }

    static void ints(int[] x, int outer, int axisLength, int inner, boolean max, long[] out, boolean unsigned) {
        // Unsigned order is signed order with the sign bit flipped.
        int flip = unsigned ? Integer.MIN_VALUE : 0;
        for (int o = 0; o < outer; o++) {
            for (int i = 0; i < inner; i++) {
                int base = o * axisLength * inner + i;
                int best = x[base] ^ flip;
                int bestIndex = 0;
                for (int k = 1; k < axisLength; k++) {
                    int v = x[base + k * inner] ^ flip;
                    if (max ? v > best : v < best) {
                        best = v;
                        bestIndex = k;
                    }
                }
                out[o * inner + i] = bestIndex;
            }
        }
    }

    static void longs(long[] x, int outer, int axisLength, int inner, boolean max, long[] out, boolean unsigned) {
        for (int o = 0; o < outer; o++) {
            for (int i = 0; i < inner; i++) {
                int base = o * axisLength * inner + i;
                long best = x[base];
                int bestIndex = 0;
                for (int k = 1; k < axisLength; k++) {
                    long v = x[base + k * inner];
                    int cmp = unsigned ? Long.compareUnsigned(v, best) : Long.compare(v, best);
                    if (max ? cmp > 0 : cmp < 0) {
                        best = v;
                        bestIndex = k;
                    }
                }
                out[o * inner + i] = bestIndex;
            }
        }
    }

    static void shorts(short[] x, int outer, int axisLength, int inner, boolean max, long[] out, boolean unsigned) {
        int mask = unsigned ? 0xFFFF : -1;
        for (int o = 0; o < outer; o++) {
            for (int i = 0; i < inner; i++) {
                int base = o * axisLength * inner + i;
                int best = x[base] & mask;
                int bestIndex = 0;
                for (int k = 1; k < axisLength; k++) {
                    int v = x[base + k * inner] & mask;
                    if (max ? v > best : v < best) {
                        best = v;
                        bestIndex = k;
                    }
                }
                out[o * inner + i] = bestIndex;
            }
        }
    }

    static void bytes(byte[] x, int outer, int axisLength, int inner, boolean max, long[] out, boolean unsigned) {
        int mask = unsigned ? 0xFF : -1;
        for (int o = 0; o < outer; o++) {
            for (int i = 0; i < inner; i++) {
                int base = o * axisLength * inner + i;
                int best = x[base] & mask;
                int bestIndex = 0;
                for (int k = 1; k < axisLength; k++) {
                    int v = x[base + k * inner] & mask;
                    if (max ? v > best : v < best) {
                        best = v;
                        bestIndex = k;
                    }
                }
                out[o * inner + i] = bestIndex;
            }
        }
    }

    /** IEEE binary16 bits to float (exact: every half value is a float). */
    static float halfToFloat(short bits) {
        int sign = (bits & 0x8000) << 16;
        int exponent = (bits >>> 10) & 0x1F;
        int mantissa = bits & 0x3FF;
        if (exponent == 0x1F) {
            return Float.intBitsToFloat(sign | 0x7F80_0000 | mantissa << 13);
        }
        if (exponent == 0) {
            float magnitude = mantissa * 0x1p-24f;
            return sign == 0 ? magnitude : -magnitude;
        }
        return Float.intBitsToFloat(sign | (exponent + 112) << 23 | mantissa << 13);
    }
}
