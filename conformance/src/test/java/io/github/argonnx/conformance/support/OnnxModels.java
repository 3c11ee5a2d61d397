package io.github.argonnx.conformance.support;

import io.github.argonnx.conformance.onnx.AttributeProto;
import io.github.argonnx.conformance.onnx.GraphProto;
import io.github.argonnx.conformance.onnx.ModelProto;
import io.github.argonnx.conformance.onnx.NodeProto;
import io.github.argonnx.conformance.onnx.OperatorSetIdProto;
import io.github.argonnx.conformance.onnx.TensorShapeProto;
import io.github.argonnx.conformance.onnx.TypeProto;
import io.github.argonnx.conformance.onnx.ValueInfoProto;

/** Builds ONNX models in memory for ONNX Runtime. */
public final class OnnxModels {

    public static final String INPUT = "data";
    public static final String OUTPUT = "reduced";

    /** IR version 7 reads every opset used here (11-13) and every ONNX Runtime since 1.6 loads it. */
    private static final long IR_VERSION = 7;

    private OnnxModels() {}

    /**
     * A model with a single ArgMax/ArgMin node whose input has {@code rank} symbolic dimensions
     * ({@code d0, d1, ...}), so one session serves every shape of that rank.
     *
     * @param attributes the node's attributes; a {@code null} value leaves the attribute unset
     */
    public static byte[] singleNode(String opType, int opset, ElementType type, int rank,
            Long axis, Long keepdims, Long selectLastIndex) {
        NodeProto.Builder node = NodeProto.newBuilder()
                .setOpType(opType)
                .setName(opType.toLowerCase(java.util.Locale.ROOT))
                .addInput(INPUT)
                .addOutput(OUTPUT);
        addInt(node, "axis", axis);
        addInt(node, "keepdims", keepdims);
        addInt(node, "select_last_index", selectLastIndex);

        TensorShapeProto.Builder shape = TensorShapeProto.newBuilder();
        for (int d = 0; d < rank; d++) {
            shape.addDim(TensorShapeProto.Dimension.newBuilder().setDimParam("d" + d));
        }
        ValueInfoProto input = ValueInfoProto.newBuilder()
                .setName(INPUT)
                .setType(TypeProto.newBuilder().setTensorType(
                        TypeProto.Tensor.newBuilder().setElemType(type.onnxCode()).setShape(shape)))
                .build();
        // Output rank depends on keepdims; leave its shape to the runtime's inference.
        ValueInfoProto output = ValueInfoProto.newBuilder()
                .setName(OUTPUT)
                .setType(TypeProto.newBuilder().setTensorType(
                        TypeProto.Tensor.newBuilder().setElemType(ElementType.INT64.onnxCode())))
                .build();
        GraphProto graph = GraphProto.newBuilder()
                .setName(opType + "_" + type.onnxName() + "_rank" + rank)
                .addNode(node)
                .addInput(input)
                .addOutput(output)
                .build();
        return ModelProto.newBuilder()
                .setIrVersion(IR_VERSION)
                .setProducerName("argonnx-conformance")
                .addOpsetImport(OperatorSetIdProto.newBuilder().setDomain("").setVersion(opset))
                .setGraph(graph)
                .build()
                .toByteArray();
    }

    private static void addInt(NodeProto.Builder node, String name, Long value) {
        if (value != null) {
            node.addAttribute(AttributeProto.newBuilder()
                    .setName(name)
                    .setType(AttributeProto.AttributeType.INT)
                    .setI(value));
        }
    }
}
