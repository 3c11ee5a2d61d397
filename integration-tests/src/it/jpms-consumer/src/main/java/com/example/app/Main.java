package com.example.app;

import io.github.argonnx.ArgMax;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgResult;
import io.github.argonnx.runtime.Vectorization;
import java.util.Arrays;

/** Reduces a tensor from a named module and says which module each part was loaded from. */
public final class Main {

    public static void main(String[] args) {
        ArgResult result = ArgMax.latest().axis(1).keepdims(false)
                .apply(Tensor.ofFloat(new float[] {2, 1, 3, 7, 10, 10}, 2, 3));
        System.out.println("indices: " + Arrays.toString(result.indices()));
        System.out.println("modules: " + Main.class.getModule().getName() + " " + ArgMax.class.getModule().getName()
                + " " + ArgResult.class.getModule().getName());
        System.out.println("status: " + Vectorization.status());
    }
}
