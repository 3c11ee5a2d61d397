package com.example;

import com.example.onnx.ArgReductionOperator;
import com.example.onnx.Tensor;
import io.github.argonnx.onnx.NodeOperator;
import io.github.argonnx.onnx.OnnxModel;
import io.github.argonnx.runtime.ArgResult;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;

/**
 * Reads each model given as ready operators of the generated subset (every ArgMax/ArgMin node with the operator
 * ArgReductionOperator.forNode built) and runs each on one 2x2 float input.
 */
public final class Main {

    public static void main(String[] args) throws Exception {
        Tensor x = Tensor.ofFloat(new float[] {2, 1, 3, 10}, 2, 2);
        for (String file : args) {
            for (NodeOperator<ArgReductionOperator> node : OnnxModel.read(Path.of(file))
                    .operators(Set.of("ArgMax", "ArgMin"), ArgReductionOperator::forNode)) {
                ArgResult r = node.operator().apply(x);
                System.out.println(node.node().describe() + ": " + node.operator() + " -> "
                        + Arrays.toString(r.indices()) + " shape " + Arrays.toString(r.shape()) + ", " + node.inputs()
                        + " to " + node.outputs());
            }
        }
    }
}
