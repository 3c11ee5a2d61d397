package io.github.argonnx.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.benchmarks.BenchmarkReport.Measurement;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The pages the report rewrites: only between the markers, from JMH's JSON in a results directory,
 * the same text on every run over the same files.
 */
class ResultSectionsTest {

    @TempDir
    Path directory;

    private static final String PAGE = """
            # Benchmarks

            How to run, written by people.

            ## JDK 17

            <!-- results:jdk17 -->
            Run the report to fill this.
            <!-- /results:jdk17 -->

            ## JDK 21

            <!-- results:jdk21 -->
            Left alone: no results of Java 21.
            <!-- /results:jdk21 -->

            ## JDK 25

            <!-- results:jdk25 -->
            <!-- /results:jdk25 -->

            The end, also written by people.
            """;

    /** One JMH record, as JMH 1.37 writes it (without raw samples). */
    private static String record(String benchmark, String mode, String jdk, boolean vector, String params,
            double score, double min, String unit, double bytesPerCall) {
        String vm = jdk.startsWith("17") ? "17.0.15+6-Debian-1deb12u1" : "25.0.3+9-LTS";
        return String.format(Locale.ROOT, """
                {
                    "jmhVersion" : "1.37",
                    "benchmark" : "io.github.argonnx.benchmarks.%s",
                    "mode" : "%s",
                    "threads" : 1,
                    "forks" : 1,
                    "jvm" : "/usr/lib/jvm/jdk-%s/bin/java",
                    "jvmArgs" : [ "-Xms2g", "-Xmx3g", "-XX:+AlwaysPreTouch"%s ],
                    "jdkVersion" : "%s",
                    "vmName" : "OpenJDK 64-Bit Server VM",
                    "vmVersion" : "%s",
                    "warmupIterations" : 8,
                    "warmupTime" : "200 ms",
                    "warmupBatchSize" : 1,
                    "measurementIterations" : 2,
                    "measurementTime" : "200 ms",
                    "measurementBatchSize" : 1,
                    "params" : { %s },
                    "primaryMetric" : {
                        "score" : %s,
                        "scoreError" : "NaN",
                        "scoreConfidence" : [ "NaN", "NaN" ],
                        "scorePercentiles" : { "0.0" : %s, "50.0" : %s, "100.0" : %s },
                        "scoreUnit" : "%s"
                    },
                    "secondaryMetrics" : {
                        "gc.alloc.rate.norm" : { "score" : %s, "scoreUnit" : "B/op" }
                    }
                }""", benchmark, mode, jdk, vector ? ", \"--add-modules=jdk.incubator.vector\"" : "", jdk, vm, params,
                score, min, score, score * 2, unit, bytesPerCall);
    }

    /**
     * A run of JDK {@code jdk} on the float slice: ArgONNX 4 ms, +SIMD 2 ms, ORT 8 ms, floor variants 2.4, 1.6 and
     * 1.9 ms, ArgMax.
     */
    private static String floatSliceRun(String jdk, double simdMillis) {
        String c = "\"benchCase\" : \"FLOAT_SLICE_NO_EXTREME\", \"operator\" : \"ArgMax\"";
        String floor = "\"benchCase\" : \"FLOAT_SLICE_NO_EXTREME\", \"variant\" : ";
        return "[\n" + String.join(",\n",
                record("ArgOnnxBenchmark.argonnx", "sample", jdk, false, c + ", \"threads\" : \"single\"", 5, 4, "ms/op", 72),
                record("ArgOnnxBenchmark.argonnx", "sample", jdk, true, c + ", \"threads\" : \"single\"", 3, simdMillis,
                        "ms/op", 72),
                record("ArgOnnxBenchmark.argonnx", "sample", jdk, true, c + ", \"threads\" : \"default\"", 2, 1.2,
                        "ms/op", 900),
                record("OrtBenchmark.ort", "sample", jdk, false, c + ", \"ortThreads\" : \"1\"", 9, 8, "ms/op", 64),
                record("ReadFloorBenchmark.readFloor", "sample", jdk, true, floor + "\"plain-4\"", 3, 2.4, "ms/op", 0),
                record("ReadFloorBenchmark.readFloor", "sample", jdk, true, floor + "\"SIMD-1\"", 2, 1.6, "ms/op", 0),
                record("ReadFloorBenchmark.readFloor", "sample", jdk, true, floor + "\"SIMD-4\"", 2, 1.9, "ms/op", 0),
                record("SmallTensorBenchmark.prepared", "avgt", jdk, false,
                        "\"smallCase\" : \"FLOAT_1x10_AXIS1\", \"operator\" : \"ArgMax\"", 0.02, 0.02, "us/op", 0),
                record("SmallTensorBenchmark.plainLoop", "avgt", jdk, false,
                        "\"smallCase\" : \"FLOAT_1x10_AXIS1\", \"operator\" : \"ArgMax\"", 0.016, 0.016, "us/op", 0))
                + "\n]\n";
    }

    @Test
    void jmhRecordsAreFiledUnderTheirContendersWithTheFastestSampledCallOrTheAverage() {
        JmhResults run = JmhResults.parse(floatSliceRun("17.0.15", 2));
        assertEquals(17, run.feature());
        assertEquals("OpenJDK 64-Bit Server VM 17.0.15 (17.0.15+6-Debian-1deb12u1)", run.version());
        Map<String, Measurement> results = run.results();
        String c = "FLOAT_SLICE_NO_EXTREME";
        assertEquals(new Measurement(4, 72), results.get(ResultTable.key(BenchmarkReport.ARGONNX_ONE_THREAD, c, Operator.ArgMax)));
        assertEquals(new Measurement(2, 72), results.get(ResultTable.key(BenchmarkReport.SIMD_ONE_THREAD, c, Operator.ArgMax)));
        assertEquals(new Measurement(1.2, 900), results.get(ResultTable.key(BenchmarkReport.SIMD, c, Operator.ArgMax)));
        assertEquals(new Measurement(8, 64), results.get(ResultTable.key(BenchmarkReport.ORT_ONE_THREAD, c, Operator.ArgMax)));
        // The floor is the fastest of its variants, whatever their order.
        assertEquals(1.6, results.get(ResultTable.key(BenchmarkReport.READ_FLOOR, c, null)).time());
        // Small tensors: the average, converted from us to ns.
        assertEquals(20, results.get(ResultTable.key(BenchmarkReport.PREPARED, "FLOAT_1x10_AXIS1", Operator.ArgMax)).time(),
                1e-9);
        assertTrue(run.settings().contains("sample mode, 8 x 200 ms warm-up, 2 x 200 ms measured"), run.settings());
    }

    @Test
    void aThroughputIsTurnedIntoATimePerCall() {
        assertEquals(0.5, JmhResults.toTableUnit(2000, "ops/s", false), 1e-12);
        assertEquals(250, JmhResults.toTableUnit(4, "ops/us", true), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> JmhResults.toTableUnit(1, "B/op", false));
    }

    @Test
    void aFileOfSeveralJvmsOrNotFromJmhIsRefusedNamingTheRecord() {
        String mixed = floatSliceRun("17.0.15", 2).replaceFirst("\"jdkVersion\" : \"17.0.15\"", "\"jdkVersion\" : \"21.0.1\"");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JmhResults.parse(mixed));
        assertTrue(e.getMessage().contains("record 2") && e.getMessage().contains("one JVM"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> JmhResults.parse("{\"not\" : \"jmh\"}"));
        assertTrue(e.getMessage().contains("not a JMH result file"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> JmhResults.parse("[ {\"benchmark\" : "));
        assertTrue(e.getMessage().startsWith("not JSON: "), e.getMessage());
    }

    @Test
    void rawSamplesAreLeftOutAndTheRestReadsTheSame() {
        String json = floatSliceRun("25.0.3", 2).replace("\"scoreUnit\" : \"ms/op\"",
                "\"scoreUnit\" : \"ms/op\", \"rawDataHistogram\" : [ [ [ 2.0, 3 ], [ 2.5, 1 ] ] ]");
        String stripped = JmhResults.withoutRawSamples(json);
        assertFalse(stripped.contains("rawDataHistogram"), stripped);
        assertEquals(JmhResults.parse(json), JmhResults.parse(stripped));
        assertEquals(stripped, JmhResults.withoutRawSamples(stripped), "written the same way twice");
    }

    @Test
    void onlyTheSectionsWithResultsAreRewrittenAndTheRestOfThePageStaysByteForByte() {
        ResultSections.Rewrite rewrite = ResultSections.rewrite("page.md", PAGE,
                Map.of("jdk17", "| a |\n|---|\n| 1 |\n", "jdk25", "twenty-five"));
        assertEquals(List.of("jdk17", "jdk25"), rewrite.rewritten());
        String expected = PAGE
                .replace("<!-- results:jdk17 -->\nRun the report to fill this.\n",
                        "<!-- results:jdk17 -->\n\n| a |\n|---|\n| 1 |\n\n")
                .replace("<!-- results:jdk25 -->\n", "<!-- results:jdk25 -->\n\ntwenty-five\n\n");
        assertEquals(expected, rewrite.text());
        assertEquals(expected, ResultSections.rewrite("page.md", rewrite.text(),
                Map.of("jdk17", "| a |\n|---|\n| 1 |\n", "jdk25", "twenty-five")).text(), "a second rewrite changes nothing");
    }

    @Test
    void anUnclosedOrStraySectionOrAPageWithoutAnyIsRefusedNamingTheMarkers() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ResultSections.rewrite(
                "page.md", "a\n<!-- results:jdk17 -->\nb\n", Map.of("jdk17", "x")));
        assertTrue(e.getMessage().contains("page.md line 2") && e.getMessage().contains("<!-- /results:jdk17 -->"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ResultSections.rewrite(
                "page.md", "<!-- /results:jdk17 -->\n", Map.of("jdk17", "x")));
        assertTrue(e.getMessage().contains("closes no section"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ResultSections.rewrite(
                "page.md", "no markers\n", Map.of("jdk25", "x")));
        assertTrue(e.getMessage().contains("<!-- results:jdk25 --> ... <!-- /results:jdk25 -->"), e.getMessage());
    }

    private int execute(String... args) {
        CommandLine commandLine = BenchmarkReport.commandLine(new BenchmarkReport());
        commandLine.setOut(new PrintWriter(new StringWriter(), true));
        commandLine.setErr(new PrintWriter(new StringWriter(), true));
        return commandLine.execute(args);
    }

    @Test
    void fromAResultsDirectoryTheReportRewritesEachJdksTablesAndTheHeadlineWithoutRunningAnything() throws IOException {
        Path results = Files.createDirectory(directory.resolve("results"));
        Files.writeString(results.resolve("jdk17.json"), floatSliceRun("17.0.15", 2), StandardCharsets.UTF_8);
        Files.writeString(results.resolve("jdk25.json"), floatSliceRun("25.0.3", 1), StandardCharsets.UTF_8);
        Files.writeString(results.resolve("machine.txt"), "2 CPUs (nproc), Test CPU\n", StandardCharsets.UTF_8);
        Files.writeString(results.resolve("numpy.tsv"), "# numpy 2.4.6, Python 3.11\nFLOAT_SLICE_NO_EXTREME\tArgMax\t3\n",
                StandardCharsets.UTF_8);
        Path page = Files.writeString(directory.resolve("README.md"), PAGE, StandardCharsets.UTF_8);
        Path readme = Files.writeString(directory.resolve("TOP.md"),
                "intro\n<!-- results:headline -->\n<!-- /results:headline -->\nrest\n", StandardCharsets.UTF_8);

        assertEquals(0, execute("--from", results.toString(), "--update", page.toString(), "--update", readme.toString()));
        String written = Files.readString(page, StandardCharsets.UTF_8);
        assertTrue(written.startsWith("# Benchmarks\n\nHow to run, written by people.\n"), written);
        assertTrue(written.endsWith("The end, also written by people.\n"), written);
        assertTrue(written.contains("Left alone: no results of Java 21."), written);
        assertFalse(written.contains("Run the report to fill this."), written);
        assertTrue(written.contains("OpenJDK 64-Bit Server VM 17.0.15 (17.0.15+6-Debian-1deb12u1) on 2 CPUs (nproc),"
                + " Test CPU; sample mode"), written);
        assertTrue(written.contains("jdk17.json"), written);
        // float slice, JDK 17: ArgONNX 4 ms, +SIMD 2 ms, default SIMD 1.2 ms, ORT 8 ms, numpy 3 ms, floor 1.6 ms.
        assertTrue(written.contains("| ArgMax float [16777216] axis 0, NO_EXTREME | 4.00 | 2.00 | 1.20 | 8.00 | 3.00 | 1.60"
                + " | 2.50x | 1.25x | 2.00x | 4.00x | 0.60x |"), written);
        assertTrue(written.contains("| ArgMax float [1,10] axis 1 | n/a | 20.0 | 16.0 | n/a | 1.25x | 0 |"), written);
        String top = Files.readString(readme, StandardCharsets.UTF_8);
        assertTrue(top.contains("Each cell: JDK 17 / JDK 25"), top);
        // SIMD ÷ floor 1.25x / 0.63x, plain ÷ floor 2.50x / 2.50x, ORT ÷ SIMD 4.00x / 8.00x, ORT ÷ plain 2.00x / 2.00x,
        // numpy ÷ SIMD 1.50x / 3.00x.
        assertTrue(top.contains("| float [16777216] axis 0 | 1.25x / 0.63x | 2.50x / 2.50x | 4.00x / 8.00x"
                + " | 2.00x / 2.00x | 1.50x / 3.00x |"), top);
        assertTrue(top.startsWith("intro\n") && top.endsWith("rest\n"), top);

        assertEquals(0, execute("--from", results.toString(), "--update", page.toString()));
        assertEquals(written, Files.readString(page, StandardCharsets.UTF_8), "the same files give the same page");
    }

    @Test
    void aPageWithoutSectionsFailsAndStaysAsItWas() throws IOException {
        Path results = Files.createDirectory(directory.resolve("results"));
        Files.writeString(results.resolve("jdk17.json"), floatSliceRun("17.0.15", 2), StandardCharsets.UTF_8);
        Path page = Files.writeString(directory.resolve("page.md"), "nothing to fill\n", StandardCharsets.UTF_8);
        assertEquals(1, execute("--from", results.toString(), "--update", page.toString()));
        assertEquals("nothing to fill\n", Files.readString(page, StandardCharsets.UTF_8));
    }

    @Test
    void aResultsFileNamedForAnotherJavaReleaseIsRefused() throws IOException {
        Path results = Files.createDirectory(directory.resolve("results"));
        Files.writeString(results.resolve("jdk21.json"), floatSliceRun("17.0.15", 2), StandardCharsets.UTF_8);
        IOException e = assertThrows(IOException.class, () -> CommittedResults.read(results, null));
        assertTrue(e.getMessage().contains("jdk21.json holds results of Java 17"), e.getMessage());
    }
}
