package io.github.argonnx.internal.runtime;

import io.github.argonnx.runtime.ArgOnnxException;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;

/**
 * Checks on the arrays and NIO buffers that hold tensor data and receive results.
 *
 * <p>Input data is the elements between a buffer's position and limit (or a whole array): they must
 * match the shape exactly. ONNX {@code raw_data} is little-endian, so a {@link ByteBuffer} holding
 * elements of two bytes or more must be ordered {@link ByteOrder#LITTLE_ENDIAN} (for one-byte
 * elements the order means nothing and either is accepted) and hold a whole number of elements. Every
 * check throws {@link ArgOnnxException} with a message that starts with the caller's {@code subject}.
 */
public final class Buffers {

    private Buffers() {}

    /**
     * Checks that a shape's element count fits a Java array or NIO buffer.
     *
     * @param subject what the shape belongs to, the start of any message
     * @param shape the shape, for messages
     * @param elementCount the shape's element count
     * @return the element count as an int
     */
    public static int requireAddressable(String subject, long[] shape, long elementCount) {
        if (elementCount > Integer.MAX_VALUE) {
            throw new ArgOnnxException(subject + " has shape " + Shapes.format(shape) + " (" + elementCount
                    + " elements), more than a Java array or buffer can hold (" + Integer.MAX_VALUE + ")");
        }
        return (int) elementCount;
    }

    /**
     * Checks that an array holds exactly the shape's elements.
     *
     * @param subject what the array belongs to, the start of any message
     * @param shape the shape, for messages
     * @param elementCount the shape's element count
     * @param arrayType the array's Java type, for messages
     * @param length the array's length
     */
    public static void requireLength(String subject, long[] shape, long elementCount, String arrayType, int length) {
        if (length != elementCount) {
            throw new ArgOnnxException(subject + " has shape " + Shapes.format(shape) + " (" + elementCount
                    + " elements), but the " + arrayType + " array has " + length + " elements");
        }
    }

    /**
     * Checks that the elements between a buffer's position and limit are exactly the shape's elements.
     *
     * @param subject what the buffer belongs to, the start of any message
     * @param shape the shape, for messages
     * @param elementCount the shape's element count
     * @param bufferType the buffer's Java type, for messages
     * @param buffer the buffer
     */
    public static void requireRemaining(String subject, long[] shape, long elementCount, String bufferType,
            Buffer buffer) {
        if (buffer.remaining() != elementCount) {
            throw new ArgOnnxException(subject + " has shape " + Shapes.format(shape) + " (" + elementCount
                    + " elements), but the " + (buffer.isDirect() ? "direct " : "heap ") + bufferType + " has "
                    + buffer.remaining() + " elements remaining (" + positionAndLimit(buffer) + ")");
        }
    }

    /**
     * Checks a {@code raw_data} buffer: little-endian order (unless elements are single bytes, which
     * have no byte order), a whole number of elements, and exactly the shape's elements between
     * position and limit.
     *
     * @param elementType the ONNX element type name, for messages
     * @param elementSize bytes per element
     * @param subject what the buffer belongs to, the start of any message
     * @param shape the shape, for messages
     * @param elementCount the shape's element count
     * @param raw the {@code raw_data} bytes
     */
    public static void requireRawData(String subject, long[] shape, long elementCount, ByteBuffer raw,
            String elementType, int elementSize) {
        if (elementSize > 1 && raw.order() != ByteOrder.LITTLE_ENDIAN) {
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
     *
     * @param raw the {@code raw_data} bytes
     * @return the view, positioned at 0
     */
    public static ByteBuffer littleEndianView(ByteBuffer raw) {
        // slice() would reset the order to big-endian, so set it after slicing.
        return raw.slice().order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Checks that a caller-supplied array has room for an output from {@code offset}.
     *
     * @param context the operator version, for example {@code ArgMax-13}
     * @param outputShape the output shape, for messages
     * @param needed the output's element count
     * @param out the caller's array
     * @param offset where the first index goes
     */
    public static void requireOutputRoom(String context, long[] outputShape, long needed, long[] out, int offset) {
        requireArrayRoom(context, outputShape, needed, "array", out == null ? -1 : out.length, offset);
    }

    /** Checks room in an output array of {@code length} ({@code -1} for a null array) from {@code offset}. */
    private static void requireArrayRoom(String context, long[] outputShape, long needed, String array, int length,
            int offset) {
        if (length < 0) {
            throw new ArgOnnxException(context + ": the output " + array + " is null");
        }
        if (offset < 0 || offset > length) {
            throw new ArgOnnxException(context + ": output offset " + offset + " is outside the output " + array
                    + " (length " + length + "); nothing was written");
        }
        if (length - offset < needed) {
            throw new ArgOnnxException(context + ": output 'reduced' has shape " + Shapes.format(outputShape) + " ("
                    + needed + " indices), but the output " + array + " has room for " + (length - offset)
                    + " from offset " + offset + " (length " + length + "); nothing was written");
        }
    }

    /**
     * Checks that a caller-supplied array has room for a call's output from {@code offset}.
     *
     * @param context the operator version, for example {@code ArgMax-13}
     * @param call the validated call
     * @param out the caller's array
     * @param offset where the first index goes
     */
    public static void requireOutputRoom(String context, ValidatedCall call, long[] out, int offset) {
        requireArrayRoom(context, call.outputShapeView(), call.outputElementCount(), "array",
                out == null ? -1 : out.length, offset);
    }

    /**
     * Checks that a caller-supplied buffer is writable and has room for a call's output between its
     * position and limit.
     *
     * @param context the operator version, for example {@code ArgMax-13}
     * @param call the validated call
     * @param out the caller's buffer
     */
    public static void requireOutputRoom(String context, ValidatedCall call, LongBuffer out) {
        requireBufferRoom(context, call.outputShapeView(), call.outputElementCount(), "LongBuffer", out);
    }

    /**
     * Checks that a caller-supplied buffer is writable and has room for an output between its position
     * and limit.
     *
     * @param context the operator version, for example {@code ArgMax-13}
     * @param outputShape the output shape, for messages
     * @param needed the output's element count
     * @param out the caller's buffer
     */
    public static void requireOutputRoom(String context, long[] outputShape, long needed, LongBuffer out) {
        requireBufferRoom(context, outputShape, needed, "LongBuffer", out);
    }

    /** Checks that an output buffer is there, writable, and has room between its position and limit. */
    private static void requireBufferRoom(String context, long[] outputShape, long needed, String bufferType,
            Buffer out) {
        if (out == null) {
            throw new ArgOnnxException(context + ": the output " + bufferType + " is null");
        }
        if (out.isReadOnly()) {
            throw new ArgOnnxException(context + ": the output " + bufferType + " is read-only");
        }
        if (out.remaining() < needed) {
            throw new ArgOnnxException(context + ": output 'reduced' has shape " + Shapes.format(outputShape) + " ("
                    + needed + " indices), but the output " + bufferType + " has room for " + out.remaining() + " ("
                    + positionAndLimit(out) + "); nothing was written");
        }
    }

    /**
     * Checks that a caller-supplied int array has room for a call's output from {@code offset}, and
     * that every index the call can produce fits an int.
     *
     * @param context the operator version, for example {@code ArgMax-13}
     * @param call the validated call
     * @param out the caller's array
     * @param offset where the first index goes
     */
    public static void requireOutputRoom(String context, ValidatedCall call, int[] out, int offset) {
        requireArrayRoom(context, call.outputShapeView(), call.outputElementCount(), "int array",
                out == null ? -1 : out.length, offset);
        requireIntIndices(context, call);
    }

    /**
     * Checks that a caller-supplied int buffer is writable and has room for a call's output between
     * its position and limit, and that every index the call can produce fits an int.
     *
     * @param context the operator version, for example {@code ArgMax-13}
     * @param call the validated call
     * @param out the caller's buffer
     */
    public static void requireOutputRoom(String context, ValidatedCall call, IntBuffer out) {
        requireBufferRoom(context, call.outputShapeView(), call.outputElementCount(), "IntBuffer", out);
        requireIntIndices(context, call);
    }

    /**
     * Checks that every index of a call fits an int: the largest is the reduced dimension's length
     * minus one.
     */
    static void requireIntIndices(String context, ValidatedCall call) {
        long axisLength = call.inputShape()[call.axis()];
        if (axisLength - 1 > Integer.MAX_VALUE) {
            throw new ArgOnnxException(context + ": input 'data' has shape " + Shapes.format(call.inputShape())
                    + ": the reduced axis " + call.axis() + " has length " + axisLength + ", so an index can be up to "
                    + (axisLength - 1) + ", more than an int holds (" + Integer.MAX_VALUE
                    + "); use a long[] or LongBuffer output; nothing was written");
        }
    }

    /**
     * Copies indices, each checked to fit an int by {@link #requireIntIndices}, to {@code out[offset]} onwards.
     *
     * @param indices the indices
     * @param out the caller's array
     * @param offset where the first index goes
     */
    public static void copyIndices(long[] indices, int[] out, int offset) {
        for (int i = 0; i < indices.length; i++) {
            out[offset + i] = (int) indices[i];
        }
    }

    /**
     * Copies indices, each checked to fit an int, to {@code out} from its position, which stays.
     *
     * @param indices the indices
     * @param out the caller's buffer
     */
    public static void copyIndices(long[] indices, IntBuffer out) {
        if (out.hasArray()) {
            copyIndices(indices, out.array(), out.arrayOffset() + out.position());
            return;
        }
        int position = out.position();
        for (int i = 0; i < indices.length; i++) {
            out.put(position + i, (int) indices[i]);
        }
    }

    /**
     * Whether a {@code long[]} output may share memory with an input's elements, so that writing an
     * index could change an element not yet read. That is the case when the input is that very array
     * and the two ranges intersect, and when the input is a heap {@code LongBuffer} that does not
     * expose an array (a read-only one, or a view of a heap {@code ByteBuffer}), whose memory cannot
     * be told apart from {@code out}'s. Inputs in other arrays or in direct buffers cannot share a
     * {@code long[]}'s memory.
     *
     * @param inputArray the input's storage array, or null when it is in {@code inputBuffer}
     * @param inputOffset where the input's elements start in {@code inputArray}
     * @param inputLength the number of input elements
     * @param inputBuffer the input's buffer, or null when it is in {@code inputArray}
     * @param out the output array
     * @param outOffset where the output starts in {@code out}
     * @param outLength the number of output elements
     * @return true when the kernel must not write to {@code out} directly
     */
    public static boolean mayOverlap(Object inputArray, int inputOffset, long inputLength, Buffer inputBuffer,
            long[] out, int outOffset, long outLength) {
        if (inputArray != null) {
            return inputArray == out && inputOffset < outOffset + outLength && outOffset < inputOffset + inputLength;
        }
        return inputBuffer instanceof LongBuffer longs && !longs.isDirect() && !longs.hasArray();
    }

    private static String positionAndLimit(Buffer buffer) {
        return "position " + buffer.position() + ", limit " + buffer.limit();
    }
}
