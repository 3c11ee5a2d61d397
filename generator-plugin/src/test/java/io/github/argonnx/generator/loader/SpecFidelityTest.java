package io.github.argonnx.generator.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.generator.loader.SourceDocuments.ChineseVersion;
import io.github.argonnx.generator.loader.SourceDocuments.NodeTestRow;
import io.github.argonnx.generator.loader.SourceDocuments.SeedAttribute;
import io.github.argonnx.generator.loader.SourceDocuments.SeedExample;
import io.github.argonnx.generator.loader.SourceDocuments.SeedParameter;
import io.github.argonnx.generator.loader.SourceDocuments.SeedVersion;
import io.github.argonnx.generator.loader.SourceDocuments.StoredTensor;
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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The YAML specs say what the source documents say.
 *
 * <p>Loads {@code specs/operators} through the loader and compares it with facts read
 * independently, from the ONNX documents vendored in {@code specs/sources}: the English ArgMin page,
 * the Traditional Chinese ArgMax page (language-neutral facts only), the onnx.ai ArgMin page with
 * its 16 worked examples, and the ONNX node test files vendored for the conformance tests
 * (TensorProtos decoded, attributes from the folder's README table), read by {@link SourceDocuments}.
 * TopK's spec is compared with its document in {@link TopKFidelityTest}.
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
        assertEquals(List.of("ArgMax", "ArgMin", "TopK"), ops.stream().map(OperatorSpec::name).toList());
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
}
