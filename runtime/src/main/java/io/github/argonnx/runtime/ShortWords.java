package io.github.argonnx.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.nio.Buffer;
import java.nio.ByteOrder;
import java.nio.ShortBuffer;
import java.util.Objects;

/**
 * Screens of 16-bit elements read four at a time, as one 64-bit word, for the plain contiguous loops of
 * int16, uint16, float16 and bfloat16 kernels.
 *
 * <p>Java 17 cannot read a {@code short[]} as longs, and C2 vectorizes no loop over {@code short}
 * elements that such a screen needs. From JDK 22 on, a {@code java.lang.foreign.MemorySegment} over the
 * array reads it as longs, and C2 vectorizes a loop of such reads. This class is compiled for Java 17
 * and finds that API once, at startup, through method handles: on JDK 22 and later {@link #isAvailable()}
 * is true and {@link #anyAbove} reads words; before, or when the system property {@value #PROPERTY} is
 * {@code false}, it is false, and kernels keep their loops over single elements. Either way the
 * answers are the same.
 *
 * <p>Each test compares elements as unsigned 16-bit numbers after a flip of bits, which is enough to
 * express every kernel's screen: a signed order is the unsigned one with the sign bit flipped, a
 * reversed order is the unsigned one with all bits flipped.
 */
public final class ShortWords {

    /** System property that turns the word screens off when set to {@code false}. */
    public static final String PROPERTY = "argonnx.shortWords";

    /** A limit no element is above: a test with it never holds. */
    public static final int NEVER = 0xFFFF;

    private static final long LANES = 0x0001_0001_0001_0001L;
    private static final long TOP_BITS = 0x8000_8000_8000_8000L;
    private static final long LOW_BITS = ~TOP_BITS;

    /** {@code MemorySegment.ofArray(short[])}, typed {@code (short[]) Object}; null when not available. */
    private static final MethodHandle OF_ARRAY;
    /** {@code MemorySegment.ofBuffer(Buffer)}, typed {@code (Buffer) Object}. */
    private static final MethodHandle OF_BUFFER;
    /** Reads an unaligned little-endian long: {@code (Object segment, long byteOffset) long}. */
    private static final MethodHandle LITTLE_ENDIAN_LONG;

    static {
        MethodHandle[] handles = Boolean.parseBoolean(System.getProperty(PROPERTY, "true")) ? find() : null;
        OF_ARRAY = handles == null ? null : handles[0];
        OF_BUFFER = handles == null ? null : handles[1];
        LITTLE_ENDIAN_LONG = handles == null ? null : handles[2];
    }

    private ShortWords() {}

    /**
     * Whether {@link #anyAbove} reads words in this JVM: JDK 22 or later, and {@value #PROPERTY} not
     * {@code false}.
     *
     * @return true when the word screens are on
     */
    public static boolean isAvailable() {
        return OF_ARRAY != null;
    }

    /**
     * Whether some element {@code x} of {@code data[from, to)} has {@code (x ^ flipA) & 0xFFFF} above
     * {@code limitA}, or {@code (x ^ flipB) & 0xFFFF} above {@code limitB}.
     *
     * @param data the elements
     * @param from the first element read
     * @param to the end of the elements read, exclusive
     * @param flipA bits flipped in each element before the first test
     * @param limitA the first test's limit, 0 to {@value #NEVER}
     * @param flipB bits flipped in each element before the second test
     * @param limitB the second test's limit; {@value #NEVER} leaves the second test out
     * @return whether either test holds for some element
     * @throws IndexOutOfBoundsException if {@code [from, to)} is not within {@code data}
     */
    public static boolean anyAbove(short[] data, int from, int to, int flipA, int limitA, int flipB, int limitB) {
        Objects.checkFromToIndex(from, to, data.length);
        if (OF_ARRAY == null) {
            return anyAboveOneByOne(data, from, to, flipA, limitA, flipB, limitB);
        }
        int words = (to - from) >>> 2;
        try {
            Object segment = (Object) OF_ARRAY.invokeExact(data);
            if (wordsAbove(segment, 2L * from, words, false, flipA, limitA, flipB, limitB)) {
                return true;
            }
        } catch (Throwable e) {
            throw unexpected(e);
        }
        return anyAboveOneByOne(data, from + 4 * words, to, flipA, limitA, flipB, limitB);
    }

    /**
     * {@link #anyAbove(short[], int, int, int, int, int, int)} over a buffer's elements, read at absolute
     * positions from {@code data.position()} on; the buffer's position and limit are not changed.
     *
     * @param data the elements
     * @param from the first element read, at least {@code data.position()}
     * @param to the end of the elements read, exclusive, at most {@code data.limit()}
     * @param flipA bits flipped in each element before the first test
     * @param limitA the first test's limit, 0 to {@value #NEVER}
     * @param flipB bits flipped in each element before the second test
     * @param limitB the second test's limit; {@value #NEVER} leaves the second test out
     * @return whether either test holds for some element
     * @throws IndexOutOfBoundsException if {@code [from, to)} is not within the buffer's position and limit
     */
    public static boolean anyAbove(ShortBuffer data, int from, int to, int flipA, int limitA, int flipB, int limitB) {
        int position = data.position();
        Objects.checkFromToIndex(from - position, to - position, data.remaining());
        if (OF_ARRAY == null) {
            return anyAboveOneByOne(data, from, to, flipA, limitA, flipB, limitB);
        }
        int words = (to - from) >>> 2;
        try {
            // the segment starts at the buffer's position; a lane's two bytes are in the buffer's order
            Object segment = (Object) OF_BUFFER.invokeExact((Buffer) data);
            boolean bigEndian = data.order() == ByteOrder.BIG_ENDIAN;
            if (wordsAbove(segment, 2L * (from - position), words, bigEndian, flipA, limitA, flipB, limitB)) {
                return true;
            }
        } catch (Throwable e) {
            throw unexpected(e);
        }
        return anyAboveOneByOne(data, from + 4 * words, to, flipA, limitA, flipB, limitB);
    }

    /**
     * The two tests over {@code words} words from {@code byteOffset}: a lane {@code x} is above
     * {@code limit} when {@code x + (0xFFFF - limit)} carries out of its 16 bits. The lanes' low 15 bits
     * are added apart from their top bits, so no carry crosses lanes; the carry out of a lane is then
     * the majority of its two top bits and the carry into its top bit. One sum per test, so that the
     * loop is two independent OR reductions, which C2 vectorizes. Words of big-endian lanes are read
     * little-endian and their bytes reversed: that reverses the order of the lanes, which no test sees.
     */
    private static boolean wordsAbove(Object segment, long byteOffset, int words, boolean bigEndian,
            int flipA, int limitA, int flipB, int limitB) throws Throwable {
        long flipWordA = (flipA & 0xFFFF) * LANES;
        long flipWordB = (flipB & 0xFFFF) * LANES;
        long addendA = (0xFFFF - limitA) * LANES;
        long addendB = (0xFFFF - limitB) * LANES;
        long lowA = addendA & LOW_BITS;
        long lowB = addendB & LOW_BITS;
        long carriesA = 0;
        long carriesB = 0;
        long end = byteOffset + 8L * words;
        for (long b = byteOffset; b < end; b += 8) {
            long read = (long) LITTLE_ENDIAN_LONG.invokeExact(segment, b);
            long word = bigEndian ? Long.reverseBytes(read) : read;
            long a = word ^ flipWordA;
            carriesA |= (a & addendA) | ((a | addendA) & ((a & LOW_BITS) + lowA));
            long c = word ^ flipWordB;
            carriesB |= (c & addendB) | ((c | addendB) & ((c & LOW_BITS) + lowB));
        }
        return ((carriesA | carriesB) & TOP_BITS) != 0;
    }

    private static boolean anyAboveOneByOne(short[] data, int from, int to, int flipA, int limitA, int flipB,
            int limitB) {
        for (int k = from; k < to; k++) {
            if (((data[k] ^ flipA) & 0xFFFF) > limitA || ((data[k] ^ flipB) & 0xFFFF) > limitB) {
                return true;
            }
        }
        return false;
    }

    private static boolean anyAboveOneByOne(ShortBuffer data, int from, int to, int flipA, int limitA, int flipB,
            int limitB) {
        for (int k = from; k < to; k++) {
            short x = data.get(k);
            if (((x ^ flipA) & 0xFFFF) > limitA || ((x ^ flipB) & 0xFFFF) > limitB) {
                return true;
            }
        }
        return false;
    }

    /** The method handles, or null before JDK 22 (where {@code java.lang.foreign} is missing or a preview). */
    private static MethodHandle[] find() {
        if (Runtime.version().feature() < 22) {
            return null;
        }
        try {
            Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
            Class<?> valueLayout = Class.forName("java.lang.foreign.ValueLayout");
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            MethodHandle ofArray = lookup.findStatic(segment, "ofArray", MethodType.methodType(segment, short[].class))
                    .asType(MethodType.methodType(Object.class, short[].class));
            MethodHandle ofBuffer = lookup.findStatic(segment, "ofBuffer", MethodType.methodType(segment, Buffer.class))
                    .asType(MethodType.methodType(Object.class, Buffer.class));
            Object littleEndian = valueLayout.getMethod("withOrder", ByteOrder.class)
                    .invoke(valueLayout.getField("JAVA_LONG_UNALIGNED").get(null), ByteOrder.LITTLE_ENDIAN);
            VarHandle longs = (VarHandle) valueLayout.getMethod("varHandle").invoke(littleEndian);
            return new MethodHandle[] {ofArray, ofBuffer, longs.toMethodHandle(VarHandle.AccessMode.GET)
                    .asType(MethodType.methodType(long.class, Object.class, long.class))};
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private static RuntimeException unexpected(Throwable e) {
        if (e instanceof RuntimeException) {
            return (RuntimeException) e;
        }
        if (e instanceof Error) {
            throw (Error) e;
        }
        return new IllegalStateException(e);
    }
}
