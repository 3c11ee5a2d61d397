package io.github.argonnx.internal.runtime;

import java.nio.ByteOrder;
import java.nio.ShortBuffer;
import java.util.Objects;

/**
 * Screens of 16-bit elements read four at a time, as one 64-bit word, for the plain loops of int16,
 * uint16, float16 and bfloat16 kernels: blocks of a contiguous slice, and rows of an outer axis's columns.
 *
 * <p>Java 17 cannot read a {@code short[]} as longs, and C2 vectorizes no loop over {@code short}
 * elements that such a screen needs. From JDK 22 on, a {@code java.lang.foreign.MemorySegment} over the
 * array reads it as longs, and C2 vectorizes a loop of such reads. This class is compiled for Java 17
 * and finds that API once, at startup, through method handles: on JDK 22 and later {@link #isAvailable()}
 * is true and the screens read words; before, or when the system property {@value #PROPERTY} is
 * {@code false}, it is false, and kernels keep their loops over single elements. Either way the
 * answers are the same.
 *
 * <p>A screen ({@link #screen}) is two tests, each "the element's bits, flipped by a constant, above a
 * limit as an unsigned 16-bit number"; an element passes when it passes either. That is enough for
 * every kernel's screen: a signed order is the unsigned one with the sign bit flipped, a reversed
 * order the unsigned one with all bits flipped. {@link Elements#anyAbove} screens a run of elements
 * against one screen, {@link ColumnScreens} rows of columns against a screen per column.
 */
public final class ShortWords {

    /** System property that turns the word screens off when set to {@code false}. */
    public static final String PROPERTY = "argonnx.shortWords";

    /** A limit no element is above: a test with it never holds. */
    public static final int NEVER = 0xFFFF;

    private static final long LANES = 0x0001_0001_0001_0001L;
    private static final long TOP_BITS = 0x8000_8000_8000_8000L;
    private static final long LOW_BITS = ~TOP_BITS;
    /** Whether a segment over a {@code short[]} holds its elements big-endian: the platform's order. */
    private static final boolean ARRAYS_BIG_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN;
    /** Whether the screens read words: {@value #PROPERTY} is not {@code false}, and the JVM has the API. */
    private static final boolean WORDS = Boolean.parseBoolean(System.getProperty(PROPERTY, "true"))
            && ForeignMemory.AVAILABLE;

    private ShortWords() {}

    /**
     * Whether the screens read words in this JVM: JDK 22 or later, and {@value #PROPERTY} not
     * {@code false}.
     *
     * @return true when the word screens are on
     */
    public static boolean isAvailable() {
        return WORDS;
    }

    /**
     * The screen an element {@code x} passes when {@code (x ^ flipA) & 0xFFFF} is above {@code limitA}
     * or {@code (x ^ flipB) & 0xFFFF} is above {@code limitB}, packed in a long.
     *
     * @param flipA bits flipped in each element before the first test; only the low 16 count
     * @param limitA the first test's limit, 0 to {@value #NEVER}
     * @param flipB bits flipped in each element before the second test; only the low 16 count
     * @param limitB the second test's limit; {@value #NEVER} leaves the second test out
     * @return the screen
     */
    public static long screen(int flipA, int limitA, int flipB, int limitB) {
        return (flipA & 0xFFFFL) | (limitA & 0xFFFFL) << 16 | (flipB & 0xFFFFL) << 32 | (limitB & 0xFFFFL) << 48;
    }

    /**
     * The elements of {@code data}, for {@link Elements#anyAbove}.
     *
     * @param data the elements
     * @return them, to be screened
     */
    public static Elements over(short[] data) {
        Object segment = WORDS ? ForeignMemory.arraySegment(data) : null;
        return new Elements(data, null, segment, 0, data.length, ARRAYS_BIG_ENDIAN);
    }

    /**
     * The elements of {@code data} from its position to its limit, for {@link Elements#anyAbove}, which
     * reads them at absolute positions; the buffer's position and limit are not changed, and later
     * changes to them do not change which elements are screened.
     *
     * @param data the elements
     * @return them, to be screened
     */
    public static Elements over(ShortBuffer data) {
        Object segment = WORDS ? ForeignMemory.bufferSegment(data) : null;
        return new Elements(null, data, segment, data.position(), data.limit(), data.order() == ByteOrder.BIG_ENDIAN);
    }

    /**
     * The elements of one array or buffer, screened run by run. A kernel makes one per call, not one
     * per screen: the segment that reads an array as words is an object, and C2 removes one made per
     * screen only where it inlines the JDK's segment factory, which it often does not (the allocation
     * ArgOnnxBenchmark's gc profile reports for float16 on an inner axis).
     */
    public static final class Elements {
        private final short[] array;
        private final ShortBuffer buffer;
        /** Null where words are not read: then runs are screened one element at a time. */
        private final Object segment;
        private final int position;
        private final int limit;
        private final boolean bigEndian;

        private Elements(short[] array, ShortBuffer buffer, Object segment, int position, int limit,
                boolean bigEndian) {
            this.array = array;
            this.buffer = buffer;
            this.segment = segment;
            this.position = position;
            this.limit = limit;
            this.bigEndian = bigEndian;
        }

        /**
         * Whether some element of {@code [from, to)} passes {@code screen}; a buffer's elements are
         * counted from its start, not its position.
         *
         * @param from the first element read
         * @param to the end of the elements read, exclusive
         * @param screen from {@link #screen}
         * @return whether an element passes
         * @throws IndexOutOfBoundsException if {@code [from, to)} is not within the array, or within the
         *     buffer's position and limit when this was made
         */
        public boolean anyAbove(int from, int to, long screen) {
            Objects.checkFromToIndex(from - position, to - position, limit - position);
            int words = segment == null ? 0 : (to - from) >>> 2;
            if (words > 0 && wordsAbove(segment, 2L * (from - position), words, screen, bigEndian)) {
                return true;
            }
            for (int k = from + 4 * words; k < to; k++) {
                if (passes(array != null ? array[k] : buffer.get(k), screen)) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * The screens of a row of columns, one per column, and which columns of a group of rows pass theirs:
     * for the outer-axis loops, which keep a running best per column. Words only: make one where
     * {@link #isAvailable()}.
     *
     * <p>A loop screens a group of rows at once ({@link #screenRows}) and looks at a word's columns
     * only where some row of the group passes there ({@link #passingLanes}); in a group of more than
     * one row, it then screens that word again row by row ({@link #lanesInRow}). After the first rows of
     * an axis almost every row raises some column's best, but in few words, so a look at every word of
     * every row costs more than the group's second reads of the words that pass; in the first rows,
     * where most words pass, it does not ({@link #groupRows}).
     */
    public static final class ColumnScreens {
        /** The most rows {@link #groupRows} gives. */
        public static final int GROUP_ROWS = 8;

        private final long[] flipsA;
        private final long[] addendsA;
        private final long[] flipsB;
        private final long[] addendsB;
        /** Per word, the lanes that pass in some row of the last group. */
        private final long[] passing;
        /** Whether a column's screen was set with a second test: until then a row skips that test's loop. */
        private boolean secondTests;
        /**
         * The array the last rows were screened in, and a segment over it: one segment per array, not one
         * per row, since a segment made per row escapes into the loops and is allocated each time.
         * Both are dropped by {@link #release}.
         */
        private short[] segmentArray;
        private Object segment;

        /**
         * Screens for {@code columns} columns, every one passing nothing until {@link #set}.
         *
         * @param columns the number of columns; a multiple of 4 is read as words, the rest is the caller's
         * @throws IllegalStateException if the screens do not read words in this JVM
         */
        public ColumnScreens(int columns) {
            if (!isAvailable()) {
                throw new IllegalStateException("ShortWords.ColumnScreens reads words through java.lang.foreign, which"
                        + " needs JDK 22 or later and " + PROPERTY + " not false; this JVM is "
                        + Runtime.version().feature() + ". Check ShortWords.isAvailable() first");
            }
            int words = columns >>> 2;
            flipsA = new long[words];
            addendsA = new long[words];
            flipsB = new long[words];
            addendsB = new long[words];
            passing = new long[words];
        }

        /**
         * How many rows to screen at once after {@code rowsTaken} rows of the axis: one at first, where
         * a row raises the best of a column in most words, then more as raised bests become rare (about
         * one column in {@code rowsTaken} per row, on data in no order), up to {@value #GROUP_ROWS}.
         *
         * @param rowsTaken rows of the axis taken so far, the first one's included
         * @return 1 to {@value #GROUP_ROWS}
         */
        public static int groupRows(long rowsTaken) {
            return (int) Math.max(1, Math.min(GROUP_ROWS, rowsTaken >>> 8));
        }

        /**
         * Sets the screen of one column.
         *
         * @param column the column, below the number of whole words' columns
         * @param screen from {@link ShortWords#screen}
         */
        public void set(int column, long screen) {
            int word = column >>> 2;
            int shift = (column & 3) << 4;
            long lane = 0xFFFFL << shift;
            flipsA[word] = (flipsA[word] & ~lane) | (screen & 0xFFFF) << shift;
            addendsA[word] = (addendsA[word] & ~lane) | (0xFFFF - (screen >>> 16 & 0xFFFF)) << shift;
            flipsB[word] = (flipsB[word] & ~lane) | (screen >>> 32 & 0xFFFF) << shift;
            addendsB[word] = (addendsB[word] & ~lane) | (0xFFFF - (screen >>> 48 & 0xFFFF)) << shift;
            secondTests |= (screen >>> 48 & 0xFFFF) != NEVER;
        }

        /**
         * Screens {@code rows} rows of {@code 4 * words} elements, from {@code data[from]} and
         * {@code stride} apart, each element against its column's screen, and keeps for
         * {@link #passingLanes} which columns pass in some row of them.
         *
         * @param data the elements
         * @param from the first row's first element
         * @param stride elements from one row to the next
         * @param rows the number of rows, at least 1
         * @param words the rows' words, at most the screens'
         * @return nonzero when an element passes
         * @throws IndexOutOfBoundsException if a row is not within {@code data}
         * @throws IllegalArgumentException if {@code rows} is below 1
         */
        public long screenRows(short[] data, int from, int stride, int rows, int words) {
            if (rows < 1) {
                throw new IllegalArgumentException("a group of rows to screen needs at least one, not " + rows);
            }
            long any = screenRow(data, from, words);
            for (int r = 1; r < rows; r++) {
                int row = from + r * stride;
                Objects.checkFromIndexSize(row, 4 * words, data.length);
                any |= laneTests(segment, row, words, flipsA, addendsA, true);
                if (secondTests) {
                    any |= laneTests(segment, row, words, flipsB, addendsB, true);
                }
            }
            return any;
        }

        /**
         * {@link #screenRows} of one row: the row loops' own call, the one they made before groups, so
         * that their compiled form stays as it was (C2 compiles it differently from run to run whenever
         * the row loops change; ArgOnnxBenchmark on int16 shows it).
         *
         * @param data the elements
         * @param from the row's first element
         * @param words the row's words, at most the screens'
         * @return nonzero when an element passes
         * @throws IndexOutOfBoundsException if the row is not within {@code data}
         */
        public long screenRow(short[] data, int from, int words) {
            Objects.checkFromIndexSize(from, 4 * words, data.length);
            Objects.checkFromIndexSize(0, words, passing.length);
            Object segment = segmentOf(data);
            long any = laneTests(segment, from, words, flipsA, addendsA, false);
            return secondTests ? any | laneTests(segment, from, words, flipsB, addendsB, true) : any;
        }

        /**
         * The columns of word {@code word} of the row from {@code data[from]} that pass their screens as
         * they are now, as {@link #passingLanes} gives them.
         *
         * @param data the elements
         * @param from the row's first element
         * @param word the word
         * @return the lanes' top bits
         * @throws IndexOutOfBoundsException if the word is not within {@code data}
         */
        public long lanesInRow(short[] data, int from, int word) {
            int at = from + 4 * word;
            // four elements read one by one: for one word, cheaper than a read through the segment
            long read = data[at] & 0xFFFFL | (data[at + 1] & 0xFFFFL) << 16 | (data[at + 2] & 0xFFFFL) << 32
                    | (data[at + 3] & 0xFFFFL) << 48;
            long lanes = carries(read ^ flipsA[word], addendsA[word]);
            if (secondTests) {
                lanes |= carries(read ^ flipsB[word], addendsB[word]);
            }
            return lanes & TOP_BITS;
        }

        private Object segmentOf(short[] data) {
            if (data != segmentArray) {
                segment = ForeignMemory.arraySegment(data);
                segmentArray = data;
            }
            return segment;
        }

        /**
         * Drops the array the last rows were screened in: screens kept from one chunk of a stream to the
         * next must not keep the chunk alive. The column screens themselves stay.
         */
        public void release() {
            segmentArray = null;
            segment = null;
        }

        /**
         * One of the two tests, each lane against its column's flip and {@code 0xFFFF - limit}, over a
         * row's words, into {@link #passing} or ORed into it: a loop of one test, which C2 vectorizes;
         * with both tests in one loop it does in some runs only, so the time of a call varies from run
         * to run (ArgOnnxBenchmark, float16 on an outer axis).
         */
        private long laneTests(Object segment, int from, int words, long[] flips, long[] addends, boolean orInto) {
            long any = 0;
            for (int w = 0; w < words; w++) {
                long a = readWord(segment, 2L * from + 8L * w, ARRAYS_BIG_ENDIAN) ^ flips[w];
                long addend = addends[w];
                long lanes = carries(a, addend) & TOP_BITS;
                passing[w] = orInto ? passing[w] | lanes : lanes;
                any |= lanes;
            }
            return any;
        }

        /**
         * The columns of word {@code word} that pass in some row of the last {@link #screenRows}: bit
         * {@code 16j + 15} set for column {@code 4 * word + j}.
         *
         * @param word the word
         * @return the lanes' top bits
         */
        public long passingLanes(int word) {
            return passing[word];
        }
    }

    /**
     * Whether a lane of {@code words} words from byte {@code at} of the segment passes {@code screen}. A
     * lane {@code x} is above {@code limit} when {@code x + (0xFFFF - limit)} carries out of its 16 bits;
     * the lanes' low 15 bits are added apart from their top bits, so no carry crosses lanes, and the
     * carry out of a lane is the majority of its two top bits and the carry into its top bit.
     *
     * <p>A screen without a second test (the integer kernels') has a loop of its own, which does half
     * the work of one with both. The loops count differently, each the way C2 compiles faster: the
     * first words in an {@code int}, the second a {@code long} byte offset (ArgOnnxBenchmark, int16
     * and float16 on an inner axis, shows both).
     */
    /**
     * Four lanes from {@code byteOffset}, lane {@code j} the element at {@code byteOffset + 2j}: words are
     * read little-endian, and the two bytes of each big-endian lane swapped back in place (the column
     * screens need each lane where its column is).
     */
    private static long readWord(Object segment, long byteOffset, boolean bigEndian) {
        long read = ForeignMemory.littleEndianLong(segment, byteOffset);
        return bigEndian ? (read >>> 8 & 0x00FF_00FF_00FF_00FFL) | (read & 0x00FF_00FF_00FF_00FFL) << 8 : read;
    }

    private static boolean wordsAbove(Object segment, long at, int words, long screen, boolean bigEndian) {
        return (screen >>> 48 & 0xFFFF) == NEVER ? firstTestAbove(segment, at, words, screen, bigEndian)
                : eitherTestAbove(segment, at, words, screen, bigEndian);
    }

    private static boolean firstTestAbove(Object segment, long at, int words, long screen, boolean bigEndian) {
        long flip = flip(screen, 0);
        long addend = addend(screen, 16);
        long carries = 0;
        for (int w = 0; w < words; w++) {
            carries |= carries(readWord(segment, at + 8L * w, bigEndian) ^ flip, addend);
        }
        return (carries & TOP_BITS) != 0;
    }

    /** Each test is an OR reduction of its own, so that C2 vectorizes the loop (with one OR for both it did not). */
    private static boolean eitherTestAbove(Object segment, long at, int words, long screen, boolean bigEndian) {
        long flipA = flip(screen, 0);
        long addendA = addend(screen, 16);
        long flipB = flip(screen, 32);
        long addendB = addend(screen, 48);
        long carriesA = 0;
        long carriesB = 0;
        long end = at + 8L * words;
        for (long p = at; p < end; p += 8) {
            long word = readWord(segment, p, bigEndian);
            carriesA |= carries(word ^ flipA, addendA);
            carriesB |= carries(word ^ flipB, addendB);
        }
        return ((carriesA | carriesB) & TOP_BITS) != 0;
    }

    /** A screen's flip at {@code shift}, in every lane of a word. */
    private static long flip(long screen, int shift) {
        return (screen >>> shift & 0xFFFF) * LANES;
    }

    /** {@code 0xFFFF} minus a screen's limit at {@code shift}, in every lane of a word. */
    private static long addend(long screen, int shift) {
        return (0xFFFF - (screen >>> shift & 0xFFFF)) * LANES;
    }

    /** Each lane's top bit: whether {@code a + addend} carries out of the lane. */
    private static long carries(long a, long addend) {
        return (a & addend) | ((a | addend) & ((a & LOW_BITS) + (addend & LOW_BITS)));
    }

    private static boolean passes(short x, long screen) {
        return ((x ^ screen) & 0xFFFF) > (screen >>> 16 & 0xFFFF)
                || ((x ^ (screen >>> 32)) & 0xFFFF) > (screen >>> 48 & 0xFFFF);
    }
}
