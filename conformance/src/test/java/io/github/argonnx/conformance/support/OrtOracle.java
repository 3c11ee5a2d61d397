package io.github.argonnx.conformance.support;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.ByteBuffer;
import java.nio.LongBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * ONNX Runtime as an oracle: one session per model (operator, opset, type, rank, attributes) with
 * symbolic dimensions, reused for every input of that kind. Single-threaded sessions, so runs are
 * reproducible and the build's two cores stay free for the JVM.
 */
public final class OrtOracle implements AutoCloseable {

    /** The element types ONNX Runtime's CPU ArgMax/ArgMin kernels implement. */
    public static final Set<ElementType> SUPPORTED_TYPES = Set.of(
            ElementType.FLOAT, ElementType.DOUBLE, ElementType.INT8, ElementType.UINT8,
            ElementType.INT32, ElementType.INT64);

    /** What identifies a model; {@code null} attributes are left unset on the node. */
    public record ModelKey(String opType, int opset, ElementType type, int rank, Long axis, Long keepdims,
            Long selectLastIndex) {}

    private final OrtEnvironment env = OrtEnvironment.getEnvironment();
    private final Map<ModelKey, OrtSession> sessions = new HashMap<>();
    private int sessionsClosed;

    public Reference.Result run(ModelKey key, TensorValue x) throws OrtException {
        if (x.rank() != key.rank() || x.type() != key.type()) {
            throw new IllegalArgumentException(x + " does not fit model " + key);
        }
        OrtSession session = sessions.get(key);
        if (session == null) {
            session = createSession(key);
            sessions.put(key, session);
        }
        try (OnnxTensor input = toOrt(x);
                OrtSession.Result result = session.run(Map.of(OnnxModels.INPUT, input))) {
            OnnxTensor out = (OnnxTensor) result.get(OnnxModels.OUTPUT)
                    .orElseThrow(() -> new IllegalStateException("no output " + OnnxModels.OUTPUT));
            long[] shape = out.getInfo().getShape();
            LongBuffer values = out.getLongBuffer();
            long[] indices = new long[values.remaining()];
            values.get(indices);
            return new Reference.Result(indices, shape);
        }
    }

    /** Closes the model's session once no more inputs will come for it. */
    public void release(ModelKey key) throws OrtException {
        OrtSession s = sessions.remove(key);
        if (s != null) {
            s.close();
            sessionsClosed++;
        }
    }

    /** Sessions created so far. */
    public int sessionCount() {
        return sessions.size() + sessionsClosed;
    }

    private OrtSession createSession(ModelKey key) throws OrtException {
        byte[] model = OnnxModels.singleNode(key.opType(), key.opset(), key.type(), key.rank(), key.axis(),
                key.keepdims(), key.selectLastIndex());
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
            // A single node has nothing to optimise; skipping the passes makes sessions cheap.
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.NO_OPT);
            return env.createSession(model, options);
        }
    }

    private OnnxTensor toOrt(TensorValue x) throws OrtException {
        ByteBuffer bytes = x.bytes();
        long[] shape = x.shape();
        switch (x.type()) {
            case FLOAT:
                return OnnxTensor.createTensor(env, bytes.asFloatBuffer(), shape);
            case DOUBLE:
                return OnnxTensor.createTensor(env, bytes.asDoubleBuffer(), shape);
            case INT32:
                return OnnxTensor.createTensor(env, bytes.asIntBuffer(), shape);
            case INT64:
                return OnnxTensor.createTensor(env, bytes.asLongBuffer(), shape);
            case INT8:
                return OnnxTensor.createTensor(env, bytes, shape, OnnxJavaType.INT8);
            case UINT8:
                return OnnxTensor.createTensor(env, bytes, shape, OnnxJavaType.UINT8);
            default:
                throw new IllegalArgumentException("ONNX Runtime has no ArgMax/ArgMin for " + x.type());
        }
    }

    @Override
    public void close() throws OrtException {
        for (OrtSession s : sessions.values()) {
            s.close();
        }
        sessions.clear();
    }
}
