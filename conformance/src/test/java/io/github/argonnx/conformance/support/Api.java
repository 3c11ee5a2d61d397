package io.github.argonnx.conformance.support;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.runtime.ArgResult;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
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
                return InputBuilders.array(v, shape);
            case HEAP_BUFFER:
                return InputBuilders.heapBuffer(v, shape, random);
            case DIRECT_BUFFER:
                return InputBuilders.directBuffer(v, shape, random);
            default:
                return InputBuilders.rawBytes(v, shape, random);
        }
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
