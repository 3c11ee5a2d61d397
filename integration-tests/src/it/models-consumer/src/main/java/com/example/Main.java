package com.example;

import com.example.onnx.ArgReductionOperator;
import com.example.onnx.Tensor;
import io.github.argonnx.onnx.OnnxModel;
import io.github.argonnx.onnx.OnnxNode;
import java.nio.file.Path;
import java.util.Arrays;

/** Reads each model given, builds every ArgMax/ArgMin node's operator and runs it on one 2x2 float input. */
public final class Main {

    public static void main(String[] args) throws Exception {
        Tensor x = Tensor.ofFloat(new float[] {2, 1, 3, 10}, 2, 2);
        for (String file : args) {
            for (OnnxNode node : OnnxModel.read(Path.of(file)).nodes()) {
                ArgReductionOperator op = ArgReductionOperator.forNode(node.opType(), node.opset(), node.attributes());
                System.out.println(node.describe() + ": " + op + " -> " + Arrays.toString(op.apply(x).indices())
                        + " shape " + Arrays.toString(op.apply(x).shape()));
            }
        }
    }
}
