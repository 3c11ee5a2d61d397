package io.github.argonnx.onnx;

import static io.github.argonnx.onnx.testing.OnnxWriter.FLOAT;
import static io.github.argonnx.onnx.testing.OnnxWriter.INT32;
import static io.github.argonnx.onnx.testing.OnnxWriter.INT64;
import static io.github.argonnx.onnx.testing.OnnxWriter.graph;
import static io.github.argonnx.onnx.testing.OnnxWriter.model;
import static io.github.argonnx.onnx.testing.OnnxWriter.names;
import static io.github.argonnx.onnx.testing.OnnxWriter.node;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.onnx.testing.OnnxWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OnnxModelTest {

    @TempDir
    Path dir;

    private static OnnxNode only(OnnxModel model) {
        assertEquals(1, model.nodes().size(), model.nodes().toString());
        return model.nodes().get(0);
    }

    @Test
    void readsAMainGraphNodeWithItsAttributesOpsetAndDeclaredInputType() throws IOException {
        byte[] bytes = model().opset("", 13).graph(graph("g").input("x", FLOAT, 3).output("y", INT64, 2)
                .node(node("ArgMax", "am", names("x"), names("y")).attr("axis", -1).attr("keepdims", 0))).toBytes();
        OnnxModel model = OnnxModel.read(bytes);
        OnnxNode n = only(model);
        assertEquals("ArgMax", n.opType());
        assertEquals("am", n.name());
        assertEquals("", n.domain());
        assertTrue(n.inDefaultDomain());
        assertEquals(13, n.opset());
        assertEquals(List.of("x"), n.inputs());
        assertEquals(List.of("y"), n.outputs());
        assertEquals(Map.of("axis", -1L, "keepdims", 0L), n.attributes());
        assertEquals(List.of("axis", "keepdims"), List.copyOf(n.attributes().keySet()), "model order");
        assertEquals("main graph", n.graph());
        assertEquals(0, n.index());
        assertEquals("float", n.inputType().elementTypeName());
        assertEquals(OptionalInt.of(3), n.inputType().rank());
        assertEquals("graph input 'x'", n.inputType().derivation());
        assertEquals("ArgMax 'am' (node 0) in main graph", n.describe());
        assertEquals(OptionalLong.of(13), model.opset("ai.onnx"));
        assertEquals(8, model.irVersion());
    }

    @Test
    void findsNodesInSubgraphsNestedTwoDeepWithOuterScopeTypes() throws IOException {
        OnnxWriter.Graph loopBody = graph("body").input("i", INT64, 0).input("c", OnnxWriter.BOOL, 0)
                .node(node("ArgMin", "inner", names("x"), names("m")).attr("axis", 1));
        OnnxWriter.Graph thenBranch = graph("then")
                .node(node("Loop", "loop", names("", ""), names("out")).attr("body", loopBody))
                .node(node("TopK", "topk", names("x", "k"), names("v", "i")).attr("axis", 0));
        OnnxWriter.Graph elseBranch = graph("else").node(node("ArgMax", "", names("x"), names("e")));
        byte[] bytes = model().opset("", 18).graph(graph("g").input("x", INT32, 2).input("cond", OnnxWriter.BOOL, 0)
                .node(node("Relu", "r", names("x"), names("x2")))
                .node(node("If", "branch", names("cond"), names("o")).attr("then_branch", thenBranch)
                        .attr("else_branch", elseBranch))).toBytes();
        List<OnnxNode> nodes = OnnxModel.read(bytes).nodes();
        assertEquals(List.of("ArgMin", "TopK", "ArgMax"), nodes.stream().map(OnnxNode::opType).toList());
        OnnxNode inner = nodes.get(0);
        assertEquals("main graph > If 'branch' (node 1) then_branch > Loop 'loop' (node 0) body", inner.graph());
        assertEquals(0, inner.index());
        assertEquals(18, inner.opset());
        assertEquals("int32", inner.inputType().elementTypeName());
        assertEquals("graph input 'x'", inner.inputType().derivation());
        assertEquals(1, nodes.get(1).index());
        assertEquals("main graph > If 'branch' (node 1) else_branch", nodes.get(2).graph());
        assertEquals("ArgMax (node 0) in main graph > If 'branch' (node 1) else_branch", nodes.get(2).describe());
    }

    @Test
    void followsTheTypeThroughACastAndThroughAnUndeclaredIntermediateValue() throws IOException {
        byte[] bytes = model().opset("", 13).graph(graph("g").input("x", FLOAT, 2)
                .node(node("Cast", "c", names("x"), names("xi")).attr("to", INT32))
                .node(node("ArgMax", "a", names("xi"), names("y")))
                .node(node("Relu", "r", names("x"), names("hidden")))
                .node(node("Transpose", "t", names("hidden"), names("hidden2")))
                .node(node("ArgMin", "b", names("hidden2"), names("z")))).toBytes();
        List<OnnxNode> nodes = OnnxModel.read(bytes).nodes();
        assertEquals("int32", nodes.get(0).inputType().elementTypeName());
        assertEquals("Cast 'c' (node 0) to int32", nodes.get(0).inputType().derivation());
        assertEquals(OptionalInt.of(2), nodes.get(0).inputType().rank());
        assertEquals("float", nodes.get(1).inputType().elementTypeName());
        assertEquals("Transpose 't' (node 3) passes on the type of 'hidden'", nodes.get(1).inputType().derivation());
        assertEquals(OptionalInt.empty(), nodes.get(1).inputType().rank(), "a transpose's rank is not followed");
    }

    @Test
    void keepsTheDimensionsTheModelStatesAndLeavesSymbolicOnesUnknown() throws IOException {
        byte[] bytes = model().opset("", 9).graph(graph("g").inputShape("x", FLOAT, "batch", "5", "?")
                .valueInfoShape("v", FLOAT, "3", "n").outputShape("o", FLOAT, "7")
                .initializer("w", FLOAT, new long[] {4, 6}, 96).packedInitializer("p", FLOAT, new long[] {2, 9}, 72)
                .node(node("Identity", "declared", names("v"), names("v2")))
                .node(node("TopK", "on_input", names("x"), names("a", "ai")).attr("k", 1))
                .node(node("TopK", "on_value_info", names("v"), names("b", "bi")).attr("k", 1))
                .node(node("TopK", "on_output", names("o"), names("c", "ci")).attr("k", 1))
                .node(node("TopK", "on_initializer", names("w"), names("d", "di")).attr("k", 1))
                .node(node("TopK", "on_packed", names("p"), names("e", "ei")).attr("k", 1))).toBytes();
        List<OnnxNode> nodes = OnnxModel.read(bytes).nodes();
        InputType x = nodes.get(0).inputType();
        assertArrayEquals(new long[] {-1, 5, -1}, x.dims());
        assertEquals(OptionalLong.of(5), x.dimension(1));
        assertEquals(OptionalLong.of(5), x.dimension(-2), "a negative axis counts from the last");
        assertEquals(OptionalLong.empty(), x.dimension(0), "a dim_param is unknown");
        assertEquals(OptionalLong.empty(), x.dimension(-1), "a dimension without a value is unknown");
        assertEquals(OptionalLong.empty(), x.dimension(3));
        assertEquals(OptionalLong.empty(), x.dimension(-4));
        assertArrayEquals(new long[] {3, -1}, nodes.get(1).inputType().dims());
        assertArrayEquals(new long[] {7}, nodes.get(2).inputType().dims());
        assertArrayEquals(new long[] {4, 6}, nodes.get(3).inputType().dims());
        assertEquals("initializer 'w'", nodes.get(3).inputType().derivation());
        assertArrayEquals(new long[] {2, 9}, nodes.get(4).inputType().dims());
        assertEquals(OptionalInt.of(2), nodes.get(4).inputType().rank());
    }

    @Test
    void followsDimensionsThroughShapeKeepingOperatorsAndBroadcastingButNotThroughLayoutChanges() throws IOException {
        byte[] bytes = model().opset("", 9).graph(graph("g").inputShape("x", FLOAT, "n", "5")
                .inputShape("row", FLOAT, "1", "5").inputShape("col", FLOAT, "4", "1").inputShape("s", FLOAT, "m", "1")
                .node(node("Relu", "r", names("x"), names("x1")))
                .node(node("Cast", "c", names("x1"), names("x2")).attr("to", OnnxWriter.DOUBLE))
                .node(node("Softmax", "sm", names("x2"), names("x3")))
                .node(node("TopK", "kept", names("x3"), names("a", "ai")).attr("k", 1))
                .node(node("Add", "plus", names("row", "col"), names("sum")))
                .node(node("TopK", "broadcast", names("sum"), names("b", "bi")).attr("k", 1))
                .node(node("Mul", "times", names("s", "row"), names("prod")))
                .node(node("TopK", "unknown_against_one", names("prod"), names("c2", "ci")).attr("k", 1))
                .node(node("Transpose", "t", names("x"), names("xt")))
                .node(node("TopK", "transposed", names("xt"), names("d", "di")).attr("k", 1))
                .node(node("TopK", "on_indices", names("ai"), names("e", "ei")).attr("k", 1))).toBytes();
        List<OnnxNode> nodes = OnnxModel.read(bytes).nodes();
        assertArrayEquals(new long[] {-1, 5}, nodes.get(0).inputType().dims());
        assertEquals("double", nodes.get(0).inputType().elementTypeName());
        assertArrayEquals(new long[] {4, 5}, nodes.get(1).inputType().dims());
        assertArrayEquals(new long[] {-1, 5}, nodes.get(2).inputType().dims(),
                "an unknown size against 1 is unknown; 5 against 1 is 5");
        assertArrayEquals(new long[0], nodes.get(3).inputType().dims(), "a transpose's shape is not followed");
        assertEquals(OptionalInt.of(2), nodes.get(4).inputType().rank());
        assertArrayEquals(new long[0], nodes.get(4).inputType().dims(), "TopK's axis takes k's size");
    }

    @Test
    void dimensionsFollowALocalFunctionCallsInputsAndOutputsButNotALegacyBroadcastsSecondInput() throws IOException {
        OnnxWriter.Function keep = OnnxWriter.function("local", "Keep", names("x"), names("y"))
                .node(node("Sigmoid", "s", names("x"), names("y")))
                .node(node("TopK", "inner", names("x"), names("v", "i")).attr("k", 1));
        byte[] bytes = model().opset("", 6).opset("local", 1).function(keep).graph(graph("g")
                .inputShape("x", FLOAT, "n", "7").inputShape("b", FLOAT, "3")
                .node(node("Keep", "call", names("x"), names("kept")).domain("local"))
                .node(node("TopK", "after", names("kept"), names("v", "i")).attr("k", 1))
                .node(node("Add", "legacy", names("x", "b"), names("sum")).attr("broadcast", 1).attr("axis", 0))
                .node(node("TopK", "on_sum", names("sum"), names("w", "j")).attr("k", 1))).toBytes();
        List<OnnxNode> nodes = OnnxModel.read(bytes).nodes();
        assertEquals(List.of("inner", "after", "on_sum"), nodes.stream().map(OnnxNode::name).toList());
        assertArrayEquals(new long[] {-1, 7}, nodes.get(0).inputType().dims());
        assertArrayEquals(new long[] {-1, 7}, nodes.get(1).inputType().dims());
        assertArrayEquals(new long[] {-1, 7}, nodes.get(2).inputType().dims(),
                "a broadcast attribute aligns the second input at axis, and the output has the first input's shape");
    }

    @Test
    void aShapeOfMoreAxesThanAreKeptKeepsItsRankOnly() throws IOException {
        String[] dims = new String[ReadDims.MAX_KEPT_DIMS + 1];
        java.util.Arrays.fill(dims, "3");
        byte[] bytes = model().opset("", 9).graph(graph("g").inputShape("x", FLOAT, dims)
                .node(node("TopK", "top", names("x"), names("v", "i")).attr("k", 1))).toBytes();
        InputType type = only(OnnxModel.read(bytes)).inputType();
        assertEquals(OptionalInt.of(ReadDims.MAX_KEPT_DIMS + 1), type.rank());
        assertArrayEquals(new long[0], type.dims());
        assertEquals(OptionalLong.empty(), type.dimension(0));
    }

    @Test
    void anInputTypesDimensionsAreCopiedAndMatchItsRank() {
        long[] dims = {2, 3};
        InputType type = new InputType(1, 2, dims, "graph input 'x'");
        dims[0] = 9;
        type.dims()[1] = 9;
        assertArrayEquals(new long[] {2, 3}, type.dims());
        assertEquals(new InputType(1, 2, new long[] {2, 3}, "graph input 'x'"), type);
        assertEquals(new InputType(1, 2, "graph input 'x'"), new InputType(1, 2, new long[0], "graph input 'x'"));
        assertThrows(IllegalArgumentException.class, () -> new InputType(1, 3, new long[] {2, 3}, "d"));
        assertThrows(IllegalArgumentException.class, () -> new InputType(1, 1, new long[] {-2}, "d"));
    }

    @Test
    void anIfsOutputTakesTheTypeItsBranchDeclares() throws IOException {
        OnnxWriter.Graph then = graph("then").output("t", OnnxWriter.DOUBLE, 2)
                .node(node("Unknown", "u", names("x"), names("t")));
        byte[] bytes = model().opset("", 13).graph(graph("g").input("x", FLOAT, 2).input("c", OnnxWriter.BOOL, 0)
                .node(node("If", "branch", names("c"), names("chosen")).attr("then_branch", then)
                        .attr("else_branch", graph("else")))
                .node(node("ArgMax", "a", names("chosen"), names("y")))).toBytes();
        OnnxNode n = only(OnnxModel.read(bytes));
        assertEquals("double", n.inputType().elementTypeName());
        assertEquals("If 'branch' (node 0) then_branch, its graph output 't'", n.inputType().derivation());
    }

    @Test
    void aLoopsOutputsTakeTheTypesOfTheBodysLoopCarriedThenScanOutputs() throws IOException {
        // Body outputs: cond, one loop-carried value (int32), one scan output (float); node outputs: final, scanned.
        OnnxWriter.Graph body = graph("body").input("i", INT64, 0).input("c", OnnxWriter.BOOL, 0).input("acc", INT32, 1)
                .output("c_out", OnnxWriter.BOOL, 0).output("acc_out", INT32, 1).output("step", FLOAT, 1)
                .node(node("Identity", "keep", names("c"), names("c_out")));
        byte[] bytes = model().opset("", 13).graph(graph("g").input("m", INT64, 0).input("start", INT32, 1)
                .node(node("Loop", "loop", names("m", "", "start"), names("final", "scanned")).attr("body", body))
                .node(node("ArgMax", "on_final", names("final"), names("a")))
                .node(node("ArgMin", "on_scanned", names("scanned"), names("b")).attr("axis", 1))).toBytes();
        List<OnnxNode> nodes = OnnxModel.read(bytes).nodes();
        assertEquals("int32", nodes.get(0).inputType().elementTypeName());
        assertEquals(OptionalInt.of(1), nodes.get(0).inputType().rank());
        assertEquals("Loop 'loop' (node 0) body, its output 1 from graph output 'acc_out'",
                nodes.get(0).inputType().derivation());
        assertEquals("float", nodes.get(1).inputType().elementTypeName());
        assertEquals(OptionalInt.of(2), nodes.get(1).inputType().rank(), "a scan output stacks the body's");
    }

    @Test
    void aScansOutputsTakeTheTypesOfTheBodysStateThenScanOutputsFollowedThroughTheBody() throws IOException {
        // One state (int64), one scan input; the body's scan output comes from a Cast, declared nowhere.
        OnnxWriter.Graph body = graph("body").input("s", INT64, 1).input("e", FLOAT, 1)
                .output("s_out", INT64, 1)
                .node(node("Identity", "keep", names("s"), names("s_out")))
                .node(node("Cast", "to_int32", names("e"), names("e_out")).attr("to", INT32));
        body.output("e_out", 0, -1);
        byte[] bytes = model().opset("", 16).graph(graph("g").input("s0", INT64, 1).input("xs", FLOAT, 2)
                .node(node("Scan", "scan", names("s0", "xs"), names("s_final", "ys")).attr("body", body)
                        .attr("num_scan_inputs", 1))
                .node(node("ArgMax", "on_state", names("s_final"), names("a")))
                .node(node("ArgMax", "on_scan", names("ys"), names("b")))).toBytes();
        List<OnnxNode> nodes = OnnxModel.read(bytes).nodes();
        assertEquals("int64", nodes.get(0).inputType().elementTypeName());
        assertEquals(OptionalInt.of(1), nodes.get(0).inputType().rank());
        assertEquals("int32", nodes.get(1).inputType().elementTypeName());
        assertEquals("Scan 'scan' (node 0) body, its output 1 from Cast 'to_int32' (node 1) to int32",
                nodes.get(1).inputType().derivation());
    }

    @Test
    void aLocalFunctionsNodesComePerCallWithTheCallsInputTypesAndTheFunctionsOpset() throws IOException {
        OnnxWriter.Function pick = OnnxWriter.function("local", "Pick", names("x"), names("y"))
                .opset("", 11)
                .node(node("ArgMax", "inner", names("x"), names("y")).attr("keepdims", 0));
        byte[] bytes = model().opset("", 13).opset("local", 1).function(pick).graph(graph("g")
                .input("f", FLOAT, 2).input("i", INT32, 2)
                .node(node("Pick", "on_float", names("f"), names("pf")).domain("local"))
                .node(node("Pick", "on_int", names("i"), names("pi")).domain("local"))
                .node(node("ArgMin", "after", names("pf"), names("z")))).toBytes();
        List<OnnxNode> nodes = OnnxModel.read(bytes).nodes();
        assertEquals(3, nodes.size(), nodes.toString());
        OnnxNode first = nodes.get(0);
        assertEquals("ArgMax 'inner' (node 0) in main graph > Pick 'on_float' (node 0) function 'local.Pick'",
                first.describe());
        assertEquals(11, first.opset(), "the function's own opset import");
        assertEquals("float", first.inputType().elementTypeName());
        assertEquals("'f', which Pick 'on_float' (node 0) passes to local function 'local.Pick'",
                first.inputType().derivation());
        assertEquals("int32", nodes.get(1).inputType().elementTypeName());
        assertEquals("int64", nodes.get(2).inputType().elementTypeName(), "the call's output: the function's output");
    }

    @Test
    void aLocalFunctionCalledWithAnUnknownTypeSaysWhyAndOneNobodyCallsIsNotRead() throws IOException {
        OnnxWriter.Function pick = OnnxWriter.function("local", "Pick", names("x"), names("y"))
                .node(node("ArgMax", "inner", names("x"), names("y")));
        OnnxWriter.Function unused = OnnxWriter.function("local", "Unused", names("x"), names("y"))
                .node(node("ArgMin", "never", names("x"), names("y")));
        byte[] bytes = model().opset("", 13).opset("local", 1).function(pick).function(unused).graph(graph("g")
                .node(node("Pick", "call", names("mystery"), names("p")).domain("local"))).toBytes();
        OnnxNode n = only(OnnxModel.read(bytes));
        assertEquals(13, n.opset(), "the model's opset where the function imports none");
        assertFalse(n.inputType().known());
        assertEquals("input 'x' of local function 'local.Pick' has no type: 'mystery', which Pick 'call' (node 0)"
                + " passes, has none", n.inputType().derivation());
    }

    @Test
    void aFunctionCallingItselfIsNotFollowedIntoItself() throws IOException {
        OnnxWriter.Function loop = OnnxWriter.function("local", "Again", names("x"), names("y"))
                .node(node("ArgMax", "inner", names("x"), names("t")))
                .node(node("Again", "again", names("x"), names("y")).domain("local"));
        byte[] bytes = model().opset("", 13).opset("local", 1).function(loop).graph(graph("g").input("x", FLOAT, 1)
                .node(node("Again", "call", names("x"), names("p")).domain("local"))).toBytes();
        assertEquals("float", only(OnnxModel.read(bytes)).inputType().elementTypeName());
    }

    @Test
    void refusesLocalFunctionCallsThatMultiplyBeyondTheBound() throws IOException {
        // Each level calls the next twice: 2^13 - 1 calls in all, above the bound of 4096.
        OnnxWriter.Model m = model().opset("", 13).opset("local", 1);
        for (int level = 0; level < 13; level++) {
            m.function(OnnxWriter.function("local", "L" + level, names("x"), names("y"))
                    .node(node("L" + (level + 1), "a", names("x"), names("t")).domain("local"))
                    .node(node("L" + (level + 1), "b", names("x"), names("y")).domain("local")));
        }
        m.function(OnnxWriter.function("local", "L13", names("x"), names("y")).node(node("ArgMax", "n", names("x"),
                names("y"))));
        byte[] bytes = m.graph(graph("g").node(node("L0", "call", names("x"), names("y")).domain("local"))).toBytes();
        OnnxFormatException e = assertThrows(OnnxFormatException.class, () -> OnnxModel.read(bytes));
        assertEquals("model bytes: not a readable ONNX model: more than 4096 local function calls to follow",
                e.getMessage());
    }

    @Test
    void saysWhyAnInputTypeIsUnknown() throws IOException {
        byte[] bytes = model().opset("", 13).opset("com.example", 1).graph(graph("g").input("x", FLOAT, 2)
                .node(node("Mystery", "m", names("x"), names("u")).domain("com.example"))
                .node(node("ArgMax", "a", names("u"), names("y")))
                .node(node("ArgMin", "b", names("nowhere"), names("z")))).toBytes();
        List<OnnxNode> nodes = OnnxModel.read(bytes).nodes();
        assertFalse(nodes.get(0).inputType().known());
        assertEquals("'u' comes from Mystery 'm' (node 0) of domain 'com.example', whose output types the reader does"
                + " not know", nodes.get(0).inputType().derivation());
        assertEquals("'nowhere' has no type: no graph input, initializer, value_info or output declares it and no"
                + " earlier node produces it", nodes.get(1).inputType().derivation());
    }

    @Test
    void aDeclarationWinsOverWhatTheFlowWouldGive() throws IOException {
        byte[] bytes = model().opset("", 13).graph(graph("g").input("x", FLOAT, 2).valueInfo("h", INT64, 1)
                .node(node("Unknown", "u", names("x"), names("h")))
                .node(node("ArgMax", "a", names("h"), names("y")))).toBytes();
        OnnxNode n = only(OnnxModel.read(bytes));
        assertEquals("int64", n.inputType().elementTypeName());
        assertEquals("value_info 'h'", n.inputType().derivation());
    }

    @Test
    void reportsACustomDomainNodeWithItsDomainsOpset() throws IOException {
        byte[] bytes = model().opset("ai.onnx", 11).opset("com.example", 3).graph(graph("g").input("x", FLOAT, 1)
                .node(node("ArgMax", "custom", names("x"), names("y")).domain("com.example").attr("axis", 0))
                .node(node("ArgMax", "standard", names("x"), names("z")).domain("ai.onnx"))).toBytes();
        List<OnnxNode> nodes = OnnxModel.read(bytes).nodes();
        assertEquals("com.example", nodes.get(0).domain());
        assertFalse(nodes.get(0).inDefaultDomain());
        assertEquals(3, nodes.get(0).opset());
        assertTrue(nodes.get(1).inDefaultDomain());
        assertEquals(11, nodes.get(1).opset(), "ai.onnx written out is the default domain");
    }

    @Test
    void keepsNonIntAttributesByTypeAndReadsOnlyTheOpTypesAskedFor() throws IOException {
        byte[] bytes = model().opset("", 13).graph(graph("g").input("x", FLOAT, 1)
                .node(node("ArgMax", "a", names("x"), names("y")).attrFloat("axis", 1f))
                .node(node("Relu", "r", names("x"), names("z")))).toBytes();
        OnnxNode n = only(OnnxModel.read(bytes));
        assertEquals(Map.of(), n.attributes());
        assertEquals(Map.of("axis", "FLOAT"), n.otherAttributes());
        assertEquals(List.of("Relu"), OnnxModel.read(bytes, Set.of("Relu")).nodes().stream().map(OnnxNode::opType).toList());
    }

    @Test
    void readsTheElementTypeOfAnInitializerWithExternalDataWithoutOpeningIt() throws IOException {
        byte[] bytes = model().opset("", 13).graph(graph("g")
                .externalInitializer("w", OnnxWriter.FLOAT16, new long[] {1000, 1000}, "missing-weights.bin")
                .node(node("ArgMax", "a", names("w"), names("y")))).toBytes();
        Path file = dir.resolve("external.onnx");
        Files.write(file, bytes);
        OnnxNode n = only(OnnxModel.read(file));
        assertEquals("float16", n.inputType().elementTypeName());
        assertEquals(OptionalInt.of(2), n.inputType().rank());
        assertEquals("initializer 'w'", n.inputType().derivation());
    }

    @Test
    void refusesATruncatedFileNamingIt() throws IOException {
        byte[] bytes = model().opset("", 13).graph(graph("g").input("x", FLOAT, 2)
                .initializer("w", FLOAT, new long[] {4}, 16)
                .node(node("ArgMax", "a", names("x"), names("y")))).toBytes();
        for (int cut : new int[] {bytes.length - 1, bytes.length / 2, 3}) {
            Path file = dir.resolve("cut" + cut + ".onnx");
            Files.write(file, java.util.Arrays.copyOf(bytes, cut));
            OnnxFormatException e = assertThrows(OnnxFormatException.class, () -> OnnxModel.read(file));
            assertTrue(e.getMessage().startsWith("cut" + cut + ".onnx: not a readable ONNX model: "), e.getMessage());
            assertTrue(e.getMessage().length() < 200, e.getMessage());
        }
    }

    @Test
    void refusesSubgraphsNestedBeyondTheBoundAndReadsThemUpToIt() throws IOException {
        OnnxWriter.Graph inner = graph("g").node(node("ArgMax", "deepest", names("x"), names("y")));
        for (int depth = 1; depth < ModelWire.MAX_GRAPH_DEPTH; depth++) {
            inner = graph("g").node(node("If", "if", names("c"), names("o")).attr("then_branch", inner));
        }
        byte[] deepest = model().opset("", 13).graph(inner).toBytes();
        assertEquals("deepest", only(OnnxModel.read(deepest)).name());
        byte[] tooDeep = model().opset("", 13).graph(graph("g").node(node("If", "if", names("c"), names("o"))
                .attr("then_branch", inner))).toBytes();
        assertTrue(assertThrows(OnnxFormatException.class, () -> OnnxModel.read(tooDeep)).getMessage()
                .startsWith("model bytes: not a readable ONNX model: graphs nested deeper than 64 (at byte "));
    }

    @Test
    void refusesGarbageAndEmptyFiles() throws IOException {
        Path text = dir.resolve("notes.onnx");
        Files.writeString(text, "this is not a model\n");
        assertTrue(assertThrows(OnnxFormatException.class, () -> OnnxModel.read(text)).getMessage()
                .startsWith("notes.onnx: not a readable ONNX model: "));
        Path empty = dir.resolve("empty.onnx");
        Files.write(empty, new byte[0]);
        assertEquals("empty.onnx: not a readable ONNX model: it has no graph (ModelProto field 7)",
                assertThrows(OnnxFormatException.class, () -> OnnxModel.read(empty)).getMessage());
    }

    @Test
    void readsAModelNearTwoGigabytesWithMemoryBoundedByTheGraph() throws IOException {
        // The weights are a sparse run of zeros in raw_data: the reader must skip them, in this module's
        // small test heap (see the surefire argLine), where reading them would not fit.
        byte[] head = model().opset("", 13).toBytes();
        byte[] node = graph("g").input("x", FLOAT, 2).node(node("ArgMax", "a", names("x"), names("y"))).toBytes();
        int raw = Integer.MAX_VALUE - 4096;
        Path file = dir.resolve("large.onnx");
        try (var channel = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.CREATE_NEW,
                java.nio.file.StandardOpenOption.WRITE, java.nio.file.StandardOpenOption.SPARSE)) {
            var tensorHeader = new java.io.ByteArrayOutputStream();
            var out = com.google.protobuf.CodedOutputStream.newInstance(tensorHeader);
            out.writeInt32(2, FLOAT);
            out.writeString(8, "w");
            out.writeTag(9, 2);
            out.writeUInt32NoTag(raw);
            out.flush();
            long tensorLength = (long) tensorHeader.size() + raw;
            var graphHeader = new java.io.ByteArrayOutputStream();
            out = com.google.protobuf.CodedOutputStream.newInstance(graphHeader);
            out.writeTag(5, 2);
            out.writeUInt32NoTag((int) tensorLength);
            out.flush();
            long graphLength = graphHeader.size() + tensorLength + node.length;
            var modelHeader = new java.io.ByteArrayOutputStream();
            out = com.google.protobuf.CodedOutputStream.newInstance(modelHeader);
            out.writeRawBytes(head);
            out.writeTag(7, 2);
            out.writeUInt32NoTag((int) graphLength);
            out.flush();
            channel.write(java.nio.ByteBuffer.wrap(modelHeader.toByteArray()));
            channel.write(java.nio.ByteBuffer.wrap(graphHeader.toByteArray()));
            channel.write(java.nio.ByteBuffer.wrap(tensorHeader.toByteArray()));
            channel.position(channel.position() + raw);
            channel.write(java.nio.ByteBuffer.wrap(node));
        }
        assertTrue(Files.size(file) > Integer.MAX_VALUE - 4096L);
        OnnxNode n = only(OnnxModel.read(file));
        assertEquals("float", n.inputType().elementTypeName());
        assertEquals("a", n.name());
    }
}
