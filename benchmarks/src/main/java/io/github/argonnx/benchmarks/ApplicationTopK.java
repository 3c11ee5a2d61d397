package io.github.argonnx.benchmarks;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.TopK;
import io.github.argonnx.benchmarks.ApplicationResults.TopKRow;
import io.github.argonnx.runtime.Parallelism;
import io.github.argonnx.runtime.TopKResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The TopK cases of one application benchmark JVM, after its ArgMax/ArgMin cases: for each case,
 * ArgONNX's {@code TopK.latest().axis(axis).apply(tensor, k)} through the public API, on one thread,
 * then ONNX Runtime's TopK on one thread, each with its warm-up and timed calls back to back. Both contenders' indices are checked against {@link TopKReference} before either is timed.
 *
 * <p>A case of fewer elements gets more warm-up calls ({@link #warmupCalls}): a decoding step or a
 * batch of heads runs many times in an application, and a few calls over 32,000 elements leave the
 * JIT with too little to compile from.
 */
final class ApplicationTopK {

    /**
     * The element types ONNX Runtime 1.22's CPU provider has a TopK kernel for ({@code OrtBenchmarkTest}
     * asks ONNX Runtime for every type).
     */
    static final Set<DataType> ORT_TYPES = Collections.unmodifiableSet(EnumSet.of(DataType.FLOAT,
            DataType.DOUBLE, DataType.FLOAT16, DataType.INT32, DataType.INT64));

    /** How the benchmark JVM times a call: its warm-up calls, then the median of its timed calls. */
    @FunctionalInterface
    interface Timer {
        ApplicationBenchmark.Timing time(ApplicationBenchmark.Call call, boolean countBytes, int warmupCalls)
                throws OrtException;
    }

    private ApplicationTopK() {}

    /** Elements a warm-up reads at least, the matrix's elements per call: one call of the largest cases. */
    static final long WARMUP_ELEMENTS = 16_777_216;
    /** Warm-up calls at most, whatever the case. */
    static final int MAX_WARMUP_CALLS = 100_000;

    /**
     * The warm-up calls of a case: {@code warmup} calls of the matrix's size in elements, so that every
     * case's warm-up reads as many elements as a 16,777,216-element case's {@code warmup} calls.
     */
    static int warmupCalls(TopKCase c, int warmup) {
        long calls = warmup * WARMUP_ELEMENTS / c.geometry().elementCount();
        return (int) Math.min(MAX_WARMUP_CALLS, Math.max(warmup, calls));
    }

    /** The cases of the types given, in {@link TopKCase} order. */
    static List<TopKCase> cases(List<DataType> types) {
        return EnumSet.allOf(TopKCase.class).stream().filter(c -> types.contains(c.type())).toList();
    }

    /**
     * Every case's rows: ArgONNX on one thread, and ONNX Runtime on one thread where it has a kernel.
     *
     * @throws IllegalStateException when a contender's indices differ from the reference's
     */
    static List<TopKRow> run(List<TopKCase> cases, Map<DataType, InputData> inputs, OrtEnvironment environment,
            int warmup, Timer timer) throws OrtException {
        List<TopKRow> rows = new ArrayList<>();
        for (TopKCase c : cases) {
            InputData input = c.input(inputs.get(c.type()));
            Tensor tensor = ArgOnnxBenchmark.tensorOf(input);
            TopK op = TopK.latest().axis(c.geometry().axis()).parallelism(Parallelism.singleThread());
            long[] expected = TopKReference.indices(input, c.k());
            require("ArgONNX TopK", c, expected, op.apply(tensor, c.k()).indices());
            int warmupCalls = warmupCalls(c, warmup);
            rows.add(row(c, ApplicationBenchmark.ONE_THREAD, timer.time(() -> op.apply(tensor, c.k()), true,
                    warmupCalls)));
            if (ORT_TYPES.contains(c.type())) {
                rows.add(row(c, ApplicationBenchmark.ORT, ort(environment, c, input, expected, timer, warmupCalls)));
            }
        }
        return rows;
    }

    /** ONNX Runtime's TopK on one intra-op thread: the input in a direct buffer, k fed with every call. */
    private static ApplicationBenchmark.Timing ort(OrtEnvironment environment, TopKCase c, InputData input,
            long[] expected, Timer timer, int warmupCalls) throws OrtException {
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            try (OrtSession session = environment.createSession(OnnxModel.topK(c.type(), c.geometry(),
                            c.outputShape()), options);
                    OnnxTensor x = OrtBenchmark.directTensor(environment, input);
                    OnnxTensor k = OnnxTensor.createTensor(environment, new long[] {c.k()})) {
                Map<String, OnnxTensor> feed = Map.of("x", x, "k", k);
                try (OrtSession.Result result = session.run(feed)) {
                    require("ONNX Runtime TopK", c, expected, OrtBenchmark.flatten(result.get(1).getValue()));
                }
                return timer.time(() -> {
                    try (OrtSession.Result result = session.run(feed)) {
                        return result.size();
                    }
                }, false, warmupCalls);
            }
        }
    }

    /**
     * Stops the run before a contender is timed when its indices differ from the reference's.
     *
     * @throws IllegalStateException naming the contender, the case and the first difference
     */
    static void require(String contender, TopKCase c, long[] expected, long[] actual) {
        if (expected.length != actual.length) {
            throw new IllegalStateException(contender + " gives " + actual.length + " indices on " + c + ", the"
                    + " reference " + expected.length);
        }
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] != actual[i]) {
                throw new IllegalStateException(contender + " disagrees with the TopK reference on " + c + ": output "
                        + i + " is " + actual[i] + ", expected " + expected[i]);
            }
        }
    }

    private static TopKRow row(TopKCase c, String contender, ApplicationBenchmark.Timing t) {
        return new TopKRow(c.name(), contender, t.medianMillis(), t.medianBytes(), t.maxBytes());
    }

    /** A value of the result, so that no call is optimized away. */
    static int observe(TopKResult<?> result) {
        return result.size();
    }
}
