package io.github.argonnx.reference;

import java.lang.reflect.Array;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * One Java storage (a primitive array type and its NIO buffer), with what the property tests need
 * to place the same elements in every form the kernels accept.
 *
 * @param <A> the array type, for example {@code float[]}
 * @param <B> the buffer type, for example {@code FloatBuffer}
 */
public final class TestStorage<A, B extends Buffer> {

    public static final TestStorage<byte[], ByteBuffer> BYTE = new TestStorage<>(
            byte.class, 1, ByteBuffer::wrap, bytes -> bytes, ByteBuffer::put, ByteBuffer::slice, ByteBuffer::asReadOnlyBuffer);
    public static final TestStorage<short[], ShortBuffer> SHORT = new TestStorage<>(
            short.class, 2, ShortBuffer::wrap, ByteBuffer::asShortBuffer, ShortBuffer::put, ShortBuffer::slice,
            ShortBuffer::asReadOnlyBuffer);
    public static final TestStorage<int[], IntBuffer> INT = new TestStorage<>(
            int.class, 4, IntBuffer::wrap, ByteBuffer::asIntBuffer, IntBuffer::put, IntBuffer::slice, IntBuffer::asReadOnlyBuffer);
    public static final TestStorage<long[], LongBuffer> LONG = new TestStorage<>(
            long.class, 8, LongBuffer::wrap, ByteBuffer::asLongBuffer, LongBuffer::put, LongBuffer::slice,
            LongBuffer::asReadOnlyBuffer);
    public static final TestStorage<float[], FloatBuffer> FLOAT = new TestStorage<>(
            float.class, 4, FloatBuffer::wrap, ByteBuffer::asFloatBuffer, FloatBuffer::put, FloatBuffer::slice,
            FloatBuffer::asReadOnlyBuffer);
    public static final TestStorage<double[], DoubleBuffer> DOUBLE = new TestStorage<>(
            double.class, 8, DoubleBuffer::wrap, ByteBuffer::asDoubleBuffer, DoubleBuffer::put, DoubleBuffer::slice,
            DoubleBuffer::asReadOnlyBuffer);

    private final Class<?> elementClass;
    private final int byteWidth;
    private final Function<A, B> wrap;
    private final Function<ByteBuffer, B> view;
    private final BiConsumer<B, A> put;
    private final UnaryOperator<B> slice;
    private final UnaryOperator<B> readOnly;

    private TestStorage(Class<?> elementClass, int byteWidth, Function<A, B> wrap, Function<ByteBuffer, B> view,
            BiConsumer<B, A> put, UnaryOperator<B> slice, UnaryOperator<B> readOnly) {
        this.elementClass = elementClass;
        this.byteWidth = byteWidth;
        this.wrap = wrap;
        this.view = view;
        this.put = put;
        this.slice = slice;
        this.readOnly = readOnly;
    }

    public int length(A array) {
        return Array.getLength(array);
    }

    /** A new array of {@code size} elements, each a copy of {@code source[index]}. */
    @SuppressWarnings("unchecked")
    public A filledWith(A source, int index, int size) {
        A filled = (A) Array.newInstance(elementClass, size);
        for (int i = 0; i < size; i++) {
            System.arraycopy(source, index, filled, i, 1);
        }
        return filled;
    }

    /** A new array of {@code before + length + after} elements with {@code data} at {@code before}; the rest is zero. */
    @SuppressWarnings("unchecked")
    public A padded(A data, int before, int after) {
        A copy = (A) Array.newInstance(elementClass, before + length(data) + after);
        System.arraycopy(data, 0, copy, before, length(data));
        return copy;
    }

    /** A heap buffer over {@code padded} whose backing array starts {@code arrayOffset} elements in, positioned at {@code position}. */
    public B heapBuffer(A padded, int arrayOffset, int position) {
        B whole = wrap.apply(padded);
        whole.position(arrayOffset);
        B sliced = slice.apply(whole);
        sliced.position(position);
        return sliced;
    }

    /** A read-only heap buffer: its array is not accessible, so kernels must read through the buffer. */
    public B readOnlyBuffer(A padded, int position) {
        B buffer = readOnly.apply(wrap.apply(padded));
        buffer.position(position);
        return buffer;
    }

    /** A direct buffer in native byte order holding {@code padded}, positioned at {@code position}. */
    public B directBuffer(A padded, int position) {
        return filled(ByteBuffer.allocateDirect(length(padded) * byteWidth).order(ByteOrder.nativeOrder()), padded, position);
    }

    /** A view of a little-endian heap byte buffer, as ONNX {@code raw_data} arrives, positioned at {@code position}. */
    public B littleEndianView(A padded, int position) {
        return filled(ByteBuffer.allocate(length(padded) * byteWidth).order(ByteOrder.LITTLE_ENDIAN), padded, position);
    }

    private B filled(ByteBuffer bytes, A padded, int position) {
        B buffer = view.apply(bytes);
        put.accept(buffer, padded);
        buffer.clear();
        buffer.position(position);
        return buffer;
    }
}
