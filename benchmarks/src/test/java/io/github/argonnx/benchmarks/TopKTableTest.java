package io.github.argonnx.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.benchmarks.ApplicationResults.NumpyRow;
import io.github.argonnx.benchmarks.ApplicationResults.Results;
import io.github.argonnx.benchmarks.ApplicationResults.Run;
import io.github.argonnx.benchmarks.ApplicationResults.Series;
import io.github.argonnx.benchmarks.ApplicationResults.TopKRow;
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

/** The application benchmark's TopK selection, results and tables, without timing anything. */
class TopKTableTest {

    @TempDir
    Path directory;

    /** Two releases, plain and SIMD, on one case: ArgONNX 2 ms (1 ms with SIMD), ORT 3x that, numpy 8 ms. */
    private static Results topKResults() {
        List<Run> runs = new ArrayList<>();
        for (int feature : new int[] {17, 25}) {
            for (boolean vector : new boolean[] {false, true}) {
                double t = vector ? 1 : 2;
                runs.add(new Run("/jdk" + feature, "JVM " + feature, feature, vector, vector, 2, 5, 11, List.of(),
                        List.of(), List.of(new TopKRow("FLOAT_4096x1000_K5", ApplicationBenchmark.ONE_THREAD, t, 1024,
                                2048), new TopKRow("FLOAT_4096x1000_K5", ApplicationBenchmark.ORT, 3 * t, -1, -1))));
            }
        }
        return new Results("2 CPUs", "numpy 2", List.of(), List.of(), runs, List.of(),
                List.of(new NumpyRow("FLOAT_4096x1000_K5", "TopK", 8, List.of(8.0, 9.0))));
    }

    private static String line(String text, String start) {
        return text.lines().filter(l -> l.startsWith(start)).findFirst()
                .orElseThrow(() -> new AssertionError("no line " + start + " in\n" + text));
    }

    @Test
    void eachReleaseHasATableOfTimesAndRatiosPlainThenSimd() {
        String markdown = new TopKTable(new Series(List.of(topKResults()))).markdown("`r`");
        assertTrue(markdown.contains("#### TopK, JDK 17") && markdown.contains("#### TopK, JDK 25"), markdown);
        // ArgONNX 2 / 1 ms; numpy 8 ms (its faster repetition); ORT 6 / 3 ms; numpy 4x / 8x; ORT 3x; outputs 4096 x 5
        // x (4 + 8) bytes
        assertEquals("| float [4096,1000] axis 1 | 5 | 2.00 / 1.00 | 8.00 | 6.00 / 3.00 | 4.00x / 8.00x | 3.00x / 3.00x"
                + " | 1.00 KiB / 2.00 KiB (240 KiB) |", line(markdown, "| float [4096,1000] axis 1"));
        String two = new TopKTable(new Series(List.of(topKResults(), topKResults()))).markdown("`r`");
        assertTrue(line(two, "| float [4096,1000] axis 1").startsWith("| float [4096,1000] axis 1 | 5 | 2.00 / 1.00;"
                + " 2.00 / 1.00 | 8.00; 8.00 |"), two);
    }

    @Test
    void resultsWithoutTopKSayThatNoRunHoldsThemAndKeepTheArgMaxTables() {
        Map<String, String> bodies = CommittedResults.sections(directory, List.of(), "2 CPUs",
                new Series(List.of(ApplicationTest.results())));
        assertTrue(bodies.get("application-topk").startsWith("No run in `" + directory.resolve(ApplicationResults.FILE)
                + "` holds the TopK cases yet"), bodies.get("application-topk"));
        assertTrue(bodies.get("application").contains("| float [16777216] axis 0 | ArgMax"), bodies.get("application"));
    }

    @Test
    void resultsOfTopKAloneHaveTheTopKTablesAndSayThatNoArgMaxCaseRan() {
        Series series = new Series(List.of(topKResults()));
        assertEquals(series, ApplicationResults.parse(ApplicationResults.write(series)), "read back as written");
        Map<String, String> bodies = CommittedResults.sections(directory, List.of(), "2 CPUs", series);
        assertTrue(bodies.get("application-topk").contains("| float [4096,1000] axis 1 | 5 |"),
                bodies.get("application-topk"));
        assertTrue(bodies.get("application").startsWith("No run in"), bodies.get("application"));
        assertEquals(List.of(), new ApplicationChecks(series).lines());
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
    void theApplicationBenchmarkRunsTopKByDefaultAndOpsTopKRunsItAlone() throws IOException {
        ApplicationOptions.Settings all = parse("--application");
        assertEquals(List.of(Operator.ArgMax, Operator.ArgMin), all.argOps());
        assertEquals(List.of(TopKCase.values()), all.topKCases());
        ApplicationOptions.Settings topK = parse("--application", "--ops", "TopK", "--types", "INT32,INT8");
        assertEquals(List.of(), topK.argOps());
        assertEquals(List.of(TopKCase.INT32_16777216_K10), topK.topKCases());
        Path out = directory.resolve("out");
        for (List<String> args : List.of(ApplicationRun.jvmArguments(topK, out), ApplicationRun.numpyArguments(topK,
                out))) {
            assertEquals("TopK", args.get(args.indexOf("--ops") + 1), args.toString());
        }
        ApplicationBenchmark benchmark = new ApplicationBenchmark();
        new CommandLine(benchmark).parseArgs(ApplicationRun.jvmArguments(topK, out).toArray(String[]::new));
        assertEquals(List.of(Operator.TopK), benchmark.ops);
        assertEquals(List.of(), parse("--application", "--ops", "ArgMax").topKCases());
    }

    @Test
    void topKWithoutATypeOfItsCasesIsRefusedNamingThem() throws IOException {
        Path script = Files.writeString(directory.resolve("numpy_bench.py"), "");
        StringWriter err = new StringWriter();
        CommandLine commandLine = BenchmarkReport.commandLine(new BenchmarkReport());
        commandLine.setOut(new PrintWriter(new StringWriter(), true));
        commandLine.setErr(new PrintWriter(err, true));
        assertEquals(2, commandLine.execute("--application", "--ops", "TopK", "--types", "INT8", "--numpy-script",
                script.toString()));
        String message = err.toString().strip();
        assertTrue(message.contains("--ops TopK") && message.contains("(TopK cases: FLOAT, INT32)"), message);
    }
}
