/**
 * A model's ArgMax, ArgMin and TopK nodes, read from an ONNX file or its bytes without reading its weights:
 * {@link io.github.argonnx.onnx.OnnxModel#read(java.nio.file.Path)}.
 *
 * <p>The reader walks the protobuf wire format with protobuf-java's {@code CodedInputStream} and no generated
 * message classes, so it needs no particular protobuf-java version (its README says which ones are tested). Each node comes with its opset in
 * force, its integer attributes and its input's element type, rank and dimensions where the graph tells them;
 * the generated operators take a node through {@code forNode(node.opType(), node.opset(), node.attributes())}, and
 * {@link io.github.argonnx.onnx.OnnxModel#operators} gives each node with the operator its {@code forNode} built.
 *
 * <p>API: {@link io.github.argonnx.onnx.OnnxModel}, {@link io.github.argonnx.onnx.OnnxNode},
 * {@link io.github.argonnx.onnx.InputType}, {@link io.github.argonnx.onnx.OnnxFormatException},
 * {@link io.github.argonnx.onnx.NodeOperator} and {@link io.github.argonnx.onnx.OperatorFactory}, and no
 * other type. Every other class of this module is package-private and may change in any release.
 */
package io.github.argonnx.onnx;
