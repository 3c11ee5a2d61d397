package io.github.argonnx.conformance.support;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtLoggingLevel;
import ai.onnxruntime.OrtSession;
import io.github.argonnx.conformance.onnx.AttributeProto;
import io.github.argonnx.conformance.onnx.GraphProto;
import io.github.argonnx.conformance.onnx.ModelProto;
import io.github.argonnx.conformance.onnx.NodeProto;
import io.github.argonnx.conformance.onnx.OperatorSetIdProto;
import io.github.argonnx.conformance.onnx.TensorShapeProto;
import io.github.argonnx.conformance.onnx.TypeProto;
import io.github.argonnx.conformance.onnx.ValueInfoProto;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * ONNX Runtime's TopK as an oracle: one single-node model (plus Casts, see below) per {@link ModelKey},
 * with symbolic input dimensions, and one single-threaded session per model reused for every input.
 *
 * <p>ONNX Runtime's Java API cannot create or read uint16, uint32 or uint64 tensors. For those the
 * model takes the signed type of the same width, casts it to the unsigned type before TopK and the
 * values back after it; ONNX's Cast between same-width integers keeps the bits. (Cast-1 spells its
 * target type as a string, so these models do not load at opset 1, where TopK takes float types
 * only anyway.)
 */
public final class TopKOrtOracle implements AutoCloseable {

    /**
     * What identifies a model. {@code k} is the attribute of opset 1 and unused (null) from 10 on,
     * where K is an input; {@code null} attributes are left unset on the node.
     */
    public record ModelKey(int opset, ElementType type, int rank, Long k, Long axis, Long largest, Long sorted) {}

    private final OrtEnvironment env = OrtEnvironment.getEnvironment();
    private final Map<ModelKey, OrtSession> sessions = new HashMap<>();
    private int sessionsClosed;

    /** Runs the model on {@code x}; {@code k} is fed as the K input from opset 10 on. */
    public TopKReference.Result run(ModelKey key, TensorValue x, long k) throws OrtException {
        if (x.rank() != key.rank() || x.type() != key.type()) {
            throw new IllegalArgumentException(x + " does not fit model " + key);
        }
        OrtSession session = session(key);
        Map<String, OnnxTensor> inputs = new HashMap<>();
        try {
            inputs.put("x", toOrt(x));
            if (key.opset() >= 10) {
                inputs.put("k", OnnxTensor.createTensor(env, LongBuffer.wrap(new long[] {k}), new long[] {1}));
            }
            try (OrtSession.Result result = session.run(inputs)) {
                OnnxTensor values = (OnnxTensor) result.get("values").orElseThrow();
                OnnxTensor indices = (OnnxTensor) result.get("indices").orElseThrow();
                long[] shape = values.getInfo().getShape();
                return new TopKReference.Result(TensorValue.of(x.type(), shape, littleEndian(values)),
                        TensorValue.of(ElementType.INT64, indices.getInfo().getShape(), littleEndian(indices)));
            }
        } finally {
            for (OnnxTensor t : inputs.values()) {
                t.close();
            }
        }
    }

    /** The model's session, created on first use (this is where ONNX Runtime refuses a type or opset). */
    public OrtSession session(ModelKey key) throws OrtException {
        OrtSession session = sessions.get(key);
        if (session == null) {
            try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
                options.setIntraOpNumThreads(1);
                options.setInterOpNumThreads(1);
                options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
                // The graph has nothing worth optimising, and the Casts must stay as written.
                options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.NO_OPT);
                // Opset 1 and 10 models are what the tests ask for: no warning about their age.
                options.setSessionLogLevel(OrtLoggingLevel.ORT_LOGGING_LEVEL_ERROR);
                session = env.createSession(model(key), options);
            }
            sessions.put(key, session);
        }
        return session;
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

    /** The signed type of the same width that carries an unsigned type the Java API lacks, or the type itself. */
    static ElementType carrier(ElementType type) {
        switch (type) {
            case UINT16:
                return ElementType.INT16;
            case UINT32:
                return ElementType.INT32;
            case UINT64:
                return ElementType.INT64;
            default:
                return type;
        }
    }

    /** The model for {@code key}: inputs {@code x} (and {@code k} from opset 10), outputs {@code values}, {@code indices}. */
    public static byte[] model(ModelKey key) {
        ElementType type = key.type();
        ElementType outer = carrier(type);
        GraphProto.Builder graph = GraphProto.newBuilder().setName("TopK_" + type.onnxName() + "_rank" + key.rank());
        String data = "x";
        if (outer != type) {
            graph.addNode(cast("x", "x_cast", type));
            data = "x_cast";
        }
        NodeProto.Builder topK = NodeProto.newBuilder().setOpType("TopK").setName("topk").addInput(data);
        if (key.opset() >= 10) {
            topK.addInput("k");
        }
        String valuesOut = outer != type ? "values_cast" : "values";
        topK.addOutput(valuesOut).addOutput("indices");
        addInt(topK, "k", key.k());
        addInt(topK, "axis", key.axis());
        addInt(topK, "largest", key.largest());
        addInt(topK, "sorted", key.sorted());
        graph.addNode(topK);
        if (outer != type) {
            graph.addNode(cast(valuesOut, "values", outer));
        }
        TensorShapeProto.Builder shape = TensorShapeProto.newBuilder();
        for (int d = 0; d < key.rank(); d++) {
            shape.addDim(TensorShapeProto.Dimension.newBuilder().setDimParam("d" + d));
        }
        graph.addInput(tensorInfo("x", outer, shape));
        if (key.opset() >= 10) {
            graph.addInput(tensorInfo("k", ElementType.INT64,
                    TensorShapeProto.newBuilder().addDim(TensorShapeProto.Dimension.newBuilder().setDimValue(1))));
        }
        // Output shapes depend on k; leave them to the runtime's inference.
        graph.addOutput(tensorInfo("values", outer, null));
        graph.addOutput(tensorInfo("indices", ElementType.INT64, null));
        return ModelProto.newBuilder()
                // IR version 10 reads every opset up to 24 (ONNX 1.16 and later write it).
                .setIrVersion(10)
                .setProducerName("argonnx-conformance")
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("").setVersion(key.opset()))
                .setGraph(graph)
                .build()
                .toByteArray();
    }

    private static NodeProto cast(String in, String out, ElementType to) {
        NodeProto.Builder node = NodeProto.newBuilder().setOpType("Cast").setName(out).addInput(in).addOutput(out);
        addInt(node, "to", (long) to.onnxCode());
        return node.build();
    }

    private static ValueInfoProto tensorInfo(String name, ElementType type, TensorShapeProto.Builder shape) {
        TypeProto.Tensor.Builder tensor = TypeProto.Tensor.newBuilder().setElemType(type.onnxCode());
        if (shape != null) {
            tensor.setShape(shape);
        }
        return ValueInfoProto.newBuilder().setName(name).setType(TypeProto.newBuilder().setTensorType(tensor)).build();
    }

    private static void addInt(NodeProto.Builder node, String name, Long value) {
        if (value != null) {
            node.addAttribute(AttributeProto.newBuilder()
                    .setName(name)
                    .setType(AttributeProto.AttributeType.INT)
                    .setI(value));
        }
    }

    private OnnxTensor toOrt(TensorValue x) throws OrtException {
        ByteBuffer bytes = x.bytes();
        long[] shape = x.shape();
        switch (carrier(x.type())) {
            case FLOAT:
                return OnnxTensor.createTensor(env, bytes.asFloatBuffer(), shape);
            case DOUBLE:
                return OnnxTensor.createTensor(env, bytes.asDoubleBuffer(), shape);
            case INT16:
                return OnnxTensor.createTensor(env, bytes.asShortBuffer(), shape);
            case INT32:
                return OnnxTensor.createTensor(env, bytes.asIntBuffer(), shape);
            case INT64:
                return OnnxTensor.createTensor(env, bytes.asLongBuffer(), shape);
            case INT8:
                return OnnxTensor.createTensor(env, bytes, shape, OnnxJavaType.INT8);
            case UINT8:
                return OnnxTensor.createTensor(env, bytes, shape, OnnxJavaType.UINT8);
            case FLOAT16:
                return OnnxTensor.createTensor(env, bytes.asShortBuffer(), shape, OnnxJavaType.FLOAT16);
            case BFLOAT16:
                return OnnxTensor.createTensor(env, bytes.asShortBuffer(), shape, OnnxJavaType.BFLOAT16);
            default:
                throw new IllegalArgumentException("no ONNX Runtime Java tensor for " + x.type());
        }
    }

    /** An output's elements as little-endian bytes (the Java API hands them over in native order). */
    private static byte[] littleEndian(OnnxTensor t) {
        if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
            throw new IllegalStateException("the ONNX Runtime oracle reads outputs on little-endian machines only");
        }
        ByteBuffer bytes = t.getByteBuffer();
        byte[] out = new byte[bytes.remaining()];
        bytes.get(out);
        return out;
    }

    @Override
    public void close() throws OrtException {
        for (OrtSession s : sessions.values()) {
            s.close();
        }
        sessions.clear();
    }
}
