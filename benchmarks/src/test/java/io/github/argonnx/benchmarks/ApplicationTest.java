package io.github.argonnx.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.DataType;
import io.github.argonnx.benchmarks.ApplicationResults.NumpyRow;
import io.github.argonnx.benchmarks.ApplicationResults.Results;
import io.github.argonnx.benchmarks.ApplicationResults.Row;
import io.github.argonnx.benchmarks.ApplicationResults.Run;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The application benchmark's parts that do not time anything: median, options, results and tables. */
class ApplicationTest {

    @TempDir
    Path directory;

    @Test
    void medianIsTheMiddleCallOrTheMeanOfTheTwoMiddleOnes() {
        assertEquals(3.0, ApplicationResults.median(new double[] {9, 1, 3}));
        assertEquals(2.5, ApplicationResults.median(new double[] {4, 1, 2, 3}));
        assertEquals(7.0, ApplicationResults.median(new double[] {7}));
        double[] calls = {5, 4, 3};
        ApplicationResults.median(calls);
        assertEquals(5, calls[0], "the calls stay in the order they ran");
        assertThrows(IllegalArgumentException.class, () -> ApplicationResults.median(new double[0]));
        assertThrows(IllegalArgumentException.class, () -> ApplicationResults.median(new double[] {1, Double.NaN}));
    }

    private ApplicationOptions.Settings parse(String... args) throws IOException {
        Path script = Files.writeString(directory.resolve("numpy_bench.py"), "");
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--numpy-script", script.toString()));
        BenchmarkReport report = new BenchmarkReport();
        BenchmarkReport.commandLine(report).parseArgs(all.toArray(String[]::new));
        return report.application.settings(report.options);
    }

    @Test
    void defaultsAreEveryCaseWithFiveWarmUpCallsAndTheMedianOfEleven() throws IOException {
        ApplicationOptions.Settings s = parse("--application");
        assertEquals(List.of(DataType.values()), s.types());
        assertEquals(List.of(Layout.values()), s.layouts());
        assertEquals(List.of(Operator.values()), s.ops());
        assertEquals(5, s.warmup());
        assertEquals(11, s.calls());
        assertEquals(1, s.jvms().size());
    }

    @Test
    void quickAndTheSelectionReachTheBenchmarkJvmAndNumpyAlike() throws IOException {
        ApplicationOptions.Settings s = parse("--application", "--quick", "--types", "INT8,FLOAT", "--layouts", "OUTER",
                "--ops", "ArgMin");
        assertEquals(List.of(DataType.FLOAT, DataType.INT8), s.types(), "enum order");
        assertEquals(2, s.warmup());
        assertEquals(3, s.calls());
        assertEquals(4, parse("--application", "--quick", "--calls", "4").calls(), "--calls overrides --quick");
        Path out = directory.resolve("out");
        List<String> jvm = ApplicationRun.jvmArguments(s, out);
        List<String> numpy = ApplicationRun.numpyArguments(s, out);
        for (List<String> args : List.of(jvm, numpy)) {
            assertEquals(List.of("--types", "FLOAT,INT8", "--layouts", "OUTER", "--ops", "ArgMin"), args.subList(0, 6));
            assertEquals("3", args.get(args.indexOf("--calls") + 1));
            assertEquals(out.toString(), args.get(args.indexOf("--out") + 1));
        }
        assertEquals("2", jvm.get(jvm.indexOf("--warmup") + 1));
        assertEquals("1", numpy.get(numpy.indexOf("--warmup") + 1), "numpy has no JIT to warm up");
        assertTrue(numpy.contains("--median") && numpy.contains("--one-input-per-type"), numpy.toString());
        // The benchmark JVM's own parser takes what the report passes it.
        ApplicationBenchmark benchmark = new ApplicationBenchmark();
        new CommandLine(benchmark).parseArgs(jvm.toArray(String[]::new));
        assertEquals(List.of(DataType.FLOAT, DataType.INT8), benchmark.types);
        assertEquals(3, benchmark.calls);
    }

    private static String refusal(String... args) {
        StringWriter err = new StringWriter();
        CommandLine commandLine = BenchmarkReport.commandLine(new BenchmarkReport());
        commandLine.setOut(new PrintWriter(new StringWriter(), true));
        commandLine.setErr(new PrintWriter(err, true));
        assertEquals(2, commandLine.execute(args), "exit code");
        return err.toString().strip();
    }

    @Test
    void optionsOfTheOtherModeAreRefusedByName() {
        String message = refusal("--application", "--forks", "2", "--data", "NAN_LAST");
        assertTrue(message.contains("--data, --forks"), message);
        message = refusal("--calls", "3");
        assertTrue(message.contains("--calls") && message.contains("add --application"), message);
        message = refusal("--application", "--numpy-script", directory.resolve("missing.py").toString());
        assertTrue(message.contains("missing.py"), message);
        message = refusal("--application", "--calls", "0");
        assertTrue(message.contains("too small"), message);
    }

    /** Two releases, each without and with the Vector API, on one case; numbers chosen so every ratio is known. */
    static Results results() {
        List<Run> runs = new ArrayList<>();
        for (int feature : new int[] {17, 25}) {
            for (boolean vector : new boolean[] {false, true}) {
                double t = vector ? 2 : 4;
                runs.add(new Run("/jdk" + feature, "JVM " + feature, feature, vector, vector, 2, 5, 11, List.of(
                        new Row("FLOAT", null, null, ApplicationBenchmark.FLOOR, ApplicationBenchmark.SEQUENCE,
                                vector ? 1 : 2, -1, -1),
                        row(ApplicationBenchmark.ONE_THREAD, ApplicationBenchmark.SEQUENCE, t, 72),
                        row(ApplicationBenchmark.ONE_THREAD, ApplicationBenchmark.INTERLEAVED, 2 * t, 2048),
                        row(ApplicationBenchmark.DEFAULT, ApplicationBenchmark.INTERLEAVED, t, -1),
                        row(ApplicationBenchmark.ORT, ApplicationBenchmark.SEQUENCE, 3 * t, -1))));
            }
        }
        return new Results("2 CPUs", "numpy 2", List.of(new NumpyRow("FLOAT_SLICE_NO_EXTREME", "ArgMax", 8)), runs);
    }

    private static Row row(String contender, String phase, double millis, long bytes) {
        return new Row("FLOAT", "SLICE", "ArgMax", contender, phase, millis, bytes < 0 ? -1 : bytes / 2, bytes);
    }

    @Test
    void tableCellsArePlainThenSimdRatiosOfTheRightPhases() {
        String markdown = new ApplicationTable(results()).markdown();
        assertTrue(markdown.contains("#### JDK 17") && markdown.contains("#### JDK 25"), markdown);
        String row = markdown.lines().filter(l -> l.startsWith("| float [16777216] axis 0")).findFirst().orElseThrow();
        // interleaved time; ÷ the fastest floor (1 ms); numpy 8 ms; ORT 3x; default half; interleaved twice sequence
        assertEquals("| float [16777216] axis 0 | ArgMax | 8.00 / 4.00 | 4.00x / 2.00x | 2.00x / 4.00x | 3.00x / 3.00x"
                + " | 0.50x / 0.50x | 2.00x / 2.00x | 1.00 KiB / 2.00 KiB (8 B) |", row.replaceAll(" +", " "));
        String headline = new ApplicationTable(results()).headline();
        String line = headline.lines().filter(l -> l.startsWith("| [16777216] axis 0")).findFirst().orElseThrow();
        assertEquals("| [16777216] axis 0 | 2.00x / 2.00x | 4.00x / 4.00x | 4.00x / 4.00x | 3.00x / 3.00x"
                + " | 0.50x / 0.50x |", line.replaceAll(" +", " "));
    }

    @Test
    void bytesAreWrittenInTheLargestUnitBelowTheCount() {
        assertEquals("104 B", ApplicationTable.bytes(104));
        assertEquals("32.0 KiB", ApplicationTable.bytes(32 * 1024));
        assertEquals("64.0 MiB", ApplicationTable.bytes(64L * 1024 * 1024));
    }

    @Test
    void geometricMeanLeavesOutCasesWithoutAFigure() {
        List<ApplicationTable.Case> cases = List.of(
                new ApplicationTable.Case(DataType.FLOAT, Layout.SLICE, Operator.ArgMax),
                new ApplicationTable.Case(DataType.INT8, Layout.SLICE, Operator.ArgMax),
                new ApplicationTable.Case(DataType.BFLOAT16, Layout.SLICE, Operator.ArgMax));
        Map<DataType, Double> values = Map.of(DataType.FLOAT, 2.0, DataType.INT8, 8.0, DataType.BFLOAT16, Double.NaN);
        assertEquals(4.0, ApplicationTable.geometricMean(cases, c -> values.get(c.type())), 1e-12);
        assertTrue(Double.isNaN(ApplicationTable.geometricMean(cases, c -> Double.NaN)));
    }

    @Test
    void fromADirectoryWithOnlyTheApplicationResultsTheReportRewritesBothSections() throws IOException {
        Path results = Files.createDirectory(directory.resolve("results"));
        Files.writeString(results.resolve(ApplicationResults.FILE), ApplicationResults.write(results()));
        Path page = Files.writeString(directory.resolve("page.md"), "# Page\n\n<!-- results:application -->\nold\n"
                + "<!-- /results:application -->\n\n<!-- results:headline -->\nold\n<!-- /results:headline -->\n");
        CommandLine commandLine = BenchmarkReport.commandLine(new BenchmarkReport());
        commandLine.setOut(new PrintWriter(new StringWriter(), true));
        commandLine.setErr(new PrintWriter(new StringWriter(), true));
        assertEquals(0, commandLine.execute("--from", results.toString(), "--update", page.toString()));
        String text = Files.readString(page);
        assertFalse(text.contains("old"), text);
        assertTrue(text.startsWith("# Page\n\n<!-- results:application -->\n"), text);
        assertTrue(text.contains("| float [16777216] axis 0 | ArgMax"), text);
        assertTrue(text.contains("| [16777216] axis 0 |"), text);
    }

    @Test
    void committedResultsReadBackAndFeedTheApplicationAndHeadlineSections() throws IOException {
        Results results = results();
        String json = ApplicationResults.write(results);
        assertEquals(results, ApplicationResults.parse(json));
        Files.writeString(directory.resolve(ApplicationResults.FILE), json);
        Map<String, String> bodies = CommittedResults.sections(directory, List.of(), "2 CPUs",
                CommittedResults.readApplication(directory));
        assertTrue(bodies.get("application").contains("| float [16777216] axis 0"), bodies.get("application"));
        assertTrue(bodies.get("headline").contains("JDK 17 / JDK 25"), bodies.get("headline"));
        assertFalse(bodies.containsKey("jdk17"), "no JMH results, no JMH section");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ApplicationResults.parse("[1,"));
        assertTrue(e.getMessage().startsWith("not JSON"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ApplicationResults.parse("{\"runs\": []}"));
        assertTrue(e.getMessage().contains("no runs"), e.getMessage());
    }
}
