package io.github.argonnx;

import io.github.argonnx.reference.TestType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * TopK of contiguous slices where the kernels' screens meet their boundaries: elements equal to the k-th best
 * (zeros of both signs among them), a NaN k-th, the best elements at the edges of screened blocks and of the
 * stretch tested element by element before them, a best element at every position of a row (every lane of the
 * SIMD screen's vectors and their tails), rows shorter than a block, and k up to the row's length.
 * Each slice is checked against a sort of it, largest and smallest, arrays and direct buffers.
 */
class TopKSliceEdgesTest {

    private static final int[] LENGTHS = {1, 2, 5, 63, 64, 65, 100, 129, 200, 700, 1000};

    /** Per type, five levels in ascending order but for the equal middle two: low, -0, +0, high, NaN or high. */
    record Levels(TestType<?, ?> type, IntFunction<Object> array, boolean hasNaN) {
        @Override
        public String toString() {
            return type.onnxName();
        }
    }

    static List<Levels> types() {
        return List.of(
                new Levels(TestType.FLOAT, n -> new float[n], true),
                new Levels(TestType.DOUBLE, n -> new double[n], true),
                new Levels(TestType.FLOAT16, n -> new short[n], true),
                new Levels(TestType.BFLOAT16, n -> new short[n], true),
                new Levels(TestType.INT32, n -> new int[n], false),
                new Levels(TestType.UINT32, n -> new int[n], false),
                new Levels(TestType.INT64, n -> new long[n], false),
                new Levels(TestType.UINT64, n -> new long[n], false),
                new Levels(TestType.INT8, n -> new byte[n], false),
                new Levels(TestType.UINT8, n -> new byte[n], false),
                new Levels(TestType.INT16, n -> new short[n], false),
                new Levels(TestType.UINT16, n -> new short[n], false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    void elementsEqualToTheKthNeverEnter(Levels levels) {
        Random random = new Random(11);
        for (int length : LENGTHS) {
            for (int k : ks(length)) {
                // all zeros of either sign: every element ties the k-th, so the first k indices win
                int[] zeros = new int[length];
                for (int i = 0; i < length; i++) {
                    zeros[i] = 1 + random.nextInt(2);
                }
                checkBoth(levels, zeros, k);
                // the k best at the front, then only elements equal to the k-th or below it
                int[] front = new int[length];
                for (int i = 0; i < length; i++) {
                    front[i] = i < k ? 3 : random.nextInt(3);
                }
                checkBoth(levels, front, k);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    void bestElementsAtBlockEdgesAreFound(Levels levels) {
        for (int length : LENGTHS) {
            for (int k : ks(length)) {
                // the best are the high level, then NaN where the type has one
                checkBoth(levels, atEdges(length, k, 3), k);
                checkBoth(levels, atEdges(length, k, 4), k);
            }
        }
    }

    /**
     * One best element (the high level, or NaN where the type has one) at each position of a row otherwise low, or
     * of zeros of both signs: wherever it falls in a vector, or in the tail after the last whole vector, it is found.
     * The odd length puts the second row off every vector boundary.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    void aSingleBestElementIsFoundAtEveryPosition(Levels levels) {
        int length = 203;
        for (int k : new int[] {1, 3}) {
            for (int best = 3; best <= 4; best++) {
                for (int background : new int[] {0, 1}) {
                    for (int p = 0; p < length; p++) {
                        int[] pattern = new int[length];
                        for (int i = 0; i < length; i++) {
                            pattern[i] = background == 0 ? 0 : 1 + (i & 1);
                        }
                        pattern[p] = best;
                        checkBoth(levels, pattern, k);
                    }
                }
            }
        }
    }

    /** The low level but for {@code best} at the first k, at blocks' edges and where screened blocks start. */
    private static int[] atEdges(int length, int k, int best) {
        List<Integer> edges = new ArrayList<>(List.of(k - 1, k, 63, 64, 127, 128, length - 1));
        for (int start : new int[] {k * 32, k * 64}) {
            edges.addAll(List.of(start - 1, start, start + 63, start + 64));
        }
        int[] pattern = new int[length];
        for (int edge : edges) {
            if (edge >= 0 && edge < length) {
                pattern[edge] = best;
            }
        }
        return pattern;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    void aNaNKthLetsNothingPastForTheLargestAndEveryNumberForTheSmallest(Levels levels) {
        if (!levels.hasNaN()) {
            return;
        }
        Random random = new Random(13);
        for (int length : LENGTHS) {
            for (int k : ks(length)) {
                int[] pattern = new int[length];
                for (int i = 0; i < length; i++) {
                    pattern[i] = i <= k ? 4 : random.nextInt(8) == 0 ? 4 : random.nextInt(4);
                }
                checkBoth(levels, pattern, k);
            }
        }
    }

    /** k of 1, 2, 5, around a block, and the row's length and one less. */
    private static List<Integer> ks(int length) {
        List<Integer> ks = new ArrayList<>();
        for (int k : new int[] {1, 2, 5, 63, 64, 65, length - 1, length}) {
            if (k >= 1 && k <= length && !ks.contains(k)) {
                ks.add(k);
            }
        }
        return ks;
    }

    /** Two rows of the pattern (the second reversed), largest and smallest, from an array and a direct buffer. */
    private static void checkBoth(Levels levels, int[] pattern, int k) {
        int length = pattern.length;
        Object data = levels.array().apply(2 * length);
        for (int i = 0; i < length; i++) {
            set(levels, data, i, pattern[i]);
            set(levels, data, length + i, pattern[length - 1 - i]);
        }
        for (boolean largest : new boolean[] {true, false}) {
            for (boolean buffer : new boolean[] {false, true}) {
                check(levels.type(), data, new long[] {2, length}, k, largest, buffer);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <A> void check(TestType<A, ?> type, Object data, long[] shape, int k, boolean largest,
            boolean buffer) {
        TopKPropertyTest.check(type, (A) data, shape, 1, k, largest, buffer);
    }

    /** Stores the level's element of the type at {@code i}. */
    static void set(Levels levels, Object data, int i, int level) {
        switch (levels.type().onnxName()) {
            case "float" -> ((float[]) data)[i] = new float[] {-1.5f, -0.0f, 0.0f, 2.5f, Float.NaN}[level];
            case "double" -> ((double[]) data)[i] = new double[] {-1.5, -0.0, 0.0, 2.5,
                Double.longBitsToDouble(0xFFF8_0000_0000_0000L)}[level];
            case "float16" -> ((short[]) data)[i] = (short) new int[] {0xBE00, 0x8000, 0x0000, 0x4100, 0x7E00}[level];
            case "bfloat16" -> ((short[]) data)[i] = (short) new int[] {0xBFC0, 0x8000, 0x0000, 0x4020, 0xFFC0}[level];
            case "int32" -> ((int[]) data)[i] = new int[] {-7, 0, 0, 9, 9}[level];
            case "uint32" -> ((int[]) data)[i] = new int[] {5, 0x7FFF_FFFF, 0x7FFF_FFFF, 0x8000_0001, 0x8000_0001}[level];
            case "int64" -> ((long[]) data)[i] = new long[] {-7, 0, 0, Long.MAX_VALUE - 1, Long.MAX_VALUE - 1}[level];
            case "uint64" -> ((long[]) data)[i] = new long[] {5, Long.MAX_VALUE, Long.MAX_VALUE, -2, -2}[level];
            case "int8" -> ((byte[]) data)[i] = new byte[] {-7, 0, 0, 9, 9}[level];
            case "uint8" -> ((byte[]) data)[i] = new byte[] {5, 0x7F, 0x7F, (byte) 0xF0, (byte) 0xF0}[level];
            case "int16" -> ((short[]) data)[i] = new short[] {-7, 0, 0, 9, 9}[level];
            case "uint16" -> ((short[]) data)[i] = new short[] {5, 0x7FFF, 0x7FFF, (short) 0xF000, (short) 0xF000}[level];
            default -> throw new AssertionError(levels.type());
        }
    }
}
