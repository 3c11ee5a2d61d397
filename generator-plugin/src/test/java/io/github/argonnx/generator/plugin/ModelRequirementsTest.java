package io.github.argonnx.generator.plugin;

import static io.github.argonnx.onnx.testing.OnnxWriter.BOOL;
import static io.github.argonnx.onnx.testing.OnnxWriter.FLOAT;
import static io.github.argonnx.onnx.testing.OnnxWriter.INT32;
import static io.github.argonnx.onnx.testing.OnnxWriter.INT64;
import static io.github.argonnx.onnx.testing.OnnxWriter.STRING;
import static io.github.argonnx.onnx.testing.OnnxWriter.graph;
import static io.github.argonnx.onnx.testing.OnnxWriter.model;
import static io.github.argonnx.onnx.testing.OnnxWriter.names;
import static io.github.argonnx.onnx.testing.OnnxWriter.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.GenerationContext.OperatorFilter;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.onnx.testing.OnnxWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code <models>} derives from models, over the published specs. */
class ModelRequirementsTest {

    @TempDir
    Path dir;

    private static List<OperatorSpec> specs;

    @BeforeAll
    static void loadSpecs() throws Exception {
        specs = SpecInputs.bundled(ModelRequirementsTest.class.getClassLoader()).load();
    }

    private Path write(String name, OnnxWriter.Model model) throws Exception {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.write(file, model.toBytes());
        return file;
    }

    private ModelRequirements derive(Path... files) throws Exception {
        return ModelRequirements.derive(List.of(files), specs, p -> dir.relativize(p).toString());
    }

    /** One ArgMax/ArgMin node with these INT attributes, its input x declared with this type and rank. */
    private static OnnxWriter.Model single(String op, long opset, int type, int rank, Map<String, Long> attributes) {
        OnnxWriter.Node n = node(op, "n", names("x"), names("y"));
        attributes.forEach(n::attr);
        return model().opset("", opset).graph(graph("g").input("x", type, rank).node(n));
    }

    @Test
    void theUnionOverModelsAndNestedSubgraphsSelectsEachNodesVersionInForceAndInputType() throws Exception {
        Path a = write("a.onnx", single("ArgMax", 11, FLOAT, 2, Map.of("axis", 1L)));
        OnnxWriter.Graph body = graph("body").node(node("ArgMin", "deep", names("xi"), names("m")));
        OnnxWriter.Graph then = graph("then").node(node("Loop", "loop", names("", ""), names("o")).attr("body", body));
        Path b = write("sub/b.onnx", model().opset("", 18).graph(graph("g").input("x", FLOAT, 2).input("c", BOOL, 0)
                .node(node("Cast", "cast", names("x"), names("xi")).attr("to", INT32))
                .node(node("If", "if", names("c"), names("r")).attr("then_branch", then).attr("else_branch", graph("e")))));
        ModelRequirements r = derive(a, b);
        assertEquals(List.of(), r.refusals());
        assertEquals(Map.of("ArgMax", new OperatorFilter(Set.of(11), Set.of(ElementType.FLOAT)),
                "ArgMin", new OperatorFilter(Set.of(13), Set.of(ElementType.INT32))), r.needs());
        String report = r.report(Map.of());
        assertTrue(report.contains("a.onnx: ArgMax 'n' (node 0) in main graph: ArgMax-11 (ai.onnx opset 11), input float"
                + " from graph input 'x'\n"), report);
        assertTrue(report.contains("sub/b.onnx: ArgMin 'deep' (node 0) in main graph > If 'if' (node 1) then_branch >"
                + " Loop 'loop' (node 0) body: ArgMin-13 (ai.onnx opset 18), input int32 from Cast 'cast' (node 0) to"
                + " int32\n"), report);
        assertTrue(report.contains("needed by the models: ArgMax versions 11; types float\n"
                + "needed by the models: ArgMin versions 13; types int32\n"), report);
    }

    @Test
    void anUnknownInputTypeSelectsEveryTypeOfTheVersionWithAWarningNamingTheNodeAndWhy() throws Exception {
        Path m = write("m.onnx", model().opset("", 13).opset("com.example", 1).graph(graph("g").input("x", FLOAT, 2)
                .node(node("Mystery", "my", names("x"), names("u")).domain("com.example"))
                .node(node("ArgMax", "am", names("u"), names("y")))));
        ModelRequirements r = derive(m);
        assertEquals(EnumSet.copyOf(specs.get(0).version(13).orElseThrow().typeConstraints().get(0).allowedTypes()),
                r.needs().get("ArgMax").types());
        assertEquals(List.of("m.onnx: ArgMax 'am' (node 1) in main graph: ArgMax-13 (ai.onnx opset 13), input type"
                + " unknown ('u' comes from Mystery 'my' (node 0) of domain 'com.example', whose output types the reader"
                + " does not know): every type of ArgMax-13 (bfloat16, double, float, float16, int16, int32, int64, int8,"
                + " uint16, uint32, uint64, uint8)"), r.warnings());
    }

    @Test
    void aLocalFunctionsNodeTakesEachCallsTypeOrEveryTypeWithAWarningNamingItAndWhy() throws Exception {
        OnnxWriter.Function pick = OnnxWriter.function("local", "Pick", names("x"), names("y"))
                .node(node("ArgMax", "inner", names("x"), names("y")));
        Path m = write("f.onnx", model().opset("", 13).opset("local", 1).function(pick).graph(graph("g")
                .input("x", FLOAT, 2)
                .node(node("Pick", "typed", names("x"), names("a")).domain("local"))
                .node(node("Pick", "untyped", names("nowhere"), names("b")).domain("local"))));
        ModelRequirements r = derive(m);
        assertEquals(List.of(), r.refusals());
        assertTrue(r.report(Map.of()).contains("f.onnx: ArgMax 'inner' (node 0) in main graph > Pick 'typed' (node 0)"
                + " function 'local.Pick': ArgMax-13 (ai.onnx opset 13), input float from 'x', which Pick 'typed' (node 0)"
                + " passes to local function 'local.Pick'\n"), r.report(Map.of()));
        assertEquals(List.of("f.onnx: ArgMax 'inner' (node 0) in main graph > Pick 'untyped' (node 1) function"
                + " 'local.Pick': ArgMax-13 (ai.onnx opset 13), input type unknown (input 'x' of local function"
                + " 'local.Pick' has no type: 'nowhere', which Pick 'untyped' (node 1) passes, has none): every type of"
                + " ArgMax-13 (bfloat16, double, float, float16, int16, int32, int64, int8, uint16, uint32, uint64,"
                + " uint8)"), r.warnings());
    }

    @Test
    void aNodeOfAnotherDomainIsLeftOutAndSaidSo() throws Exception {
        Path m = write("m.onnx", model().opset("", 13).opset("com.example", 1).graph(graph("g").input("x", FLOAT, 2)
                .node(node("ArgMax", "custom", names("x"), names("y")).domain("com.example").attr("select_last_index", 7))));
        ModelRequirements r = derive(m);
        assertEquals(List.of(), r.refusals(), "another operator: ONNX's rules do not apply");
        assertEquals(Set.of(), r.operators());
        String line = "m.onnx: ArgMax 'custom' (node 0) in main graph: left out: domain 'com.example' is not ai.onnx,"
                + " so this is another operator than ONNX's ArgMax";
        assertEquals(List.of(line), r.warnings());
        assertTrue(r.report(Map.of()).contains(line + "\n"));
    }

    @Test
    void aTopKNodeSelectsItsVersionAndTypeAndIsCheckedByItsSpec() throws Exception {
        Path ok = write("ok.onnx", model().opset("", 13).graph(graph("g").input("x", FLOAT, 2).input("k", INT64, 1)
                .node(node("TopK", "top", names("x", "k"), names("v", "i")).attr("axis", -1))));
        ModelRequirements r = derive(ok);
        assertEquals(List.of(), r.refusals());
        assertEquals(List.of(), r.warnings());
        assertEquals(Set.of("TopK"), r.operators());
        Path bad = write("bad.onnx", model().opset("", 9).graph(graph("g").input("x", FLOAT, 2)
                .node(node("TopK", "top", names("x"), names("v", "i")).attr("k", -1).attr("axis", 2))));
        assertEquals(List.of("bad.onnx: TopK 'top' (node 0) in main graph: attribute 'k' is -1; TopK-1 allows 0 or more",
                "bad.onnx: TopK 'top' (node 0) in main graph: attribute 'axis' is 2; TopK-1 allows -2 to 1 for 'X' of"
                + " rank 2 (from graph input 'x')"), derive(bad).refusals());
        Path later = write("later.onnx", model().opset("", 13).graph(graph("g").input("x", FLOAT, 2).input("k", INT64, 1)
                .node(node("TopK", "top", names("x", "k"), names("v", "i")).attr("k", 3).attr("largest", 2))));
        assertEquals(List.of("later.onnx: TopK 'top' (node 0) in main graph: attribute 'k' (= 3) is not in TopK-11 (its"
                + " attributes: axis, largest, sorted)",
                "later.onnx: TopK 'top' (node 0) in main graph: attribute 'largest' is 2; TopK-11 allows 0, 1"),
                derive(later).refusals());
    }

    @Test
    void aTopK1KLargerThanTheKnownSizeOfItsAxisIsRefusedAndAnUnknownSizeIsNot() throws Exception {
        Path larger = write("larger.onnx", model().opset("", 9).graph(graph("g").inputShape("x", FLOAT, "batch", "5")
                .node(node("TopK", "top", names("x"), names("v", "i")).attr("k", 7))));
        Path negativeAxis = write("negative.onnx", model().opset("", 9).graph(graph("g")
                .inputShape("x", FLOAT, "3", "batch")
                .node(node("TopK", "first", names("x"), names("v", "i")).attr("k", 4).attr("axis", -2))));
        Path symbolic = write("symbolic.onnx", model().opset("", 9).graph(graph("g").inputShape("x", FLOAT, "5", "n")
                .node(node("TopK", "top", names("x"), names("v", "i")).attr("k", 7))));
        Path equal = write("equal.onnx", model().opset("", 9).graph(graph("g").inputShape("x", FLOAT, "batch", "5")
                .node(node("Relu", "r", names("x"), names("y")))
                .node(node("TopK", "top", names("y"), names("v", "i")).attr("k", 5))));
        assertEquals(List.of("larger.onnx: TopK 'top' (node 0) in main graph: attribute 'k' is 7; TopK-1 allows 0 to 5"
                + " as 'X' has 5 elements along axis -1 (from graph input 'x')",
                "negative.onnx: TopK 'first' (node 0) in main graph: attribute 'k' is 4; TopK-1 allows 0 to 3 as 'X' has"
                + " 3 elements along axis -2 (from graph input 'x')"), derive(larger, negativeAxis).refusals());
        ModelRequirements accepted = derive(symbolic, equal);
        assertEquals(List.of(), accepted.refusals(), "a dim_param's size is unknown; k may equal the size");
        assertEquals(Set.of("TopK"), accepted.operators());

        List<OperatorSpec> noTopK = specs.stream().filter(op -> !op.name().equals("TopK")).toList();
        assertEquals(List.of("larger.onnx: TopK 'top' (node 0) in main graph: attribute 'k' is 7; TopK-1 allows 0 to 5"
                + " as 'X' has 5 elements along axis -1 (from graph input 'x')"), ModelRequirements.derive(
                        List.of(larger, symbolic), noTopK, p -> dir.relativize(p).toString()).refusals(),
                "the checks without a TopK spec compare k with the axis's size too");
    }

    @Test
    void withoutATopKSpecATopKNodeWithKZeroPassesTheFallbackChecksAsTheRuntimeAcceptsIt() throws Exception {
        List<OperatorSpec> noTopK = specs.stream().filter(op -> !op.name().equals("TopK")).toList();
        Path zero = write("zero.onnx", model().opset("", 9).graph(graph("g").input("x", FLOAT, 2)
                .node(node("TopK", "top", names("x"), names("v", "i")).attr("k", 0))));
        Path negative = write("negative.onnx", model().opset("", 9).graph(graph("g").input("x", FLOAT, 2)
                .node(node("TopK", "top", names("x"), names("v", "i")).attr("k", -1))));
        ModelRequirements r = ModelRequirements.derive(List.of(zero, negative), noTopK, p -> dir.relativize(p).toString());
        assertEquals(List.of("negative.onnx: TopK 'top' (node 0) in main graph: attribute 'k' is -1; TopK-1 allows 0 or"
                + " more"), r.refusals());
        assertTrue(r.warnings().contains("zero.onnx: TopK 'top' (node 0) in main graph: TopK: not generated by this"
                + " version of the plugin"), r.warnings().toString());
    }

    @Test
    void whatTheRuntimeWouldRefuseIsRefusedNamingFileNodeAttributeAndWhatTheVersionAllows() throws Exception {
        Path lastIndex = write("last.onnx", single("ArgMax", 11, FLOAT, 2, Map.of("select_last_index", 1L)));
        Path keepdims = write("keep.onnx", single("ArgMin", 13, FLOAT, 2, Map.of("keepdims", 2L)));
        Path axis = write("axis.onnx", single("ArgMax", 13, FLOAT, 3, Map.of("axis", -4L)));
        Path type = write("type.onnx", single("ArgMax", 12, STRING, 1, Map.of()));
        Path bfloat = write("bf.onnx", single("ArgMax", 12, OnnxWriter.BFLOAT16, 1, Map.of()));
        Path opset = write("opset.onnx", single("ArgMax", 40, FLOAT, 1, Map.of()));
        assertEquals(List.of(
                "last.onnx: ArgMax 'n' (node 0) in main graph: attribute 'select_last_index' (= 1) is not in ArgMax-11"
                        + " (its attributes: axis, keepdims)",
                "keep.onnx: ArgMin 'n' (node 0) in main graph: attribute 'keepdims' is 2; ArgMin-13 allows 0, 1",
                "axis.onnx: ArgMax 'n' (node 0) in main graph: attribute 'axis' is -4; ArgMax-13 allows -3 to 2 for"
                        + " 'data' of rank 3 (from graph input 'x')",
                "type.onnx: ArgMax 'n' (node 0) in main graph: input 'x' is string (from graph input 'x'); ArgMax-12"
                        + " allows double, float, float16, int16, int32, int64, int8, uint16, uint32, uint64, uint8",
                "bf.onnx: ArgMax 'n' (node 0) in main graph: input 'x' is bfloat16 (from graph input 'x'); ArgMax-12"
                        + " allows double, float, float16, int16, int32, int64, int8, uint16, uint32, uint64, uint8",
                "opset.onnx: ArgMax 'n' (node 0) in main graph: no version of ArgMax is known for ai.onnx opset 40"
                        + " (known opsets: 1 to 26)"),
                derive(lastIndex, keepdims, axis, type, bfloat, opset).refusals());
    }

    @Test
    void aFileThatIsNotAModelIsRefusedNamingIt() throws Exception {
        byte[] good = single("ArgMax", 13, FLOAT, 2, Map.of()).toBytes();
        Path truncated = dir.resolve("truncated.onnx");
        Files.write(truncated, java.util.Arrays.copyOf(good, good.length - 3));
        Path garbage = dir.resolve("garbage.onnx");
        Files.writeString(garbage, "<html>not a model</html>");
        ModelRequirements r = derive(truncated, garbage);
        assertEquals(2, r.refusals().size(), r.refusals().toString());
        assertTrue(r.refusals().get(0).startsWith("truncated.onnx: not a readable ONNX model: "), r.refusals().get(0));
        assertTrue(r.refusals().get(1).startsWith("garbage.onnx: not a readable ONNX model: "), r.refusals().get(1));
        assertTrue(r.failureMessage("target/argonnx/model-requirements.txt")
                .startsWith("ArgONNX: <models>: 2 nodes or files the runtime would refuse:\n  truncated.onnx: "));
    }

    /** Per operator of a context: its versions and types to generate. */
    private static Map<String, String> generated(Selection selection) {
        GenerationContext context = selection.context(specs);
        Map<String, String> generated = new TreeMap<>();
        for (OperatorSpec op : context.operatorsToGenerate()) {
            generated.put(op.name(), context.versionsToGenerate(op).stream().map(v -> String.valueOf(v.sinceVersion()))
                    .toList() + " " + NodeChecks.typeNames(context.typesToGenerate(op)));
        }
        return generated;
    }

    @Test
    void aMixedModelGeneratesEachOperatorOnlyForItsOwnVersionsAndTypes() throws Exception {
        Path m = write("mixed.onnx", model().opset("", 13).graph(graph("g").input("x", FLOAT, 2).input("i", INT64, 2)
                .input("k", INT64, 1)
                .node(node("ArgMax", "am", names("x"), names("y")))
                .node(node("TopK", "top", names("i", "k"), names("v", "j")))));
        Selection selection = Selection.parse("com.example", null, null, null, null, "javax")
                .withModelNeeds(derive(m).needs());
        selection.checkAgainst(specs);
        assertEquals(Map.of("ArgMax", "[13] float", "TopK", "[11] int64"), generated(selection));
    }

    @Test
    void theUsersFiltersAddToWhatTheModelsNeedPerOperator() throws Exception {
        ModelRequirements r = derive(write("m.onnx", model().opset("", 13).graph(graph("g").input("x", FLOAT, 2)
                .input("i", INT64, 2).input("k", INT64, 1)
                .node(node("ArgMax", "am", names("x"), names("y")))
                .node(node("TopK", "top", names("i", "k"), names("v", "j"))))));
        Selection user = Selection.parse("com.example", List.of("ArgMin"), List.of("12"), List.of(), List.of("int32"),
                "javax");
        Selection both = user.withModelNeeds(r.needs());
        both.checkAgainst(specs);
        // ArgMin, which only <operators> names, is selected by the filters alone; TopK has no version 12.
        assertEquals(Map.of("ArgMax", "[12, 13] float, int32", "ArgMin", "[12] int32", "TopK", "[11] int32, int64"),
                generated(both));
    }
}
