package com.example;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.argonnx.ArgMin;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgResult;
import org.junit.jupiter.api.Test;

/** The generated operator in the default package, run against argonnx-runtime alone. */
class DefaultPackageTest {

    @Test
    void argMinOfEachRow() {
        ArgResult result = ArgMin.latest().axis(1).keepdims(false).apply(Tensor.ofInt32(new int[] {4, 2, 9, 1}, 2, 2));
        assertArrayEquals(new long[] {1, 1}, result.indices());
        assertArrayEquals(new long[] {2}, result.shape());
    }

    @Test
    void theGeneratedApiComesFromThisBuildAndTheRuntimeFromItsJar() throws Exception {
        String api = ArgMin.class.getProtectionDomain().getCodeSource().getLocation().getPath();
        String runtime = ArgResult.class.getProtectionDomain().getCodeSource().getLocation().getPath();
        assertEquals(true, api.endsWith("/target/classes/"), api);
        assertEquals(true, runtime.endsWith(".jar") && runtime.contains("argonnx-runtime"), runtime);
    }
}
