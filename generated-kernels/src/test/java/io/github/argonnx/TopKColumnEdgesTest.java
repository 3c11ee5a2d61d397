package io.github.argonnx;

import io.github.argonnx.TopKSliceEdgesTest.Levels;
import io.github.argonnx.reference.TestType;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * TopK along an outer axis where the column screens meet their boundaries: column counts around every vector length
 * (a vector of bytes to one of longs, at 128 to 512 bits) and around the block of 1,024 columns, elements equal to
 * their column's k-th best (zeros of both signs among them), NaN columns, and a single best element at every row of
 * columns at the edges of vectors and blocks. Each column is checked against a sort of it, largest and smallest,
 * arrays and direct buffers.
 */
class TopKColumnEdgesTest {

    private static final int[] COLUMNS = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129,
        255, 256, 257, 1023, 1024, 1025};

    static List<Levels> types() {
        return TopKSliceEdgesTest.types();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    void columnsOfTiesAndNaNGiveTheirFirstRows(Levels levels) {
        Random random = new Random(17);
        int rows = 24;
        for (int columns : COLUMNS) {
            for (int k : new int[] {1, 3}) {
                int[] pattern = new int[rows * columns];
                for (int i = 0; i < pattern.length; i++) {
                    int c = i % columns;
                    // zeros of both signs, a column of NaN (or the high level) and mixed columns
                    pattern[i] = c % 3 == 0 ? 1 + random.nextInt(2) : c % 3 == 1 ? 4 : random.nextInt(5);
                }
                check(levels, pattern, rows, columns, k);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    void randomLevelsAreOrderedPerColumn(Levels levels) {
        Random random = new Random(19);
        int rows = 40;
        for (int columns : COLUMNS) {
            for (int k : new int[] {1, 2, 5}) {
                int[] pattern = new int[rows * columns];
                for (int i = 0; i < pattern.length; i++) {
                    // mostly the low level, so that few elements beat their column's k-th
                    pattern[i] = random.nextInt(6) == 0 ? random.nextInt(5) : 0;
                }
                check(levels, pattern, rows, columns, k);
            }
        }
    }

    /**
     * One best element (the high level, or NaN where the type has one) at each row of columns otherwise low, or of
     * zeros of both signs: the first and last column, one at a vector's edge and one in the block after the first.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    void aSingleBestElementIsFoundAtEveryRowOfAColumn(Levels levels) {
        int rows = 21;
        int columns = 1025;
        int[] marked = {0, 63, 64, 517, 1023, 1024};
        for (int k : new int[] {1, 3}) {
            for (int best = 3; best <= 4; best++) {
                for (int background : new int[] {0, 1}) {
                    for (int p = 0; p < rows; p++) {
                        int[] pattern = new int[rows * columns];
                        for (int i = 0; i < pattern.length; i++) {
                            pattern[i] = background == 0 ? 0 : 1 + (i & 1);
                        }
                        for (int c : marked) {
                            pattern[p * columns + c] = best;
                        }
                        check(levels, pattern, rows, columns, k);
                    }
                }
            }
        }
    }

    /** The pattern as a [rows, columns] tensor, TopK along axis 0, largest and smallest, array and direct buffer. */
    private static void check(Levels levels, int[] pattern, int rows, int columns, int k) {
        Object data = levels.array().apply(pattern.length);
        for (int i = 0; i < pattern.length; i++) {
            TopKSliceEdgesTest.set(levels, data, i, pattern[i]);
        }
        for (boolean largest : new boolean[] {true, false}) {
            for (boolean buffer : new boolean[] {false, true}) {
                check(levels, data, new long[] {rows, columns}, k, largest, buffer);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <A> void check(Levels levels, Object data, long[] shape, int k, boolean largest, boolean buffer) {
        TopKPropertyTest.check((TestType<A, ?>) levels.type(), (A) data, shape, 0, k, largest,
                buffer);
    }
}
