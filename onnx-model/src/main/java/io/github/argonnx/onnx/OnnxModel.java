package io.github.argonnx.onnx;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The nodes an ONNX model holds of some op types (by default ArgMax, ArgMin and TopK), read from the
 * model's protobuf wire format without its weights:
 *
 * <pre>{@code
 * OnnxModel model = OnnxModel.read(Path.of("model.onnx"));
 * for (OnnxNode node : model.nodes()) {
 *     if (node.inDefaultDomain() && !node.opType().equals("TopK")) {
 *         ArgReductionOperator op = ArgReductionOperator.forNode(node.opType(), node.opset(), node.attributes());
 *     }
 * }
 * }</pre>
 *
 * <p>Nodes come from the main graph and from every subgraph ({@code If}, {@code Loop}, {@code Scan} bodies and
 * any other graph attribute, at any depth), in node order, each subgraph's nodes after the node holding it.
 * Tensor contents are skipped as the stream passes them, so memory follows the graph, not the weights;
 * external data is never opened. A local function's nodes ({@code ModelProto.functions}) come after each node that
 * calls it, with the types of that call's inputs; a function no node calls is not read.
 */
public final class OnnxModel {

    /** The op types {@link #read(Path)} looks for. */
    public static final Set<String> ARG_OPERATORS = Set.of("ArgMax", "ArgMin", "TopK");

    private static final int BUFFER_SIZE = 1 << 16;

    private final long irVersion;
    private final Map<String, Long> opsetImports;
    private final List<OnnxNode> nodes;

    private OnnxModel(long irVersion, Map<String, Long> opsetImports, List<OnnxNode> nodes) {
        this.irVersion = irVersion;
        this.opsetImports = Collections.unmodifiableMap(new LinkedHashMap<>(opsetImports));
        this.nodes = List.copyOf(nodes);
    }

    /**
     * Reads the ArgMax, ArgMin and TopK nodes of a model file.
     *
     * @param file an {@code .onnx} file
     * @return its nodes of those op types
     * @throws OnnxFormatException if the file is not an ONNX model (naming the file and the problem)
     * @throws IOException if the file cannot be read
     */
    public static OnnxModel read(Path file) throws IOException {
        return read(file, ARG_OPERATORS);
    }

    /**
     * Reads a model file's nodes of the given op types.
     *
     * @param file an {@code .onnx} file
     * @param opTypes the op types to report, such as {@code ArgMax}
     * @return its nodes of those op types
     * @throws OnnxFormatException if the file is not an ONNX model (naming the file and the problem)
     * @throws IOException if the file cannot be read
     */
    public static OnnxModel read(Path file, Set<String> opTypes) throws IOException {
        Objects.requireNonNull(opTypes, "opTypes");
        String origin = String.valueOf(file.getFileName());
        long size = Files.size(file);
        if (size > Integer.MAX_VALUE) {
            throw new OnnxFormatException(origin, "it is larger than protobuf's 2 GB limit");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return read(CodedInputStream.newInstance(in, BUFFER_SIZE), origin, opTypes, size);
        }
    }

    /**
     * Reads the ArgMax, ArgMin and TopK nodes of a model's bytes.
     *
     * @param model the bytes of a {@code ModelProto}
     * @return its nodes of those op types
     * @throws OnnxFormatException if the bytes are not an ONNX model
     */
    public static OnnxModel read(byte[] model) throws OnnxFormatException {
        return read(model, ARG_OPERATORS);
    }

    /**
     * Reads a model's nodes of the given op types from its bytes.
     *
     * @param model the bytes of a {@code ModelProto}
     * @param opTypes the op types to report
     * @return its nodes of those op types
     * @throws OnnxFormatException if the bytes are not an ONNX model
     */
    public static OnnxModel read(byte[] model, Set<String> opTypes) throws OnnxFormatException {
        Objects.requireNonNull(opTypes, "opTypes");
        try {
            return read(CodedInputStream.newInstance(model), "model bytes", opTypes, model.length);
        } catch (OnnxFormatException e) {
            throw e;
        } catch (IOException e) {
            throw new IllegalStateException("an array cannot fail to read", e);
        }
    }

    /** Reads {@code size} bytes; a file's skip may pass its end, so the count read shows a truncated one. */
    private static OnnxModel read(CodedInputStream in, String origin, Set<String> opTypes, long size)
            throws IOException {
        Set<String> wanted = Set.copyOf(opTypes);
        ModelWire.WireModel model;
        try {
            model = new ModelWire(in).readModel();
        } catch (InvalidProtocolBufferException e) {
            throw new OnnxFormatException(origin, problem(e) + " (at byte " + in.getTotalBytesRead() + ")");
        }
        if (in.getTotalBytesRead() > size) {
            throw new OnnxFormatException(origin, "the data ends inside a field (truncated, or not protobuf) (at byte "
                    + size + ")");
        }
        if (model.graph() == null) {
            throw new OnnxFormatException(origin, "it has no graph (ModelProto field 7)");
        }
        return new OnnxModel(model.irVersion(), model.opsetImports(),
                TypeFlow.nodes(model.graph(), model.opsetImports(), model.functions(), wanted, origin));
    }

    /** Protobuf's reasons, shorter. */
    private static String problem(InvalidProtocolBufferException e) {
        String message = String.valueOf(e.getMessage());
        if (e instanceof ModelWire.Malformed) {
            return message;
        }
        if (message.contains("input ended unexpectedly") || message.contains("truncated")) {
            return "the data ends inside a field (truncated, or not protobuf)";
        }
        if (message.contains("too large")) {
            return "it is larger than protobuf's 2 GB limit";
        }
        if (message.contains("negative size")) {
            return "a field has a negative length (not protobuf)";
        }
        return (message.length() > 120 ? message.substring(0, 120) + "..." : message) + " (not protobuf)";
    }

    /**
     * The model's IR version ({@code ir_version}).
     *
     * @return the IR version, 0 when the model states none
     */
    public long irVersion() {
        return irVersion;
    }

    /**
     * The model's opset imports: the version of each operator domain, by domain as the model writes it.
     *
     * @return the imports, in model order
     */
    public Map<String, Long> opsetImports() {
        return opsetImports;
    }

    /**
     * The version the model imports of a domain; {@code ""} and {@code ai.onnx} both name the default domain.
     *
     * @param domain the domain
     * @return its version, or empty when the model does not import it
     */
    public OptionalLong opset(String domain) {
        Long version = opsetImports.get(domain);
        if (version == null && OnnxNode.isDefaultDomain(domain)) {
            version = opsetImports.get(domain.isEmpty() ? OnnxNode.DEFAULT_DOMAIN : "");
        }
        return version == null ? OptionalLong.empty() : OptionalLong.of(version);
    }

    /**
     * The operators of this model's nodes of some op types in the default domain ({@code ""} or {@code ai.onnx}), in
     * the order of {@link #nodes()}, each built by the generated operator API's {@code forNode}:
     *
     * <pre>{@code
     * List<NodeOperator<ArgReductionOperator>> reductions =
     *         model.operators(Set.of("ArgMax", "ArgMin"), ArgReductionOperator::forNode);
     * List<NodeOperator<TopK>> topKs =
     *         model.operators(Set.of("TopK"), TopK::forNode);
     * }</pre>
     *
     * <p>A node of another domain is another operator: it is not built ({@link #nodes()} lists it). The op types
     * must be among those the model was read for.
     *
     * @param <T> the operator's type
     * @param opTypes the op types to build, such as {@code ArgMax}
     * @param forNode the generated API's {@code forNode}
     * @return each node of those op types with its operator
     * @throws io.github.argonnx.runtime.ArgOnnxException if {@code forNode} refuses a node, or its operator's class is
     *     not on the class path (a generated subset without it): naming the node, with {@code forNode}'s reason
     */
    public <T> List<NodeOperator<T>> operators(Set<String> opTypes, OperatorFactory<T> forNode) {
        Objects.requireNonNull(forNode, "forNode");
        return NodeOperators.build(nodes, Set.copyOf(opTypes), forNode);
    }

    /**
     * The nodes of the op types asked for, in every domain, main graph first, each subgraph after its node.
     *
     * @return the nodes
     */
    public List<OnnxNode> nodes() {
        return nodes;
    }
}
