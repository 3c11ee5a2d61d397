package io.github.argonnx.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.conformance.support.NodeTest;
import io.github.argonnx.conformance.support.Paths;
import io.github.argonnx.generator.loader.SpecLoader;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.onnx.OnnxModel;
import io.github.argonnx.onnx.OnnxNode;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ONNX backend node-test models, read by argonnx-onnx's reader, give exactly their own operator, version,
 * attributes and input type: compared with the same models parsed by protobuf's generated classes
 * ({@link NodeTest}) and with the data sets' input tensors.
 */
class ModelReaderTest {

    private static List<OperatorSpec> specs;

    @BeforeAll
    static void loadSpecs() throws Exception {
        specs = SpecLoader.loadDirectory(Paths.repositoryRoot().resolve("specs/operators"));
    }

    static Stream<NodeTest> nodeTests() {
        return NodeTest.loadAll(Paths.nodeTests()).stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nodeTests")
    void theReaderGivesEachNodeTestsOwnOperatorVersionAttributesAndInputType(NodeTest test) throws Exception {
        Path file = Paths.nodeTests().resolve(test.name()).resolve("model.onnx");
        OnnxModel model = OnnxModel.read(file);
        assertEquals(1, model.nodes().size(), model.nodes().toString());
        OnnxNode node = model.nodes().get(0);
        assertEquals(test.opType(), node.opType());
        assertTrue(node.inDefaultDomain());
        assertEquals(test.opsetVersion(), node.opset());
        assertEquals(test.attributes(), node.attributes());
        assertEquals(List.of(), List.copyOf(node.otherAttributes().keySet()));
        assertEquals("main graph", node.graph());
        assertEquals(0, node.index());

        int inputType = test.dataSets().get(0).inputs().get(0).type().onnxCode();
        assertEquals(inputType, node.inputType().elementType(), node.inputType().derivation());
        assertEquals(OptionalInt.of(test.dataSets().get(0).inputs().get(0).shape().length), node.inputType().rank());
        assertTrue(node.inputType().derivation().startsWith("graph input '"), node.inputType().derivation());

        OperatorSpec spec = specs.stream().filter(op -> op.name().equals(test.opType())).findFirst().orElseThrow();
        int version = spec.versionAt(Math.toIntExact(node.opset())).orElseThrow().sinceVersion();
        ArgReductionOperator op = ArgReductionOperator.forNode(node.opType(), node.opset(), node.attributes());
        assertEquals(version, op.version());
        assertFalse(spec.versionAt(version).orElseThrow().allowedTypes(spec.versionAt(version).orElseThrow().inputs()
                .get(0)).stream().noneMatch(t -> t.tensorProtoCode() == inputType), "the version allows the type");
    }
}
