package io.github.argonnx.internal.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.argonnx.internal.runtime.ReductionPlan;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The 32- and 64-bit integer kernels on contiguous slices around and past their screened blocks
 * (256 elements; slices of two blocks or more are screened): with ties, and with the values whose
 * differences overflow (the extremes of the signed and unsigned orders) placed anywhere, every slice
 * must give the index a plain forward scan gives, and a search against a rival (a streaming chunk's)
 * must name that index where its element beats the rival. In the build's second test run the longest
 * slices go to the SIMD loops instead.
 */
class IntegerSliceTest {

    private static final int[] LENGTHS = {1, 2, 255, 256, 257, 511, 512, 513, 767, 768, 769, 1000, 5000, 20_000};
    private static final long[] VALUES = {0, 1, -1, 7, Long.MIN_VALUE, Long.MAX_VALUE, Integer.MIN_VALUE,
        Integer.MAX_VALUE, 1L << 32, -(1L << 32)};

    /** Forward scan: a strictly better element wins; an equal one only with {@code last}. */
    static long reference(long[] a, boolean max, boolean unsigned, boolean last) {
        int best = 0;
        for (int k = 1; k < a.length; k++) {
            int order = unsigned ? Long.compareUnsigned(a[k], a[best]) : Long.compare(a[k], a[best]);
            if (max ? order > 0 : order < 0) {
                best = k;
            } else if (order == 0 && last) {
                best = k;
            }
        }
        return best;
    }

    /**
     * A search against {@code rival}: the slice's index where its element strictly beats the rival;
     * where it does not, -1 or that index.
     */
    private static void assertBeating(long[] values, boolean max, boolean unsigned, long rival, long actual, String where) {
        long expected = reference(values, max, unsigned, false);
        int order = unsigned ? Long.compareUnsigned(values[(int) expected], rival) : Long.compare(values[(int) expected], rival);
        if (max ? order > 0 : order < 0) {
            assertEquals(expected, actual, where);
        } else if (actual != -1) {
            assertEquals(expected, actual, where + " (no element beats the rival: -1 or the slice's index)");
        }
    }

    @Test
    void integerSlicesGiveTheReferenceIndex() {
        SplittableRandom random = new SplittableRandom(7);
        for (int length : LENGTHS) {
            for (int trial = 0; trial < 30; trial++) {
                int distinct = 1 + random.nextInt(VALUES.length);
                long common = VALUES[random.nextInt(distinct)];
                long[] longs = new long[length + 1];
                int[] ints = new int[length + 1];
                long[] intValues = new long[length];
                long[] uintValues = new long[length];
                long[] longValues = new long[length];
                for (int i = 0; i < length; i++) {
                    // mostly the common value, now and then another; a random value in some trials
                    long v = random.nextInt(8) == 0 ? VALUES[random.nextInt(distinct)] : common;
                    if (trial % 3 == 2) {
                        v = random.nextLong();
                    }
                    longs[i + 1] = v;
                    ints[i + 1] = (int) v;
                    longValues[i] = v;
                    intValues[i] = (int) v;
                    uintValues[i] = Integer.toUnsignedLong((int) v);
                }
                ReductionPlan plan = new ReductionPlan(1, length, 1);
                long[] out = new long[1];
                for (boolean last : new boolean[] {false, true}) {
                    String where = "length " + length + " trial " + trial + " last " + last;
                    ArgMaxInt32Kernel.reduce(ints, 1, plan, last, out, 0);
                    assertEquals(reference(intValues, true, false, last), out[0], "ArgMax int32 " + where);
                    ArgMinInt32Kernel.reduce(ints, 1, plan, last, out, 0);
                    assertEquals(reference(intValues, false, false, last), out[0], "ArgMin int32 " + where);
                    ArgMaxUint32Kernel.reduce(ints, 1, plan, last, out, 0);
                    assertEquals(reference(uintValues, true, false, last), out[0], "ArgMax uint32 " + where);
                    ArgMinUint32Kernel.reduce(ints, 1, plan, last, out, 0);
                    assertEquals(reference(uintValues, false, false, last), out[0], "ArgMin uint32 " + where);
                    ArgMaxInt64Kernel.reduce(longs, 1, plan, last, out, 0);
                    assertEquals(reference(longValues, true, false, last), out[0], "ArgMax int64 " + where);
                    ArgMinInt64Kernel.reduce(longs, 1, plan, last, out, 0);
                    assertEquals(reference(longValues, false, false, last), out[0], "ArgMin int64 " + where);
                    ArgMaxUint64Kernel.reduce(longs, 1, plan, last, out, 0);
                    assertEquals(reference(longValues, true, true, last), out[0], "ArgMax uint64 " + where);
                    ArgMinUint64Kernel.reduce(longs, 1, plan, last, out, 0);
                    assertEquals(reference(longValues, false, true, last), out[0], "ArgMin uint64 " + where);
                }
                long rival = random.nextBoolean() ? common : VALUES[random.nextInt(VALUES.length)];
                long[] rivalBits = {rival};
                String where = "length " + length + " trial " + trial + " rival " + rival;
                ArgMaxInt32Kernel.firstIndicesBeating(ints, 1, 1, length, rivalBits, out);
                assertBeating(intValues, true, false, (int) rival, out[0], "ArgMax int32 " + where);
                ArgMinInt32Kernel.firstIndicesBeating(ints, 1, 1, length, rivalBits, out);
                assertBeating(intValues, false, false, (int) rival, out[0], "ArgMin int32 " + where);
                ArgMaxUint32Kernel.firstIndicesBeating(ints, 1, 1, length, rivalBits, out);
                assertBeating(uintValues, true, false, Integer.toUnsignedLong((int) rival), out[0], "ArgMax uint32 " + where);
                ArgMinUint32Kernel.firstIndicesBeating(ints, 1, 1, length, rivalBits, out);
                assertBeating(uintValues, false, false, Integer.toUnsignedLong((int) rival), out[0], "ArgMin uint32 " + where);
            }
        }
    }
}
