package io.github.argonnx.internal.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.argonnx.internal.runtime.ReductionPlan;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Float and double kernels on contiguous slices up to 20,000 long: in the build's second test run
 * the longest go to the SIMD loops through the kernels. With ties, NaNs, -0/+0, infinities and
 * values whose products overflow placed anywhere (the scalar loops' NaN screen must neither miss a
 * NaN nor be misled by infinities), every slice must give the index a plain forward scan gives.
 */
class LongSliceTest {

    // 512 and 1024: one and two whole 512-element blocks of the scalar IEEE loop, and no element after them.
    private static final int[] LENGTHS = {1, 2, 255, 256, 257, 511, 512, 513, 1000, 1024, 1025, 5000, 16_384, 20_000};
    private static final double[] VALUES = {-0.0, 0.0, 1, 1, -1, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, 7, Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE};

    /** Forward scan: a NaN wins at once (the last NaN with selectLastIndex), a number only while no NaN was seen. */
    static long reference(double[] a, boolean max, boolean last) {
        int best = 0;
        for (int k = 1; k < a.length; k++) {
            boolean take;
            if (Double.isNaN(a[best])) {
                take = last && Double.isNaN(a[k]);
            } else if (Double.isNaN(a[k])) {
                take = true;
            } else {
                double c = max ? a[k] - a[best] : a[best] - a[k];
                take = c > 0 || (last && a[k] == a[best]);
            }
            if (take) {
                best = k;
            }
        }
        return best;
    }

    @Test
    void floatAndDoubleSlicesGiveTheReferenceIndex() {
        SplittableRandom random = new SplittableRandom(99);
        for (int length : LENGTHS) {
            for (int trial = 0; trial < 30; trial++) {
                double[] values = new double[length];
                int distinct = 1 + random.nextInt(VALUES.length);
                double common = VALUES[random.nextInt(distinct)];
                for (int i = 0; i < length; i++) {
                    values[i] = random.nextInt(8) == 0 ? VALUES[random.nextInt(distinct)] : common;
                }
                float[] floats = new float[length + 1];
                for (int i = 0; i < length; i++) {
                    floats[i + 1] = (float) values[i];
                }
                double[] doubles = new double[length + 1];
                System.arraycopy(values, 0, doubles, 1, length);
                ReductionPlan plan = new ReductionPlan(1, length, 1);
                for (boolean last : new boolean[] {false, true}) {
                    String where = "length " + length + " trial " + trial + " last " + last;
                    long[] out = new long[1];
                    ArgMaxFloatKernel.reduce(floats, 1, plan, last, out, 0);
                    assertEquals(reference(values, true, last), out[0], "ArgMax float " + where);
                    ArgMinFloatKernel.reduce(floats, 1, plan, last, out, 0);
                    assertEquals(reference(values, false, last), out[0], "ArgMin float " + where);
                    ArgMaxDoubleKernel.reduce(doubles, 1, plan, last, out, 0);
                    assertEquals(reference(values, true, last), out[0], "ArgMax double " + where);
                    ArgMinDoubleKernel.reduce(doubles, 1, plan, last, out, 0);
                    assertEquals(reference(values, false, last), out[0], "ArgMin double " + where);
                    // Direct buffers take the kernels' buffer loops.
                    FloatBuffer fb = java.nio.ByteBuffer.allocateDirect(4 * length).asFloatBuffer();
                    fb.put(floats, 1, length).flip();
                    ArgMaxFloatKernel.reduce(fb, plan, last, out, 0);
                    assertEquals(reference(values, true, last), out[0], "ArgMax float buffer " + where);
                    ArgMinFloatKernel.reduce(fb, plan, last, out, 0);
                    assertEquals(reference(values, false, last), out[0], "ArgMin float buffer " + where);
                    DoubleBuffer db = java.nio.ByteBuffer.allocateDirect(8 * length).asDoubleBuffer();
                    db.put(doubles, 1, length).flip();
                    ArgMaxDoubleKernel.reduce(db, plan, last, out, 0);
                    assertEquals(reference(values, true, last), out[0], "ArgMax double buffer " + where);
                    ArgMinDoubleKernel.reduce(db, plan, last, out, 0);
                    assertEquals(reference(values, false, last), out[0], "ArgMin double buffer " + where);
                }
            }
        }
    }
}
