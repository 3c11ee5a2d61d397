package io.github.argonnx.internal.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.nio.Buffer;
import java.nio.ByteOrder;
import java.nio.ShortBuffer;

/**
 * {@code java.lang.foreign} from code compiled for Java 17: memory segments over {@code short} arrays and
 * buffers, and unaligned little-endian {@code long} reads from them, found once, when this class is
 * initialised, through method handles. The handles are static finals, so C2 compiles a read through them
 * as a plain load. Before JDK 22, where the API is missing or a preview, nothing is found and
 * {@link #AVAILABLE} is false.
 */
final class ForeignMemory {

    /** Whether this JVM has the API: JDK 22 or later. The other members are only for when it does. */
    static final boolean AVAILABLE;

    /** {@code MemorySegment.ofArray(short[])}, typed {@code (short[]) Object}; null when not available. */
    private static final MethodHandle OF_ARRAY;
    /** {@code MemorySegment.ofBuffer(Buffer)}, typed {@code (Buffer) Object}. */
    private static final MethodHandle OF_BUFFER;
    /** Reads an unaligned little-endian long: {@code (Object segment, long byteOffset) long}. */
    private static final MethodHandle LITTLE_ENDIAN_LONG;

    static {
        MethodHandle[] handles = find();
        AVAILABLE = handles != null;
        OF_ARRAY = handles == null ? null : handles[0];
        OF_BUFFER = handles == null ? null : handles[1];
        LITTLE_ENDIAN_LONG = handles == null ? null : handles[2];
    }

    private ForeignMemory() {}

    /** A segment over the array, for {@link #littleEndianLong}. */
    static Object arraySegment(short[] data) {
        try {
            return (Object) OF_ARRAY.invokeExact(data);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    /** A segment over the buffer, starting at its position. */
    static Object bufferSegment(ShortBuffer data) {
        try {
            return (Object) OF_BUFFER.invokeExact((Buffer) data);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    /** The eight bytes from {@code byteOffset} of a segment, as a little-endian {@code long}, unaligned. */
    static long littleEndianLong(Object segment, long byteOffset) {
        try {
            return (long) LITTLE_ENDIAN_LONG.invokeExact(segment, byteOffset);
        } catch (Throwable e) {
            throw unexpected(e);
        }
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
