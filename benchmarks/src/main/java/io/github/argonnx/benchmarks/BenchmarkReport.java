package io.github.argonnx.benchmarks;

import io.github.argonnx.benchmarks.ReportOptions.Settings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
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
 * Runs every contender on every case in one go (JMH sample mode, one fork each, GC profiler on) and
 * prints tables of times and side-by-side ratios; optionally writes them as Markdown. The time of a
 * benchmark is its fastest sampled call: on the shared, noisy machines this project runs on, other
 * processes only ever add time, so the minimum is the steadiest estimate of what a call costs.
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar [--cases CASE,...] [--ops ArgMax,ArgMin] [--quick]
 *     [--warmup N] [--iterations N] [--time MS] [--markdown FILE]
 * </pre>
 *
 * <p>{@code --help} describes the options ({@link ReportOptions}).
 */
@Command(name = "java -jar benchmarks.jar", mixinStandardHelpOptions = true, sortOptions = false,
        versionProvider = ReportOptions.Versions.class,
        description = "Runs ArgONNX, ONNX Runtime, a plain loop and the read floor on the benchmark cases"
                + " (JMH sample mode, one fork each) and prints each one's fastest call and their ratios.")
public final class BenchmarkReport implements Callable<Integer> {

    private static final String VECTOR_MODULE = "--add-modules=jdk.incubator.vector";
    private static final String[] FORK_JVM_ARGS = {"-Xms2g", "-Xmx3g"};

    static final String ARGONNX_ONE_THREAD = "ArgONNX 1 thread";
    static final String ARGONNX = "ArgONNX";
    static final String SIMD_ONE_THREAD = "ArgONNX+SIMD 1 thread";
    static final String SIMD = "ArgONNX+SIMD";
    static final String ORT_ONE_THREAD = "ORT 1 thread";
    static final String ORT_DEFAULT = "ORT default";
    static final String PLAIN_LOOP = "plain loop";
    static final String READ_FLOOR = "read floor";

    @Mixin
    ReportOptions options;

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
    public Integer call() throws RunnerException, IOException {
        Settings settings = options.settings();
        Map<String, Measurement> results = new LinkedHashMap<>();

        // The library as users get it without any JVM flag (plain Java loops), then with the Vector API.
        run(settings, results, ArgOnnxBenchmark.class, "argonnx", false, true,
                r -> "single".equals(r.getParams().getParam("threads")) ? ARGONNX_ONE_THREAD : ARGONNX);
        run(settings, results, ArgOnnxBenchmark.class, "argonnx", true, true,
                r -> "single".equals(r.getParams().getParam("threads")) ? SIMD_ONE_THREAD : SIMD);
        Set<BenchCase> ortCases = EnumSet.noneOf(BenchCase.class);
        settings.cases().stream().filter(c -> OrtBenchmark.hasKernel(c.type())).forEach(ortCases::add);
        if (!ortCases.isEmpty()) {
            run(settings.withCases(ortCases), results, OrtBenchmark.class, "ort", false, true,
                    r -> "1".equals(r.getParams().getParam("ortThreads")) ? ORT_ONE_THREAD : ORT_DEFAULT);
        }
        run(settings, results, BaselineBenchmark.class, "plainLoop", false, true, r -> PLAIN_LOOP);
        run(settings, results, ReadFloorBenchmark.class, "readFloor", true, false, r -> READ_FLOOR);

        ResultTable table = new ResultTable(settings.cases(), settings.ops(), results);
        System.out.println();
        System.out.println(table.text());
        System.out.println("Times are each benchmark's fastest sampled call (JMH sample mode; percentiles are in its"
                + " output above); ratios are of times from this one run.");
        if (settings.markdown() != null) {
            String arguments = String.join(" ", spec.commandLine().getParseResult().originalArgs());
            Files.writeString(settings.markdown(), table.markdown(arguments), StandardCharsets.UTF_8);
            System.out.println("Markdown written to " + settings.markdown());
        }
        return 0;
    }

    /** Runs one benchmark method over the selected cases and files each result under its label. */
    private static void run(Settings settings, Map<String, Measurement> results, Class<?> benchmark, String method,
            boolean vectorModule, boolean perOperator, java.util.function.Function<RunResult, String> label)
            throws RunnerException {
        List<String> jvmArgs = new ArrayList<>(Arrays.asList(FORK_JVM_ARGS));
        if (vectorModule) {
            jvmArgs.add(VECTOR_MODULE);
        }
        ChainedOptionsBuilder jmhOptions = new OptionsBuilder()
                .include("^" + Pattern.quote(benchmark.getName()) + "\\." + method + "$")
                .param("benchCase", settings.cases().stream().map(Enum::name).toArray(String[]::new))
                .forks(settings.forks())
                .warmupIterations(settings.warmupIterations())
                .warmupTime(TimeValue.milliseconds(settings.iterationMillis()))
                .measurementIterations(settings.measurementIterations())
                .measurementTime(TimeValue.milliseconds(settings.iterationMillis()))
                .mode(org.openjdk.jmh.annotations.Mode.SampleTime)
                .timeUnit(TimeUnit.MILLISECONDS)
                .jvmArgs(jvmArgs.toArray(String[]::new))
                .addProfiler(GCProfiler.class)
                .shouldFailOnError(false);
        if (perOperator) {
            jmhOptions.param("operator", settings.ops().stream().map(Enum::name).toArray(String[]::new));
        }
        Collection<RunResult> runResults = new Runner(jmhOptions.build()).run();
        for (RunResult r : runResults) {
            BenchCase c = BenchCase.valueOf(r.getParams().getParam("benchCase"));
            String op = perOperator ? r.getParams().getParam("operator") : null;
            Result<?> primary = r.getPrimaryResult();
            // The fastest sampled call: on shared machines other processes only ever add time.
            double fastest = primary.getStatistics().getMin();
            double allocated = r.getSecondaryResults().entrySet().stream()
                    .filter(e -> e.getKey().endsWith("gc.alloc.rate.norm"))
                    .mapToDouble(e -> e.getValue().getScore())
                    .findFirst()
                    .orElse(Double.NaN);
            results.put(ResultTable.key(label.apply(r), c, op),
                    new Measurement(fastest, primary.getStatistics().getPercentile(50), allocated));
        }
    }

    /** One benchmark: its fastest call and median call in milliseconds, and bytes allocated per call. */
    record Measurement(double millis, double medianMillis, double bytesPerCall) {}

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
}
