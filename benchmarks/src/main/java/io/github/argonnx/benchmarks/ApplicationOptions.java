package io.github.argonnx.benchmarks;

import io.github.argonnx.DataType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options of the application benchmark ({@code --application}), mixed into
 * {@link BenchmarkReport}: its selection comes from the report's {@code --types}, {@code --layouts},
 * {@code --ops} and {@code --jvm}; the options of JMH runs have no effect on it and are refused.
 */
final class ApplicationOptions {

    /**
     * Warm-up calls before the timed ones: an application's first calls of a kind of work, enough
     * that the JIT has compiled the loops (a call reads 16,777,216 elements, so the first ones
     * already run through on-stack replacement) without giving each case the warm-up of a fork.
     */
    static final int DEFAULT_WARMUP_CALLS = 5;
    /** Timed calls, an odd number so the median is one call's time. */
    static final int DEFAULT_CALLS = 11;
    static final int QUICK_WARMUP_CALLS = 2;
    static final int QUICK_CALLS = 3;
    static final Path DEFAULT_NUMPY_SCRIPT = Path.of("benchmarks", "numpy_bench.py");

    @Option(names = "--application",
            description = "Run the application benchmark instead of JMH: for each --jvm, one JVM without and one with"
                    + " the Vector API module, each running every case through the public API in sequence and"
                    + " interleaved (with ONNX Runtime and the read floor), then the TopK cases of the types given"
                    + " (with TopK in --ops, the default here), and numpy_bench.py on the same data;"
                    + " writes DIR/" + ApplicationResults.FILE + " with --results.")
    boolean enabled;

    @Option(names = "--warmup-calls", paramLabel = "N", converter = ReportOptions.AtLeastZero.class,
            description = "With --application: warm-up calls per case and contender, in sequence, and warm-up rounds"
                    + " interleaved (default: " + DEFAULT_WARMUP_CALLS + "; --quick: " + QUICK_WARMUP_CALLS + ").")
    Integer warmupCalls;

    @Option(names = "--calls", paramLabel = "N", converter = ReportOptions.AtLeastOne.class,
            description = "With --application: timed calls (rounds, interleaved) whose median is reported (default: "
                    + DEFAULT_CALLS + "; --quick: " + QUICK_CALLS + ").")
    Integer calls;

    @Option(names = "--repeat", paramLabel = "N", converter = ReportOptions.AtLeastOne.class,
            description = "With --application: run the whole benchmark N times in a row (default: 1); the results"
                    + " and tables keep each run's figures, side by side.")
    Integer repeat;

    @Option(names = "--append",
            description = "With --application and --results: add this command's runs after those already in DIR/"
                    + ApplicationResults.FILE + " instead of replacing them.")
    boolean append;

    @Option(names = "--numpy-script", paramLabel = "FILE",
            description = "With --application: numpy_bench.py (default: " + "benchmarks/numpy_bench.py, from the"
                    + " repository's root).")
    Path numpyScript;

    @Option(names = "--python", paramLabel = "EXE",
            description = "With --application: the Python that runs numpy_bench.py (default: python3).")
    String python;

    /** What an application run does, with the defaults filled in. */
    record Settings(List<DataType> types, List<Layout> layouts, List<Operator> ops, List<Path> jvms, int warmup,
            int calls, int repeat, boolean append, Path numpyScript, String python, Path results, List<Path> update) {

        /** ArgMax and ArgMin, where selected: the operators of the matrix's cases. */
        List<Operator> argOps() {
            return ops.stream().filter(Operator::isArgReduction).toList();
        }

        /** The TopK cases run: those of the selected types, where TopK is selected. */
        List<TopKCase> topKCases() {
            return ops.contains(Operator.TopK) ? ApplicationTopK.cases(types) : List.of();
        }

        /** The arguments that select the cases, as both the benchmark JVM and numpy_bench.py take them. */
        List<String> selection() {
            return List.of("--types", join(types), "--layouts", join(layouts), "--ops", join(ops));
        }

        private static String join(List<? extends Enum<?>> values) {
            return String.join(",", values.stream().map(Enum::name).toList());
        }
    }

    /**
     * The settings of an application run.
     *
     * @throws IllegalArgumentException naming the options that do not apply, or a missing script
     */
    Settings settings(ReportOptions report) {
        List<String> refused = new ArrayList<>();
        addIf(refused, report.suites, "--suites");
        addIf(refused, report.data, "--data");
        addIf(refused, report.cases, "--cases");
        addIf(refused, report.smallCases, "--small-cases");
        addIf(refused, report.warmupIterations, "--warmup");
        addIf(refused, report.measurementIterations, "--iterations");
        addIf(refused, report.iterationMillis, "--time");
        addIf(refused, report.forks, "--forks");
        addIf(refused, report.numpy, "--numpy");
        addIf(refused, report.markdown, "--markdown");
        addIf(refused, report.from, "--from");
        if (!refused.isEmpty()) {
            throw new IllegalArgumentException("--application runs its own cases and numpy, so "
                    + String.join(", ", refused) + " would have no effect: leave them out (--from with --update"
                    + " rewrites the application tables from " + ApplicationResults.FILE + " without a run)");
        }
        if (append && report.results == null) {
            throw new IllegalArgumentException("--append adds runs to the results in a directory: add --results DIR");
        }
        if (report.update != null && report.results == null) {
            throw new IllegalArgumentException("--update rewrites pages from a results directory: add --results DIR");
        }
        Path script = numpyScript == null ? DEFAULT_NUMPY_SCRIPT : numpyScript;
        if (!Files.isRegularFile(script)) {
            throw new IllegalArgumentException("numpy_bench.py is not at '" + script + "' (run from the repository's"
                    + " root, or give --numpy-script FILE)");
        }
        List<Path> jvms = report.jvms == null ? List.of(PathOptions.JavaExecutable.running()) : List.copyOf(report.jvms);
        if (new LinkedHashSet<>(jvms).size() != jvms.size()) {
            throw new IllegalArgumentException("--jvm names the same JVM twice: " + jvms);
        }
        Settings settings = new Settings(
                inOrder(DataType.class, report.types),
                inOrder(Layout.class, report.layouts),
                inOrder(Operator.class, report.ops),
                jvms,
                warmupCalls != null ? warmupCalls : report.quick ? QUICK_WARMUP_CALLS : DEFAULT_WARMUP_CALLS,
                calls != null ? calls : report.quick ? QUICK_CALLS : DEFAULT_CALLS,
                repeat == null ? 1 : repeat,
                append,
                script,
                python == null ? "python3" : python,
                report.results,
                report.update == null ? List.of() : List.copyOf(report.update));
        if (settings.ops().contains(Operator.TopK) && settings.topKCases().isEmpty()) {
            throw new IllegalArgumentException("--ops TopK runs the TopK cases of the types given, but --types "
                    + settings.types() + " has none (TopK cases: FLOAT, INT32)");
        }
        return settings;
    }

    /** The options given that only apply with {@code --application}; empty when it is given. */
    List<String> givenWithoutApplication() {
        List<String> given = new ArrayList<>();
        if (!enabled) {
            addIf(given, warmupCalls, "--warmup-calls");
            addIf(given, calls, "--calls");
            addIf(given, repeat, "--repeat");
            addIf(given, append ? Boolean.TRUE : null, "--append");
            addIf(given, numpyScript, "--numpy-script");
            addIf(given, python, "--python");
        }
        return given;
    }

    private static void addIf(List<String> names, Object given, String name) {
        if (given != null) {
            names.add(name);
        }
    }

    /** The values given, in enum order, or every value. */
    private static <E extends Enum<E>> List<E> inOrder(Class<E> type, List<E> given) {
        EnumSet<E> set = EnumSet.noneOf(type);
        set.addAll(given == null ? EnumSet.allOf(type) : given);
        return List.copyOf(set);
    }
}
