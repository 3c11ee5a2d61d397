package io.github.argonnx.benchmarks;

import io.github.argonnx.DataType;
import io.github.argonnx.benchmarks.ApplicationResults.Floor;
import io.github.argonnx.benchmarks.ApplicationResults.NumpyRow;
import io.github.argonnx.benchmarks.ApplicationResults.Results;
import io.github.argonnx.benchmarks.ApplicationResults.Run;
import io.github.argonnx.benchmarks.ApplicationResults.Series;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The application benchmark as one command: for each JVM given, a fresh JVM without and one with
 * the Vector API module, each running every case ({@link ApplicationBenchmark}), then numpy on the
 * same data ({@code numpy_bench.py} with one input per type and the same calls and median); as many
 * times in a row as {@code --repeat} asks, each such run kept apart in the results.
 */
final class ApplicationRun {

    private ApplicationRun() {}

    /**
     * Runs the whole benchmark {@code settings.repeat()} times, one run after the other: in each, every
     * configuration and then numpy, in that order. Returns what the runs measured, each with the
     * lines of its checks.
     *
     * @throws IOException when a JVM or numpy fails (naming its command) or its output cannot be read
     */
    static Series run(ApplicationOptions.Settings settings, String machine) throws IOException, InterruptedException {
        List<Results> series = new ArrayList<>();
        for (int k = 1; k <= settings.repeat(); k++) {
            System.out.println("Run " + k + " of " + settings.repeat());
            Results results = runOnce(settings, machine);
            List<String> checks = new ApplicationChecks(new Series(List.of(results))).lines();
            for (String line : checks) {
                System.out.println("run " + k + ": " + line);
            }
            series.add(results.withChecks(checks));
        }
        return new Series(series);
    }

    private static Results runOnce(ApplicationOptions.Settings settings, String machine)
            throws IOException, InterruptedException {
        Path work = Files.createTempDirectory("argonnx-application");
        List<Run> runs = new ArrayList<>();
        for (Path jvm : settings.jvms()) {
            for (boolean vector : new boolean[] {false, true}) {
                Path out = work.resolve("run" + runs.size() + ".json");
                List<String> command = new ArrayList<>(List.of(jvm.toString()));
                command.addAll(Arrays.asList(BenchmarkReport.FORK_JVM_ARGS));
                if (vector) {
                    command.add(JmhResults.VECTOR_MODULE);
                }
                command.addAll(List.of("-cp", System.getProperty("java.class.path"),
                        ApplicationBenchmark.class.getName()));
                command.addAll(jvmArguments(settings, out));
                execute(command);
                runs.add(ApplicationResults.parseRun(Files.readString(out, StandardCharsets.UTF_8)));
            }
        }
        Path numpyOut = work.resolve("numpy.tsv");
        List<String> command = new ArrayList<>(List.of(settings.python(), settings.numpyScript().toString()));
        command.addAll(numpyArguments(settings, numpyOut));
        execute(command);
        NumpyFigures figures = NumpyFigures.parse(numpyOut, Files.readAllLines(numpyOut, StandardCharsets.UTF_8));
        List<NumpyRow> numpy = new ArrayList<>();
        List<Floor> numpyFloors = new ArrayList<>();
        for (DataType type : settings.types()) {
            numpyFloors.addAll(figures.floors(new BenchCase(type, Layout.SLICE, DataKind.NO_EXTREME)));
            for (Layout layout : settings.layouts()) {
                BenchCase c = new BenchCase(type, layout, DataKind.NO_EXTREME);
                for (Operator op : settings.argOps()) {
                    double millis = figures.millis(c, op);
                    if (!Double.isNaN(millis)) {
                        numpy.add(new NumpyRow(c.name(), op.name(), millis, figures.repetitions(c, op.name())));
                    }
                }
            }
        }
        List<NumpyRow> numpyTopK = new ArrayList<>();
        for (TopKCase c : settings.topKCases()) {
            List<Double> repetitions = figures.repetitions(c);
            if (!repetitions.isEmpty()) {
                double fastest = repetitions.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
                numpyTopK.add(new NumpyRow(c.name(), Operator.TopK.name(), fastest, repetitions));
            }
        }
        return new Results(machine, figures.versions(), numpy, numpyFloors, runs, List.of(), numpyTopK);
    }

    /** The arguments of one benchmark JVM. */
    static List<String> jvmArguments(ApplicationOptions.Settings settings, Path out) {
        List<String> args = new ArrayList<>(settings.selection());
        args.addAll(List.of("--warmup", Integer.toString(settings.warmup()), "--calls",
                Integer.toString(settings.calls()), "--out", out.toString()));
        return args;
    }

    /**
     * The arguments of numpy_bench.py: the same cases, inputs, timed calls and statistic as the JVMs';
     * one warm-up call at most, since numpy has no JIT to warm up (the call touches the input); two
     * repetitions of every case, and numpy's read floor of each type's input before and after them.
     */
    static List<String> numpyArguments(ApplicationOptions.Settings settings, Path out) {
        List<String> args = new ArrayList<>(settings.selection());
        args.addAll(List.of("--data", DataKind.NO_EXTREME.name(), "--one-input-per-type", "--warmup",
                Integer.toString(Math.min(1, settings.warmup())), "--calls", Integer.toString(settings.calls()), "--median",
                "--repetitions", "2", "--read-floor", "--out", out.toString()));
        return args;
    }

    private static void execute(List<String> command) throws IOException, InterruptedException {
        System.out.println("Running " + String.join(" ", command));
        int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
        if (exit != 0) {
            throw new IOException("exit code " + exit + " from " + String.join(" ", command));
        }
    }
}
