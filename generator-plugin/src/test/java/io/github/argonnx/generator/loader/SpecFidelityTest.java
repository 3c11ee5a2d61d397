package io.github.argonnx.generator.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.generator.model.AttributeConstraint;
import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.AttributeType;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.ExampleSpec;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.ParameterSpec;
import io.github.argonnx.generator.model.TensorLiteral;
import io.github.argonnx.generator.model.TypeConstraintSpec;
import io.github.argonnx.generator.model.TypeRef;
import io.github.argonnx.generator.model.VersionSpec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The YAML specs say what the source documents say.
 *
 * <p>Loads {@code specs/operators} through the loader and compares it with facts read here,
 * independently, from the ONNX documents vendored in {@code specs/sources}: the English ArgMin page,
 * the Traditional Chinese ArgMax page (language-neutral facts only), the onnx.ai ArgMin page with
 * its 16 worked examples, and the ONNX node test files vendored for the conformance tests
 * (TensorProtos decoded here, attributes from the folder's README table).
 */
class SpecFidelityTest {

    private static final List<Integer> VERSIONS = List.of(1, 11, 12, 13);
    private static final List<String> ELEVEN_TYPES = List.of("tensor(double)", "tensor(float)", "tensor(float16)",
            "tensor(int16)", "tensor(int32)", "tensor(int64)", "tensor(int8)", "tensor(uint16)", "tensor(uint32)",
            "tensor(uint64)", "tensor(uint8)");
    private static final String NOT_EMPTY = "The input tensor must not be empty.";

    private static Path documents;
    private static Path nodeTests;
    private static List<OperatorSpec> fromDirectory;
    private static OperatorSpec argMax;
    private static OperatorSpec argMin;
    private static Map<Integer, SeedVersion> argMinPage;
    private static Map<Integer, SeedVersion> argMaxPage;
    private static Map<Integer, ChineseVersion> argMaxChinesePage;

    @BeforeAll
    static void load() throws Exception {
        Path repoRoot = Path.of(System.getProperty("argonnx.repoRoot", "..")).toAbsolutePath().normalize();
        documents = repoRoot.resolve("specs/sources");
        nodeTests = repoRoot.resolve("conformance/src/test/resources/onnx-node-tests");
        assertTrue(Files.isDirectory(documents), "the ONNX documents are expected in " + documents);
        assertTrue(Files.isDirectory(nodeTests), "the ONNX node test vectors are expected in " + nodeTests);
        List<OperatorSpec> ops = SpecLoader.loadDirectory(repoRoot.resolve("specs/operators"));
        fromDirectory = ops;
        assertEquals(List.of("ArgMax", "ArgMin"), ops.stream().map(OperatorSpec::name).toList());
        argMax = ops.get(0);
        argMin = ops.get(1);
        argMinPage = SeedVersion.parse(read(documents.resolve("ArgMin.txt")), "ArgMin");
        argMaxPage = SeedVersion.withMaxForMin(argMinPage);
        argMaxChinesePage = ChineseVersion.parse(read(documents.resolve("ArgMax.zh-Hant.txt")));
    }

    @Test
    void theSpecsJarCarriesTheSameSpecs() throws SpecLoadException {
        // argonnx-specs is on the test classpath; its index names the files in the same order
        assertEquals(fromDirectory, SpecLoader.loadBundled());
    }

    // ------------------------------------------------------------------ schema

    @Test
    void bothOperatorsHaveVersions1_11_12_13InTheDefaultDomain() {
        for (OperatorSpec op : List.of(argMax, argMin)) {
            assertEquals("ai.onnx", op.domain());
            assertEquals(VERSIONS, op.versions().stream().map(VersionSpec::sinceVersion).toList(), op.name());
        }
        assertEquals(VERSIONS, List.copyOf(argMinPage.keySet()));
        assertEquals(VERSIONS, List.copyOf(argMaxChinesePage.keySet()));
    }

    @Test
    void versionFlagsMatchTheDocuments() {
        for (OperatorSpec op : List.of(argMax, argMin)) {
            for (VersionSpec v : op.versions()) {
                SeedVersion seed = page(op).get(v.sinceVersion());
                String where = op.name() + "-" + v.sinceVersion();
                assertEquals(seed.function(), v.function(), where);
                assertEquals(seed.supportLevel(), v.supportLevel(), where);
                assertEquals(seed.shapeInference(), v.shapeInference(), where);
            }
        }
        for (VersionSpec v : argMax.versions()) {
            ChineseVersion zh = argMaxChinesePage.get(v.sinceVersion());
            assertEquals(zh.function(), v.function());
            assertEquals(zh.supportLevel(), v.supportLevel());
            assertEquals(zh.shapeInference(), v.shapeInference());
        }
    }

    @Test
    void summariesAreTheDocumentsTextVerbatim() {
        for (OperatorSpec op : List.of(argMax, argMin)) {
            for (VersionSpec v : op.versions()) {
                assertEquals(page(op).get(v.sinceVersion()).summary(), v.summary(), op.name() + "-" + v.sinceVersion());
            }
        }
    }

    @Test
    void summariesCarryEachVersionsOwnSentences() {
        for (OperatorSpec op : List.of(argMax, argMin)) {
            String m = op == argMax ? "max" : "min";
            for (VersionSpec v : op.versions()) {
                int since = v.sinceVersion();
                String s = v.summary();
                String where = op.name() + "-" + since;
                assertTrue(s.startsWith("Computes the indices of the " + m + " elements of the input tensor’s element"
                        + " along the provided axis."), where);
                assertTrue(s.endsWith("The type of the output tensor is integer."), where);
                assertEquals(since == 11, s.contains(NOT_EMPTY), where);
                assertEquals(since == 13, s.contains("If keepdims equals 0, then the resulting tensor has the reduced"
                        + " dimension pruned."), where);
                assertEquals(since == 11 || since == 12, s.contains("If keepdims equal 0, then the resulting tensor"
                        + " has the reduced dimension pruned."), where);
                assertEquals(since == 1, s.contains("If keepdims equal 0, then the resulted tensor have the reduced"
                        + " dimension pruned."), where);
                assertEquals(since >= 12, s.contains("If select_last_index is True (default False), the index of the"
                        + " last occurrence of the " + m + " is selected if the " + m + " appears more than once in"
                        + " the input. Otherwise the index of the first occurrence is selected."), where);
            }
        }
        // the Chinese ArgMax page has the non-empty sentence in version 11 only, too
        argMaxChinesePage.forEach((since, zh) -> assertEquals(since == 11, zh.saysNotEmpty(), "ArgMax-" + since));
    }

    @Test
    void attributesNamesDefaultsAndDocsPerVersion() {
        Map<Integer, List<String>> names = Map.of(1, List.of("axis", "keepdims"), 11, List.of("axis", "keepdims"),
                12, List.of("axis", "keepdims", "select_last_index"),
                13, List.of("axis", "keepdims", "select_last_index"));
        Map<String, Long> defaults = Map.of("axis", 0L, "keepdims", 1L, "select_last_index", 0L);
        for (OperatorSpec op : List.of(argMax, argMin)) {
            for (VersionSpec v : op.versions()) {
                String where = op.name() + "-" + v.sinceVersion();
                List<AttributeSpec> attributes = v.attributes();
                assertEquals(names.get(v.sinceVersion()), attributes.stream().map(AttributeSpec::name).toList(), where);
                assertEquals(page(op).get(v.sinceVersion()).attributes(), attributes.stream()
                        .map(a -> new SeedAttribute(a.name(), a.defaultValue().getAsLong(), a.doc())).toList(), where);
                if (op == argMax) {
                    assertEquals(argMaxChinesePage.get(v.sinceVersion()).attributeDefaults(), attributes.stream()
                            .collect(LinkedHashMap::new, (m, a) -> m.put(a.name(), a.defaultValue().getAsLong()),
                                    Map::putAll), where);
                }
                for (AttributeSpec a : attributes) {
                    assertEquals(AttributeType.INT, a.type(), where + " " + a.name());
                    assertEquals(OptionalLong.of(defaults.get(a.name())), a.defaultValue(), where + " " + a.name());
                }
            }
            assertTrue(op.latest().attribute("select_last_index").orElseThrow().doc().contains("the {name} appears"),
                    "the published {name} slip is kept");
        }
    }

    @Test
    void attributeConstraintsFollowTheDocs() {
        for (OperatorSpec op : List.of(argMax, argMin)) {
            for (VersionSpec v : op.versions()) {
                String where = op.name() + "-" + v.sinceVersion();
                AttributeSpec axis = v.attribute("axis").orElseThrow();
                // the range sentence appears from version 11; version 1 states none
                assertEquals(v.sinceVersion() >= 11, axis.doc().contains("Accepted range is [-r, r-1]"), where);
                assertEquals(v.sinceVersion() >= 11 ? java.util.Optional.of(new AttributeConstraint.AxisOf("data"))
                        : java.util.Optional.empty(), axis.constraint(), where);
                for (AttributeSpec flag : v.attributes()) {
                    if (!flag.name().equals("axis")) {
                        assertEquals(java.util.Optional.of(new AttributeConstraint.AllowedValues(List.of(0L, 1L))),
                                flag.constraint(), where + " " + flag.name());
                    }
                }
            }
        }
    }

    @Test
    void inputsOutputsAndNonEmptyOnlyInVersion11() {
        for (OperatorSpec op : List.of(argMax, argMin)) {
            for (VersionSpec v : op.versions()) {
                String where = op.name() + "-" + v.sinceVersion();
                SeedVersion seed = page(op).get(v.sinceVersion());
                assertEquals(1, v.inputs().size(), where);
                ParameterSpec data = v.inputs().get(0);
                assertEquals(seed.input(), new SeedParameter(data.name(), data.type().toString(), data.doc()), where);
                assertTrue(data.heterogeneous(), where);
                assertEquals(v.sinceVersion() == 11, data.nonEmpty(), where);
                assertEquals(1, v.outputs().size(), where);
                ParameterSpec reduced = v.outputs().get(0);
                assertEquals(seed.output(), new SeedParameter(reduced.name(), reduced.type().toString(), reduced.doc()),
                        where);
                assertEquals(new TypeRef.Fixed(ElementType.INT64), reduced.type(), where);
                assertTrue(reduced.heterogeneous(), where);
            }
        }
    }

    @Test
    void typeConstraintsList11TypesUntilVersion13AddsBfloat16() {
        for (OperatorSpec op : List.of(argMax, argMin)) {
            for (VersionSpec v : op.versions()) {
                String where = op.name() + "-" + v.sinceVersion();
                assertEquals(1, v.typeConstraints().size(), where);
                TypeConstraintSpec t = v.typeConstraints().get(0);
                assertEquals("T", t.parameter(), where);
                List<String> types = t.allowedTypes().stream().map(ElementType::tensorTypeName).toList();
                List<String> expected = new ArrayList<>(ELEVEN_TYPES);
                if (v.sinceVersion() == 13) {
                    expected.add(0, "tensor(bfloat16)");
                }
                assertEquals(expected, types, where);
                assertEquals(page(op).get(v.sinceVersion()).types(), types, where);
                if (op == argMax) {
                    assertEquals(argMaxChinesePage.get(v.sinceVersion()).types(), types, where);
                }
                assertEquals(page(op).get(v.sinceVersion()).typeDoc(), t.doc(), where);
            }
        }
    }

    // ------------------------------------------------------------------ examples

    @Test
    void argMinHasTheSixteenPageExamplesThenItsSixteenNodeTests() throws IOException {
        List<SeedExample> page = SeedExample.parse(read(documents.resolve("ArgMin-13.onnx-ai.txt")));
        assertEquals(16, page.size());
        List<String> expected = new ArrayList<>(page.stream().map(SeedExample::name).toList());
        expected.addAll(nodeTests("test_argmin_"));
        assertEquals(32, expected.size());
        assertEquals(expected, argMin.examples().stream().map(ExampleSpec::name).toList());
    }

    @Test
    void argMaxHasItsSixteenNodeTests() throws IOException {
        List<String> expected = nodeTests("test_argmax_");
        assertEquals(16, expected.size());
        assertEquals(expected, argMax.examples().stream().map(ExampleSpec::name).toList());
    }

    @Test
    void argMinPageExamplesMatchThePageText() throws IOException {
        Map<String, ExampleSpec> byName = byName(argMin);
        for (SeedExample seed : SeedExample.parse(read(documents.resolve("ArgMin-13.onnx-ai.txt")))) {
            ExampleSpec e = byName.get(seed.name());
            assertEquals(13, e.opset(), seed.name());
            assertTrue(e.source().contains("onnx.ai ArgMin"), seed.name());
            assertEquals(seed.attributes(), e.attributes(), seed.name());
            TensorLiteral data = single(e.inputs());
            assertEquals("data", data.name());
            assertEquals(ElementType.FLOAT, data.type(), seed.name());
            assertEquals(seed.inputShape(), data.shape(), seed.name());
            assertEquals(seed.inputValues(), data.values(), seed.name() + ": input written as the page prints it");
            TensorLiteral result = single(e.outputs());
            assertEquals("result", result.name());
            assertEquals(ElementType.INT64, result.type(), seed.name());
            assertEquals(seed.outputShape(), result.shape(), seed.name());
            assertEquals(seed.outputValues(), result.values(), seed.name() + ": expected output");
        }
    }

    @Test
    void nodeTestExamplesMatchTheTestFiles() throws IOException {
        Map<String, NodeTestRow> table = NodeTestRow.parse(read(nodeTests.resolve("README.md")));
        assertEquals(32, table.size());
        for (OperatorSpec op : List.of(argMax, argMin)) {
            String prefix = "test_" + op.name().toLowerCase(java.util.Locale.ROOT) + "_";
            int checked = 0;
            for (ExampleSpec e : op.examples()) {
                if (!e.name().startsWith(prefix)) {
                    continue;
                }
                checked++;
                NodeTestRow row = table.get(e.name());
                assertEquals(op.name(), row.op(), e.name());
                assertEquals(row.opset(), e.opset(), e.name());
                assertEquals(row.attributes(), e.attributes(), e.name());
                assertTrue(e.source().contains("6be0677fc22e74563e6eb472f931513aefe5648d"), e.name());
                Path dataSet = nodeTests.resolve(e.name()).resolve("test_data_set_0");

                TensorLiteral data = single(e.inputs());
                StoredTensor input = StoredTensor.read(dataSet.resolve("input_0.pb"));
                assertEquals(ElementType.FLOAT.tensorProtoCode(), input.dataType(), e.name());
                assertEquals(ElementType.FLOAT, data.type(), e.name());
                assertEquals(input.dims(), data.shape(), e.name());
                assertEquals(row.inputShape(), data.shape(), e.name());
                ByteBuffer raw = input.raw();
                List<Integer> storedBits = new ArrayList<>();
                while (raw.hasRemaining()) {
                    storedBits.add(Float.floatToRawIntBits(raw.getFloat()));
                }
                // each decimal in the YAML must read back to exactly the stored float32
                assertEquals(storedBits, data.values().stream()
                        .map(text -> Float.floatToRawIntBits(Float.parseFloat(text))).toList(), e.name());

                TensorLiteral result = single(e.outputs());
                StoredTensor output = StoredTensor.read(dataSet.resolve("output_0.pb"));
                assertEquals(ElementType.INT64.tensorProtoCode(), output.dataType(), e.name());
                assertEquals(ElementType.INT64, result.type(), e.name());
                assertEquals(output.dims(), result.shape(), e.name());
                assertEquals(row.outputShape(), result.shape(), e.name());
                List<String> storedIndices = new ArrayList<>();
                ByteBuffer out = output.raw();
                while (out.hasRemaining()) {
                    storedIndices.add(Long.toString(out.getLong()));
                }
                assertEquals(storedIndices, result.values(), e.name());
            }
            assertEquals(16, checked, op.name());
        }
    }

    // ------------------------------------------------------------------ helpers

    private static Map<Integer, SeedVersion> page(OperatorSpec op) {
        return op == argMax ? argMaxPage : argMinPage;
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    private static List<String> nodeTests(String prefix) throws IOException {
        try (Stream<Path> dirs = Files.list(nodeTests)) {
            return dirs.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(prefix)).sorted().toList();
        }
    }

    private static Map<String, ExampleSpec> byName(OperatorSpec op) {
        Map<String, ExampleSpec> map = new LinkedHashMap<>();
        op.examples().forEach(e -> map.put(e.name(), e));
        return map;
    }

    private static TensorLiteral single(List<TensorLiteral> tensors) {
        assertEquals(1, tensors.size());
        return tensors.get(0);
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
            Map<Integer, SeedVersion> versions = new java.util.TreeMap<>();
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
            Map<Integer, SeedVersion> argMax = new java.util.TreeMap<>();
            argMin.forEach((since, v) -> argMax.put(since, new SeedVersion(v.function(), v.supportLevel(),
                    v.shapeInference(), v.summary().replaceAll("\\bmin\\b", "max"),
                    v.attributes().stream().map(a -> new SeedAttribute(a.name(), a.defaultValue(),
                            a.doc().replaceAll("\\bmin\\b", "max"))).toList(),
                    v.input(), v.output(), v.types(), v.typeDoc())));
            return argMax;
        }
    }

    // ------------------------------------------------------------------ the Chinese ArgMax page (ArgMax.zh-Hant.txt)

    /** The language-neutral facts of one version of the Traditional Chinese ArgMax page. */
    record ChineseVersion(boolean function, String supportLevel, boolean shapeInference,
            Map<String, Long> attributeDefaults, List<String> types, boolean saysNotEmpty) {

        static Map<Integer, ChineseVersion> parse(String text) {
            Map<Integer, ChineseVersion> versions = new java.util.TreeMap<>();
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
