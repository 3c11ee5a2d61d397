package com.example;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.ArgMax;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgResult;
import org.junit.jupiter.api.Test;

/** The README's first example, run from the published jars: argonnx-kernels and the argonnx-runtime it brings. */
class ReadmeDependencyTest {

    @Test
    void theReadmeExampleRuns() {
        Tensor scores = Tensor.ofFloat(new float[] {2, 1, 3, 7, 10, 10}, 2, 3);
        ArgResult first = ArgMax.latest().axis(1).keepdims(false).apply(scores);
        assertArrayEquals(new long[] {2, 1}, first.indices());
        assertArrayEquals(new long[] {2}, first.shape());
        ArgResult last = ArgMax.latest().axis(1).keepdims(false).selectLastIndex(true).apply(scores);
        assertArrayEquals(new long[] {2, 2}, last.indices());
    }

    @Test
    void theOperatorsComeFromArgonnxKernelsAndTheRuntimeFromArgonnxRuntime() {
        String kernels = ArgMax.class.getProtectionDomain().getCodeSource().getLocation().getPath();
        String runtime = ArgResult.class.getProtectionDomain().getCodeSource().getLocation().getPath();
        assertTrue(kernels.matches(".*/argonnx-kernels-[^/]*\\.jar"), kernels);
        assertTrue(runtime.matches(".*/argonnx-runtime-[^/]*\\.jar"), runtime);
    }
}
