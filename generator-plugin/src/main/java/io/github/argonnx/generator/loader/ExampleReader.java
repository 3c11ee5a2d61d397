package io.github.argonnx.generator.loader;

import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.ExampleSpec;
import io.github.argonnx.generator.model.SourceLocation;
import io.github.argonnx.generator.model.TensorLiteral;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Reads the {@code examples} of an operator spec: each example's attributes and its input and output
 * tensors, whose values are checked against their element type (integers in range, finite decimals that
 * fit the storage). What an example must agree with in its operator is checked later, by {@link SpecRules}.
 */
final class ExampleReader {

    private final Problems problems;
    private final SpecRules rules;

    ExampleReader(Problems problems, SpecRules rules) {
        this.problems = problems;
        this.rules = rules;
    }

    /** One example, or empty when it has problems (added to the load's problems). */
    Optional<ExampleSpec> read(String op, Node node) {
        String context = op + " example " + SpecLoader.scalarHint(node, "name");
        int before = problems.size();
        Optional<YamlFields> fields = YamlFields.of(problems, context, node, "an example",
                Set.of("name", "source", "opset", "inputs", "outputs"), Set.of("attributes"));
        if (fields.isEmpty()) {
            return Optional.empty();
        }
        YamlFields f = fields.get();
        String name = f.string("name").orElse("?");
        Optional<String> source = f.string("source");
        long opset = f.integer("opset").orElse(0L);
        Map<String, Long> attributes = new LinkedHashMap<>();
        Map<String, SourceLocation> locations = new LinkedHashMap<>();
        f.node("attributes").ifPresent(n -> {
            if (n instanceof org.yaml.snakeyaml.nodes.MappingNode m) {
                for (var t : m.getValue()) {
                    if (!(t.getKeyNode() instanceof ScalarNode keyNode)) {
                        problems.add(t.getKeyNode(), context, "expected an attribute name, found "
                                + YamlFields.kindOf(t.getKeyNode()));
                        continue;
                    }
                    String key = keyNode.getValue();
                    f.integerValue(t.getValueNode(), key).ifPresent(value -> {
                        if (attributes.put(key, value) != null) {
                            problems.add(keyNode, context, "attribute '" + key + "' is set twice (first at line "
                                    + locations.get(key).line() + ")");
                        } else {
                            locations.put(key, problems.location(keyNode));
                        }
                    });
                }
            } else {
                problems.add(n, context, "expected 'attributes' to be a mapping, found " + YamlFields.kindOf(n));
            }
        });
        List<TensorLiteral> inputs = readTensors(context, f, "inputs");
        List<TensorLiteral> outputs = readTensors(context, f, "outputs");
        if (problems.size() > before) {
            return Optional.empty();
        }
        ExampleSpec example = new ExampleSpec(name, source.get(), (int) opset, attributes, inputs, outputs, f.location());
        rules.recordAttributeLocations(example, locations);
        return Optional.of(example);
    }

    private List<TensorLiteral> readTensors(String context, YamlFields example, String key) {
        List<TensorLiteral> tensors = new ArrayList<>();
        for (Node node : example.list(key).orElse(List.of())) {
            int before = problems.size();
            Optional<YamlFields> fields = YamlFields.of(problems, context, node, "a tensor",
                    Set.of("name", "type", "shape", "values"), Set.of());
            if (fields.isEmpty()) {
                continue;
            }
            YamlFields f = fields.get();
            String name = f.string("name").orElse("?");
            Optional<ElementType> type = f.string("type").flatMap(t -> {
                Optional<ElementType> dt = ElementType.fromOnnxName(t);
                if (dt.isEmpty()) {
                    problems.add(f.node("type").get(), context, "unknown element type '" + t + "' (known: "
                            + Arrays.stream(ElementType.values()).map(ElementType::onnxName).sorted()
                                    .collect(Collectors.joining(", ")) + ")");
                }
                return dt;
            });
            List<Long> shape = new ArrayList<>();
            for (Node d : f.list("shape").orElse(List.of())) {
                f.integerValue(d, "shape").ifPresent(dim -> {
                    if (dim < 0) {
                        problems.add(d, context, "tensor '" + name + "' has negative dimension " + dim);
                    }
                    shape.add(dim);
                });
            }
            List<Node> valueNodes = f.list("values").orElse(List.of());
            List<String> values = new ArrayList<>();
            if (type.isPresent()) {
                for (Node v : valueNodes) {
                    literal(context, name, type.get(), v).ifPresent(values::add);
                }
            }
            if (problems.size() > before) {
                continue;
            }
            TensorLiteral t = new TensorLiteral(name, type.get(), shape, values, f.location());
            long expected;
            try {
                expected = t.elementCount();
            } catch (ArithmeticException e) {
                expected = -1;
            }
            if (expected != values.size()) {
                problems.add(f.node("values").get(), context, "tensor '" + name + "' has " + values.size()
                        + " values but its shape " + shape + " holds " + (expected < 0 ? "too many" : expected));
                continue;
            }
            tensors.add(t);
        }
        return tensors;
    }

    /** One element as text the emitters can parse: integers in range, floats with NaN/Infinity spelled as Java does. */
    private Optional<String> literal(String context, String tensor, ElementType type, Node node) {
        if (!(node instanceof ScalarNode s) || !(s.getTag().equals(Tag.INT) || s.getTag().equals(Tag.FLOAT))) {
            problems.add(node, context, "tensor '" + tensor + "' value is not a number: found " + YamlFields.kindOf(node));
            return Optional.empty();
        }
        String text = s.getValue().replace("_", "");
        if (type.isFloatingPoint()) {
            String lower = text.toLowerCase(java.util.Locale.ROOT);
            if (lower.equals(".nan")) {
                return Optional.of("NaN");
            }
            if (lower.matches("[+]?\\.inf")) {
                return Optional.of("Infinity");
            }
            if (lower.equals("-.inf")) {
                return Optional.of("-Infinity");
            }
            try {
                new BigDecimal(text);
                // A finite decimal that overflows the storage would silently become infinity.
                boolean overflows = type.format() == ElementType.NumberFormat.BINARY64
                        ? Double.isInfinite(Double.parseDouble(text))
                        : Float.isInfinite(Float.parseFloat(text));
                if (overflows) {
                    problems.add(node, context, "tensor '" + tensor + "' value " + text + " overflows "
                            + type.onnxName() + " (write .inf for infinity)");
                    return Optional.empty();
                }
                return Optional.of(text);
            } catch (NumberFormatException e) {
                problems.add(node, context, "tensor '" + tensor + "' value '" + text + "' is not a " + type.onnxName());
                return Optional.empty();
            }
        }
        BigInteger value;
        try {
            value = new BigInteger(text);
        } catch (NumberFormatException e) {
            problems.add(node, context, "tensor '" + tensor + "' value '" + text + "' is not an integer, as "
                    + type.onnxName() + " requires");
            return Optional.empty();
        }
        if (value.compareTo(type.integerMin()) < 0 || value.compareTo(type.integerMax()) > 0) {
            problems.add(node, context, "tensor '" + tensor + "' value " + text + " is out of range for "
                    + type.onnxName() + " [" + type.integerMin() + ", " + type.integerMax() + "]");
            return Optional.empty();
        }
        return Optional.of(value.toString());
    }
}
