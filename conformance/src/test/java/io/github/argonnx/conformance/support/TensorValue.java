package io.github.argonnx.conformance.support;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * An immutable tensor as ONNX stores it: element type, row-major shape and the elements in their
 * little-endian {@code raw_data} form. Every input form the tests feed the library (arrays, typed
 * buffers, raw bytes) and ONNX Runtime is made from this one copy.
 */
public final class TensorValue {

    private final ElementType type;
    private final long[] shape;
    private final byte[] littleEndian;

    private TensorValue(ElementType type, long[] shape, byte[] littleEndian) {
        this.type = type;
        this.shape = shape;
        this.littleEndian = littleEndian;
    }

    /** Wraps a copy of {@code littleEndian}, which must hold exactly the elements the shape says. */
    public static TensorValue of(ElementType type, long[] shape, byte[] littleEndian) {
        long count = count(shape);
        if (count * type.byteWidth() != littleEndian.length) {
            throw new IllegalArgumentException(type + " tensor of shape " + Arrays.toString(shape) + " needs "
                    + count * type.byteWidth() + " bytes, got " + littleEndian.length);
        }
        return new TensorValue(type, shape.clone(), littleEndian.clone());
    }

    /** An int64 tensor, as every ArgMax/ArgMin output is. */
    public static TensorValue ofInt64(long[] shape, long[] values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        b.asLongBuffer().put(values);
        return of(ElementType.INT64, shape, b.array());
    }

    /** Builds a tensor element by element from raw bit patterns (the low {@code byteWidth} bytes count). */
    public static TensorValue ofBits(ElementType type, long[] shape, long[] bits) {
        if (bits.length != count(shape)) {
            throw new IllegalArgumentException("shape " + Arrays.toString(shape) + " holds " + count(shape)
                    + " elements, got " + bits.length);
        }
        int w = type.byteWidth();
        byte[] out = new byte[bits.length * w];
        for (int i = 0; i < bits.length; i++) {
            for (int b = 0; b < w; b++) {
                out[i * w + b] = (byte) (bits[i] >>> (8 * b));
            }
        }
        return new TensorValue(type, shape.clone(), out);
    }

    static long count(long[] shape) {
        long n = 1;
        for (long d : shape) {
            if (d < 0) {
                throw new IllegalArgumentException("negative dimension in " + Arrays.toString(shape));
            }
            n = Math.multiplyExact(n, d);
        }
        return n;
    }

    public ElementType type() {
        return type;
    }

    public long[] shape() {
        return shape.clone();
    }

    public int rank() {
        return shape.length;
    }

    public int elementCount() {
        return Math.toIntExact(count(shape));
    }

    /** A fresh little-endian copy of the elements. */
    public byte[] littleEndianBytes() {
        return littleEndian.clone();
    }

    /** A read-only little-endian view, position 0. */
    public ByteBuffer bytes() {
        return ByteBuffer.wrap(littleEndian).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Element {@code i}'s bits, zero-extended (no sign extension) to 64 bits. */
    public long bits(int i) {
        int w = type.byteWidth();
        long v = 0;
        for (int b = w - 1; b >= 0; b--) {
            v = (v << 8) | (littleEndian[i * w + b] & 0xFF);
        }
        return v;
    }

    /** The elements of an int64 tensor. */
    public long[] int64Values() {
        if (type != ElementType.INT64) {
            throw new IllegalStateException("not an int64 tensor: " + type);
        }
        long[] v = new long[elementCount()];
        bytes().asLongBuffer().get(v);
        return v;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TensorValue t
                && t.type == type
                && Arrays.equals(t.shape, shape)
                && Arrays.equals(t.littleEndian, littleEndian);
    }

    @Override
    public int hashCode() {
        return (type.hashCode() * 31 + Arrays.hashCode(shape)) * 31 + Arrays.hashCode(littleEndian);
    }

    /** Type, shape and (up to 64) elements, written so a failing case can be rebuilt by hand. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(type.onnxName()).append(Arrays.toString(shape)).append(" {");
        int n = elementCount();
        for (int i = 0; i < Math.min(n, 64); i++) {
            s.append(i == 0 ? "" : ", ").append(Elements.format(type, bits(i)));
        }
        return s.append(n > 64 ? ", ... (" + n + " elements)}" : "}").toString();
    }
}
