package io.github.argonnx.internal.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.nio.Buffer;
import java.nio.ByteOrder;
import java.nio.ShortBuffer;

/**
 * Reads of 16-bit elements as 64-bit words, for {@link ShortWords}: through {@code java.lang.foreign},
 * which this runtime, compiled for Java 17, finds once at startup through method handles. The handles
 * are static finals, so C2 compiles a read through them as a plain load.
 */
final class ShortWordReads {

    /** Whether words can be read: JDK 22 or later, and {@value ShortWords#PROPERTY} not {@code false}. */
    static final boolean AVAILABLE;

    /** {@code MemorySegment.ofArray(short[])}, typed {@code (short[]) Object}; null when not available. */
    private static final MethodHandle OF_ARRAY;
    /** {@code MemorySegment.ofBuffer(Buffer)}, typed {@code (Buffer) Object}. */
    private static final MethodHandle OF_BUFFER;
    /** Reads an unaligned little-endian long: {@code (Object segment, long byteOffset) long}. */
    private static final MethodHandle LITTLE_ENDIAN_LONG;

    static {
        MethodHandle[] handles = Boolean.parseBoolean(System.getProperty(ShortWords.PROPERTY, "true")) ? find() : null;
        AVAILABLE = handles != null;
        OF_ARRAY = handles == null ? null : handles[0];
        OF_BUFFER = handles == null ? null : handles[1];
        LITTLE_ENDIAN_LONG = handles == null ? null : handles[2];
    }

    private ShortWordReads() {}

    /** A segment over the array, for {@link #readWord}; only where {@link #AVAILABLE}. */
    static Object arraySegment(short[] data) {
        try {
            return (Object) OF_ARRAY.invokeExact(data);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    /** A segment over the buffer, starting at its position; only where {@link #AVAILABLE}. */
    static Object bufferSegment(ShortBuffer data) {
        try {
            return (Object) OF_BUFFER.invokeExact((Buffer) data);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    /**
     * Four lanes from {@code byteOffset}, lane {@code j} the element at {@code byteOffset + 2j}: words are
     * read little-endian, and the two bytes of each big-endian lane swapped back in place (the column
     * screens need each lane where its column is).
     */
    static long readWord(Object segment, long byteOffset, boolean bigEndian) {
        long read;
        try {
            read = (long) LITTLE_ENDIAN_LONG.invokeExact(segment, byteOffset);
        } catch (Throwable e) {
            throw unexpected(e);
        }
        return bigEndian ? (read >>> 8 & 0x00FF_00FF_00FF_00FFL) | (read & 0x00FF_00FF_00FF_00FFL) << 8 : read;
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
