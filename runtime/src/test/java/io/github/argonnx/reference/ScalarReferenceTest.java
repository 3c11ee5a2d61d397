package io.github.argonnx.reference;

import static io.github.argonnx.reference.ScalarReference.Op.ARG_MAX;
import static io.github.argonnx.reference.ScalarReference.Op.ARG_MIN;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** The reference on cases worked out by hand. */
class ScalarReferenceTest {

    private static final double NAN = Double.NaN;
    private static final double INF = Double.POSITIVE_INFINITY;

    private static long[] vector(ScalarReference.Op op, boolean last, double... values) {
        Double[] boxed = new Double[values.length];
        for (int i = 0; i < values.length; i++) {
            boxed[i] = values[i];
        }
        return ScalarReference.apply(op, boxed, new int[] {values.length}, 0, last);
    }

    @Test
    void tiesGiveTheFirstIndexOrTheLast() {
        assertArrayEquals(new long[] {1}, vector(ARG_MAX, false, 1, 3, 3, 2));
        assertArrayEquals(new long[] {2}, vector(ARG_MAX, true, 1, 3, 3, 2));
        assertArrayEquals(new long[] {0}, vector(ARG_MIN, false, 1, 3, 3, 1));
        assertArrayEquals(new long[] {3}, vector(ARG_MIN, true, 1, 3, 3, 1));
    }

    @Test
    void nanBeatsEveryNumberForBothOperators() {
        assertArrayEquals(new long[] {1}, vector(ARG_MAX, false, 1, NAN, 5, NAN, 0));
        assertArrayEquals(new long[] {3}, vector(ARG_MAX, true, 1, NAN, 5, NAN, 0));
        assertArrayEquals(new long[] {1}, vector(ARG_MIN, false, 1, NAN, -5, NAN, 0));
        assertArrayEquals(new long[] {3}, vector(ARG_MIN, true, 1, NAN, -5, NAN, 0));
        assertArrayEquals(new long[] {0}, vector(ARG_MAX, false, NAN, NAN, NAN));
        assertArrayEquals(new long[] {2}, vector(ARG_MIN, true, NAN, NAN, NAN));
    }

    @Test
    void zerosOfEitherSignTieAndInfinitiesAreOrdinary() {
        assertArrayEquals(new long[] {0}, vector(ARG_MAX, false, -0.0, 0.0));
        assertArrayEquals(new long[] {1}, vector(ARG_MAX, true, -0.0, 0.0));
        assertArrayEquals(new long[] {0}, vector(ARG_MIN, false, 0.0, -0.0));
        assertArrayEquals(new long[] {0}, vector(ARG_MAX, false, -INF, -INF, -INF));
        assertArrayEquals(new long[] {2}, vector(ARG_MAX, true, -INF, -INF, -INF));
        assertArrayEquals(new long[] {1}, vector(ARG_MIN, false, 3, -INF, INF));
    }

    @Test
    void reducesEveryAxisOfARank3Tensor() {
        BigInteger[] values = ScalarReference.widenInt32(new int[] {5, 1, 2, 7, 9, 0, 3, 3, 8, 3, 1, 3});
        int[] shape = {2, 3, 2};
        assertArrayEquals(new long[] {1, 0, 0, 1, 1, 0}, ScalarReference.apply(ARG_MIN, values, shape, 0, false));
        assertArrayEquals(new long[] {2, 1, 1, 0}, ScalarReference.apply(ARG_MAX, values, shape, 1, false));
        assertArrayEquals(new long[] {2, 1, 1, 2}, ScalarReference.apply(ARG_MAX, values, shape, 1, true));
        assertArrayEquals(new long[] {0, 1, 0, 0, 0, 1}, ScalarReference.apply(ARG_MAX, values, shape, 2, false));
        assertArrayEquals(new long[] {0, 1, 0, 1, 0, 1}, ScalarReference.apply(ARG_MAX, values, shape, 2, true));
    }

    @Test
    void unsignedTypesCompareAsUnsigned() {
        byte[] bytes = {100, (byte) 200};
        assertArrayEquals(new long[] {1}, ScalarReference.apply(ARG_MAX, ScalarReference.widenUint8(bytes), new int[] {2}, 0, false));
        assertArrayEquals(new long[] {0}, ScalarReference.apply(ARG_MAX, ScalarReference.widenInt8(bytes), new int[] {2}, 0, false));
        long[] longs = {1, -1};
        assertArrayEquals(new long[] {1}, ScalarReference.apply(ARG_MAX, ScalarReference.widenUint64(longs), new int[] {2}, 0, false));
        assertArrayEquals(new long[] {0}, ScalarReference.apply(ARG_MAX, ScalarReference.widenInt64(longs), new int[] {2}, 0, false));
        int[] ints = {0x7FFF_FFFF, 0x8000_0000};
        assertArrayEquals(new long[] {1}, ScalarReference.apply(ARG_MAX, ScalarReference.widenUint32(ints), new int[] {2}, 0, false));
        short[] shorts = {(short) 0xFFFF, 0x7FFF};
        assertArrayEquals(new long[] {1}, ScalarReference.apply(ARG_MIN, ScalarReference.widenUint16(shorts), new int[] {2}, 0, false));
    }

    @Test
    void widensIntegersExactly() {
        assertEquals(new BigInteger("18446744073709551615"), ScalarReference.widenUint64(new long[] {-1})[0]);
        assertEquals(new BigInteger("9223372036854775808"), ScalarReference.widenUint64(new long[] {Long.MIN_VALUE})[0]);
        assertEquals(BigInteger.valueOf(4294967295L), ScalarReference.widenUint32(new int[] {-1})[0]);
        assertEquals(BigInteger.valueOf(65535), ScalarReference.widenUint16(new short[] {-1})[0]);
        assertEquals(BigInteger.valueOf(-32768), ScalarReference.widenInt16(new short[] {Short.MIN_VALUE})[0]);
        assertEquals(BigInteger.valueOf(255), ScalarReference.widenUint8(new byte[] {-1})[0]);
        assertEquals(BigInteger.valueOf(-128), ScalarReference.widenInt8(new byte[] {Byte.MIN_VALUE})[0]);
    }

    @Test
    void decodesFloat16() {
        assertEquals(1.0, ScalarReference.decodeFloat16((short) 0x3C00));
        assertEquals(-2.0, ScalarReference.decodeFloat16((short) 0xC000));
        assertEquals(65504.0, ScalarReference.decodeFloat16((short) 0x7BFF));
        assertEquals(0x1p-24, ScalarReference.decodeFloat16((short) 0x0001));
        assertEquals(0x1p-14, ScalarReference.decodeFloat16((short) 0x0400));
        assertEquals(0x3FFp-24, ScalarReference.decodeFloat16((short) 0x03FF));
        assertEquals(Double.POSITIVE_INFINITY, ScalarReference.decodeFloat16((short) 0x7C00));
        assertEquals(Double.NEGATIVE_INFINITY, ScalarReference.decodeFloat16((short) 0xFC00));
        assertTrue(Double.isNaN(ScalarReference.decodeFloat16((short) 0x7C01)));
        assertTrue(Double.isNaN(ScalarReference.decodeFloat16((short) 0xFE00)));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(ScalarReference.decodeFloat16((short) 0x8000)));
    }

    @Test
    void decodesBfloat16() {
        assertEquals(1.0, ScalarReference.decodeBfloat16((short) 0x3F80));
        assertEquals(3.140625, ScalarReference.decodeBfloat16((short) 0x4049));
        assertEquals(-0x1p-133, ScalarReference.decodeBfloat16((short) 0x8001));
        assertEquals(Double.NEGATIVE_INFINITY, ScalarReference.decodeBfloat16((short) 0xFF80));
        assertTrue(Double.isNaN(ScalarReference.decodeBfloat16((short) 0x7F81)));
    }

    @Test
    void sixteenBitPatternsCompareByValueNotByBits() {
        // bits 0xFC00 (-inf) sort above 0x3C00 (1.0) as unsigned and below as signed shorts; -0x1p-24 < 0.
        short[] bits = {(short) 0xFC00, 0x3C00, (short) 0x8001, 0x0000};
        Double[] values = ScalarReference.widenFloat16(bits);
        assertArrayEquals(new long[] {1, 1}, ScalarReference.apply(ARG_MAX, values, new int[] {2, 2}, 1, false));
        assertArrayEquals(new long[] {0, 0}, ScalarReference.apply(ARG_MIN, values, new int[] {2, 2}, 1, false));
    }

    @Test
    void refusesAnEmptyReducedAxisButNotAnEmptyOtherOne() {
        assertThrows(IllegalArgumentException.class,
                () -> ScalarReference.apply(ARG_MAX, new Double[0], new int[] {3, 0}, 1, false));
        assertArrayEquals(new long[0], ScalarReference.apply(ARG_MAX, new Double[0], new int[] {0, 3}, 1, false));
    }
}
