package io.github.argonnx.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.argonnx.TopK;
import io.github.argonnx.conformance.support.Api;
import io.github.argonnx.conformance.support.NodeTest;
import io.github.argonnx.conformance.support.Paths;
import io.github.argonnx.conformance.support.TensorValue;
import io.github.argonnx.conformance.support.TopKApi;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * ONNX's own TopK node vectors through the library's {@link TopK}: built from the node as an interpreter
 * would and by name, over every input form (array, heap and direct buffers, raw_data), with the outputs
 * as a {@code TopKResult} and written into caller arrays.
 */
class TopKNodeVectorsTest {

    @Test
    void everyTopKNodeVectorMatchesInEveryInputForm() {
        List<NodeTest> tests = NodeTest.loadAll(Paths.topKNodeTests());
        assertEquals(7, tests.size(), "the TopK node vectors");
        SplittableRandom random = new SplittableRandom(20_240_601L);
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (NodeTest t : tests) {
            for (NodeTest.DataSet set : t.dataSets()) {
                TensorValue x = set.inputs().get(0);
                long k = set.inputs().get(1).int64Values()[0];
                TopK byName = TopK.version(t.opsetVersion()).axis(t.attribute("axis", -1))
                        .largest(t.attribute("largest", 1) == 1).sorted(t.attribute("sorted", 1) == 1);
                for (TopK op : List.of(TopK.forNode(t.opsetVersion(), t.attributes()), byName)) {
                    for (Api.InputForm form : Api.InputForm.values()) {
                        Api.Input input = Api.input(x, form, random);
                        List<TopKApi.Outputs> outputs = List.of(
                                TopKApi.viaResult(op, input.tensor(), k, x.type()),
                                TopKApi.viaArrays(op, input.tensor(), k, x.type()));
                        for (TopKApi.Outputs out : outputs) {
                            checked++;
                            if (!out.values().equals(set.outputs().get(0)) || !out.indices().equals(set.outputs().get(1))) {
                                failures.add(t.name() + " " + op + " " + input + ": got " + out + ", expected "
                                        + set.outputs());
                            }
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), failures);
        assertEquals(7 * 2 * Api.InputForm.values().length * 2, checked);
    }
}
