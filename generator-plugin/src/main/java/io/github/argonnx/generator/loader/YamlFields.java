package io.github.argonnx.generator.loader;

import io.github.argonnx.generator.model.SourceLocation;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Typed, checked access to one YAML mapping node. Every problem (unknown, duplicate or missing key,
 * a value of the wrong kind) is recorded with the node's position; getters then return empty so that
 * loading goes on and all problems of a run are reported together.
 */
final class YamlFields {

    private final Problems problems;
    private final String context;
    private final Node node;
    private final Map<String, NodeTuple> entries = new LinkedHashMap<>();

    private YamlFields(Problems problems, String context, Node node) {
        this.problems = problems;
        this.context = context;
        this.node = node;
    }

    /**
     * Reads a mapping whose keys must come from {@code required} and {@code optional}.
     *
     * @param what what the mapping is, for messages ("attribute", "version")
     */
    static Optional<YamlFields> of(
            Problems problems, String context, Node node, String what, Set<String> required, Set<String> optional) {
        if (!(node instanceof MappingNode mapping)) {
            problems.add(node, context, "expected " + what + " to be a mapping, found " + kindOf(node));
            return Optional.empty();
        }
        YamlFields fields = new YamlFields(problems, context, node);
        List<String> allowed = new ArrayList<>(required);
        allowed.addAll(optional);
        allowed.sort(null);
        for (NodeTuple tuple : mapping.getValue()) {
            Node keyNode = tuple.getKeyNode();
            if (!(keyNode instanceof ScalarNode scalarKey)) {
                problems.add(keyNode, context, "expected a plain key in " + what + ", found " + kindOf(keyNode));
                continue;
            }
            String key = scalarKey.getValue();
            if (!required.contains(key) && !optional.contains(key)) {
                problems.add(keyNode, context, "unknown key '" + key + "' in " + what
                        + " (expected one of: " + String.join(", ", allowed) + ")");
            } else if (fields.entries.containsKey(key)) {
                problems.add(keyNode, context, "duplicate key '" + key + "' in " + what + " (first at line "
                        + line(fields.entries.get(key).getKeyNode()) + ")");
            } else {
                fields.entries.put(key, tuple);
            }
        }
        // sorted: Set.of iterates in a different order on every run, and reports must not
        for (String key : required.stream().sorted().toList()) {
            if (!fields.entries.containsKey(key)) {
                problems.add(node, context, "missing required key '" + key + "' in " + what);
            }
        }
        return Optional.of(fields);
    }

    SourceLocation location() {
        return problems.location(node);
    }

    boolean has(String key) {
        return entries.containsKey(key);
    }

    Optional<Node> node(String key) {
        return Optional.ofNullable(entries.get(key)).map(NodeTuple::getValueNode);
    }

    /** Position of the key itself, for problems about the entry as a whole. */
    Node keyNode(String key) {
        NodeTuple t = entries.get(key);
        return t == null ? node : t.getKeyNode();
    }

    Optional<String> string(String key) {
        return node(key).flatMap(n -> scalar(n, key, "a string", Tag.STR));
    }

    /**
     * Only {@code true} or {@code false}: SnakeYAML follows YAML 1.1, where {@code yes}, {@code no},
     * {@code on} and {@code off} are booleans too, and {@code Boolean.parseBoolean("yes")} is false.
     */
    Optional<Boolean> bool(String key) {
        return node(key).flatMap(n -> scalar(n, key, "true or false", Tag.BOOL).flatMap(text -> {
            String lower = text.toLowerCase(java.util.Locale.ROOT);
            if (lower.equals("true") || lower.equals("false")) {
                return Optional.of(Boolean.parseBoolean(lower));
            }
            problems.add(n, context, "expected '" + key + "' to be true or false, found '" + text
                    + "' (YAML 1.1 reads it as a boolean; write true or false)");
            return Optional.empty();
        }));
    }

    Optional<Long> integer(String key) {
        return node(key).flatMap(n -> integerValue(n, key));
    }

    Optional<List<Node>> list(String key) {
        return node(key).flatMap(n -> {
            if (n instanceof SequenceNode seq) {
                return Optional.of(seq.getValue());
            }
            problems.add(n, context, "expected '" + key + "' to be a list, found " + kindOf(n));
            return Optional.empty();
        });
    }

    /** A scalar of the given tag; anything else is a problem. */
    Optional<String> scalar(Node n, String key, String expected, Tag tag) {
        if (n instanceof ScalarNode s && s.getTag().equals(tag)) {
            return Optional.of(s.getValue());
        }
        problems.add(n, context, "expected '" + key + "' to be " + expected + ", found " + kindOf(n));
        return Optional.empty();
    }

    /** A signed 64-bit integer. */
    Optional<Long> integerValue(Node n, String key) {
        Optional<String> text = scalar(n, key, "an integer", Tag.INT);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        String digits = text.get().replace("_", "");
        if (!digits.matches("[-+]?(0|[1-9][0-9]*)")) {
            problems.add(n, context, "'" + key + "' value " + text.get() + " is not a decimal integer (write it in "
                    + "decimal digits without a leading 0; YAML reads 0x1 as hexadecimal and 010 as octal)");
            return Optional.empty();
        }
        try {
            return Optional.of(new BigInteger(digits).longValueExact());
        } catch (ArithmeticException | NumberFormatException e) {
            problems.add(n, context, "'" + key + "' value " + text.get() + " is not a 64-bit integer");
            return Optional.empty();
        }
    }

    static String kindOf(Node n) {
        if (n instanceof MappingNode) {
            return "a mapping";
        }
        if (n instanceof SequenceNode) {
            return "a list";
        }
        ScalarNode s = (ScalarNode) n;
        Tag tag = s.getTag();
        String kind;
        if (tag.equals(Tag.INT)) {
            kind = "integer";
        } else if (tag.equals(Tag.FLOAT)) {
            kind = "number";
        } else if (tag.equals(Tag.BOOL)) {
            kind = "boolean";
        } else if (tag.equals(Tag.NULL)) {
            return "nothing (null)";
        } else {
            kind = "string";
        }
        return kind + " '" + s.getValue() + "'";
    }

    static int line(Node n) {
        return n.getStartMark().getLine() + 1;
    }
}
