package io.github.argonnx.generator.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Readers of the vendored ONNX documents for {@link SpecFidelityTest}, written apart from the spec
 * loader so that the two agree only where the documents and the YAML do: the English ArgMin page,
 * the Traditional Chinese ArgMax page, the onnx.ai ArgMin examples, the ONNX node tests and the TopK
 * schemas.
 */
final class SourceDocuments {

    private SourceDocuments() {
    }

    private static List<Long> dims(String text) {
        List<Long> dims = new ArrayList<>();
        for (String d : text.split(",")) {
            if (!d.isBlank()) {
                dims.add(Long.parseLong(d.strip()));
            }
        }
        return dims;
    }

    private static String group(Matcher m, String text, int group) {
        if (!m.find()) {
            throw new AssertionError("pattern " + m.pattern() + " not found in:\n" + text);
        }
        return m.group(group);
    }

    // ------------------------------------------------------------------ the English ArgMin page (ArgMin.txt)

    record SeedAttribute(String name, long defaultValue, String doc) {}

    record SeedParameter(String name, String type, String doc) {}

    record SeedVersion(boolean function, String supportLevel, boolean shapeInference, String summary,
            List<SeedAttribute> attributes, SeedParameter input, SeedParameter output, List<String> types,
            String typeDoc) {

        private static final Pattern ATTRIBUTE = Pattern.compile("  • (\\w+) - INT \\(default is '(-?\\d+)'\\):\\n\\n    (.*)");
        private static final Pattern PARAMETER = Pattern.compile("  • (\\w+) \\(heterogeneous\\) - ([\\w()]+):\\n\\n    (.*)");

        /** Sections "ArgMin - 13", "ArgMin - 12", ... keyed by since_version, ascending. */
        static Map<Integer, SeedVersion> parse(String text, String op) {
            Map<Integer, SeedVersion> versions = new TreeMap<>();
            String[] sections = text.split("(?m)^" + op + " - \\d+$");
            for (int i = 1; i < sections.length; i++) {
                String s = sections[i];
                int since = Integer.parseInt(group(Pattern.compile("since_version: (\\d+)").matcher(s), s, 1));
                List<SeedAttribute> attributes = new ArrayList<>();
                Matcher a = ATTRIBUTE.matcher(s);
                while (a.find()) {
                    attributes.add(new SeedAttribute(a.group(1), Long.parseLong(a.group(2)), a.group(3)));
                }
                Matcher p = PARAMETER.matcher(s);
                List<SeedParameter> parameters = new ArrayList<>();
                while (p.find()) {
                    parameters.add(new SeedParameter(p.group(1), p.group(2), p.group(3)));
                }
                assertEquals(2, parameters.size(), "one input and one output in " + op + "-" + since);
                Matcher t = Pattern.compile("T in \\( (.*) \\):\\n\\n    (.*)").matcher(s);
                group(t, s, 1);
                versions.put(since, new SeedVersion(
                        group(Pattern.compile("function: (True|False)").matcher(s), s, 1).equals("True"),
                        group(Pattern.compile("support_level: SupportType\\.(\\w+)").matcher(s), s, 1),
                        group(Pattern.compile("shape inference: (True|False)").matcher(s), s, 1).equals("True"),
                        group(Pattern.compile("Summary\\n\\n(.*)\\n").matcher(s), s, 1),
                        attributes, parameters.get(0), parameters.get(1), List.of(t.group(1).split(", ")),
                        t.group(2)));
            }
            return versions;
        }

        /** ONNX's English ArgMax text is the ArgMin text with max for min. */
        static Map<Integer, SeedVersion> withMaxForMin(Map<Integer, SeedVersion> argMin) {
            Map<Integer, SeedVersion> argMax = new TreeMap<>();
            argMin.forEach((since, v) -> argMax.put(since, new SeedVersion(v.function(), v.supportLevel(),
                    v.shapeInference(), v.summary().replaceAll("\\bmin\\b", "max"),
                    v.attributes().stream().map(a -> new SeedAttribute(a.name(), a.defaultValue(),
                            a.doc().replaceAll("\\bmin\\b", "max"))).toList(),
                    v.input(), v.output(), v.types(), v.typeDoc())));
            return argMax;
        }
    }

    // ------------------------------------------------------------------ the TopK schemas (TopK.md)

    /** An attribute line of TopK.md; {@code defaultValue} is null for a required attribute. */
    record DocAttribute(String name, Long defaultValue, String doc) {}

    /** An input, output or type constraint line of TopK.md: name, type (or the listed types) and doc. */
    record DocEntry(String name, String type, String doc) {}

    /** One "## TopK-N" section of TopK.md. */
    record TopKVersion(String domain, String supportLevel, String summary, List<DocAttribute> attributes,
            List<DocEntry> inputs, List<DocEntry> outputs, List<DocEntry> typeConstraints) {

        private static final Pattern HEADER = Pattern.compile(
                "\\s*- domain: (\\w+) \\(ai\\.onnx\\); since_version: (\\d+); support level: (\\w+)\\n\\n");

        /** Sections keyed by since_version, ascending. */
        static Map<Integer, TopKVersion> parse(String text) {
            Map<Integer, TopKVersion> versions = new TreeMap<>();
            String[] sections = text.split("(?m)^## TopK-\\d+$");
            for (int i = 1; i < sections.length; i++) {
                String s = sections[i];
                Matcher h = HEADER.matcher(s);
                assertTrue(h.lookingAt(), "section header of section " + i);
                int attributes = s.indexOf("### Attributes\n");
                versions.put(Integer.parseInt(h.group(2)), new TopKVersion(h.group(1), h.group(3),
                        s.substring(h.end(), attributes).strip(), attributes(part(s, "Attributes")),
                        entries(part(s, "Inputs"), "\\((tensor\\(\\w+\\)|\\w+)\\)"),
                        entries(part(s, "Outputs"), "\\((tensor\\(\\w+\\)|\\w+)\\)"),
                        entries(part(s, "Type constraints"), "in \\((.*)\\)")));
            }
            return versions;
        }

        private static String part(String section, String title) {
            int start = section.indexOf("### " + title + "\n");
            assertTrue(start >= 0, title);
            int end = section.indexOf("\n### ", start + 1);
            return section.substring(start + title.length() + 5, end < 0 ? section.length() : end);
        }

        private static List<DocAttribute> attributes(String part) {
            List<DocAttribute> list = new ArrayList<>();
            Matcher m = Pattern.compile("(?m)^- \\*\\*(\\w+)\\*\\* - INT \\((?:default is '(-?\\d+)'|required)\\): (.*)$")
                    .matcher(part);
            while (m.find()) {
                list.add(new DocAttribute(m.group(1), m.group(2) == null ? null : Long.valueOf(m.group(2)), m.group(3)));
            }
            assertEquals(part.lines().filter(l -> l.startsWith("- ")).count(), list.size(), part);
            return list;
        }

        private static List<DocEntry> entries(String part, String type) {
            List<DocEntry> list = new ArrayList<>();
            Matcher m = Pattern.compile("(?m)^- \\*\\*(\\w+)\\*\\* " + type + ": (.*)$").matcher(part);
            while (m.find()) {
                list.add(new DocEntry(m.group(1), m.group(2), m.group(3)));
            }
            assertEquals(part.lines().filter(l -> l.startsWith("- ")).count(), list.size(), part);
            return list;
        }
    }

    // ------------------------------------------------------------------ the Chinese ArgMax page (ArgMax.zh-Hant.txt)

    /** The language-neutral facts of one version of the Traditional Chinese ArgMax page. */
    record ChineseVersion(boolean function, String supportLevel, boolean shapeInference,
            Map<String, Long> attributeDefaults, List<String> types, boolean saysNotEmpty) {

        static Map<Integer, ChineseVersion> parse(String text) {
            Map<Integer, ChineseVersion> versions = new TreeMap<>();
            String[] sections = text.split("(?m)^ArgMax - \\d+$");
            for (int i = 1; i < sections.length; i++) {
                String s = sections[i];
                int since = Integer.parseInt(group(Pattern.compile("since_version: (\\d+)").matcher(s), s, 1));
                Map<String, Long> defaults = new LinkedHashMap<>();
                Matcher a = Pattern.compile("  • (\\w+) - INT \\(預設為 '(-?\\d+)'\\)").matcher(s);
                while (a.find()) {
                    defaults.put(a.group(1), Long.parseLong(a.group(2)));
                }
                versions.put(since, new ChineseVersion(
                        group(Pattern.compile("函數: (True|False)").matcher(s), s, 1).equals("True"),
                        group(Pattern.compile("支援層級: SupportType\\.(\\w+)").matcher(s), s, 1),
                        group(Pattern.compile("形狀推斷: (True|False)").matcher(s), s, 1).equals("True"),
                        defaults,
                        List.of(group(Pattern.compile("T 在 \\( (.*) \\) 中").matcher(s), s, 1).split(", ")),
                        s.contains("輸入張量不得為空")));
            }
            return versions;
        }
    }

    // ------------------------------------------------------------------ the onnx.ai ArgMin examples (ArgMin-13.onnx-ai.txt)

    record SeedExample(String name, Map<String, Long> attributes, List<Long> inputShape, List<String> inputValues,
            List<Long> outputShape, List<String> outputValues) {

        private static final Pattern TENSOR = Pattern.compile("^(\\w+): shape=\\(([\\d, ]*)\\), dtype=(\\w+)$");
        private static final Pattern NUMBER = Pattern.compile("-?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?");

        /** Blocks from "test_cc_..." to the next one; numbers kept as the page prints them, row-major. */
        static List<SeedExample> parse(String text) {
            List<SeedExample> examples = new ArrayList<>();
            String name = null;
            String section = null;
            Map<String, Long> attributes = null;
            List<List<Long>> shapes = new ArrayList<>();
            List<List<String>> values = new ArrayList<>();
            for (String line : (text + "\nDifferences with").lines().toList()) {
                if (line.startsWith("test_cc_") || line.startsWith("Differences with")) {
                    if (name != null) {
                        assertEquals(2, shapes.size(), name);
                        examples.add(new SeedExample(name, attributes, shapes.get(0), values.get(0), shapes.get(1),
                                values.get(1)));
                    }
                    if (line.startsWith("Differences with")) {
                        if (name != null) {
                            break;
                        }
                        continue;
                    }
                    name = line.strip();
                    section = null;
                    attributes = new LinkedHashMap<>();
                    shapes = new ArrayList<>();
                    values = new ArrayList<>();
                } else if (name == null) {
                    continue;
                } else if (line.equals("Attributes:") || line.equals("Inputs:") || line.equals("Outputs:")
                        || line.equals("Node:")) {
                    section = line;
                } else if ("Attributes:".equals(section)) {
                    String[] kv = line.split("=");
                    attributes.put(kv[0].strip(), Long.parseLong(kv[1].strip()));
                } else if ("Inputs:".equals(section) || "Outputs:".equals(section)) {
                    Matcher header = TENSOR.matcher(line);
                    if (header.matches()) {
                        shapes.add(dims(header.group(2)));
                        values.add(new ArrayList<>());
                    } else {
                        Matcher n = NUMBER.matcher(line);
                        while (n.find()) {
                            values.get(values.size() - 1).add(n.group());
                        }
                    }
                }
            }
            return examples;
        }
    }

    // ------------------------------------------------------------------ the ONNX node tests

    /** A row of the table in onnx-node-tests/README.md. */
    record NodeTestRow(String op, int opset, Map<String, Long> attributes, List<Long> inputShape,
            List<Long> outputShape) {

        static Map<String, NodeTestRow> parse(String readme) {
            Map<String, NodeTestRow> rows = new LinkedHashMap<>();
            for (String line : readme.lines().filter(l -> l.startsWith("| test_arg")).toList()) {
                String[] c = line.split("\\|");
                // | Test | Op | Opset | axis | keepdims | select_last_index | Input dtype | Input shape | Output dtype | Output shape |
                Map<String, Long> attributes = new LinkedHashMap<>();
                String[] names = {"axis", "keepdims", "select_last_index"};
                for (int i = 0; i < 3; i++) {
                    String cell = c[4 + i].strip();
                    if (!cell.startsWith("-") || cell.matches("-\\d+")) {
                        attributes.put(names[i], Long.parseLong(cell));
                    }
                }
                rows.put(c[1].strip(), new NodeTestRow(c[2].strip(), Integer.parseInt(c[3].strip()), attributes,
                        dims(c[8].strip().replaceAll("[\\[\\]]", "")), dims(c[10].strip().replaceAll("[\\[\\]]", ""))));
            }
            return rows;
        }
    }

    /** The fields of a serialized TensorProto this test needs: dims (1), data_type (2), raw_data (9). */
    record StoredTensor(List<Long> dims, int dataType, ByteBuffer raw) {

        static StoredTensor read(Path file) throws IOException {
            ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(file));
            List<Long> dims = new ArrayList<>();
            int dataType = -1;
            ByteBuffer raw = null;
            while (in.hasRemaining()) {
                long key = varint(in);
                int field = (int) (key >>> 3);
                int wireType = (int) (key & 7);
                if (wireType == 0) {
                    long value = varint(in);
                    if (field == 1) {
                        dims.add(value);
                    } else if (field == 2) {
                        dataType = (int) value;
                    }
                } else if (wireType == 2) {
                    int length = (int) varint(in);
                    ByteBuffer bytes = in.slice(in.position(), length).order(ByteOrder.LITTLE_ENDIAN);
                    in.position(in.position() + length);
                    if (field == 9) {
                        raw = bytes;
                    } else if (field == 1) { // packed dims
                        while (bytes.hasRemaining()) {
                            dims.add(varint(bytes));
                        }
                    }
                } else if (wireType == 5) {
                    in.position(in.position() + 4);
                } else if (wireType == 1) {
                    in.position(in.position() + 8);
                } else {
                    throw new IOException("unexpected wire type " + wireType + " in " + file);
                }
            }
            assertFalse(raw == null, file + " has no raw_data");
            return new StoredTensor(dims, dataType, raw);
        }

        private static long varint(ByteBuffer in) {
            long value = 0;
            for (int shift = 0; ; shift += 7) {
                byte b = in.get();
                value |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return value;
                }
            }
        }
    }
}
