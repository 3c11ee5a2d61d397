package io.github.argonnx;

import static io.github.argonnx.onnx.testing.OnnxWriter.FLOAT;
import static io.github.argonnx.onnx.testing.OnnxWriter.INT64;
import static io.github.argonnx.onnx.testing.OnnxWriter.graph;
import static io.github.argonnx.onnx.testing.OnnxWriter.model;
import static io.github.argonnx.onnx.testing.OnnxWriter.names;
import static io.github.argonnx.onnx.testing.OnnxWriter.node;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.argonnx.onnx.NodeOperator;
import io.github.argonnx.onnx.OnnxModel;
import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.TopKResult;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A model's nodes read by argonnx-onnx as ready operators of this library, then run. */
class ModelOperatorsTest {

    /** [[0.1, 0.7, 0.2], [0.7, 0.3, 0.9]]. */
    private static final Tensor SCORES = Tensor.ofFloat(new float[] {0.1f, 0.7f, 0.2f, 0.7f, 0.3f, 0.9f}, 2, 3);

    @Test
    void aModelsArgMaxAndTopKNodesRunAsTheirAttributesSay() throws Exception {
        OnnxModel model = OnnxModel.read(model().opset("", 13).graph(graph("g").input("x", FLOAT, 2).input("k", INT64, 1)
                .node(node("ArgMax", "best", names("x"), names("a")).attr("axis", 1).attr("keepdims", 0))
                .node(node("TopK", "lowest", names("x", "k"), names("v", "i")).attr("largest", 0))).toBytes());

        List<NodeOperator<ArgReductionOperator>> reductions =
                model.operators(Set.of("ArgMax", "ArgMin"), ArgReductionOperator::forNode);
        assertEquals(1, reductions.size());
        assertEquals(List.of("a"), reductions.get(0).outputs());
        assertArrayEquals(new long[] {1, 2}, reductions.get(0).operator().apply(SCORES).indices());

        List<NodeOperator<TopK>> topK = model.operators(Set.of("TopK"), TopK::forNode);
        assertEquals(List.of("x", "k"), topK.get(0).inputs());
        TopKResult<Tensor> lowest = topK.get(0).operator().apply(SCORES, 1);
        assertArrayEquals(new long[] {0, 1}, lowest.indices());
    }

    @Test
    void aNodeTheOperatorRefusesIsRefusedNamingTheNodeAndTheAttribute() throws Exception {
        OnnxModel model = OnnxModel.read(model().opset("", 11).graph(graph("g").input("x", FLOAT, 2)
                .node(node("ArgMax", "am", names("x"), names("a")).attr("select_last_index", 1))).toBytes());
        ArgOnnxException e = assertThrows(ArgOnnxException.class,
                () -> model.operators(Set.of("ArgMax"), ArgReductionOperator::forNode));
        assertEquals("ArgMax 'am' (node 0) in main graph: " + e.getCause().getMessage(), e.getMessage());
        assertEquals(true, e.getMessage().contains("'select_last_index'"), e.getMessage());
    }
}
