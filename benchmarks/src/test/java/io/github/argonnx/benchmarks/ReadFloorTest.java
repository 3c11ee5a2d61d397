package io.github.argonnx.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every variant of the read floor reads every element: on an input of zeros with one element set,
 * every pass (plain and Vector API, in one, two and four streams) returns that element's bits,
 * wherever it stands (every position of lengths across four stretches of the widest vectors, the
 * stretches' ends and the tail after them); float and double by their raw bits, so -0 and the
 * smallest subnormal count like any other pattern.
 */
class ReadFloorTest {

    /** Covers four stretches of 64 byte lanes (AVX-512) and a tail after them. */
    private static final int MAX_LENGTH = 4 * 64 + 70;

    @Test
    void everyVariantOfBothImplementationsRunsWhenTheModuleIsThere() {
        // the benchmarks' tests run with --add-modules jdk.incubator.vector, so both floors are checked
        assertTrue(ReadFloor.get().vectorized());
        assertEquals(List.of("plain-1", "plain-2", "plain-4", "SIMD-1", "SIMD-2", "SIMD-4"),
                ReadFloor.variants().stream().map(ReadFloor.Variant::name).toList());
        assertEquals("SIMD-4", ReadFloor.variant("SIMD-4").name());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReadFloor.variant("SIMD-3"));
        assertTrue(e.getMessage().contains("allowed: plain-1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ReadFloor.get().pass(new int[8], 3));
    }

    @Test
    void everyFloatIsReadAsItsBits() {
        for (ReadFloor.Variant v : ReadFloor.variants()) {
            ReadFloor floor = v.floor();
            int s = v.streams();
            for (int bits : new int[] {0x8000_0000, 1, 0x7FC0_0001, 0x3F80_0000}) {
                for (int n = 1; n <= MAX_LENGTH; n++) {
                    for (int p = 0; p < n; p++) {
                        float[] a = new float[n];
                        a[p] = Float.intBitsToFloat(bits);
                        assertEquals(bits, floor.pass(a, s), () -> v.name() + " float one set of " + a.length);
                    }
                }
            }
            assertEquals(0, floor.pass(new float[0], s));
        }
    }

    @Test
    void everyDoubleIsReadAsItsBits() {
        for (ReadFloor.Variant v : ReadFloor.variants()) {
            ReadFloor floor = v.floor();
            int s = v.streams();
            for (long bits : new long[] {0x8000_0000_0000_0000L, 1L, 0x3FF0_0000_0000_0000L}) {
                for (int n = 1; n <= MAX_LENGTH; n++) {
                    for (int p = 0; p < n; p++) {
                        double[] a = new double[n];
                        a[p] = Double.longBitsToDouble(bits);
                        assertEquals(bits, floor.pass(a, s), () -> v.name() + " double one set of " + a.length);
                    }
                }
            }
        }
    }

    @Test
    void everyIntegerIsRead() {
        for (ReadFloor.Variant v : ReadFloor.variants()) {
            ReadFloor floor = v.floor();
            int s = v.streams();
            for (int n = 1; n <= MAX_LENGTH; n++) {
                for (int p = 0; p < n; p++) {
                    int[] ints = new int[n];
                    ints[p] = 0x8000_0001;
                    assertEquals(0x8000_0001, floor.pass(ints, s));
                    long[] longs = new long[n];
                    longs[p] = 0x8000_0000_0000_0001L;
                    assertEquals(0x8000_0000_0000_0001L, floor.pass(longs, s));
                    short[] shorts = new short[n];
                    shorts[p] = (short) 0x8001;
                    assertEquals((short) 0x8001, floor.pass(shorts, s));
                    byte[] bytes = new byte[n];
                    bytes[p] = (byte) 0x81;
                    assertEquals((byte) 0x81, floor.pass(bytes, s));
                }
            }
        }
    }

    @Test
    void aCaseIsReadWhole() {
        // an outer-axis case: the floor reads its array front to back, whatever the layout
        InputData input = InputData.generate("FLOOR", DataType.UINT16, Geometry.of(0, 64, 16),
                DataKind.NO_EXTREME);
        short[] a = (short[]) input.array();
        int expected = 0;
        for (short v : a) {
            expected |= v;
        }
        for (ReadFloor.Variant v : ReadFloor.variants()) {
            assertEquals((short) expected, (short) v.pass(input), v.name());
        }
    }
}
