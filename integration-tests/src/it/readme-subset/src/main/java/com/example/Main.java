package com.example;

import com.example.onnx.ArgMax;
import com.example.onnx.Tensor;
import io.github.argonnx.runtime.Vectorization;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** Runs both generated kernels and reports which loops they run and what was logged at WARNING or above. */
public final class Main {

    public static void main(String[] args) {
        List<String> warnings = new ArrayList<>();
        // Before any ArgONNX class loads: a kernel whose SIMD class is missing warns while it initializes.
        Logger.getLogger("").addHandler(new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                    warnings.add(record.getLevel() + " " + record.getLoggerName() + ": " + record.getMessage());
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        });
        long[] floats = ArgMax.latest().axis(1).keepdims(false)
                .apply(Tensor.ofFloat(new float[] {2, 1, 3, 7, 10, 10}, 2, 3)).indices();
        long[] longs = ArgMax.latest().axis(0).keepdims(false)
                .apply(Tensor.ofInt64(new long[] {4, -9, 8, 2}, 4)).indices();
        System.out.println("indices: " + Arrays.toString(floats) + " " + Arrays.toString(longs));
        System.out.println("status: " + Vectorization.status());
        System.out.println("warnings: " + warnings.size());
        warnings.forEach(w -> System.out.println("  " + w));
    }
}
