package io.github.argonnx.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.DataType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The read floor reads every element: on an input of zeros with one element set, every pass returns
 * that element's bits, wherever it stands (every position of lengths across the widest vectors, the
 * two-accumulator step and the scalar tail); float and double by their raw bits, so -0 and the
 * smallest subnormal count like any other pattern.
 */
class ReadFloorTest {

    /** Covers two accumulators of 64 byte lanes (AVX-512) and a tail after them. */
    private static final int MAX_LENGTH = 2 * 64 + 70;

    private static List<ReadFloor> floors() {
        List<ReadFloor> floors = new ArrayList<>();
        floors.add(new ReadFloor.ScalarReadFloor());
        if (ReadFloor.get().vectorized()) {
            floors.add(ReadFloor.get());
        }
        return floors;
    }

    @Test
    void theVectorFloorRunsWhenTheModuleIsThere() {
        // the benchmarks' tests run with --add-modules jdk.incubator.vector, so both floors are checked
        assertTrue(ReadFloor.get().vectorized());
    }

    @Test
    void everyFloatIsReadAsItsBits() {
        for (ReadFloor floor : floors()) {
            for (int bits : new int[] {0x8000_0000, 1, 0x7FC0_0001, 0x3F80_0000}) {
                for (int n = 1; n <= MAX_LENGTH; n++) {
                    for (int p = 0; p < n; p++) {
                        float[] a = new float[n];
                        a[p] = Float.intBitsToFloat(bits);
                        assertEquals(bits, floor.pass(a), () -> floor + " float one set of " + a.length);
                    }
                }
            }
            assertEquals(0, floor.pass(new float[0]));
        }
    }

    @Test
    void everyDoubleIsReadAsItsBits() {
        for (ReadFloor floor : floors()) {
            for (long bits : new long[] {0x8000_0000_0000_0000L, 1L, 0x3FF0_0000_0000_0000L}) {
                for (int n = 1; n <= MAX_LENGTH; n++) {
                    for (int p = 0; p < n; p++) {
                        double[] a = new double[n];
                        a[p] = Double.longBitsToDouble(bits);
                        assertEquals(bits, floor.pass(a), () -> floor + " double one set of " + a.length);
                    }
                }
            }
        }
    }

    @Test
    void everyIntegerIsRead() {
        for (ReadFloor floor : floors()) {
            for (int n = 1; n <= MAX_LENGTH; n++) {
                for (int p = 0; p < n; p++) {
                    int[] ints = new int[n];
                    ints[p] = 0x8000_0001;
                    assertEquals(0x8000_0001, floor.pass(ints));
                    long[] longs = new long[n];
                    longs[p] = 0x8000_0000_0000_0001L;
                    assertEquals(0x8000_0000_0000_0001L, floor.pass(longs));
                    short[] shorts = new short[n];
                    shorts[p] = (short) 0x8001;
                    assertEquals((short) 0x8001, floor.pass(shorts));
                    byte[] bytes = new byte[n];
                    bytes[p] = (byte) 0x81;
                    assertEquals((byte) 0x81, floor.pass(bytes));
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
        assertEquals((short) expected, (short) ReadFloor.get().pass(input));
    }
}
