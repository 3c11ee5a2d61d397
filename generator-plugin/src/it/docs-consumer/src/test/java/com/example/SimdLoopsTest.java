package com.example;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.onnx.ArgMax;
import com.example.onnx.Tensor;
import com.example.onnx.internal.kernels.ArgMaxFloatKernel;
import io.github.argonnx.runtime.Vectorization;
import java.lang.reflect.Field;
import org.junit.jupiter.api.Test;

/** This consumer's generated kernels run their SIMD loops: the JVM has the Vector API, the loops are compiled. */
class SimdLoopsTest {

    @Test
    void theFloatKernelHoldsItsSimdLoops() throws Exception {
        assertTrue(Vectorization.status().startsWith("SIMD loops on"), Vectorization.status());
        Field loops = ArgMaxFloatKernel.class.getDeclaredField("VECTORIZED");
        loops.setAccessible(true);
        assertNotNull(loops.get(null), "ArgMaxFloatKernel runs plain Java loops");
    }

    @Test
    void longRowsGiveTheFirstMaximum() {
        float[] data = new float[2 * 1000];
        data[737] = 5;
        data[900] = 5;
        data[1000 + 12] = Float.NaN;
        data[1000 + 500] = Float.NaN;
        long[] indices = ArgMax.latest().axis(1).keepdims(false).apply(Tensor.ofFloat(data, 2, 1000)).indices();
        assertArrayEquals(new long[] {737, 12}, indices);
    }
}
