package io.github.argonnx.conformance.support;

import io.github.argonnx.Tensor;
import io.github.argonnx.conformance.support.Api.Input;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Builds {@link Api}'s inputs in each {@link Api.InputForm}: padded arrays, typed buffers at non-zero
 * positions or as slices, direct buffers of either byte order and little-endian raw bytes, each with
 * a check that the call left its backing memory (content, position, limit) as it was.
 */
final class InputBuilders {

    private InputBuilders() {
    }

    static Input array(TensorValue v, long[] shape) {
        ByteBuffer le = v.bytes();
        int n = v.elementCount();
        Object array;
        Tensor t;
        switch (v.type()) {
            case FLOAT: {
                float[] a = new float[n];
                le.asFloatBuffer().get(a);
                t = Tensor.ofFloat(a, shape);
                array = a;
                break;
            }
            case DOUBLE: {
                double[] a = new double[n];
                le.asDoubleBuffer().get(a);
                t = Tensor.ofDouble(a, shape);
                array = a;
                break;
            }
            case INT8:
            case UINT8: {
                byte[] a = new byte[n];
                le.get(a);
                t = v.type() == ElementType.INT8 ? Tensor.ofInt8(a, shape) : Tensor.ofUint8(a, shape);
                array = a;
                break;
            }
            case INT16:
            case UINT16:
            case FLOAT16:
            case BFLOAT16: {
                short[] a = new short[n];
                le.asShortBuffer().get(a);
                t = v.type() == ElementType.INT16 ? Tensor.ofInt16(a, shape)
                        : v.type() == ElementType.UINT16 ? Tensor.ofUint16(a, shape)
                        : v.type() == ElementType.FLOAT16 ? Tensor.ofFloat16(a, shape)
                        : Tensor.ofBfloat16(a, shape);
                array = a;
                break;
            }
            case INT32:
            case UINT32: {
                int[] a = new int[n];
                le.asIntBuffer().get(a);
                t = v.type() == ElementType.INT32 ? Tensor.ofInt32(a, shape) : Tensor.ofUint32(a, shape);
                array = a;
                break;
            }
            default: {
                long[] a = new long[n];
                le.asLongBuffer().get(a);
                t = v.type() == ElementType.INT64 ? Tensor.ofInt64(a, shape) : Tensor.ofUint64(a, shape);
                array = a;
                break;
            }
        }
        Object snapshot = copyOfArray(array);
        return new Input(t, "array", () -> {
            if (!Arrays.deepEquals(new Object[] {array}, new Object[] {snapshot})) {
                throw new AssertionError("the input array was modified");
            }
        });
    }

    private static Object copyOfArray(Object a) {
        if (a instanceof float[] f) {
            return f.clone();
        } else if (a instanceof double[] d) {
            return d.clone();
        } else if (a instanceof byte[] b) {
            return b.clone();
        } else if (a instanceof short[] s) {
            return s.clone();
        } else if (a instanceof int[] i) {
            return i.clone();
        }
        return ((long[]) a).clone();
    }

    /** Heap typed buffer over a padded array: position {@code pad}, limit after the data, or a slice. */
    static Input heapBuffer(TensorValue v, long[] shape, SplittableRandom random) {
        int n = v.elementCount();
        int w = v.type().byteWidth();
        int pad = random.nextInt(0, 9);
        int tail = random.nextInt(0, 5);
        // Lay the elements out in a big-endian heap ByteBuffer (Java's default order) through typed views.
        ByteBuffer backing = ByteBuffer.allocate((pad + n + tail) * w);
        fillTyped(backing, pad, v);
        boolean slice = random.nextBoolean();
        return typedInput(v, shape, backing, pad, n, slice, false, "heap buffer (pad " + pad + ", tail " + tail
                + (slice ? ", slice" : "") + ")", true);
    }

    /** Typed view over a direct ByteBuffer of random byte order; sometimes read-only. */
    static Input directBuffer(TensorValue v, long[] shape, SplittableRandom random) {
        int n = v.elementCount();
        int w = v.type().byteWidth();
        int pad = random.nextInt(0, 9);
        int tail = random.nextInt(0, 5);
        ByteOrder order = random.nextBoolean() ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        ByteBuffer backing = ByteBuffer.allocateDirect((pad + n + tail) * w).order(order);
        fillTyped(backing, pad, v);
        boolean readOnly = random.nextBoolean();
        boolean slice = random.nextBoolean();
        return typedInput(v, shape, backing, pad, n, slice, readOnly, "direct buffer (" + order + ", pad " + pad
                + ", tail " + tail + (slice ? ", slice" : "") + (readOnly ? ", read-only" : "") + ")", false);
    }

    /** Writes v's elements into {@code backing} (in its own byte order) starting at element {@code pad}. */
    private static void fillTyped(ByteBuffer backing, int pad, TensorValue v) {
        int w = v.type().byteWidth();
        for (int i = 0; i < v.elementCount(); i++) {
            long bits = v.bits(i);
            int at = (pad + i) * w;
            switch (w) {
                case 1:
                    backing.put(at, (byte) bits);
                    break;
                case 2:
                    backing.putShort(at, (short) bits);
                    break;
                case 4:
                    backing.putInt(at, (int) bits);
                    break;
                default:
                    backing.putLong(at, bits);
                    break;
            }
        }
    }

    private static Input typedInput(TensorValue v, long[] shape, ByteBuffer backing, int pad, int n, boolean slice,
            boolean readOnly, String description, boolean heapArrays) {
        Buffer typed;
        Tensor t;
        switch (v.type()) {
            case FLOAT: {
                FloatBuffer b = heapArrays ? heapFloats(backing) : backing.asFloatBuffer();
                b = (FloatBuffer) window(b, pad, n, slice, readOnly);
                t = Tensor.ofFloat(b, shape);
                typed = b;
                break;
            }
            case DOUBLE: {
                DoubleBuffer b = heapArrays ? heapDoubles(backing) : backing.asDoubleBuffer();
                b = (DoubleBuffer) window(b, pad, n, slice, readOnly);
                t = Tensor.ofDouble(b, shape);
                typed = b;
                break;
            }
            case INT8:
            case UINT8: {
                ByteBuffer b = (ByteBuffer) window(backing.duplicate(), pad, n, slice, readOnly);
                t = v.type() == ElementType.INT8 ? Tensor.ofInt8(b, shape) : Tensor.ofUint8(b, shape);
                typed = b;
                break;
            }
            case INT16:
            case UINT16:
            case FLOAT16:
            case BFLOAT16: {
                ShortBuffer b = heapArrays ? heapShorts(backing) : backing.asShortBuffer();
                b = (ShortBuffer) window(b, pad, n, slice, readOnly);
                t = v.type() == ElementType.INT16 ? Tensor.ofInt16(b, shape)
                        : v.type() == ElementType.UINT16 ? Tensor.ofUint16(b, shape)
                        : v.type() == ElementType.FLOAT16 ? Tensor.ofFloat16(b, shape)
                        : Tensor.ofBfloat16(b, shape);
                typed = b;
                break;
            }
            case INT32:
            case UINT32: {
                IntBuffer b = heapArrays ? heapInts(backing) : backing.asIntBuffer();
                b = (IntBuffer) window(b, pad, n, slice, readOnly);
                t = v.type() == ElementType.INT32 ? Tensor.ofInt32(b, shape) : Tensor.ofUint32(b, shape);
                typed = b;
                break;
            }
            default: {
                LongBuffer b = heapArrays ? heapLongs(backing) : backing.asLongBuffer();
                b = (LongBuffer) window(b, pad, n, slice, readOnly);
                t = v.type() == ElementType.INT64 ? Tensor.ofInt64(b, shape) : Tensor.ofUint64(b, shape);
                typed = b;
                break;
            }
        }
        return new Input(t, description, unchangedCheck(typed));
    }

    // Heap typed buffers wrap real arrays (hasArray() true), as users build them with FloatBuffer.wrap.
    private static FloatBuffer heapFloats(ByteBuffer be) {
        float[] a = new float[be.capacity() / 4];
        be.duplicate().asFloatBuffer().get(a);
        return FloatBuffer.wrap(a);
    }

    private static DoubleBuffer heapDoubles(ByteBuffer be) {
        double[] a = new double[be.capacity() / 8];
        be.duplicate().asDoubleBuffer().get(a);
        return DoubleBuffer.wrap(a);
    }

    private static ShortBuffer heapShorts(ByteBuffer be) {
        short[] a = new short[be.capacity() / 2];
        be.duplicate().asShortBuffer().get(a);
        return ShortBuffer.wrap(a);
    }

    private static IntBuffer heapInts(ByteBuffer be) {
        int[] a = new int[be.capacity() / 4];
        be.duplicate().asIntBuffer().get(a);
        return IntBuffer.wrap(a);
    }

    private static LongBuffer heapLongs(ByteBuffer be) {
        long[] a = new long[be.capacity() / 8];
        be.duplicate().asLongBuffer().get(a);
        return LongBuffer.wrap(a);
    }

    /** The data window [pad, pad+n): as position/limit of the whole buffer, or as a slice. */
    private static Buffer window(Buffer b, int pad, int n, boolean slice, boolean readOnly) {
        Buffer w = b.limit(pad + n).position(pad);
        if (slice) {
            w = w.slice();
        }
        if (readOnly) {
            w = asReadOnly(w);
        }
        return w;
    }

    private static Buffer asReadOnly(Buffer b) {
        if (b instanceof FloatBuffer f) {
            return f.asReadOnlyBuffer();
        } else if (b instanceof DoubleBuffer d) {
            return d.asReadOnlyBuffer();
        } else if (b instanceof ShortBuffer s) {
            return s.asReadOnlyBuffer();
        } else if (b instanceof IntBuffer i) {
            return i.asReadOnlyBuffer();
        } else if (b instanceof LongBuffer l) {
            return l.asReadOnlyBuffer();
        }
        return ((ByteBuffer) b).asReadOnlyBuffer();
    }

    /** Position, limit and every element of the buffer's whole capacity must stay as they were. */
    private static Runnable unchangedCheck(Buffer b) {
        int position = b.position();
        int limit = b.limit();
        long before = contents(b);
        return () -> {
            if (b.position() != position || b.limit() != limit) {
                throw new AssertionError("input buffer position/limit changed from " + position + "/" + limit
                        + " to " + b.position() + "/" + b.limit());
            }
            if (contents(b) != before) {
                throw new AssertionError("input buffer contents changed");
            }
        };
    }

    /** A checksum of every element in the buffer's capacity (position and limit ignored). */
    private static long contents(Buffer b) {
        Buffer all = b.duplicate().clear();
        long h = 1;
        int n = all.capacity();
        for (int i = 0; i < n; i++) {
            long v;
            if (all instanceof FloatBuffer f) {
                v = Float.floatToRawIntBits(f.get(i));
            } else if (all instanceof DoubleBuffer d) {
                v = Double.doubleToRawLongBits(d.get(i));
            } else if (all instanceof ShortBuffer sh) {
                v = sh.get(i);
            } else if (all instanceof IntBuffer in) {
                v = in.get(i);
            } else if (all instanceof LongBuffer l) {
                v = l.get(i);
            } else {
                v = ((ByteBuffer) all).get(i);
            }
            h = h * 0x9E3779B97F4A7C15L + v;
        }
        return h;
    }

    /** Little-endian raw bytes: heap or direct, at any (also odd) position, sometimes read-only. */
    static Input rawBytes(TensorValue v, long[] shape, SplittableRandom random) {
        byte[] data = v.littleEndianBytes();
        int pad = random.nextInt(0, 8);
        int tail = random.nextInt(0, 8);
        boolean direct = random.nextBoolean();
        ByteBuffer b = (direct ? ByteBuffer.allocateDirect(pad + data.length + tail) : ByteBuffer.allocate(
                pad + data.length + tail)).order(ByteOrder.LITTLE_ENDIAN);
        b.position(pad);
        b.put(data);
        b.limit(pad + data.length).position(pad);
        boolean readOnly = random.nextBoolean();
        if (readOnly) {
            b = b.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
        }
        Tensor t = Tensor.ofRawData(Api.dataType(v.type()), b, shape);
        return new Input(t, "raw bytes (" + (direct ? "direct" : "heap") + ", position " + pad + ", tail " + tail
                + (readOnly ? ", read-only" : "") + ")", unchangedCheck(b));
    }
}
