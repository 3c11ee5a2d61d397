package io.github.argonnx.onnxruntime;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.TensorInfo;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.internal.runtime.Shapes;
import io.github.argonnx.runtime.ArgOnnxException;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * ONNX Runtime tensors as ArgONNX {@link Tensor}s, viewed in place: the ArgMax of a model's output without
 * copying it.
 *
 * <p>An output ONNX Runtime allocates itself lives in native memory, and every getter of {@link OnnxTensor}
 * returns a copy of it. To reduce an output where it lies, pin it: {@link #allocate} an output tensor over
 * a direct buffer of the output's type and shape, pass it to {@code OrtSession.run(inputs, pinnedOutputs)},
 * which writes into that buffer, and {@link #view} it. The view reads the same memory, so it sees every
 * later run that writes into the same pinned output:
 *
 * <pre>{@code
 * try (OnnxTensor logits = OrtTensors.allocate(env, DataType.FLOAT, 1, 1000);
 *      OrtSession.Result ignored = session.run(Map.of("input", input), Map.of("logits", logits))) {
 *     long best = ArgMax.latest().axis(1).keepdims(false).apply(OrtTensors.view(logits)).indices()[0];
 * }
 * }</pre>
 *
 * <p>Any other {@code OnnxTensor} over a direct buffer (an input made from one) is viewed the same way, at the
 * elements ONNX Runtime reads: those it fixed when it created the tensor, from the buffer's position and limit
 * at that moment, whatever they are now.
 * Views hold no ONNX Runtime resource: they read the buffer, which stays valid as long as it is reachable,
 * but show what the tensor holds only while the tensor is open and not run into again.
 */
public final class OrtTensors {

    /** The types ONNX Runtime's Java API creates from a buffer: the ones {@link #allocate} can pin. */
    private static final Set<DataType> ALLOCATABLE = EnumSet.of(DataType.FLOAT, DataType.DOUBLE, DataType.INT8,
            DataType.UINT8, DataType.INT16, DataType.INT32, DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16);

    private OrtTensors() {}

    /**
     * The tensor's elements as an ArgONNX tensor of the same ONNX type and shape, viewed in the direct buffer
     * the tensor was created over, not copied: the elements ONNX Runtime reads, wherever the buffer's position
     * and limit are now.
     *
     * @param tensor a tensor ONNX Runtime reads from or writes into a buffer of the application's: a pinned
     *     output ({@link #allocate}) or a tensor created from a direct buffer
     * @return a view of the tensor's elements
     * @throws ArgOnnxException if the tensor is null or closed, ONNX Runtime holds its data in memory of its own
     *     (an output it allocated, not pinned: the message says how to pin it, or, for uint16, uint32 and uint64,
     *     which ONNX Runtime pins in no buffer, how to copy it), the buffer is not direct or not in the
     *     platform's byte order, or the element type is not one of ArgMax's and ArgMin's twelve
     */
    public static Tensor view(OnnxTensor tensor) {
        if (tensor == null) {
            throw new ArgOnnxException("OrtTensors.view: the OnnxTensor is null");
        }
        TensorInfo info = tensor.getInfo();
        DataType type = dataType(info);
        long[] shape = info.getShape();
        Buffer buffer = bufferOf(tensor).orElseThrow(() -> ownMemory(type, shape));
        if (!buffer.isDirect()) {
            return view(buffer, type, shape); // refused: ONNX Runtime reads no heap buffer
        }
        return view(TensorRegion.of(tensor, buffer, type, shape, elementCount(shape)), type, shape);
    }

    /** The view of {@code count} elements from the buffer's position; package-private for the refusals' tests. */
    static Tensor view(Buffer buffer, DataType type, long[] shape) {
        if (!buffer.isDirect()) {
            throw new ArgOnnxException("OrtTensors.view: the " + type.onnxName() + " tensor's buffer is a heap "
                    + buffer.getClass().getSimpleName() + ", a copy ONNX Runtime neither reads nor writes; create "
                    + "the tensor over a direct buffer (OrtTensors.allocate, or ByteBuffer.allocateDirect)");
        }
        int count = elementCount(shape);
        if (buffer.remaining() < (buffer instanceof ByteBuffer ? (long) count * type.byteWidth() : count)) {
            throw new ArgOnnxException("OrtTensors.view: the " + type.onnxName() + " tensor " + Shapes.format(shape)
                    + " has " + count + " elements, but its buffer has only " + buffer.remaining() + " "
                    + (buffer instanceof ByteBuffer ? "bytes" : "elements") + " from its position");
        }
        if (buffer instanceof ByteBuffer bytes) {
            // A buffer of bytes holds any type; ONNX Runtime reads it in the platform's byte order.
            ByteBuffer region = bytes.duplicate().order(ByteOrder.nativeOrder());
            region.limit(region.position() + count * type.byteWidth());
            if (type == DataType.INT8) {
                return Tensor.ofInt8(region, shape);
            }
            if (type == DataType.UINT8) {
                return Tensor.ofUint8(region, shape);
            }
            if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
                throw new ArgOnnxException("OrtTensors.view: this platform is big-endian; a " + type.onnxName()
                        + " tensor over bytes is viewed only on little-endian platforms");
            }
            return Tensor.ofRawData(type, region, shape);
        }
        requireNativeOrder(buffer, type);
        Tensor view = null;
        if (buffer instanceof FloatBuffer floats && type == DataType.FLOAT) {
            view = Tensor.ofFloat(limited(floats.duplicate(), count), shape);
        } else if (buffer instanceof DoubleBuffer doubles && type == DataType.DOUBLE) {
            view = Tensor.ofDouble(limited(doubles.duplicate(), count), shape);
        } else if (buffer instanceof ShortBuffer shorts) {
            view = shortTensor(limited(shorts.duplicate(), count), type, shape);
        } else if (buffer instanceof IntBuffer ints && type == DataType.INT32) {
            view = Tensor.ofInt32(limited(ints.duplicate(), count), shape);
        } else if (buffer instanceof IntBuffer ints && type == DataType.UINT32) {
            view = Tensor.ofUint32(limited(ints.duplicate(), count), shape);
        } else if (buffer instanceof LongBuffer longs && type == DataType.INT64) {
            view = Tensor.ofInt64(limited(longs.duplicate(), count), shape);
        } else if (buffer instanceof LongBuffer longs && type == DataType.UINT64) {
            view = Tensor.ofUint64(limited(longs.duplicate(), count), shape);
        }
        if (view == null) {
            throw new ArgOnnxException("OrtTensors.view: a " + type.onnxName() + " tensor over a "
                    + buffer.getClass().getSimpleName() + " does not fit its element type");
        }
        return view;
    }

    /**
     * An output tensor to pin: a new direct buffer, in the platform's byte order, of the type and shape, with
     * an {@code OnnxTensor} over it. Pass it to {@code OrtSession.run(inputs, Map.of(outputName, tensor))},
     * which writes the output into the buffer, then {@link #view} it. Close it when done (the buffer goes when
     * unreachable). The shape must be the output's own: ONNX Runtime refuses a pinned output of another shape.
     *
     * @param environment the ONNX Runtime environment
     * @param type the output's element type; ONNX Runtime's Java API creates float, double, int8, uint8,
     *     int16, int32, int64, float16 and bfloat16 tensors from buffers
     * @param shape the output's dimensions, none negative; none for a scalar
     * @return the tensor, over a buffer of zeros
     * @throws ArgOnnxException if an argument is null, the type is one ONNX Runtime creates no tensor of from
     *     a buffer, or the shape has a negative dimension or takes more than the {@code Integer.MAX_VALUE - 8 ×
     *     width} bytes ONNX Runtime's Java API takes in a buffer
     * @throws OrtException if ONNX Runtime cannot create the tensor
     */
    public static OnnxTensor allocate(OrtEnvironment environment, DataType type, long... shape) throws OrtException {
        if (environment == null || type == null || shape == null) {
            throw new ArgOnnxException("OrtTensors.allocate: the " + (environment == null ? "environment"
                    : type == null ? "data type" : "shape") + " is null");
        }
        if (!ALLOCATABLE.contains(type)) {
            throw new ArgOnnxException("OrtTensors.allocate: ONNX Runtime's Java API creates no " + type.onnxName()
                    + " tensor from a buffer; types it creates: float, double, int8, uint8, int16, int32, int64,"
                    + " float16, bfloat16");
        }
        int count = elementCount(shape);
        long size = (long) count * type.byteWidth();
        // ONNX Runtime's Java API refuses a larger buffer, with an IllegalStateException, once it is allocated
        long cap = Integer.MAX_VALUE - 8L * type.byteWidth();
        if (size > cap) {
            throw new ArgOnnxException("OrtTensors.allocate: the " + type.onnxName() + " tensor "
                    + Shapes.format(shape) + " takes " + size + " bytes, but ONNX Runtime's Java API takes a buffer"
                    + " of at most " + cap + " bytes (Integer.MAX_VALUE - 8 x " + type.byteWidth() + ") for "
                    + type.onnxName());
        }
        ByteBuffer bytes = ByteBuffer.allocateDirect(count * type.byteWidth()).order(ByteOrder.nativeOrder());
        long[] dims = shape.clone();
        return switch (type) {
            case FLOAT -> OnnxTensor.createTensor(environment, bytes.asFloatBuffer(), dims);
            case DOUBLE -> OnnxTensor.createTensor(environment, bytes.asDoubleBuffer(), dims);
            case INT8 -> OnnxTensor.createTensor(environment, bytes, dims, OnnxJavaType.INT8);
            case UINT8 -> OnnxTensor.createTensor(environment, bytes, dims, OnnxJavaType.UINT8);
            case INT16 -> OnnxTensor.createTensor(environment, bytes.asShortBuffer(), dims);
            case INT32 -> OnnxTensor.createTensor(environment, bytes.asIntBuffer(), dims);
            case INT64 -> OnnxTensor.createTensor(environment, bytes.asLongBuffer(), dims);
            case FLOAT16 -> OnnxTensor.createTensor(environment, bytes.asShortBuffer(), dims, OnnxJavaType.FLOAT16);
            case BFLOAT16 -> OnnxTensor.createTensor(environment, bytes.asShortBuffer(), dims, OnnxJavaType.BFLOAT16);
            default -> throw new AssertionError(type); // ALLOCATABLE holds the types above
        };
    }

    /** The refusal of a tensor in ONNX Runtime's own memory: how to pin it, or, for a type none pins, to copy it. */
    private static ArgOnnxException ownMemory(DataType type, long[] shape) {
        String held = "OrtTensors.view: this " + type.onnxName() + " tensor " + Shapes.format(shape)
                + " holds its data in ONNX Runtime's own memory (an output OrtSession.run allocated)";
        if (ALLOCATABLE.contains(type)) {
            return new ArgOnnxException(held + ", which its getters can only copy. Pin the output to read it in "
                    + "place: OnnxTensor out = OrtTensors.allocate(env, DataType." + type.name() + ", "
                    + shapeText(shape) + "); session.run(inputs, Map.of(outputName, out)); then OrtTensors.view(out)");
        }
        // uint16, uint32 and uint64: ONNX Runtime copies their bits out with its signed getters
        String copy = switch (type) {
            case UINT16 -> "Tensor.ofUint16(tensor.getShortBuffer(), ";
            case UINT32 -> "Tensor.ofUint32(tensor.getIntBuffer(), ";
            case UINT64 -> "Tensor.ofUint64(tensor.getLongBuffer(), ";
            default -> throw new AssertionError(type); // ALLOCATABLE holds the other nine
        };
        return new ArgOnnxException(held + ", and ONNX Runtime's Java API creates no " + type.onnxName()
                + " tensor to pin it with; copy it instead: " + copy + shapeText(shape) + ")");
    }

    /** The buffer the tensor reads, if the application gave it one. */
    private static Optional<Buffer> bufferOf(OnnxTensor tensor) {
        try {
            return tensor.getBufferRef();
        } catch (NullPointerException e) {
            // ONNX Runtime 1.22 duplicates the missing buffer of a tensor in its own memory instead of answering empty.
            return Optional.empty();
        }
    }

    private static DataType dataType(TensorInfo info) {
        TensorInfo.OnnxTensorType onnxType = info.onnxType;
        String prefix = "ONNX_TENSOR_ELEMENT_DATA_TYPE_";
        try {
            // The enum's names are ONNX's (its value field is not the TensorProto code).
            if (!onnxType.name().startsWith(prefix)) {
                throw new ArgOnnxException(onnxType.name());
            }
            return DataType.fromOnnxName(onnxType.name().substring(prefix.length()).toLowerCase(Locale.ROOT));
        } catch (ArgOnnxException e) {
            throw new ArgOnnxException("OrtTensors.view: the tensor's element type " + onnxType + " is not one "
                    + "ArgMax and ArgMin take", e);
        }
    }

    private static Tensor shortTensor(ShortBuffer shorts, DataType type, long[] shape) {
        return switch (type) {
            case INT16 -> Tensor.ofInt16(shorts, shape);
            case UINT16 -> Tensor.ofUint16(shorts, shape);
            case FLOAT16 -> Tensor.ofFloat16(shorts, shape);
            case BFLOAT16 -> Tensor.ofBfloat16(shorts, shape);
            default -> throw new ArgOnnxException("OrtTensors.view: a " + type.onnxName()
                    + " tensor over a ShortBuffer does not fit its element type");
        };
    }

    /** ONNX Runtime reads a typed buffer's memory in the platform's order, whatever order its view decodes. */
    private static void requireNativeOrder(Buffer buffer, DataType type) {
        ByteOrder order = ByteOrder.nativeOrder();
        if (buffer instanceof ShortBuffer b) {
            order = b.order();
        } else if (buffer instanceof IntBuffer b) {
            order = b.order();
        } else if (buffer instanceof LongBuffer b) {
            order = b.order();
        } else if (buffer instanceof FloatBuffer b) {
            order = b.order();
        } else if (buffer instanceof DoubleBuffer b) {
            order = b.order();
        }
        if (order != ByteOrder.nativeOrder()) {
            throw new ArgOnnxException("OrtTensors.view: the " + type.onnxName() + " tensor's "
                    + buffer.getClass().getSimpleName() + " reads its bytes " + order + ", but ONNX Runtime reads "
                    + "them in the platform's order (" + ByteOrder.nativeOrder() + "): make its buffer with "
                    + ".order(ByteOrder.nativeOrder())");
        }
    }

    private static <B extends Buffer> B limited(B buffer, int count) {
        buffer.limit(buffer.position() + count);
        return buffer;
    }

    private static int elementCount(long[] shape) {
        for (long d : shape) {
            if (d < 0) {
                throw new ArgOnnxException("OrtTensors: the shape " + Shapes.format(shape)
                        + " has a negative (symbolic or unknown) dimension; give the output's actual shape");
            }
        }
        // the runtime's count: a zero dimension anywhere makes it 0, however large the others
        long count = Shapes.elementCount("OrtTensors: a tensor", shape);
        if (count > Integer.MAX_VALUE) {
            throw new ArgOnnxException("OrtTensors: the shape " + Shapes.format(shape) + " has more elements than a buffer holds");
        }
        return (int) count;
    }

    private static String shapeText(long[] shape) {
        return Arrays.stream(shape).mapToObj(String::valueOf).collect(java.util.stream.Collectors.joining(", "));
    }
}
