package io.github.argonnx.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.conformance.support.Api;
import io.github.argonnx.conformance.support.Cases;
import io.github.argonnx.conformance.support.ConformanceReport;
import io.github.argonnx.conformance.support.NodeTest;
import io.github.argonnx.conformance.support.Paths;
import io.github.argonnx.conformance.support.Reference;
import io.github.argonnx.conformance.support.TensorValue;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * ONNX's own backend test vectors through the public API: every folder under
 * {@code onnx-node-tests/}, every data set, every input form and output form, exact indices and shape.
 * The operator is resolved from the model's opset import, attributes are set only where the model
 * sets them (the rest must come from the library's defaults).
 */
class NodeVectorsTest {

    @TestFactory
    Stream<DynamicTest> every_node_vector_passes_in_every_form() {
        List<NodeTest> tests = NodeTest.loadAll(Paths.nodeTests());
        assertFalse(tests.isEmpty());
        return tests.stream().map(t -> DynamicTest.dynamicTest(t.name(), () -> run(t)));
    }

    private static void run(NodeTest t) {
        int version = Cases.versionInForce(t.opsetVersion());
        Cases.Failures failures = new Cases.Failures(t.name());
        SplittableRandom random = new SplittableRandom(t.name().hashCode());
        int cases = 0;
        for (NodeTest.DataSet set : t.dataSets()) {
            assertEquals(1, set.inputs().size(), "ArgMax/ArgMin take one input");
            assertEquals(1, set.outputs().size(), "ArgMax/ArgMin have one output");
            TensorValue x = set.inputs().get(0);
            TensorValue y = set.outputs().get(0);
            Reference.Result expected = new Reference.Result(y.int64Values(), y.shape());
            // Built from the node as an interpreter would (op type, opset import, attributes), and named directly.
            ArgReductionOperator[] ops = {
                ArgReductionOperator.forNode(t.opType(), t.opsetVersion(), t.attributes()),
                Api.configure(Api.version(t.opType(), version), t.attributes().get("axis"),
                        t.attributes().get("keepdims"), t.attributes().get("select_last_index"))
            };
            List<String> formFailures = new ArrayList<>();
            for (ArgReductionOperator op : ops) {
                for (Api.InputForm in : Api.InputForm.values()) {
                    for (Api.OutputForm out : Api.OutputForm.values()) {
                        String failure = Cases.check(op, x, in, out, random, expected);
                        if (failure != null) {
                            formFailures.add(op + ", " + failure);
                        }
                    }
                }
            }
            cases++;
            if (!formFailures.isEmpty()) {
                failures.add(set.name() + ":\n  " + String.join("\n  ", formFailures));
            }
            ConformanceReport.record(ConformanceReport.Source.NODE_VECTORS, t.opType(), version, x.type(),
                    formFailures.isEmpty());
        }
        failures.assertNone(cases);
    }
}
