package io.github.argonnx.runtime;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;

/**
 * Checks on the arrays and NIO buffers that hold tensor data and receive results.
 *
 * <p>Input data is the elements between a buffer's position and limit (or a whole array): they must
 * match the shape exactly. ONNX {@code raw_data} is little-endian, so a {@link ByteBuffer} holding it
 * must be ordered {@link ByteOrder#LITTLE_ENDIAN} and hold a whole number of elements. Every check
 * throws {@link ArgOnnxException} with a message that starts with the caller's {@code subject}.
 */
public final class Buffers {

    private Buffers() {}

    /**
     * Checks that a shape's element count fits a Java array or NIO buffer.
     *
     * @return the element count as an int
     */
    public static int requireAddressable(String subject, long[] shape, long elementCount) {
        if (elementCount > Integer.MAX_VALUE) {
            throw new ArgOnnxException(subject + " has shape " + Shapes.format(shape) + " (" + elementCount
                    + " elements), more than a Java array or buffer can hold (" + Integer.MAX_VALUE + ")");
        }
        return (int) elementCount;
    }

    /** Checks that an array holds exactly the shape's elements. */
    public static void requireLength(String subject, long[] shape, long elementCount, String arrayType, int length) {
        if (length != elementCount) {
            throw new ArgOnnxException(subject + " has shape " + Shapes.format(shape) + " (" + elementCount
                    + " elements), but the " + arrayType + " array has " + length + " elements");
        }
    }

    /** Checks that the elements between a buffer's position and limit are exactly the shape's elements. */
    public static void requireRemaining(String subject, long[] shape, long elementCount, String bufferType,
            Buffer buffer) {
        if (buffer.remaining() != elementCount) {
            throw new ArgOnnxException(subject + " has shape " + Shapes.format(shape) + " (" + elementCount
                    + " elements), but the " + (buffer.isDirect() ? "direct " : "heap ") + bufferType + " has "
                    + buffer.remaining() + " elements remaining (" + positionAndLimit(buffer) + ")");
        }
    }

    /**
     * Checks a {@code raw_data} buffer: little-endian order, a whole number of elements, and exactly
     * the shape's elements between position and limit.
     *
     * @param elementType the ONNX element type name, for messages
     * @param elementSize bytes per element
     */
    public static void requireRawData(String subject, long[] shape, long elementCount, ByteBuffer raw,
            String elementType, int elementSize) {
        if (raw.order() != ByteOrder.LITTLE_ENDIAN) {
            throw new ArgOnnxException(subject + ": the raw_data ByteBuffer has byte order " + raw.order()
                    + ", but ONNX raw_data is little-endian: pass buffer.order(ByteOrder.LITTLE_ENDIAN)"
                    + " if its bytes are in raw_data layout");
        }
        if (raw.remaining() % elementSize != 0) {
            throw new ArgOnnxException(subject + ": the raw_data ByteBuffer has " + raw.remaining()
                    + " bytes remaining (" + positionAndLimit(raw) + "), not a whole number of " + elementType
                    + " elements of " + elementSize + " bytes");
        }
        if (elementCount > Integer.MAX_VALUE / elementSize) {
            throw new ArgOnnxException(subject + " has shape " + Shapes.format(shape) + " (" + elementCount + " "
                    + elementType + " elements), more than a ByteBuffer can hold (" + Integer.MAX_VALUE + " bytes)");
        }
        long needed = elementCount * elementSize;
        if (raw.remaining() != needed) {
            throw new ArgOnnxException(subject + " has shape " + Shapes.format(shape) + " (" + elementCount + " "
                    + elementType + " elements, " + needed + " bytes), but the raw_data ByteBuffer has "
                    + raw.remaining() + " bytes remaining (" + positionAndLimit(raw) + ")");
        }
    }

    /**
     * A view of a raw_data buffer's remaining bytes in little-endian order, sharing its content; the
     * caller's buffer (position, limit, order) is left as it is.
     */
    public static ByteBuffer littleEndianView(ByteBuffer raw) {
        // slice() would reset the order to big-endian, so set it after slicing.
        return raw.slice().order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Checks that a caller-supplied array has room for an output from {@code offset}.
     *
     * @param context the operator version, for example {@code ArgMax-13}
     */
    public static void requireOutputRoom(String context, long[] outputShape, long needed, long[] out, int offset) {
        if (out == null) {
            throw new ArgOnnxException(context + ": the output array is null");
        }
        if (offset < 0 || offset > out.length) {
            throw new ArgOnnxException(context + ": output offset " + offset + " is outside the output array (length "
                    + out.length + "); nothing was written");
        }
        if (out.length - offset < needed) {
            throw new ArgOnnxException(context + ": output 'reduced' has shape " + Shapes.format(outputShape) + " ("
                    + needed + " indices), but the output array has room for " + (out.length - offset)
                    + " from offset " + offset + " (length " + out.length + "); nothing was written");
        }
    }

    /**
     * Checks that a caller-supplied buffer is writable and has room for an output between its position
     * and limit.
     *
     * @param context the operator version, for example {@code ArgMax-13}
     */
    public static void requireOutputRoom(String context, long[] outputShape, long needed, LongBuffer out) {
        if (out == null) {
            throw new ArgOnnxException(context + ": the output LongBuffer is null");
        }
        if (out.isReadOnly()) {
            throw new ArgOnnxException(context + ": the output LongBuffer is read-only");
        }
        if (out.remaining() < needed) {
            throw new ArgOnnxException(context + ": output 'reduced' has shape " + Shapes.format(outputShape) + " ("
                    + needed + " indices), but the output LongBuffer has room for " + out.remaining() + " ("
                    + positionAndLimit(out) + "); nothing was written");
        }
    }

    private static String positionAndLimit(Buffer buffer) {
        return "position " + buffer.position() + ", limit " + buffer.limit();
    }
}
