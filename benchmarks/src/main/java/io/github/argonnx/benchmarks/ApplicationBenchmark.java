package io.github.argonnx.benchmarks;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.benchmarks.ApplicationResults.Floor;
import io.github.argonnx.benchmarks.ApplicationResults.Row;
import io.github.argonnx.benchmarks.ApplicationResults.Run;
import io.github.argonnx.runtime.ArgResult;
import io.github.argonnx.runtime.Parallelism;
import io.github.argonnx.runtime.TopKResult;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * One JVM of the application benchmark: it reduces every selected type, layout and operator through
 * the public API, as an application that does several kinds of work in one JVM would, and writes
 * the median time per call of each case to a JSON file ({@link ApplicationResults.Run}). The report
 * starts one such JVM per configuration ({@code --application}); nothing here is forked per case.
 *
 * <p>The input of a type is one array ({@code TYPE_SLICE_NO_EXTREME}'s data), seen in every layout
 * by a tensor of another shape, so that every case of every type is in memory at once and the
 * interleaved pass can go from case to case as an application would.
 *
 * <p>In sequence, each case gets its warm-up calls and then its timed calls back to back (ArgONNX on
 * one thread, then with the default parallelism, then ONNX Runtime on one thread); every read floor
 * variant the JVM runs is timed on the type's input before and after the type's cases, and the floor
 * row is the fastest of them. Interleaved, each round calls every case once (one thread, then default), so
 * that between two calls of a case the JVM runs all the others; the first rounds are the warm-up.
 * Every contender's indices are checked against the plain loop before any call is timed.
 *
 * <p>With TopK among the operators, its cases of the selected types run last ({@link ApplicationTopK}).
 */
@Command(name = "ApplicationBenchmark", mixinStandardHelpOptions = true,
        description = "One JVM of the application benchmark; the report's --application starts it.")
public final class ApplicationBenchmark implements Callable<Integer> {

    static final String ONE_THREAD = "argonnx-1";
    static final String DEFAULT = "argonnx-default";
    static final String ORT = "ort-1";
    static final String FLOOR = "floor";
    static final String SEQUENCE = "sequence";
    static final String INTERLEAVED = "interleaved";
    /** Warm-up calls of each read floor variant before its first repetition: a pass takes milliseconds. */
    static final int FLOOR_WARMUP_CALLS = 20;

    @Option(names = "--types", split = ",", required = true)
    List<DataType> types;

    @Option(names = "--layouts", split = ",", required = true)
    List<Layout> layouts;

    @Option(names = "--ops", split = ",", required = true)
    List<Operator> ops;

    @Option(names = "--warmup", required = true)
    int warmup;

    @Option(names = "--calls", required = true)
    int calls;

    @Option(names = "--out", required = true)
    Path out;

    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    public static void main(String[] args) {
        System.exit(new CommandLine(new ApplicationBenchmark()).execute(args));
    }

    /** One case: a type's input in a layout, one operator, built once as an application builds them. */
    private record Case(DataType type, Layout layout, Operator op, Tensor tensor, ArgReductionOperator oneThread,
            ArgReductionOperator parallel) {}

    @Override
    public Integer call() throws IOException, OrtException {
        Map<DataType, InputData> inputs = new EnumMap<>(DataType.class);
        List<Case> cases = new ArrayList<>();
        List<Operator> argOps = ops.stream().filter(Operator::isArgReduction).toList();
        List<DataType> argTypes = argOps.isEmpty() ? List.of() : types;
        List<TopKCase> topKCases = ops.contains(Operator.TopK) ? ApplicationTopK.cases(types) : List.of();
        for (DataType type : types) {
            if (argTypes.contains(type) || topKCases.stream().anyMatch(c -> c.type() == type)) {
                inputs.put(type, InputData.generate(new BenchCase(type, Layout.SLICE, DataKind.NO_EXTREME)));
            }
        }
        for (DataType type : argTypes) {
            InputData input = inputs.get(type);
            for (Layout layout : layouts) {
                Geometry g = layout.geometry();
                Tensor tensor = ArgOnnxBenchmark.tensorOf(type, input.array(), g.shape());
                for (Operator op : argOps) {
                    ArgReductionOperator configured = op.latest().axis(g.axis()).keepdims(0);
                    Case c = new Case(type, layout, op, tensor, configured.parallelism(Parallelism.singleThread()),
                            configured);
                    long[] expected = PlainLoops.argReduce(input.reshaped(g), op.isMax());
                    String name = type + "_" + layout + " " + op;
                    PlainLoops.requireSame("ArgONNX 1 thread", name, expected, c.oneThread().apply(tensor).indices());
                    PlainLoops.requireSame("ArgONNX", name, expected, c.parallel().apply(tensor).indices());
                    cases.add(c);
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        long started = System.nanoTime();
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        List<Floor> floors = new ArrayList<>();
        Map<DataType, ReadFloor.Variant> fastestFloor = new EnumMap<>(DataType.class);
        for (DataType type : argTypes) {
            InputData input = inputs.get(type);
            double[][] floorMillis = new double[ReadFloor.variants().size()][2];
            timeFloors(input, floorMillis, 0);
            for (Case c : cases) {
                if (c.type() != type) {
                    continue;
                }
                rows.add(row(c, ONE_THREAD, SEQUENCE, time(() -> c.oneThread().apply(c.tensor()), true)));
                rows.add(row(c, DEFAULT, SEQUENCE, time(() -> c.parallel().apply(c.tensor()), false)));
            }
            if (OrtBenchmark.hasKernel(type)) {
                rows.addAll(ort(environment, input, cases));
            }
            timeFloors(input, floorMillis, 1);
            double fastest = Double.POSITIVE_INFINITY;
            for (int v = 0; v < floorMillis.length; v++) {
                Floor floor = new Floor(type.name(), ReadFloor.variants().get(v).name(),
                        List.of(floorMillis[v][0], floorMillis[v][1]));
                floors.add(floor);
                if (floor.millis() < fastest) {
                    fastest = floor.millis();
                    fastestFloor.put(type, ReadFloor.variants().get(v));
                }
            }
            rows.add(row(type, null, null, FLOOR, SEQUENCE, new Timing(fastest, -1, -1)));
            progress(type + " in sequence", started);
        }
        if (!cases.isEmpty()) {
            rows.addAll(interleaved(cases, inputs, fastestFloor, floors));
            progress(cases.size() + " cases interleaved", started);
        }
        List<ApplicationResults.TopKRow> topK = ApplicationTopK.run(topKCases, inputs, environment, warmup, this::time);
        if (!topKCases.isEmpty()) {
            progress(topKCases.size() + " TopK cases", started);
        }
        Run run = new Run(System.getProperty("java.home"), System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version"), Runtime.version().feature(),
                ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(), ReadFloor.get().vectorized(),
                Runtime.getRuntime().availableProcessors(), warmup, calls, rows, floors, topK);
        Files.writeString(out, JmhResults.GSON.toJson(run) + "\n", StandardCharsets.UTF_8);
        return 0;
    }

    /**
     * Every read floor variant this JVM runs, on a type's whole input: warm-up calls and the median of
     * the timed calls, into {@code millis[variant][repetition]}. The type's cases run between the two
     * repetitions, so that their difference shows how much the machine moved while they ran.
     */
    private void timeFloors(InputData input, double[][] millis, int repetition) throws OrtException {
        List<ReadFloor.Variant> variants = ReadFloor.variants();
        for (int v = 0; v < variants.size(); v++) {
            ReadFloor.Variant variant = variants.get(v);
            // The floor's loops are fully compiled before its first repetition, so that the difference
            // between the repetitions is the machine's, not the JIT's.
            int warmupCalls = repetition == 0 ? Math.max(warmup, FLOOR_WARMUP_CALLS) : warmup;
            millis[v][repetition] = time(() -> variant.pass(input), false, warmupCalls).medianMillis();
        }
    }

    /** ONNX Runtime on one thread, on every case of the input's type: one input tensor, a session per case. */
    private List<Row> ort(OrtEnvironment environment, InputData input, List<Case> cases) throws OrtException {
        List<Row> rows = new ArrayList<>();
        for (Case c : cases) {
            if (c.type() != input.type()) {
                continue;
            }
            Geometry g = c.layout().geometry();
            InputData shaped = input.reshaped(g);
            try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
                options.setIntraOpNumThreads(1);
                options.setInterOpNumThreads(1);
                try (OrtSession session = environment.createSession(OnnxModel.argReduce(c.op(), c.type(), g), options);
                        OnnxTensor tensor = OrtBenchmark.directTensor(environment, shaped)) {
                    Map<String, OnnxTensor> feed = Map.of("x", tensor);
                    try (OrtSession.Result result = session.run(feed)) {
                        PlainLoops.requireSame("ONNX Runtime", c.type() + "_" + c.layout() + " " + c.op(),
                                PlainLoops.argReduce(shaped, c.op().isMax()),
                                OrtBenchmark.flatten(result.get(0).getValue()));
                    }
                    rows.add(row(c, ORT, SEQUENCE, time(() -> {
                        try (OrtSession.Result result = session.run(feed)) {
                            return result.size();
                        }
                    }, false)));
                }
            }
        }
        return rows;
    }

    /**
     * Rounds over every case, one call each on one thread and one with the default parallelism. Each
     * round passes over the cases twice: once with the one-thread call timed, once with the type's
     * fastest read floor variant in its place. The floor then runs after the same calls as the kernel
     * it bounds, with the input as warm in the caches (an input the size of the L3 cache reads faster
     * after some calls than after others), and its fastest place is an interleaved floor of the type
     * ({@code floors}: the medians of the first and of the last rounds as its two repetitions).
     */
    private List<Row> interleaved(List<Case> cases, Map<DataType, InputData> inputs,
            Map<DataType, ReadFloor.Variant> fastestFloor, List<Floor> floors) {
        int n = cases.size();
        double[][] one = new double[n][calls];
        double[][] parallel = new double[n][calls];
        double[][] bytes = new double[n][calls];
        double[][] floor = new double[n][calls];
        for (int round = 0; round < warmup + calls; round++) {
            for (boolean floorPass : new boolean[] {false, true}) {
                for (int i = 0; i < n; i++) {
                    Case c = cases.get(i);
                    long allocated = threads.getCurrentThreadAllocatedBytes();
                    long start = System.nanoTime();
                    Object result = floorPass ? fastestFloor.get(c.type()).pass(inputs.get(c.type()))
                            : c.oneThread().apply(c.tensor());
                    long took = System.nanoTime() - start;
                    long used = threads.getCurrentThreadAllocatedBytes() - allocated;
                    consume(result);
                    start = System.nanoTime();
                    consume(c.parallel().apply(c.tensor()));
                    long tookParallel = System.nanoTime() - start;
                    if (round < warmup) {
                        continue;
                    }
                    if (floorPass) {
                        floor[i][round - warmup] = took / 1e6;
                    } else {
                        one[i][round - warmup] = took / 1e6;
                        parallel[i][round - warmup] = tookParallel / 1e6;
                        bytes[i][round - warmup] = used;
                    }
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(row(cases.get(i), ONE_THREAD, INTERLEAVED, new Timing(ApplicationResults.median(one[i]),
                    (long) ApplicationResults.median(bytes[i]), (long) Arrays.stream(bytes[i]).max().orElse(-1))));
            rows.add(row(cases.get(i), DEFAULT, INTERLEAVED, new Timing(ApplicationResults.median(parallel[i]), -1, -1)));
        }
        fastestFloor.forEach((type, variant) -> floors.add(interleavedFloor(type, variant, cases, floor)));
        return rows;
    }

    /**
     * A type's interleaved floor: in each half of the rounds, the median of each of its places, and
     * the fastest place. One repetition where there is one round.
     */
    private Floor interleavedFloor(DataType type, ReadFloor.Variant variant, List<Case> cases, double[][] floor) {
        int half = calls / 2;
        double first = Double.POSITIVE_INFINITY;
        double last = Double.POSITIVE_INFINITY;
        for (int i = 0; i < cases.size(); i++) {
            if (cases.get(i).type() == type) {
                double[] rounds = floor[i];
                first = Math.min(first, ApplicationResults.median(Arrays.copyOfRange(rounds, 0, Math.max(half, 1))));
                last = Math.min(last, ApplicationResults.median(Arrays.copyOfRange(rounds, half, calls)));
            }
        }
        return new Floor(type.name(), variant.name() + " " + INTERLEAVED, half == 0 ? List.of(first) : List.of(first, last));
    }

    /** A call whose result is kept from the JIT's dead-code elimination. */
    @FunctionalInterface
    interface Call {
        Object run() throws OrtException;
    }

    /** The median time of the timed calls, and the median and most bytes one of them allocated (-1: not counted). */
    record Timing(double medianMillis, long medianBytes, long maxBytes) {}

    /**
     * Warm-up calls, then timed calls back to back. The bytes a call allocates are counted on the
     * calling thread, so only where the call runs on it alone ({@code countBytes}).
     */
    private Timing time(Call call, boolean countBytes) throws OrtException {
        return time(call, countBytes, warmup);
    }

    Timing time(Call call, boolean countBytes, int warmupCalls) throws OrtException {
        for (int i = 0; i < warmupCalls; i++) {
            consume(call.run());
        }
        double[] millis = new double[calls];
        double[] bytes = new double[calls];
        for (int i = 0; i < calls; i++) {
            long allocated = threads.getCurrentThreadAllocatedBytes();
            long start = System.nanoTime();
            Object result = call.run();
            millis[i] = (System.nanoTime() - start) / 1e6;
            bytes[i] = threads.getCurrentThreadAllocatedBytes() - allocated;
            consume(result);
        }
        return countBytes ? new Timing(ApplicationResults.median(millis), (long) ApplicationResults.median(bytes),
                (long) Arrays.stream(bytes).max().orElseThrow()) : new Timing(ApplicationResults.median(millis), -1, -1);
    }

    /** A line for whoever waits on the run: how far it is, in seconds since the timed part began. */
    private static void progress(String done, long started) {
        System.out.printf("  %s: done at %.0f s%n", done, (System.nanoTime() - started) / 1e9);
    }

    private static Row row(Case c, String contender, String phase, Timing t) {
        return row(c.type(), c.layout(), c.op(), contender, phase, t);
    }

    private static Row row(DataType type, Layout layout, Operator op, String contender, String phase, Timing t) {
        return new Row(type.name(), layout == null ? null : layout.name(), op == null ? null : op.name(), contender,
                phase, t.medianMillis(), t.medianBytes(), t.maxBytes());
    }

    private static int sink;

    /** Keeps a result observable, so that no call is optimized away. */
    private static void consume(Object result) {
        sink += result instanceof ArgResult r ? (int) r.get(0)
                : result instanceof TopKResult<?> t ? ApplicationTopK.observe(t) : result.hashCode();
    }
}
