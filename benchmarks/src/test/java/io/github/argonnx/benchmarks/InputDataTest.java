package io.github.argonnx.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.DataType;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The data kinds hold what their names promise, on small shapes of every layout kind: the plain
 * loop (the reference every benchmark is checked against) gives the answers the data forces, and
 * ArgONNX agrees with it on every type, layout and kind.
 */
class InputDataTest {

    /** Small stand-ins for the four layouts: a slice, rows, an outer axis, a middle axis. */
    private static final List<Geometry> SHAPES = List.of(
            Geometry.of(0, 1000), Geometry.of(1, 16, 64), Geometry.of(0, 64, 16), Geometry.of(1, 4, 32, 8));

    private static InputData generate(DataType type, Geometry g, DataKind kind) {
        return InputData.generate("TEST_" + type + "_" + kind, type, g, kind);
    }

    @Test
    void matrixHasEveryTypeOnEveryLayoutAndEachKindOnlyWhereItApplies() {
        assertEquals(12 * 4 * 2 + 4 * 4 + 2 * 4, BenchCase.all().size());
        assertEquals(12, BenchCase.all().stream().map(BenchCase::type).distinct().count());
        assertThrows(IllegalArgumentException.class, () -> new BenchCase(DataType.INT8, Layout.ROWS, DataKind.NAN_LAST));
        assertThrows(IllegalArgumentException.class, () -> new BenchCase(DataType.FLOAT, Layout.ROWS, DataKind.SUBNORMAL));
        BenchCase c = BenchCase.named("BFLOAT16_OUTER_3D_SUBNORMAL");
        assertEquals(new BenchCase(DataType.BFLOAT16, Layout.OUTER_3D, DataKind.SUBNORMAL), c);
        assertEquals(16_777_216, c.geometry().elementCount());
    }

    @Test
    void noExtremeDataNeverHoldsTheTypesMinimumOrMaximum() {
        for (DataType type : DataType.values()) {
            InputData data = generate(type, Geometry.of(0, 100_000), DataKind.NO_EXTREME);
            for (int i = 0; i < 100_000; i++) {
                String at = type + " element " + i;
                switch (type) {
                    case INT8 -> assertTrue(data.bytes()[i] != Byte.MIN_VALUE && data.bytes()[i] != Byte.MAX_VALUE, at);
                    case UINT8 -> assertTrue(data.bytes()[i] != 0 && data.bytes()[i] != -1, at);
                    case INT16 -> assertTrue(data.shorts()[i] != Short.MIN_VALUE && data.shorts()[i] != Short.MAX_VALUE, at);
                    case UINT16 -> assertTrue(data.shorts()[i] != 0 && data.shorts()[i] != -1, at);
                    case INT32 -> assertTrue(data.ints()[i] != Integer.MIN_VALUE && data.ints()[i] != Integer.MAX_VALUE, at);
                    case UINT32 -> assertTrue(data.ints()[i] != 0 && data.ints()[i] != -1, at);
                    case INT64 -> assertTrue(data.longs()[i] != Long.MIN_VALUE && data.longs()[i] != Long.MAX_VALUE, at);
                    case UINT64 -> assertTrue(data.longs()[i] != 0 && data.longs()[i] != -1, at);
                    case FLOAT -> assertTrue(Math.abs(data.floats()[i]) <= 1, at);
                    case DOUBLE -> assertTrue(Math.abs(data.doubles()[i]) <= 1, at);
                    case FLOAT16 -> assertTrue((data.shorts()[i] >> 10 & 0x1F) != 0x1F, at);
                    case BFLOAT16 -> assertTrue(Math.abs(Float.intBitsToFloat(data.shorts()[i] << 16)) <= 1, at);
                    default -> throw new AssertionError(type);
                }
            }
        }
    }

    @Test
    void noExtremeDataSpansTheRangeSoThatTheExtremeIsFoundLate() {
        // uint8 over 1..254: both 1 and 254 occur, the first 254 not at index 0.
        byte[] bytes = generate(DataType.UINT8, Geometry.of(0, 10_000), DataKind.NO_EXTREME).bytes();
        int max = 0;
        int min = 255;
        for (byte b : bytes) {
            max = Math.max(max, b & 0xFF);
            min = Math.min(min, b & 0xFF);
        }
        assertEquals(254, max);
        assertEquals(1, min);
    }

    @Test
    void subnormalDataIsSubnormalWithBothSigns() {
        for (DataType type : List.of(DataType.FLOAT16, DataType.BFLOAT16)) {
            short[] bits = generate(type, Geometry.of(0, 10_000), DataKind.SUBNORMAL).shorts();
            int exponentMask = type == DataType.FLOAT16 ? 0x7C00 : 0x7F80;
            int negatives = 0;
            for (short b : bits) {
                assertEquals(0, b & exponentMask, type + " exponent of " + Integer.toHexString(b & 0xFFFF));
                assertTrue((b & 0x7FFF) != 0, type + " zero");
                negatives += b < 0 ? 1 : 0;
            }
            assertTrue(negatives > 1000 && negatives < 9000, type + " signs: " + negatives);
        }
    }

    @Test
    void referenceGivesTheAnswerTheDataForces() {
        for (DataType type : DataType.values()) {
            for (Geometry g : SHAPES) {
                for (Operator op : Operator.ARG_REDUCTIONS) {
                    long[] allEqual = PlainLoops.argReduce(generate(type, g, DataKind.ALL_EQUAL), op.isMax());
                    assertArrayEquals(new long[allEqual.length], allEqual, type + " " + g + " ALL_EQUAL " + op);
                    if (DataKind.NAN_LAST.appliesTo(type)) {
                        long[] nanLast = PlainLoops.argReduce(generate(type, g, DataKind.NAN_LAST), op.isMax());
                        long[] last = new long[nanLast.length];
                        Arrays.fill(last, g.axisLength() - 1);
                        assertArrayEquals(last, nanLast, type + " " + g + " NAN_LAST " + op);
                    }
                }
            }
        }
    }

    @Test
    void argOnnxAgreesWithTheReferenceOnEveryTypeLayoutAndKind() {
        for (DataType type : DataType.values()) {
            for (DataKind kind : DataKind.values()) {
                if (!kind.appliesTo(type)) {
                    continue;
                }
                for (Geometry g : SHAPES) {
                    InputData data = generate(type, g, kind);
                    for (Operator op : Operator.ARG_REDUCTIONS) {
                        long[] actual = op.latest().axis(g.axis()).keepdims(0)
                                .apply(ArgOnnxBenchmark.tensorOf(data)).indices();
                        PlainLoops.requireSame("ArgONNX " + op, type + " " + g + " " + kind,
                                PlainLoops.argReduce(data, op.isMax()), actual);
                    }
                }
            }
        }
    }

    @Test
    void aDisagreementNamesTheContenderTheCaseAndTheFirstDifference() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> PlainLoops.requireSame("ArgONNX ArgMax", "FLOAT_ROWS_NAN_LAST", new long[] {4, 4, 4},
                        new long[] {4, 0, 4}));
        assertEquals("ArgONNX ArgMax disagrees with the plain loop on FLOAT_ROWS_NAN_LAST: output 1 is 0, expected 4",
                e.getMessage());
    }

    /** numpy_bench.py rebuilds the data from the same formula; its self-check pins the same values. */
    @Test
    void elementsArePinnedFunctionsOfTheCaseNameAndIndex() {
        assertEquals(0xAF63_DC4C_8601_EC8CL, InputData.seed("a"));
        InputData floats = InputData.generate("PIN", DataType.FLOAT, Geometry.of(0, 3), DataKind.NO_EXTREME);
        InputData int8 = InputData.generate("PIN", DataType.INT8, Geometry.of(0, 3), DataKind.NO_EXTREME);
        InputData half = InputData.generate("PIN", DataType.FLOAT16, Geometry.of(0, 3), DataKind.NO_EXTREME);
        int[] floatBits = new int[3];
        for (int i = 0; i < 3; i++) {
            floatBits[i] = Float.floatToRawIntBits(floats.floats()[i]);
        }
        assertArrayEquals(new int[] {-1106155370, -1084882623, -1105266348}, floatBits);
        assertArrayEquals(new byte[] {42, 105, -83}, int8.bytes());
        assertArrayEquals(new short[] {-17212, 5860, 31256}, half.shorts());
    }
}
