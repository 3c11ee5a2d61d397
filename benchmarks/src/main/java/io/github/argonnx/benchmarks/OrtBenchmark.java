package io.github.argonnx.benchmarks;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.github.argonnx.DataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * ONNX Runtime for Java running a one-node ArgMax/ArgMin model on the same input. The input tensor
 * is built once (in a direct buffer, so no copy per call); each call runs the session and closes the
 * result, which is what an application using ONNX Runtime pays.
 */
@State(Scope.Benchmark)
public class OrtBenchmark {

    /**
     * The element types ONNX Runtime 1.22's CPU provider has ArgMax and ArgMin kernels for (the same
     * for both; {@code OrtBenchmarkTest} asks ONNX Runtime for every type).
     */
    static final Set<DataType> KERNEL_TYPES = Collections.unmodifiableSet(
            EnumSet.of(DataType.FLOAT, DataType.DOUBLE, DataType.FLOAT16, DataType.INT8, DataType.UINT8,
                    DataType.INT32, DataType.INT64));

    /** A {@link BenchCase} name that ONNX Runtime {@linkplain #runs runs}. */
    @Param("FLOAT_SLICE_NO_EXTREME")
    public String benchCase;

    @Param({"ArgMax", "ArgMin"})
    public Operator operator;

    /** Intra-op threads: 1, or 0 for ONNX Runtime's default (one per physical core). */
    @Param({"1", "0"})
    public int ortThreads;

    private OrtEnvironment environment;
    private OrtSession session;
    private BenchCase c;
    private OnnxTensor input;
    private Map<String, OnnxTensor> inputs;

    @Setup(Level.Trial)
    public void setUp() throws OrtException {
        c = BenchCase.named(benchCase);
        if (!runs(c)) {
            throw new IllegalStateException("ONNX Runtime is not measured on " + benchCase + " (no kernel for "
                    + c.type().onnxName() + ", or NaN data it does not answer as ONNX's reference does)");
        }
        InputData data = InputData.generate(c);
        environment = OrtEnvironment.getEnvironment();
        OrtSession.SessionOptions options = new OrtSession.SessionOptions();
        options.setIntraOpNumThreads(ortThreads);
        options.setInterOpNumThreads(1);
        session = environment.createSession(OnnxModel.argReduce(operator, c.type(), c.geometry()), options);
        input = directTensor(environment, data);
        inputs = Map.of("x", input);
        try (OrtSession.Result result = session.run(inputs)) {
            PlainLoops.requireSame("ONNX Runtime " + operator, benchCase,
                    PlainLoops.argReduce(data, operator.isMax()), flatten(result.get(0).getValue()));
        }
    }

    @Benchmark
    public long ort() throws OrtException {
        try (OrtSession.Result result = session.run(inputs)) {
            return result.size();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws OrtException {
        input.close();
        session.close();
    }

    /**
     * Whether ONNX Runtime is measured on the case: it has a kernel for the type, and it gives the
     * reference's answer. On NaN data it does so only for a one-dimensional input: reducing an axis
     * of a larger rank, ONNX Runtime 1.22 passes over a NaN instead of returning its index (ONNX's
     * reference, numpy and ArgONNX return it), so its time would be of another answer.
     */
    static boolean runs(BenchCase c) {
        return hasKernel(c.type()) && (c.data() != DataKind.NAN_LAST || c.geometry().shape().length == 1);
    }

    /** Whether ONNX Runtime has an ArgMax/ArgMin kernel for the type, so that it can be measured at all. */
    static boolean hasKernel(DataType type) {
        return KERNEL_TYPES.contains(type);
    }

    /** The input in a direct buffer, so that ONNX Runtime reads it without a copy per call. */
    static OnnxTensor directTensor(OrtEnvironment environment, InputData data) throws OrtException {
        long[] shape = data.geometry().shape();
        int n = data.geometry().elementCount();
        switch (data.type()) {
            case FLOAT: {
                ByteBuffer b = allocate(n * 4L);
                b.asFloatBuffer().put(data.floats());
                return OnnxTensor.createTensor(environment, b.asFloatBuffer(), shape);
            }
            case DOUBLE: {
                ByteBuffer b = allocate(n * 8L);
                b.asDoubleBuffer().put(data.doubles());
                return OnnxTensor.createTensor(environment, b.asDoubleBuffer(), shape);
            }
            case INT32: {
                ByteBuffer b = allocate(n * 4L);
                b.asIntBuffer().put(data.ints());
                return OnnxTensor.createTensor(environment, b.asIntBuffer(), shape);
            }
            case INT64: {
                ByteBuffer b = allocate(n * 8L);
                b.asLongBuffer().put(data.longs());
                return OnnxTensor.createTensor(environment, b.asLongBuffer(), shape);
            }
            case FLOAT16: {
                ByteBuffer b = allocate(n * 2L);
                b.asShortBuffer().put(data.shorts());
                return OnnxTensor.createTensor(environment, b, shape, OnnxJavaType.FLOAT16);
            }
            case UINT8:
            case INT8: {
                ByteBuffer b = allocate(n);
                b.put(data.bytes()).flip();
                return OnnxTensor.createTensor(environment, b, shape,
                        data.type() == DataType.UINT8 ? OnnxJavaType.UINT8 : OnnxJavaType.INT8);
            }
            default:
                throw new IllegalStateException("ONNX Runtime has no ArgMax/ArgMin kernel for " + data.type());
        }
    }

    private static ByteBuffer allocate(long bytes) {
        return ByteBuffer.allocateDirect(Math.toIntExact(bytes)).order(ByteOrder.nativeOrder());
    }

    /** ONNX Runtime returns a scalar as a Long and higher ranks as nested long arrays. */
    static long[] flatten(Object value) {
        if (value instanceof Long) {
            return new long[] {(Long) value};
        }
        if (value instanceof long[]) {
            return (long[]) value;
        }
        return Arrays.stream((Object[]) value).flatMapToLong(v -> Arrays.stream(flatten(v))).toArray();
    }
}
