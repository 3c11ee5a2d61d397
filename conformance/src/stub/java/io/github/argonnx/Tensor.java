package io.github.argonnx;

import io.github.argonnx.conformance.support.ElementType;
import io.github.argonnx.conformance.support.TensorValue;
import io.github.argonnx.runtime.ArgOnnxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

/** BRANCH-LOCAL STUB: copies into a TensorValue. */
public final class Tensor {
    final TensorValue value;

    private Tensor(TensorValue value) {
        this.value = value;
    }

    private static Tensor make(ElementType t, ByteBuffer le, long... shape) {
        if (shape == null) throw new ArgOnnxException("shape is null");
        byte[] b = new byte[le.remaining()];
        le.duplicate().get(b);
        try {
            return new Tensor(TensorValue.of(t, shape, b));
        } catch (RuntimeException e) {
            throw new ArgOnnxException(e.getMessage());
        }
    }

    private static ByteBuffer le(int n, int w) {
        return ByteBuffer.allocate(n * w).order(ByteOrder.LITTLE_ENDIAN);
    }

    public static Tensor ofFloat(float[] d, long... s) { ByteBuffer b = le(d.length, 4); b.asFloatBuffer().put(d); return make(ElementType.FLOAT, b, s); }
    public static Tensor ofDouble(double[] d, long... s) { ByteBuffer b = le(d.length, 8); b.asDoubleBuffer().put(d); return make(ElementType.DOUBLE, b, s); }
    public static Tensor ofInt8(byte[] d, long... s) { return make(ElementType.INT8, ByteBuffer.wrap(d), s); }
    public static Tensor ofUint8(byte[] d, long... s) { return make(ElementType.UINT8, ByteBuffer.wrap(d), s); }
    public static Tensor ofInt16(short[] d, long... s) { ByteBuffer b = le(d.length, 2); b.asShortBuffer().put(d); return make(ElementType.INT16, b, s); }
    public static Tensor ofUint16(short[] d, long... s) { ByteBuffer b = le(d.length, 2); b.asShortBuffer().put(d); return make(ElementType.UINT16, b, s); }
    public static Tensor ofFloat16(short[] d, long... s) { ByteBuffer b = le(d.length, 2); b.asShortBuffer().put(d); return make(ElementType.FLOAT16, b, s); }
    public static Tensor ofBfloat16(short[] d, long... s) { ByteBuffer b = le(d.length, 2); b.asShortBuffer().put(d); return make(ElementType.BFLOAT16, b, s); }
    public static Tensor ofInt32(int[] d, long... s) { ByteBuffer b = le(d.length, 4); b.asIntBuffer().put(d); return make(ElementType.INT32, b, s); }
    public static Tensor ofUint32(int[] d, long... s) { ByteBuffer b = le(d.length, 4); b.asIntBuffer().put(d); return make(ElementType.UINT32, b, s); }
    public static Tensor ofInt64(long[] d, long... s) { ByteBuffer b = le(d.length, 8); b.asLongBuffer().put(d); return make(ElementType.INT64, b, s); }
    public static Tensor ofUint64(long[] d, long... s) { ByteBuffer b = le(d.length, 8); b.asLongBuffer().put(d); return make(ElementType.UINT64, b, s); }

    public static Tensor ofFloat(FloatBuffer d, long... s) { ByteBuffer b = le(d.remaining(), 4); b.asFloatBuffer().put(d.duplicate()); return make(ElementType.FLOAT, b, s); }
    public static Tensor ofDouble(DoubleBuffer d, long... s) { ByteBuffer b = le(d.remaining(), 8); b.asDoubleBuffer().put(d.duplicate()); return make(ElementType.DOUBLE, b, s); }
    public static Tensor ofInt8(ByteBuffer d, long... s) { return make(ElementType.INT8, d, s); }
    public static Tensor ofUint8(ByteBuffer d, long... s) { return make(ElementType.UINT8, d, s); }
    public static Tensor ofInt16(ShortBuffer d, long... s) { ByteBuffer b = le(d.remaining(), 2); b.asShortBuffer().put(d.duplicate()); return make(ElementType.INT16, b, s); }
    public static Tensor ofUint16(ShortBuffer d, long... s) { ByteBuffer b = le(d.remaining(), 2); b.asShortBuffer().put(d.duplicate()); return make(ElementType.UINT16, b, s); }
    public static Tensor ofFloat16(ShortBuffer d, long... s) { ByteBuffer b = le(d.remaining(), 2); b.asShortBuffer().put(d.duplicate()); return make(ElementType.FLOAT16, b, s); }
    public static Tensor ofBfloat16(ShortBuffer d, long... s) { ByteBuffer b = le(d.remaining(), 2); b.asShortBuffer().put(d.duplicate()); return make(ElementType.BFLOAT16, b, s); }
    public static Tensor ofInt32(IntBuffer d, long... s) { ByteBuffer b = le(d.remaining(), 4); b.asIntBuffer().put(d.duplicate()); return make(ElementType.INT32, b, s); }
    public static Tensor ofUint32(IntBuffer d, long... s) { ByteBuffer b = le(d.remaining(), 4); b.asIntBuffer().put(d.duplicate()); return make(ElementType.UINT32, b, s); }
    public static Tensor ofInt64(LongBuffer d, long... s) { ByteBuffer b = le(d.remaining(), 8); b.asLongBuffer().put(d.duplicate()); return make(ElementType.INT64, b, s); }
    public static Tensor ofUint64(LongBuffer d, long... s) { ByteBuffer b = le(d.remaining(), 8); b.asLongBuffer().put(d.duplicate()); return make(ElementType.UINT64, b, s); }

    public static Tensor ofRawData(DataType type, ByteBuffer raw, long... s) {
        if (raw.order() != ByteOrder.LITTLE_ENDIAN) throw new ArgOnnxException("raw data must be little-endian");
        return make(ElementType.valueOf(type.name()), raw, s);
    }
}
