package io.github.argonnx.conformance.support;

import io.github.argonnx.conformance.onnx.AttributeProto;
import io.github.argonnx.conformance.onnx.ModelProto;
import io.github.argonnx.conformance.onnx.NodeProto;
import io.github.argonnx.conformance.onnx.OperatorSetIdProto;
import io.github.argonnx.conformance.onnx.TensorProto;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One ONNX backend node test folder, read: {@code model.onnx} (a graph with one node) and its
 * {@code test_data_set_N/input_K.pb} / {@code output_K.pb} tensors.
 *
 * @param name the folder name, for example {@code test_argmax_keepdims_example}
 * @param opType the node's operator
 * @param opsetVersion the model's opset import for the default (ai.onnx) domain
 * @param attributes the node's attributes as set (absent ones take the schema default); only INT
 *     attributes exist on ArgMax/ArgMin, anything else is refused when reading
 * @param dataSets the data sets in folder order
 */
public record NodeTest(String name, String opType, int opsetVersion, Map<String, Long> attributes,
        List<DataSet> dataSets) {

    /** One {@code test_data_set_N}: inputs and expected outputs in index order. */
    public record DataSet(String name, List<TensorValue> inputs, List<TensorValue> outputs) {}

    private static final Pattern INDEXED_PB = Pattern.compile("(input|output)_(\\d+)\\.pb");

    public NodeTest {
        attributes = Map.copyOf(attributes);
        dataSets = List.copyOf(dataSets);
    }

    /** Every test folder (a folder holding {@code model.onnx}) directly under {@code root}, by name. */
    public static List<NodeTest> loadAll(Path root) {
        try (Stream<Path> dirs = Files.list(root)) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve("model.onnx")))
                    .sorted()
                    .map(NodeTest::load)
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static NodeTest load(Path dir) {
        String name = dir.getFileName().toString();
        try {
            ModelProto model = ModelProto.parseFrom(Files.readAllBytes(dir.resolve("model.onnx")));
            if (model.getGraph().getNodeCount() != 1) {
                throw new IllegalArgumentException(name + ": expected one node, found "
                        + model.getGraph().getNodeCount());
            }
            NodeProto node = model.getGraph().getNode(0);
            if (!isDefaultDomain(node.getDomain())) {
                throw new IllegalArgumentException(name + ": node domain '" + node.getDomain()
                        + "' is not ai.onnx");
            }
            int opset = model.getOpsetImportList().stream()
                    .filter(o -> isDefaultDomain(o.getDomain()))
                    .mapToInt(o -> Math.toIntExact(o.getVersion()))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(name + ": no ai.onnx opset import in "
                            + model.getOpsetImportList().stream().map(OperatorSetIdProto::toString).toList()));
            Map<String, Long> attributes = new LinkedHashMap<>();
            for (AttributeProto a : node.getAttributeList()) {
                if (a.getType() != AttributeProto.AttributeType.INT) {
                    throw new IllegalArgumentException(name + ": attribute '" + a.getName() + "' has type "
                            + a.getType() + ", ArgMax/ArgMin attributes are INT");
                }
                attributes.put(a.getName(), a.getI());
            }
            List<DataSet> sets = new ArrayList<>();
            try (Stream<Path> dirs = Files.list(dir)) {
                for (Path set : dirs.filter(p -> p.getFileName().toString().startsWith("test_data_set_"))
                        .sorted(Comparator.comparingInt(NodeTest::trailingNumber))
                        .toList()) {
                    sets.add(new DataSet(set.getFileName().toString(), readIndexed(set, "input"),
                            readIndexed(set, "output")));
                }
            }
            if (sets.isEmpty()) {
                throw new IllegalArgumentException(name + ": no test_data_set_* folder");
            }
            return new NodeTest(name, node.getOpType(), opset, attributes, sets);
        } catch (IOException e) {
            throw new UncheckedIOException(name, e);
        }
    }

    private static List<TensorValue> readIndexed(Path set, String kind) throws IOException {
        List<Path> files;
        try (Stream<Path> all = Files.list(set)) {
            files = all.filter(p -> {
                        Matcher m = INDEXED_PB.matcher(p.getFileName().toString());
                        return m.matches() && m.group(1).equals(kind);
                    })
                    .sorted(Comparator.comparingInt(NodeTest::trailingNumber))
                    .toList();
        }
        List<TensorValue> out = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            if (trailingNumber(files.get(i)) != i) {
                throw new IllegalArgumentException(set + ": " + kind + "_" + i + ".pb is missing");
            }
            out.add(TensorProtos.decode(TensorProto.parseFrom(Files.readAllBytes(files.get(i)))));
        }
        return out;
    }

    private static int trailingNumber(Path p) {
        Matcher m = Pattern.compile("(\\d+)(\\.pb)?$").matcher(p.getFileName().toString());
        if (!m.find()) {
            throw new IllegalArgumentException("no index in " + p);
        }
        return Integer.parseInt(m.group(1));
    }

    private static boolean isDefaultDomain(String domain) {
        return domain.isEmpty() || domain.equals("ai.onnx");
    }

    /** The attribute as set, or the given schema default. */
    public long attribute(String attributeName, long schemaDefault) {
        return attributes.getOrDefault(attributeName, schemaDefault);
    }
}
