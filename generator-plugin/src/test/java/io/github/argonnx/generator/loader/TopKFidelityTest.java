package io.github.argonnx.generator.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.generator.loader.SourceDocuments.DocAttribute;
import io.github.argonnx.generator.loader.SourceDocuments.DocEntry;
import io.github.argonnx.generator.loader.SourceDocuments.TopKVersion;
import io.github.argonnx.generator.model.AttributeConstraint;
import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.AttributeType;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.ExampleSpec;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.ParameterSpec;
import io.github.argonnx.generator.model.TensorLiteral;
import io.github.argonnx.generator.model.TypeConstraintSpec;
import io.github.argonnx.generator.model.VersionSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * TopK's spec says what its document says: {@code specs/operators/TopK.yaml}, loaded through the loader,
 * compared with {@code specs/sources/TopK.md} read by {@link SourceDocuments.TopKVersion}, version by
 * version; and each example's expected outputs are what TopK gives for its inputs, computed here.
 */
class TopKFidelityTest {

    private static OperatorSpec topK;
    private static Map<Integer, TopKVersion> document;

    @BeforeAll
    static void load() throws Exception {
        Path repoRoot = Path.of(System.getProperty("argonnx.repoRoot", "..")).toAbsolutePath().normalize();
        topK = SpecLoader.loadDirectory(repoRoot.resolve("specs/operators")).stream()
                .filter(op -> op.name().equals("TopK")).findFirst().orElseThrow();
        document = TopKVersion.parse(Files.readString(repoRoot.resolve("specs/sources/TopK.md"), StandardCharsets.UTF_8));
    }

    @Test
    void versions1_10_11_24InTheDefaultDomain() {
        assertEquals(List.of(1, 10, 11, 24), List.copyOf(document.keySet()));
        assertEquals(List.copyOf(document.keySet()), topK.versions().stream().map(VersionSpec::sinceVersion).toList());
        assertEquals("ai.onnx", topK.domain());
        for (VersionSpec v : topK.versions()) {
            TopKVersion doc = document.get(v.sinceVersion());
            assertEquals("main", doc.domain(), "the document's name of ai.onnx");
            assertEquals(doc.supportLevel(), v.supportLevel(), where(v));
            assertTrue(!v.function() && v.shapeInference(), where(v) + ": written as for ArgMax and ArgMin");
        }
    }

    @Test
    void summariesAreTheDocumentsTextVerbatim() {
        for (VersionSpec v : topK.versions()) {
            assertEquals(document.get(v.sinceVersion()).summary(), v.summary(), where(v));
        }
        assertTrue(topK.version(10).orElseThrow().summary().contains("along the axis  as\n a tiebreaker"),
                "line breaks and double spaces kept");
    }

    @Test
    void attributesNamesDefaultsAndDocsPerVersion() {
        for (VersionSpec v : topK.versions()) {
            assertEquals(document.get(v.sinceVersion()).attributes(), v.attributes().stream()
                    .map(a -> new DocAttribute(a.name(), a.defaultValue().isPresent() ? a.defaultValue().getAsLong() : null,
                            a.doc())).toList(), where(v));
            v.attributes().forEach(a -> assertEquals(AttributeType.INT, a.type(), where(v)));
        }
        assertTrue(topK.version(1).orElseThrow().attribute("k").orElseThrow().required(), "k is required in TopK-1");
        assertEquals(List.of("axis", "largest", "sorted"), topK.latest().attributes().stream().map(AttributeSpec::name)
                .toList());
    }

    @Test
    void constraintsFollowTheDocs() {
        for (VersionSpec v : topK.versions()) {
            AttributeSpec axis = v.attribute("axis").orElseThrow();
            boolean statesRange = axis.doc().contains("Accepted range is [-r, r-1] where r = rank(input)");
            assertEquals(v.sinceVersion() >= 11, statesRange, where(v));
            assertEquals(statesRange ? Optional.of(new AttributeConstraint.AxisOf("X")) : Optional.empty(),
                    axis.constraint(), where(v));
            for (String flag : List.of("largest", "sorted")) {
                assertEquals(v.sinceVersion() >= 11 ? Optional.of(Optional.of(new AttributeConstraint.AllowedValues(
                        List.of(0L, 1L)))) : Optional.empty(), v.attribute(flag).map(AttributeSpec::constraint),
                        where(v) + " " + flag);
            }
        }
    }

    @Test
    void inputsAndOutputsPerVersion() {
        for (VersionSpec v : topK.versions()) {
            TopKVersion doc = document.get(v.sinceVersion());
            assertEquals(doc.inputs(), entries(v.inputs()), where(v));
            assertEquals(doc.outputs(), entries(v.outputs()), where(v));
            for (ParameterSpec p : v.inputs()) {
                assertEquals(p.name().equals("K") ? Optional.of(List.of(1L)) : Optional.empty(), p.shape(),
                        where(v) + " " + p.name() + ": \"A 1-D tensor containing a single ... value\"");
                assertTrue(p.heterogeneous() && !p.nonEmpty(), where(v));
            }
            v.outputs().forEach(p -> assertTrue(p.heterogeneous(), where(v)));
        }
        assertEquals(List.of("X"), topK.version(1).orElseThrow().inputs().stream().map(ParameterSpec::name).toList());
    }

    @Test
    void typeConstraintsPerVersion() {
        for (VersionSpec v : topK.versions()) {
            assertEquals(document.get(v.sinceVersion()).typeConstraints(), v.typeConstraints().stream()
                    .map(c -> new DocEntry(c.parameter(), String.join(", ", c.allowedTypes().stream()
                            .map(ElementType::tensorTypeName).toList()), c.doc())).toList(), where(v));
        }
        TypeConstraintSpec t24 = topK.latest().typeConstraint("T").orElseThrow();
        assertEquals(ElementType.BFLOAT16, t24.allowedTypes().get(t24.allowedTypes().size() - 1), "24 adds bfloat16");
        assertEquals(List.of(ElementType.INT64), topK.latest().typeConstraint("I").orElseThrow().allowedTypes());
    }

    @Test
    void theSevenNodeTestExamplesHoldTheirExpectedOutputs() {
        assertEquals(List.of("test_top_k", "test_top_k_negative_axis", "test_top_k_same_values",
                "test_top_k_same_values_2d", "test_top_k_same_values_largest", "test_top_k_smallest",
                "test_top_k_uint64"), topK.examples().stream().map(ExampleSpec::name).toList());
        for (ExampleSpec e : topK.examples()) {
            assertEquals(24, e.opset(), e.name());
            VersionSpec v = topK.versionAt(e.opset()).orElseThrow();
            TensorLiteral x = e.inputs().get(0);
            long k = Long.parseLong(e.inputs().get(1).values().get(0));
            long axis = e.attributes().getOrDefault("axis", v.attribute("axis").orElseThrow().defaultValue().getAsLong());
            boolean largest = e.attributes().getOrDefault("largest", 1L) == 1;
            List<List<String>> expected = topK(x, (int) k, (int) Math.floorMod(axis, x.shape().size()), largest);
            assertEquals(x.type(), e.outputs().get(0).type(), e.name());
            assertEquals(expected.get(0), e.outputs().get(0).values(), e.name() + " values");
            assertEquals(ElementType.INT64, e.outputs().get(1).type(), e.name());
            assertEquals(expected.get(1), e.outputs().get(1).values(), e.name() + " indices");
            List<Long> shape = new ArrayList<>(x.shape());
            shape.set((int) Math.floorMod(axis, x.shape().size()), k);
            assertEquals(shape, e.outputs().get(0).shape(), e.name());
            assertEquals(shape, e.outputs().get(1).shape(), e.name());
        }
    }

    /** TopK by the documents: per slice, the k largest (smallest) values, the lower index first among equals. */
    private static List<List<String>> topK(TensorLiteral x, int k, int axis, boolean largest) {
        long inner = x.shape().subList(axis + 1, x.shape().size()).stream().reduce(1L, Math::multiplyExact);
        int length = x.shape().get(axis).intValue();
        long outer = x.elementCount() / (length * inner);
        List<String> values = new ArrayList<>();
        List<String> indices = new ArrayList<>();
        String[][] outValues = new String[(int) (outer * inner)][];
        int[][] outIndices = new int[(int) (outer * inner)][];
        for (long o = 0; o < outer; o++) {
            for (long i = 0; i < inner; i++) {
                long base = o * length * inner + i;
                Comparator<Integer> byValue = Comparator.comparing(j -> new java.math.BigDecimal(
                        x.values().get((int) (base + j * inner))));
                List<Integer> order = new ArrayList<>();
                for (int j = 0; j < length; j++) {
                    order.add(j);
                }
                order.sort((largest ? byValue.reversed() : byValue).thenComparing(Comparator.naturalOrder()));
                int slice = (int) (o * inner + i);
                outValues[slice] = order.subList(0, k).stream().map(j -> x.values().get((int) (base + j * inner)))
                        .toArray(String[]::new);
                outIndices[slice] = order.subList(0, k).stream().mapToInt(Integer::intValue).toArray();
            }
        }
        for (long o = 0; o < outer; o++) {
            for (int j = 0; j < k; j++) {
                for (long i = 0; i < inner; i++) {
                    values.add(outValues[(int) (o * inner + i)][j]);
                    indices.add(String.valueOf(outIndices[(int) (o * inner + i)][j]));
                }
            }
        }
        return List.of(values, indices);
    }

    private static List<DocEntry> entries(List<ParameterSpec> parameters) {
        return parameters.stream().map(p -> new DocEntry(p.name(), p.type().toString(), p.doc())).toList();
    }

    private static String where(VersionSpec v) {
        return "TopK-" + v.sinceVersion();
    }
}
