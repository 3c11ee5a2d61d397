package io.github.argonnx.benchmarks;

import io.github.argonnx.benchmarks.ReportOptions.Settings;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Runs every contender on every selected case in one go, in each JVM given (JMH, one fork each
 * unless told otherwise, GC profiler on), and prints per JVM tables of times and side-by-side
 * ratios; optionally writes them as Markdown, writes each JVM's results as JMH's JSON to a results
 * directory, and rewrites the marked sections of Markdown pages from such a directory
 * ({@link ResultSections}), with or without a run. Every table is built from JMH's JSON
 * ({@link JmhResults}), so a page rendered later from committed results shows what the run printed.
 * The time of a matrix benchmark is its fastest sampled
 * call: on the shared, noisy machines this project runs on, other processes only ever add time, so
 * the minimum is the steadiest estimate of what a call costs. Small-tensor calls are too short to
 * sample one by one; their time is JMH's average per call.
 *
 * <p>Every benchmark checks its indices against the plain loop before it is timed; a disagreement
 * stops the run (exit code 1) with a message naming the contender, the case and the first difference.
 *
 * <p>With {@code --application} it runs the application benchmark instead ({@link ApplicationRun}):
 * one JVM per configuration running every case, its tables built from {@link ApplicationResults}.
 *
 * <p>{@code --help} describes the options ({@link ReportOptions}, {@link ApplicationOptions}).
 */
@Command(name = "java -jar benchmarks.jar", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ReportOptions.Versions.class,
        description = "Runs ArgONNX, ONNX Runtime, a plain loop and the read floor on the benchmark cases"
                + " (JMH, one fork each) in each JVM given and prints each one's fastest call and their ratios;"
                + " with --application, the application benchmark: every case in one JVM per configuration.")
public final class BenchmarkReport implements Callable<Integer> {

    private static final String VECTOR_MODULE = JmhResults.VECTOR_MODULE;
    /**
     * The heap is touched when the fork starts: otherwise every call allocates its output in pages the
     * process has never used until the first collection, and the page faults of a large output
     * ({@code [64,256,1024]} axis 1) outlast a quick run's warm-up and are timed as the kernel's.
     */
    static final String[] FORK_JVM_ARGS = {"-Xms2g", "-Xmx3g", "-XX:+AlwaysPreTouch"};

    static final String ARGONNX_ONE_THREAD = "ArgONNX 1 thread";
    static final String ARGONNX = "ArgONNX";
    static final String SIMD_ONE_THREAD = "ArgONNX+SIMD 1 thread";
    static final String SIMD = "ArgONNX+SIMD";
    static final String HALVES = "ArgONNX 2 halves at once";
    static final String SIMD_HALVES = "ArgONNX+SIMD 2 halves at once";
    static final String ORT_ONE_THREAD = "ORT 1 thread";
    static final String ORT_DEFAULT = "ORT default";
    static final String PREPARED = "ArgONNX prepared";
    static final String SIMD_PREPARED = "ArgONNX+SIMD prepared";
    static final String PLAIN_LOOP = "plain loop";
    static final String NUMPY = "numpy (own run)";
    static final String READ_FLOOR = "read floor";

    @Mixin
    ReportOptions options;

    @Mixin
    ApplicationOptions application;

    @Spec
    CommandSpec spec;

    BenchmarkReport() {}

    public static void main(String[] args) {
        System.exit(commandLine(new BenchmarkReport()).execute(args));
    }

    /**
     * The command line for a report: {@code --help} and {@code --version} exit 0; a wrong option or
     * value prints one line naming it and what is allowed, and exits 2.
     */
    static CommandLine commandLine(BenchmarkReport report) {
        CommandLine commandLine = new CommandLine(report);
        commandLine.setParameterExceptionHandler((error, args) -> {
            error.getCommandLine().getErr().println(oneLine(error));
            return error.getCommandLine().getCommandSpec().exitCodeOnInvalidInput();
        });
        return commandLine;
    }

    /**
     * picocli's message, plus what is allowed where it does not say: the option names when an
     * argument is not an option, the names an option takes when its value is missing.
     */
    private static String oneLine(ParameterException error) {
        String message = error.getMessage();
        if (error instanceof UnmatchedArgumentException) {
            message += " (options: " + error.getCommandLine().getCommandSpec().options().stream()
                    .map(OptionSpec::longestName)
                    .collect(Collectors.joining(", ")) + ")";
        } else if (error instanceof MissingParameterException) {
            for (ArgSpec missing : ((MissingParameterException) error).getMissing()) {
                if (missing.completionCandidates() != null) {
                    message += " (allowed: " + String.join(", ", missing.completionCandidates()) + ")";
                }
            }
        }
        return message;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (!application.givenWithoutApplication().isEmpty()) {
            throw new ParameterException(spec.commandLine(), String.join(", ", application.givenWithoutApplication())
                    + " apply only to the application benchmark: add --application");
        }
        if (application.enabled) {
            return runApplication();
        }
        Settings settings;
        try {
            settings = options.settings();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        List<JmhResults> runs = new ArrayList<>();
        String machine;
        if (settings.from() != null) {
            runs.addAll(CommittedResults.read(settings.from(), settings.numpy()));
            machine = CommittedResults.machine(settings.from());
        } else {
            System.out.println(settings.benchmarksPerJvm() + " benchmarks in each of " + settings.jvms().size()
                    + " JVM(s): " + settings.jvms());
            machine = Runtime.getRuntime().availableProcessors() + " CPUs (nproc), " + cpuModel();
            try {
                for (Path jvm : settings.jvms()) {
                    String json = JmhResults.withoutRawSamples(runAll(settings, jvm));
                    JmhResults run = JmhResults.parse(json);
                    if (settings.results() != null) {
                        Files.createDirectories(settings.results());
                        Path file = settings.results().resolve("jdk" + run.feature() + ".json");
                        Files.writeString(file, json, StandardCharsets.UTF_8);
                        Files.writeString(settings.results().resolve("machine.txt"), machine + "\n",
                                StandardCharsets.UTF_8);
                        System.out.println("Results written to " + file);
                    }
                    runs.add(run.withNumpy(settings.numpy()));
                }
            } catch (RunnerException e) {
                spec.commandLine().getErr().println("benchmark run stopped: " + causes(e));
                return 1;
            }
        }

        StringBuilder markdown = new StringBuilder();
        markdown.append("Machine: ").append(machine).append(".\n\n");
        String arguments = String.join(" ", spec.commandLine().getParseResult().originalArgs());
        markdown.append("Command: `java -jar benchmarks/target/benchmarks.jar").append(arguments.isEmpty() ? "" : " ")
                .append(arguments).append("`\n\n");
        if (settings.numpy() != null) {
            markdown.append("numpy: ").append(settings.numpy().versions())
                    .append(" (its own run of benchmarks/numpy_bench.py: ratios to it compare runs, not one run).\n\n");
        }
        for (JmhResults run : runs) {
            ResultTable table = ResultTable.of(run.results());
            System.out.println();
            System.out.println("JVM " + run.version() + " (" + run.jvm() + ")");
            System.out.println(table.text());
            markdown.append("### JVM ").append(run.version()).append("\n\n`").append(run.jvm()).append("`\n\n")
                    .append(table.markdown());
        }
        System.out.println("Matrix times are each benchmark's fastest sampled call (JMH sample mode; percentiles are in"
                + " its output above), small-tensor times JMH's average per call; ratios are of times from one run.");
        if (settings.markdown() != null) {
            Files.writeString(settings.markdown(), markdown.toString(), StandardCharsets.UTF_8);
            System.out.println("Markdown written to " + settings.markdown());
        }
        if (!settings.update().isEmpty()) {
            return updatePages(settings.update(), settings.resultsDirectory(), settings.numpy());
        }
        return 0;
    }

    /**
     * The application benchmark ({@link ApplicationRun}): prints its tables, writes its results to the
     * results directory, and rewrites the pages from that directory.
     */
    private int runApplication() throws IOException, InterruptedException {
        ApplicationOptions.Settings settings;
        try {
            settings = application.settings(options);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        String machine = Runtime.getRuntime().availableProcessors() + " CPUs (nproc), " + cpuModel();
        // Read before the run, so that a file that cannot be appended to stops it before it starts.
        ApplicationResults.Series earlier = settings.append() ? CommittedResults.readApplication(settings.results())
                : null;
        ApplicationResults.Series measured = ApplicationRun.run(settings, machine);
        ApplicationResults.Series results = measured;
        if (earlier != null) {
            List<ApplicationResults.Results> all = new ArrayList<>(earlier.results());
            all.addAll(measured.results());
            results = new ApplicationResults.Series(all);
        }
        ApplicationTable table = new ApplicationTable(results);
        System.out.println();
        if (!table.cases().isEmpty()) {
            System.out.println(table.markdown());
            System.out.println(table.headline());
        }
        System.out.println(new TopKTable(results).markdown("the results"));
        if (settings.results() != null) {
            Files.createDirectories(settings.results());
            Path file = settings.results().resolve(ApplicationResults.FILE);
            Files.writeString(file, ApplicationResults.write(results), StandardCharsets.UTF_8);
            Files.writeString(settings.results().resolve("machine.txt"), machine + "\n", StandardCharsets.UTF_8);
            System.out.println("Results written to " + file);
        }
        int pages = settings.update().isEmpty() ? 0 : updatePages(settings.update(), settings.results(), null);
        // This command's runs decide its exit code; runs appended to were checked when they ran.
        List<String> checks = new ApplicationChecks(measured).lines();
        checks.forEach(line -> spec.commandLine().getErr().println(line));
        if (ApplicationChecks.anyInvalid(checks)) {
            // The results and pages are written, so that the flagged figures can be looked at.
            spec.commandLine().getErr().println("the benchmark's check failed: a kernel beat the read floor");
            return 1;
        }
        return pages;
    }

    /**
     * Rewrites the pages' sections from a results directory. Every page is checked before any is
     * written, so a page without sections changes none.
     */
    private int updatePages(List<Path> pages, Path directory, NumpyFigures numpy) throws IOException {
        Map<String, String> bodies = CommittedResults.sections(directory, CommittedResults.read(directory, numpy),
                CommittedResults.machine(directory), CommittedResults.readApplication(directory));
        Map<Path, ResultSections.Rewrite> rewrites = new LinkedHashMap<>();
        for (Path page : pages) {
            try {
                rewrites.put(page, ResultSections.rewrite(page.toString(),
                        Files.readString(page, StandardCharsets.UTF_8), bodies));
            } catch (IllegalArgumentException e) {
                spec.commandLine().getErr().println(e.getMessage());
                return 1;
            }
        }
        for (Map.Entry<Path, ResultSections.Rewrite> e : rewrites.entrySet()) {
            Files.writeString(e.getKey(), e.getValue().text(), StandardCharsets.UTF_8);
            System.out.println(e.getKey() + ": rewrote " + String.join(", ", e.getValue().rewritten()));
        }
        return 0;
    }

    /** Runs every contender of the selection in one JVM; returns their results as JMH's JSON. */
    private static String runAll(Settings settings, Path jvm) throws RunnerException {
        List<String> cases = settings.cases().stream().map(BenchCase::name).toList();
        List<String> ortCases = settings.ortCases().stream().map(BenchCase::name).toList();
        List<String> smallCases = settings.smallCases().stream().map(Enum::name).toList();
        List<Run> runs = List.of(
                // The library as users get it without any JVM flag (plain Java loops), then with the Vector API.
                new Run(ArgOnnxBenchmark.class, "argonnx", "benchCase", cases, true, false),
                new Run(ArgOnnxBenchmark.class, "argonnx", "benchCase", cases, true, true),
                // What two threads can do at best: each half on one thread at the same time, nothing merged.
                new Run(TwoThreadCeilingBenchmark.class, "halvesAtOnce", "benchCase", cases, true, false),
                new Run(TwoThreadCeilingBenchmark.class, "halvesAtOnce", "benchCase", cases, true, true),
                new Run(OrtBenchmark.class, "ort", "benchCase", ortCases, true, false),
                new Run(BaselineBenchmark.class, "plainLoop", "benchCase", cases, true, false),
                new Run(ReadFloorBenchmark.class, "readFloor", "benchCase", cases, false, true),
                new Run(SmallTensorBenchmark.class, "argonnx", "smallCase", smallCases, true, false),
                new Run(SmallTensorBenchmark.class, "argonnx", "smallCase", smallCases, true, true),
                new Run(SmallTensorBenchmark.class, "prepared", "smallCase", smallCases, true, false),
                new Run(SmallTensorBenchmark.class, "prepared", "smallCase", smallCases, true, true),
                new Run(SmallTensorBenchmark.class, "plainLoop", "smallCase", smallCases, true, false));
        List<RunResult> results = new ArrayList<>();
        for (Run run : runs) {
            if (!run.caseNames().isEmpty()) {
                results.addAll(new Runner(run.options(settings, jvm)).run());
            }
        }
        // Each record names its benchmark, its fork's JVM arguments and its parameters, from which
        // JmhResults files it under its contender's column.
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(json, true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, out).writeOut(results);
        }
        return json.toString(StandardCharsets.UTF_8);
    }

    /** One benchmark method over a list of cases, with or without the Vector API module. */
    private record Run(Class<?> benchmark, String method, String caseParam, List<String> caseNames,
            boolean perOperator, boolean vectorModule) {

        Options options(Settings settings, Path jvm) {
            List<String> jvmArgs = new ArrayList<>(Arrays.asList(FORK_JVM_ARGS));
            if (vectorModule) {
                jvmArgs.add(VECTOR_MODULE);
            }
            boolean small = benchmark == SmallTensorBenchmark.class;
            ChainedOptionsBuilder jmhOptions = new OptionsBuilder()
                    .include("^" + Pattern.quote(benchmark.getName()) + "\\." + method + "$")
                    .param(caseParam, caseNames.toArray(String[]::new))
                    .jvm(jvm.toString())
                    .forks(settings.forks())
                    .warmupIterations(settings.warmupIterations())
                    .warmupTime(TimeValue.milliseconds(settings.iterationMillis()))
                    .measurementIterations(settings.measurementIterations())
                    .measurementTime(TimeValue.milliseconds(settings.iterationMillis()))
                    .mode(small ? Mode.AverageTime : Mode.SampleTime)
                    .timeUnit(small ? TimeUnit.NANOSECONDS : TimeUnit.MILLISECONDS)
                    .jvmArgs(jvmArgs.toArray(String[]::new))
                    .addProfiler(GCProfiler.class)
                    // A contender that disagrees with the plain loop stops the run instead of leaving a gap.
                    .shouldFailOnError(true);
            if (perOperator) {
                jmhOptions.param("operator", settings.ops().stream().map(Enum::name).toArray(String[]::new));
            }
            return jmhOptions.build();
        }
    }

    /**
     * The messages of an exception, its causes and what JMH attached to it (a fork's failure arrives
     * as a suppressed exception), on one line.
     */
    static String causes(Throwable error) {
        List<String> messages = new ArrayList<>();
        collect(error, messages, 0);
        return String.join(": ", messages).replace('\n', ' ');
    }

    private static void collect(Throwable error, List<String> messages, int depth) {
        if (error == null || depth > 8) {
            return;
        }
        String message = error.getMessage();
        if (message != null && !message.isBlank() && !messages.contains(message.strip())) {
            messages.add(message.strip());
        }
        for (Throwable suppressed : error.getSuppressed()) {
            collect(suppressed, messages, depth + 1);
        }
        collect(error.getCause(), messages, depth + 1);
    }

    /** One benchmark: its time (ms for the matrix, ns for small tensors) and bytes allocated per call. */
    record Measurement(double time, double bytesPerCall) {}

    static String format(double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        if (value >= 100) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        if (value >= 10) {
            return String.format(Locale.ROOT, "%.1f", value);
        }
        return String.format(Locale.ROOT, "%.2f", value);
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux: fall through.
        }
        return System.getProperty("os.arch");
    }
}
