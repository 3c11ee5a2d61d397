package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ShortBuffer;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ShortWords}' screens against their definition, one element at a time: runs of elements on
 * arrays and on buffers of both byte orders, groups of rows of columns with a screen each. On JDK 22 and later the words are read through {@code java.lang.foreign}; before,
 * these tests check the fallback.
 */
class ShortWordsTest {

    private static final int[] FLIPS = {0x0000, 0x8000, 0x7FFF, 0xFFFF};

    /** The definition the screens must meet: whether {@code x} passes the two tests. */
    private static boolean passes(short x, int flipA, int limitA, int flipB, int limitB) {
        int bits = x & 0xFFFF;
        return (bits ^ flipA) > limitA || (bits ^ flipB) > limitB;
    }

    /** Whether an element of {@code data[from, to)} passes, by the definition. */
    private static boolean expected(short[] data, int from, int to, int flipA, int limitA, int flipB, int limitB) {
        for (int k = from; k < to; k++) {
            if (passes(data[k], flipA, limitA, flipB, limitB)) {
                return true;
            }
        }
        return false;
    }

    private static boolean anyAbove(short[] data, int from, int to, int flipA, int limitA, int flipB, int limitB) {
        return ShortWords.over(data).anyAbove(from, to, ShortWords.screen(flipA, limitA, flipB, limitB));
    }

    private static boolean anyAbove(ShortBuffer data, int from, int to, int flipA, int limitA, int flipB, int limitB) {
        return ShortWords.over(data).anyAbove(from, to, ShortWords.screen(flipA, limitA, flipB, limitB));
    }

    @Test
    void theWordScreenIsOnFromJdk22() {
        boolean off = "false".equals(System.getProperty(ShortWords.PROPERTY));
        assertEquals(Runtime.version().feature() >= 22 && !off, ShortWords.isAvailable());
    }

    @Test
    void everyLaneAndEveryTailIsTested() {
        // one element above the limit at each position of ranges of every length mod 4, the rest at it
        for (int length = 1; length <= 13; length++) {
            for (int at = 0; at < length; at++) {
                for (int flip : FLIPS) {
                    short[] data = new short[length + 6];
                    int limit = 0x1234;
                    Arrays.fill(data, (short) (limit ^ flip));
                    data[3 + at] = (short) ((limit + 1) ^ flip);
                    assertTrue(anyAbove(data, 3, 3 + length, flip, limit, 0, ShortWords.NEVER),
                            "length " + length + ", above at " + at + ", flip " + flip);
                    assertTrue(anyAbove(data, 3, 3 + length, 0, ShortWords.NEVER, flip, limit),
                            "second test, length " + length + ", above at " + at + ", flip " + flip);
                    assertFalse(anyAbove(data, 3, 3 + length, flip, limit + 1, 0, ShortWords.NEVER),
                            "nothing above limit + 1, length " + length + ", flip " + flip);
                    // outside the range it is not seen
                    assertFalse(anyAbove(data, 3 + at + 1, 3 + length, flip, limit, 0, ShortWords.NEVER),
                            "after the element above, length " + length + ", at " + at);
                }
            }
        }
    }

    @Test
    void randomRangesAgreeWithTheDefinition() {
        Random random = new Random(0x5EED_0016L);
        for (int c = 0; c < 4000; c++) {
            int length = random.nextInt(600);
            short[] data = new short[length + 8];
            int base = random.nextInt(0x10000);
            int spread = 1 << random.nextInt(17);
            for (int k = 0; k < data.length; k++) {
                data[k] = (short) (base + random.nextInt(spread));
            }
            int from = random.nextInt(5);
            int to = from + length;
            int flipA = FLIPS[random.nextInt(FLIPS.length)];
            int flipB = FLIPS[random.nextInt(FLIPS.length)];
            int limitA = random.nextInt(4) == 0 ? ShortWords.NEVER : ((base + random.nextInt(spread)) ^ flipA) & 0xFFFF;
            int limitB = random.nextBoolean() ? ShortWords.NEVER : ((base + random.nextInt(spread)) ^ flipB) & 0xFFFF;
            boolean expected = expected(data, from, to, flipA, limitA, flipB, limitB);
            String what = "case " + c + ": [" + from + ", " + to + "), flips " + flipA + "/" + flipB + ", limits "
                    + limitA + "/" + limitB;
            assertEquals(expected, anyAbove(data, from, to, flipA, limitA, flipB, limitB), what);
            for (ShortBuffer buffer : buffersOf(data, random.nextInt(3))) {
                assertEquals(expected, anyAbove(buffer, buffer.position() + from, buffer.position() + to,
                        flipA, limitA, flipB, limitB), what + " in " + buffer + " " + buffer.order());
            }
        }
    }

    @Test
    void aLimitOfNeverNeverHolds() {
        short[] data = new short[64];
        Arrays.fill(data, (short) -1);
        for (int flip : FLIPS) {
            assertEquals(flip != 0xFFFF, anyAbove(data, 0, 64, flip, 0, 0, ShortWords.NEVER));
            assertFalse(anyAbove(data, 0, 64, flip, ShortWords.NEVER, flip, ShortWords.NEVER));
        }
    }

    @Test
    void rangesOutsideTheElementsAreRefused() {
        short[] data = new short[10];
        assertThrows(IndexOutOfBoundsException.class, () -> anyAbove(data, 4, 11, 0, 0, 0, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> anyAbove(data, -1, 4, 0, 0, 0, 0));
        ShortBuffer buffer = ShortBuffer.wrap(new short[10]).position(2);
        assertThrows(IndexOutOfBoundsException.class, () -> anyAbove(buffer, 1, 5, 0, 0, 0, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> anyAbove(buffer, 2, 11, 0, 0, 0, 0));
        assertEquals(2, buffer.position());
    }

    @Test
    void aBufferIsScreenedFromItsPositionAndLimitWhenMade() {
        short[] data = new short[16];
        data[1] = 5;
        data[13] = 5;
        ShortBuffer buffer = ShortBuffer.wrap(data).position(2).limit(14);
        ShortWords.Elements elements = ShortWords.over(buffer);
        long aboveFour = ShortWords.screen(0, 4, 0, ShortWords.NEVER);
        buffer.position(0).limit(16);
        assertTrue(elements.anyAbove(2, 14, aboveFour));
        assertFalse(elements.anyAbove(2, 13, aboveFour));
        assertThrows(IndexOutOfBoundsException.class, () -> elements.anyAbove(1, 13, aboveFour));
        assertThrows(IndexOutOfBoundsException.class, () -> elements.anyAbove(2, 15, aboveFour));
    }

    @Test
    void columnScreensAreRefusedWhereWordsAreNotRead() {
        assumeFalse(ShortWords.isAvailable(), "words are read here");
        String message = assertThrows(IllegalStateException.class, () -> new ShortWords.ColumnScreens(8)).getMessage();
        assertTrue(message.contains("JDK 22 or later") && message.contains(ShortWords.PROPERTY), message);
    }

    @Test
    void eachColumnIsScreenedAgainstItsOwnScreenInEveryRowOfAGroup() {
        assumeTrue(ShortWords.isAvailable(), "column screens read words: JDK 22 and later");
        Random random = new Random(0x5EED_0017L);
        int columns = 44;
        int words = columns / 4;
        ShortWords.ColumnScreens screens = new ShortWords.ColumnScreens(columns + 3);
        long[] screenOf = new long[columns];
        short[] data = new short[0];
        for (int c = 0; c < 400; c++) {
            for (int column = 0; column < columns; column++) {
                int flipA = FLIPS[random.nextInt(FLIPS.length)];
                int flipB = FLIPS[random.nextInt(FLIPS.length)];
                int limitA = random.nextInt(5) == 0 ? ShortWords.NEVER : random.nextInt(0x10000);
                int limitB = random.nextBoolean() ? ShortWords.NEVER : random.nextInt(0x10000);
                if (c == 0 || random.nextInt(4) == 0) {
                    screenOf[column] = ShortWords.screen(flipA, limitA, flipB, limitB);
                    screens.set(column, screenOf[column]);
                }
            }
            int rows = 1 + random.nextInt(ShortWords.ColumnScreens.GROUP_ROWS + 1);
            int stride = columns + random.nextInt(5);
            int from = random.nextInt(7);
            // rows of a new array, of one written again, and after a release
            int length = from + (rows - 1) * stride + columns + random.nextInt(3);
            if (c % 3 == 0 || data.length < length) {
                data = new short[length];
            }
            if (c % 5 == 0) {
                screens.release();
            }
            for (int k = 0; k < data.length; k++) {
                // mostly near the limits' middle, so that a group has rows with and rows without passes
                data[k] = (short) (random.nextInt(8) == 0 ? random.nextInt(0x10000) : 0x7FF0 + random.nextInt(32));
            }
            String what = "case " + c + ", " + rows + " rows";
            long any = screens.screenRows(data, from, stride, rows, words);
            boolean anyExpected = false;
            for (int column = 0; column < columns; column++) {
                long s = screenOf[column];
                long lane = 0x8000L << (16 * (column % 4));
                boolean inSomeRow = false;
                for (int r = 0; r < rows; r++) {
                    boolean expected = passes(data[from + r * stride + column], (int) (s & 0xFFFF),
                            (int) (s >>> 16 & 0xFFFF), (int) (s >>> 32 & 0xFFFF), (int) (s >>> 48 & 0xFFFF));
                    inSomeRow |= expected;
                    boolean inRow = (screens.lanesInRow(data, from + r * stride, column / 4) & lane) != 0;
                    assertEquals(expected, inRow, what + ", row " + r + ", column " + column);
                }
                anyExpected |= inSomeRow;
                assertEquals(inSomeRow, (screens.passingLanes(column / 4) & lane) != 0, what + ", column " + column);
            }
            assertEquals(anyExpected, any != 0, what);
        }
        short[] short40 = new short[40];
        assertThrows(IndexOutOfBoundsException.class, () -> screens.screenRows(short40, 0, 1, 1, words));
        assertThrows(IndexOutOfBoundsException.class, () -> screens.screenRows(short40, 0, 1, 1, words + 1));
        assertThrows(IndexOutOfBoundsException.class, () -> screens.screenRows(short40, -4, 4, 2, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> screens.lanesInRow(short40, 38, 0));
        assertThrows(IllegalArgumentException.class, () -> screens.screenRows(short40, 0, 4, 0, 1));
    }

    @Test
    void groupsGrowFromOneRowAsRowsAreTaken() {
        assertEquals(1, ShortWords.ColumnScreens.groupRows(1));
        assertEquals(1, ShortWords.ColumnScreens.groupRows(511));
        assertEquals(2, ShortWords.ColumnScreens.groupRows(512));
        assertEquals(ShortWords.ColumnScreens.GROUP_ROWS, ShortWords.ColumnScreens.groupRows(2048));
        assertEquals(ShortWords.ColumnScreens.GROUP_ROWS, ShortWords.ColumnScreens.groupRows(1L << 40));
    }

    /** The elements in a heap buffer and in direct ones of both byte orders, each from {@code position} on. */
    private static ShortBuffer[] buffersOf(short[] data, int position) {
        ShortBuffer heap = ShortBuffer.allocate(data.length + position);
        ShortBuffer little = ByteBuffer.allocateDirect(2 * (data.length + position)).order(ByteOrder.LITTLE_ENDIAN)
                .asShortBuffer();
        ShortBuffer big = ByteBuffer.allocateDirect(2 * (data.length + position)).order(ByteOrder.BIG_ENDIAN)
                .asShortBuffer();
        ShortBuffer[] buffers = {heap, little, big};
        for (ShortBuffer buffer : buffers) {
            buffer.position(position);
            buffer.put(data);
            buffer.position(position);
        }
        return buffers;
    }
}
