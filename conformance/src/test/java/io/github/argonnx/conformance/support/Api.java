package io.github.argonnx.conformance.support;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.runtime.ArgResult;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
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
 * The one place the conformance tests touch the library's public API: operators (through the generated
 * {@link ArgReductionOperator}, which ArgMax and ArgMin implement), the four input
 * forms a tensor can be handed over in, and the three output forms. Every input is built fresh
 * from a {@link TensorValue} with random padding, offsets and byte orders, and every call checks
 * that the input was left exactly as it was and that nothing outside the output range was written.
 */
public final class Api {

    /** How the input tensor is handed to the library. */
    public enum InputForm {
        /** A Java array of the type's storage. */
        ARRAY,
        /** A heap typed buffer ({@code FloatBuffer}, ...) at a non-zero position, sometimes a slice. */
        HEAP_BUFFER,
        /** A typed view of a direct {@code ByteBuffer} of either byte order, sometimes read-only. */
        DIRECT_BUFFER,
        /** {@code Tensor.ofRawData}: little-endian bytes as in {@code raw_data}, heap or direct, any position. */
        RAW_BYTES
    }

    /** How the indices come back. */
    public enum OutputForm {
        RESULT,
        ARRAY_AT_OFFSET,
        HEAP_LONG_BUFFER,
        DIRECT_LONG_BUFFER,
        /** {@code apply(Tensor, int[], int)}, at a random offset. */
        INT_ARRAY_AT_OFFSET,
        /** {@code apply(Tensor, IntBuffer)}, heap or direct, at a random position. */
        INT_BUFFER;

        /** One of the forms, drawn from {@code random}. */
        public static OutputForm any(SplittableRandom random) {
            return values()[random.nextInt(values().length)];
        }

        /** The forms in turn: form {@code i} modulo their number. */
        public static OutputForm inTurn(int i) {
            return values()[i % values().length];
        }
    }

    private Api() {}

    /** ArgMax or ArgMin by its op type, at a version; the library refuses any other op type. */
    public static ArgReductionOperator version(String opType, int version) {
        return ArgReductionOperator.version(opType, version);
    }

    public static ArgReductionOperator forModelOpset(String opType, int opset) {
        return ArgReductionOperator.forModelOpset(opType, opset);
    }

    /** Applies the attributes that are set ({@code null} leaves the operator's default). */
    public static ArgReductionOperator configure(ArgReductionOperator op, Long axis, Long keepdims, Long selectLastIndex) {
        ArgReductionOperator o = op;
        if (axis != null) {
            o = o.axis(axis);
        }
        if (keepdims != null) {
            o = o.keepdims(keepdims.longValue());
        }
        if (selectLastIndex != null) {
            o = o.selectLastIndex(selectLastIndex.longValue());
        }
        return o;
    }

    public static DataType dataType(ElementType type) {
        return DataType.valueOf(type.name());
    }

    // ---------------------------------------------------------------- inputs

    /** An input and what it looked like before the call, to prove the call left it alone. */
    public static final class Input {
        private final Tensor tensor;
        private final String description;
        private final Runnable checkUnchanged;

        Input(Tensor tensor, String description, Runnable checkUnchanged) {
            this.tensor = tensor;
            this.description = description;
            this.checkUnchanged = checkUnchanged;
        }

        public Tensor tensor() {
            return tensor;
        }

        /** Throws AssertionError if the backing array or buffer (content, position, limit) changed. */
        public void assertUnchanged() {
            checkUnchanged.run();
        }

        @Override
        public String toString() {
            return description;
        }
    }

    /** Builds the input in the given form; {@code random} picks padding, offsets, order, read-only. */
    public static Input input(TensorValue v, InputForm form, SplittableRandom random) {
        long[] shape = v.shape();
        switch (form) {
            case ARRAY:
                return arrayInput(v, shape);
            case HEAP_BUFFER:
                return heapBufferInput(v, shape, random);
            case DIRECT_BUFFER:
                return directBufferInput(v, shape, random);
            default:
                return rawInput(v, shape, random);
        }
    }

    private static Input arrayInput(TensorValue v, long[] shape) {
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
    private static Input heapBufferInput(TensorValue v, long[] shape, SplittableRandom random) {
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
    private static Input directBufferInput(TensorValue v, long[] shape, SplittableRandom random) {
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
        java.nio.Buffer typed;
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
    private static java.nio.Buffer window(java.nio.Buffer b, int pad, int n, boolean slice, boolean readOnly) {
        java.nio.Buffer w = b.limit(pad + n).position(pad);
        if (slice) {
            w = w.slice();
        }
        if (readOnly) {
            w = asReadOnly(w);
        }
        return w;
    }

    private static java.nio.Buffer asReadOnly(java.nio.Buffer b) {
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
    private static Runnable unchangedCheck(java.nio.Buffer b) {
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
    private static long contents(java.nio.Buffer b) {
        java.nio.Buffer all = b.duplicate().clear();
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
    private static Input rawInput(TensorValue v, long[] shape, SplittableRandom random) {
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
        Tensor t = Tensor.ofRawData(dataType(v.type()), b, shape);
        return new Input(t, "raw bytes (" + (direct ? "direct" : "heap") + ", position " + pad + ", tail " + tail
                + (readOnly ? ", read-only" : "") + ")", unchangedCheck(b));
    }

    // ---------------------------------------------------------------- outputs

    private static final long SENTINEL = 0x5EED_5EED_5EED_5EEDL;
    private static final int INT_SENTINEL = 0x5EED_5EED;

    /**
     * Runs {@code op} on {@code input} with the output form, and checks what a call must never do:
     * write outside its output range, or change the input.
     */
    public static Reference.Result run(ArgReductionOperator op, Input input, OutputForm form, SplittableRandom random) {
        Reference.Result result;
        switch (form) {
            case RESULT: {
                ArgResult r = op.apply(input.tensor());
                result = new Reference.Result(r.indices(), r.shape());
                break;
            }
            case ARRAY_AT_OFFSET: {
                // The size comes from a first call; the second writes into the caller's array.
                int n = op.apply(input.tensor()).indices().length;
                int offset = random.nextInt(0, 5);
                int tail = random.nextInt(0, 5);
                long[] out = new long[offset + n + tail];
                Arrays.fill(out, SENTINEL);
                long[] shape = op.apply(input.tensor(), out, offset);
                checkSentinels(out, 0, offset);
                checkSentinels(out, offset + n, out.length);
                result = new Reference.Result(Arrays.copyOfRange(out, offset, offset + n), shape);
                break;
            }
            case INT_ARRAY_AT_OFFSET: {
                int n = op.apply(input.tensor()).indices().length;
                int offset = random.nextInt(0, 5);
                int[] out = new int[offset + n + random.nextInt(0, 5)];
                Arrays.fill(out, INT_SENTINEL);
                long[] shape = op.apply(input.tensor(), out, offset);
                result = new Reference.Result(intRange(out, offset, n), shape);
                break;
            }
            case INT_BUFFER: {
                int n = op.apply(input.tensor()).indices().length;
                int offset = random.nextInt(0, 5);
                int capacity = offset + n + random.nextInt(0, 5);
                IntBuffer out = random.nextBoolean() ? IntBuffer.allocate(capacity)
                        : ByteBuffer.allocateDirect(capacity * 4).order(random.nextBoolean()
                                ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN).asIntBuffer();
                int[] all = new int[capacity];
                Arrays.fill(all, INT_SENTINEL);
                out.put(0, all);
                out.position(offset);
                int limit = out.limit();
                long[] shape = op.apply(input.tensor(), out);
                checkUnmoved(out, offset, limit);
                out.get(0, all);
                result = new Reference.Result(intRange(all, offset, n), shape);
                break;
            }
            default: {
                int n = op.apply(input.tensor()).indices().length;
                int offset = random.nextInt(0, 5);
                int tail = random.nextInt(0, 5);
                LongBuffer out = form == OutputForm.HEAP_LONG_BUFFER
                        ? LongBuffer.allocate(offset + n + tail)
                        : ByteBuffer.allocateDirect((offset + n + tail) * 8).order(random.nextBoolean()
                                ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN).asLongBuffer();
                for (int i = 0; i < out.capacity(); i++) {
                    out.put(i, SENTINEL);
                }
                out.position(offset);
                int limit = out.limit();
                long[] shape = op.apply(input.tensor(), out);
                checkUnmoved(out, offset, limit);
                long[] all = new long[out.capacity()];
                for (int i = 0; i < all.length; i++) {
                    all[i] = out.get(i);
                }
                checkSentinels(all, 0, offset);
                checkSentinels(all, offset + n, all.length);
                result = new Reference.Result(Arrays.copyOfRange(all, offset, offset + n), shape);
                break;
            }
        }
        input.assertUnchanged();
        return result;
    }

    private static void checkUnmoved(Buffer out, int position, int limit) {
        if (out.position() != position || out.limit() != limit) {
            throw new AssertionError("output buffer position/limit moved from " + position + "/" + limit + " to "
                    + out.position() + "/" + out.limit() + " (documented to stay)");
        }
    }

    /** The n indices from offset, widened, after checking that nothing outside them was written. */
    private static long[] intRange(int[] out, int offset, int n) {
        long[] widened = new long[out.length];
        for (int i = 0; i < out.length; i++) {
            widened[i] = out[i] == INT_SENTINEL ? SENTINEL : out[i];
        }
        checkSentinels(widened, 0, offset);
        checkSentinels(widened, offset + n, widened.length);
        return Arrays.copyOfRange(widened, offset, offset + n);
    }

    private static void checkSentinels(long[] out, int from, int to) {
        for (int i = from; i < to; i++) {
            if (out[i] != SENTINEL) {
                throw new AssertionError("output written outside its range at " + i + " (" + out[i] + ")");
            }
        }
    }
}
