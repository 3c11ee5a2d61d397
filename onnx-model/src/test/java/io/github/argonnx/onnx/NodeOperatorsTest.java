package io.github.argonnx.onnx;

import static io.github.argonnx.onnx.testing.OnnxWriter.FLOAT;
import static io.github.argonnx.onnx.testing.OnnxWriter.INT64;
import static io.github.argonnx.onnx.testing.OnnxWriter.graph;
import static io.github.argonnx.onnx.testing.OnnxWriter.names;
import static io.github.argonnx.onnx.testing.OnnxWriter.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.argonnx.runtime.ArgOnnxException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A model's nodes with their operators, built by a stand-in for the generated API's forNode. */
class NodeOperatorsTest {

    /** What a forNode was given. */
    private record Built(String opType, long opset, Map<String, Long> attributes) {}

    private static OnnxModel model() throws OnnxFormatException {
        return OnnxModel.read(io.github.argonnx.onnx.testing.OnnxWriter.model().opset("", 13).opset("com.example", 1)
                .graph(graph("g").input("x", FLOAT, 2).input("k", INT64, 1)
                        .node(node("ArgMax", "am", names("x"), names("a")).attr("axis", 1))
                        .node(node("TopK", "top", names("x", "k"), names("v", "i")).attr("largest", 0))
                        .node(node("ArgMin", "custom", names("x"), names("c")).domain("com.example"))
                        .node(node("ArgMin", "amin", names("x"), names("b")).attr("keepdims", 0))).toBytes());
    }

    @Test
    void eachDefaultDomainNodeOfTheOpTypesComesWithItsNamesAndTheOperatorForNodeBuilt() throws Exception {
        List<NodeOperator<Built>> reductions = model().operators(Set.of("ArgMax", "ArgMin"), Built::new);
        assertEquals(List.of("am", "amin"), reductions.stream().map(NodeOperator::name).toList(),
                "the com.example ArgMin is another operator");
        assertEquals(new Built("ArgMax", 13, Map.of("axis", 1L)), reductions.get(0).operator());
        assertEquals(List.of("x"), reductions.get(0).inputs());
        assertEquals(List.of("b"), reductions.get(1).outputs());
        List<NodeOperator<Built>> topK = model().operators(Set.of("TopK"), Built::new);
        assertEquals(List.of(new Built("TopK", 13, Map.of("largest", 0L))),
                topK.stream().map(NodeOperator::operator).toList());
        assertEquals(List.of("x", "k"), topK.get(0).inputs());
    }

    @Test
    void aNodeForNodeRefusesIsRefusedNamingTheNodeAndTheReason() throws Exception {
        IllegalArgumentException reason = new ArgOnnxException("unknown op type 'ArgMin' (this build has: ArgMax)");
        ArgOnnxException e = assertThrows(ArgOnnxException.class, () -> model().operators(Set.of("ArgMax", "ArgMin"),
                (opType, opset, attributes) -> {
                    if (opType.equals("ArgMin")) {
                        throw reason;
                    }
                    return opType;
                }));
        assertEquals("ArgMin 'amin' (node 3) in main graph: unknown op type 'ArgMin' (this build has: ArgMax)",
                e.getMessage());
        assertSame(reason, e.getCause());
    }

    @Test
    void anOperatorClassMissingAtRunTimeIsRefusedNamingTheNodeNotANoClassDefFoundError() throws Exception {
        ArgOnnxException e = assertThrows(ArgOnnxException.class, () -> model().operators(Set.of("TopK"),
                (opType, opset, attributes) -> {
                    throw new NoClassDefFoundError("io/github/argonnx/TopK");
                }));
        assertEquals("TopK 'top' (node 1) in main graph: the class of its operator (io/github/argonnx/TopK) is not on"
                + " the class path; generate TopK or leave out its op type", e.getMessage());
    }
}
