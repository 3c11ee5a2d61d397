package io.github.argonnx.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.DataType;
import io.github.argonnx.benchmarks.ApplicationResults.Floor;
import io.github.argonnx.benchmarks.ApplicationResults.NumpyRow;
import io.github.argonnx.benchmarks.ApplicationResults.Results;
import io.github.argonnx.benchmarks.ApplicationResults.Row;
import io.github.argonnx.benchmarks.ApplicationResults.Run;
import io.github.argonnx.benchmarks.ApplicationResults.Series;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
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
    void defaultsAreEveryCaseWithFiveWarmUpCallsAndTheMedianOfElevenInOneRun() throws IOException {
        ApplicationOptions.Settings s = parse("--application");
        assertEquals(1, s.repeat());
        assertEquals(2, parse("--application", "--repeat", "2").repeat());
        assertFalse(s.append());
        assertTrue(parse("--application", "--append", "--results", directory.toString()).append());
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
        assertTrue(numpy.contains("--read-floor"), numpy.toString());
        assertEquals("2", numpy.get(numpy.indexOf("--repetitions") + 1), "numpy's noise is its repetitions' difference");
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
        message = refusal("--application", "--append");
        assertTrue(message.contains("--append") && message.contains("add --results DIR"), message);
        message = refusal("--append");
        assertTrue(message.contains("--append") && message.contains("add --application"), message);
        message = refusal("--repeat", "2");
        assertTrue(message.contains("--repeat") && message.contains("add --application"), message);
        message = refusal("--calls", "3");
        assertTrue(message.contains("--calls") && message.contains("add --application"), message);
        message = refusal("--application", "--numpy-script", directory.resolve("missing.py").toString());
        assertTrue(message.contains("missing.py"), message);
        message = refusal("--application", "--calls", "0");
        assertTrue(message.contains("too small"), message);
    }

    /** Two releases, each without and with the Vector API, on one case; numbers chosen so every ratio is known. */
    static Results results() {
        return results(1, List.of(1.0, 1.0), List.of(8.0, 8.0));
    }

    /**
     * The same, ArgONNX's times scaled by {@code scale}, the SIMD JVM's fastest floor variant and numpy
     * timed in the repetitions given.
     */
    static Results results(double scale, List<Double> simdFloor, List<Double> numpy) {
        List<Run> runs = new ArrayList<>();
        for (int feature : new int[] {17, 25}) {
            for (boolean vector : new boolean[] {false, true}) {
                double t = (vector ? 2 : 4) * scale;
                Floor floor = vector ? new Floor("FLOAT", "SIMD-2", simdFloor) : new Floor("FLOAT", "plain-1", List.of(2.0));
                runs.add(new Run("/jdk" + feature, "JVM " + feature, feature, vector, vector, 2, 5, 11, List.of(
                        new Row("FLOAT", null, null, ApplicationBenchmark.FLOOR, ApplicationBenchmark.SEQUENCE,
                                floor.millis(), -1, -1),
                        row(ApplicationBenchmark.ONE_THREAD, ApplicationBenchmark.SEQUENCE, t, 72),
                        row(ApplicationBenchmark.ONE_THREAD, ApplicationBenchmark.INTERLEAVED, 2 * t, 2048),
                        row(ApplicationBenchmark.DEFAULT, ApplicationBenchmark.INTERLEAVED, t, -1),
                        row(ApplicationBenchmark.ORT, ApplicationBenchmark.SEQUENCE, 3 * t, -1)),
                        List.of(floor, new Floor("FLOAT", vector ? "SIMD-1" : "plain-4", List.of(5.0, 5.0)))));
            }
        }
        double fastestNumpy = numpy.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        return new Results("2 CPUs", "numpy 2", List.of(new NumpyRow("FLOAT_SLICE_NO_EXTREME", "ArgMax", fastestNumpy,
                numpy)), List.of(new Floor("FLOAT", "or", List.of(4.0, 4.0)), new Floor("FLOAT", "max", List.of(5.0))),
                runs, List.of());
    }

    private static Row row(String contender, String phase, double millis, long bytes) {
        return row("FLOAT", Operator.ArgMax, contender, phase, millis, bytes);
    }

    private static Row row(String type, Operator op, String contender, String phase, double millis, long bytes) {
        return new Row(type, "SLICE", op.name(), contender, phase, millis, bytes < 0 ? -1 : bytes / 2, bytes);
    }

    private static Series series(Results... runs) {
        return new Series(List.of(runs));
    }

    private static String line(String text, String start) {
        return text.lines().map(l -> l.replaceAll(" +", " ")).filter(l -> l.startsWith(start)).findFirst()
                .orElseThrow(() -> new AssertionError("no line " + start + " in\n" + text));
    }

    @Test
    void tableCellsArePlainThenSimdRatiosOfTheRightPhases() {
        String markdown = new ApplicationTable(results()).markdown();
        assertTrue(markdown.contains("#### JDK 17") && markdown.contains("#### JDK 25"), markdown);
        // interleaved time; ÷ the fastest floor variant (1 ms, SIMD-2); numpy 8 ms, its floor 4 ms; ORT 3x;
        // default half; interleaved twice sequence
        assertEquals("| float [16777216] axis 0 | ArgMax | 8.00 / 4.00 | 4.00x / 2.00x | 1.00 SIMD-2 | 2.00x / 4.00x"
                + " | 2.00x | 3.00x / 3.00x | 0.50x / 0.50x | 2.00x / 2.00x | 1.00 KiB / 2.00 KiB (8 B) |",
                line(markdown, "| float [16777216] axis 0"));
        String headline = new ApplicationTable(results()).headline();
        assertEquals("| [16777216] axis 0 | float | 2.00x / 2.00x | 4.00x / 4.00x | 4.00x / 4.00x | 3.00x / 3.00x"
                + " | 0.50x / 0.50x |", line(headline, "| [16777216] axis 0"));
        assertEquals("| | worst type | 2.00x float / 2.00x float | 4.00x float / 4.00x float | 4.00x float / 4.00x float"
                + " | 3.00x float / 3.00x float | 0.50x float / 0.50x float |", line(headline, "| | worst type"));
    }

    @Test
    void twoRunsShowSideBySideInEveryCell() {
        ApplicationTable table = new ApplicationTable(series(results(), results(2, List.of(1.0, 1.0), List.of(8.0))));
        String markdown = table.markdown();
        assertTrue(markdown.contains("- run 2, SIMD: JVM 25"), markdown);
        assertTrue(markdown.contains("1 thread, ms (plain / SIMD; run 1; run 2)"), markdown);
        assertTrue(line(markdown, "| float [16777216] axis 0").startsWith(
                "| float [16777216] axis 0 | ArgMax | 8.00 / 4.00; 16.0 / 8.00 | 4.00x / 2.00x; 8.00x / 4.00x |"),
                markdown);
        assertTrue(line(table.headline(), "| [16777216] axis 0").startsWith(
                "| [16777216] axis 0 | float | 2.00x / 2.00x; 4.00x / 4.00x |"), table.headline());
    }

    @Test
    void aKernelBelowTheFloorByMoreThanTheFloorMovedIsInvalidAndWithinItIsNot() {
        // the SIMD floor's repetitions 1.0 and 1.05 ms: 5% noise; SIMD in sequence 0.9 ms: 0.90x the floor
        List<String> checks = new ApplicationChecks(series(results(0.45, List.of(1.0, 1.05), List.of(8.0, 8.0))))
                .lines();
        assertEquals(List.of("INVALID: kernel ArgONNX+SIMD 1 thread (in sequence) beat the read floor on JDK 17"
                + " float [16777216] axis 0 ArgMax: 0.90x the floor (SIMD-2), beyond its noise of 5%",
                "INVALID: kernel ArgONNX+SIMD 1 thread (in sequence) beat the read floor on JDK 25"
                + " float [16777216] axis 0 ArgMax: 0.90x the floor (SIMD-2), beyond its noise of 5%"), checks);
        assertTrue(ApplicationChecks.anyInvalid(checks));
        // 0.98 ms, within the floor's 5%
        assertEquals(List.of(), new ApplicationChecks(series(results(0.49, List.of(1.0, 1.05), List.of(8.0, 8.0))))
                .lines());
        Map<String, String> bodies = CommittedResults.sections(directory, List.of(), "2 CPUs",
                series(results(0.45, List.of(1.0, 1.05), List.of(8.0, 8.0))));
        assertTrue(bodies.get("application").contains("- **INVALID: kernel ArgONNX+SIMD 1 thread (in sequence) beat"),
                bodies.get("application"));
        assertTrue(bodies.get("headline").contains("**INVALID: 2 kernel figure(s) beat the read floor"),
                bodies.get("headline"));
    }

    @Test
    void numpysFloorIsTheFastestOfEveryReadTheScriptTimedAndNamesIt() {
        // numpy's argmax 4.5 ms: below its max (5 ms) and OR (4.8 ms), above the max of the bytes as int8 (4.2 ms)
        NumpyFigures figures = NumpyFigures.parse(Path.of("numpy.tsv"), List.of("# numpy 2.4.6, Python 3.11",
                "FLOAT_SLICE_NO_EXTREME\tArgMax\t4.5\t4.6", "FLOAT_SLICE_NO_EXTREME\tread-max\t5.0\t5.0",
                "FLOAT_SLICE_NO_EXTREME\tread-or-uint32\t4.8\t4.8", "FLOAT_SLICE_NO_EXTREME\tread-max-int8\t4.2\t4.3"));
        List<Floor> floors = figures.floors(BenchCase.named("FLOAT_SLICE_NO_EXTREME"));
        assertEquals(List.of("max", "max-int8", "or-uint32"), floors.stream().map(Floor::variant).toList());
        assertEquals(List.of(4.2, 4.3), floors.get(1).repetitions());
        Results base = results();
        Results numpyRun = new Results(base.machine(), base.numpy(), List.of(new NumpyRow("FLOAT_SLICE_NO_EXTREME",
                "ArgMax", 4.5, List.of(4.5, 4.6))), floors, base.runs(), List.of());
        assertEquals("max-int8", new ApplicationView(numpyRun).numpyFloor(DataType.FLOAT).variant());
        assertEquals(List.of(), new ApplicationChecks(series(numpyRun)).lines());
        Results beaten = new Results(base.machine(), base.numpy(), List.of(new NumpyRow("FLOAT_SLICE_NO_EXTREME",
                "ArgMax", 3.9, List.of(3.9, 3.9))), floors, base.runs(), List.of());
        assertEquals(List.of("INVALID: kernel numpy beat numpy's read floor on float [16777216] axis 0 ArgMax: 0.93x"
                + " the floor (max-int8), beyond the 2% that it or numpy moved between their repetitions"),
                new ApplicationChecks(series(beaten)).lines());
        // the same 3.9 ms where numpy's repetitions lie 8% apart: within numpy's own noise
        Results noisyNumpy = new Results(base.machine(), base.numpy(), List.of(new NumpyRow("FLOAT_SLICE_NO_EXTREME",
                "ArgMax", 3.9, List.of(3.9, 4.212))), floors, base.runs(), List.of());
        assertFalse(ApplicationChecks.anyInvalid(new ApplicationChecks(series(noisyNumpy)).lines()));
    }

    @Test
    void aFloorTimedInTheInterleavedRoundsBoundsTheKernelsWhenItIsFaster() {
        // the SIMD JVMs' floor in sequence 1 ms; in the rounds 0.8 and 0.82 ms: SIMD interleaved 0.9 ms is above it
        Results base = results(0.45, List.of(1.0, 1.0), List.of(8.0, 8.0));
        List<Run> runs = base.runs().stream().map(r -> !r.vectorModule() ? r : new Run(r.jvm(), r.version(), r.feature(),
                true, true, r.processors(), r.warmup(), r.calls(), r.rows(), Stream.concat(r.floors().stream(),
                Stream.of(new Floor("FLOAT", "SIMD-2 interleaved", List.of(0.8, 0.82)))).toList())).toList();
        Results interleavedFloor = new Results(base.machine(), base.numpy(), base.numpyRows(), base.numpyFloors(), runs,
                List.of());
        ApplicationView view = new ApplicationView(interleavedFloor);
        assertEquals(0.8, view.floor(17, DataType.FLOAT).millis());
        assertEquals("SIMD-2 interleaved", view.floor(25, DataType.FLOAT).variant());
        assertEquals(List.of(), new ApplicationChecks(series(interleavedFloor)).lines());
        assertTrue(line(new ApplicationTable(interleavedFloor).markdown(), "| float [16777216] axis 0")
                .contains("| 0.80 SIMD-2 interleaved |"), new ApplicationTable(interleavedFloor).markdown());
    }

    @Test
    void aFloorOrNumpyThatMovesMoreThanTenPercentBetweenItsRepetitionsMakesTheRunNoisy() {
        List<String> checks = new ApplicationChecks(series(results(1, List.of(1.0, 1.2), List.of(8.0, 9.0)))).lines();
        assertEquals(List.of("NOISY: the JVMs' read floor moved more than 10% between its repetitions on 2 of 2 types"
                + " and releases (most: 20%, float on JDK 17 (SIMD-2))",
                "NOISY: numpy moved more than 10% between its repetitions on 1 of 1 cases (most: 13%, float"
                + " [16777216] axis 0 ArgMax)"), checks);
        assertFalse(ApplicationChecks.anyInvalid(checks));
        String headline = CommittedResults.sections(directory, List.of(), "2 CPUs",
                series(results(1, List.of(1.0, 1.2), List.of(8.0, 9.0)))).get("headline");
        assertTrue(headline.contains("**NOISY: 2 check(s) found a read floor or numpy moving by more than 10%"), headline);
        assertEquals(List.of(), new ApplicationChecks(series(results(1, List.of(1.0, 1.1), List.of(8.0, 8.8))))
                .lines(), "10% is not more than 10%");
    }

    @Test
    void theHeadlineGivesFloatTheWorstTypeAndTheMedianEachTypeByItsWorseOperatorAndNamesWhereNumpyLeads() {
        // one release, floor 1 ms for every type; SIMD in sequence per type: ArgMax, ArgMin
        Map<String, double[]> simd = Map.of("FLOAT", new double[] {1.0, 1.5}, "INT8", new double[] {3.0, 2.0},
                "INT32", new double[] {2.0, 2.0});
        List<Run> runs = new ArrayList<>();
        for (boolean vector : new boolean[] {false, true}) {
            List<Row> rows = new ArrayList<>();
            List<Floor> floors = new ArrayList<>();
            for (String type : List.of("FLOAT", "INT8", "INT32")) {
                floors.add(new Floor(type, vector ? "SIMD-1" : "plain-1", List.of(1.0, 1.0)));
                for (Operator op : Operator.ARG_REDUCTIONS) {
                    double t = simd.get(type)[op.ordinal()] * (vector ? 1 : 4);
                    rows.add(row(type, op, ApplicationBenchmark.ONE_THREAD, ApplicationBenchmark.SEQUENCE, t, 8));
                }
            }
            runs.add(new Run("/jdk17", "JVM 17", 17, vector, vector, 2, 5, 11, rows, floors));
        }
        Results results = new Results("2 CPUs", "numpy 2",
                List.of(new NumpyRow("FLOAT_SLICE_NO_EXTREME", "ArgMax", 0.75, null)), List.of(), runs, List.of());
        ApplicationTable table = new ApplicationTable(results);
        String headline = table.headline();
        assertTrue(line(headline, "| [16777216] axis 0").startsWith("| [16777216] axis 0 | float | 1.50x | 6.00x |"),
                headline);
        assertTrue(line(headline, "| | worst type").startsWith("| | worst type | 3.00x int8 | 12.00x int8 |"), headline);
        assertTrue(line(headline, "| | median over types").startsWith("| | median over types | 2.00x | 8.00x |"),
                headline);
        String caption = new ApplicationHeadline(table).caption("`results`", List.of());
        assertTrue(caption.contains("numpy leads ArgONNX+SIMD (1 thread, in sequence) on JDK 17 float [16777216] axis 0"
                + " ArgMax (0.75x). ORT leads ArgONNX+SIMD (1 thread, in sequence) on no case."), caption);
        assertTrue(caption.contains("numpy leads the plain loops on 1 of 1 case figures and ORT on 0 of 0"), caption);
    }

    @Test
    void moreCasesThanTheCaptionListsAreNamedPerLayoutAndTypeWithTheirLowestRatio() {
        // numpy 1 ms on 16 cases; SIMD in sequence 2 ms (int8 4 ms on ArgMin) in each of two runs: 32 figures
        List<Row> rows = new ArrayList<>();
        List<NumpyRow> numpy = new ArrayList<>();
        for (String type : List.of("FLOAT", "INT8", "INT32", "INT64")) {
            for (String layout : List.of("SLICE", "ROWS")) {
                for (Operator op : Operator.ARG_REDUCTIONS) {
                    double t = type.equals("INT8") && op == Operator.ArgMin ? 4 : 2;
                    rows.add(new Row(type, layout, op.name(), ApplicationBenchmark.ONE_THREAD,
                            ApplicationBenchmark.SEQUENCE, t, 8, 8));
                    numpy.add(new NumpyRow(type + "_" + layout + "_NO_EXTREME", op.name(), 1.0, null));
                }
            }
        }
        Results run = new Results("2 CPUs", "numpy 2", numpy, List.of(),
                List.of(new Run("/jdk17", "JVM 17", 17, true, true, 2, 5, 11, rows, List.of())), List.of());
        String caption = new ApplicationHeadline(new ApplicationTable(series(run, run))).caption("`results`", List.of());
        assertTrue(caption.contains("numpy leads ArgONNX+SIMD (1 thread, in sequence) on 32 of 32 case figures (per"
                + " layout, each type's lowest ratio): [16777216] axis 0: float 0.50x, int8 0.25x, int32 0.50x, int64"
                + " 0.50x; [4096,4096] axis 1: float 0.50x, int8 0.25x, int32 0.50x, int64 0.50x."), caption);
    }

    @Test
    void aFileOfOneRunInTheEarlierFormReadsAsOneRunWhoseFloorWasTimedOnce() {
        String json = "{\"machine\": \"2 CPUs\", \"numpy\": \"numpy 2\", \"numpyRows\": [{\"benchCase\":"
                + " \"FLOAT_SLICE_NO_EXTREME\", \"op\": \"ArgMax\", \"medianMillis\": 8}], \"runs\": [{\"jvm\": \"/jdk17\","
                + " \"version\": \"JVM 17\", \"feature\": 17, \"vectorModule\": true, \"vectorFloor\": true,"
                + " \"processors\": 2, \"warmup\": 5, \"calls\": 11, \"rows\": [{\"type\": \"FLOAT\", \"layout\": null,"
                + " \"op\": null, \"contender\": \"floor\", \"phase\": \"sequence\", \"medianMillis\": 1,"
                + " \"medianBytes\": -1, \"maxBytes\": -1}, {\"type\": \"FLOAT\", \"layout\": \"SLICE\", \"op\":"
                + " \"ArgMax\", \"contender\": \"argonnx-1\", \"phase\": \"sequence\", \"medianMillis\": 0.5,"
                + " \"medianBytes\": 8, \"maxBytes\": 8}]}]}";
        Series series = ApplicationResults.parse(json);
        assertEquals(1, series.results().size());
        ApplicationView view = new ApplicationView(series.results().get(0));
        ApplicationView.FloorFigure floor = view.floor(17, DataType.FLOAT);
        assertEquals(1.0, floor.millis());
        assertEquals("SIMD-1", floor.variant());
        assertTrue(Double.isNaN(floor.movement()), "one repetition: no noise measured");
        assertEquals(List.of(8.0), series.results().get(0).numpyRows().get(0).repetitions());
        assertEquals(List.of("INVALID: kernel ArgONNX+SIMD 1 thread (in sequence) beat the read floor on JDK 17 float"
                + " [16777216] axis 0 ArgMax: 0.50x the floor (SIMD-1), its noise not measured (one repetition)"),
                new ApplicationChecks(series).lines());
        assertEquals(series, ApplicationResults.parse(ApplicationResults.write(series)), "written back as a series");
    }

    @Test
    void bytesAreWrittenInTheLargestUnitBelowTheCount() {
        assertEquals("104 B", ApplicationTable.bytes(104));
        assertEquals("32.0 KiB", ApplicationTable.bytes(32 * 1024));
        assertEquals("64.0 MiB", ApplicationTable.bytes(64L * 1024 * 1024));
    }

    @Test
    void theMedianOverTypesLeavesOutTypesWithoutAFigure() {
        assertEquals(4.0, ApplicationHeadline.median(List.of(2.0, 8.0, Double.NaN, 4.0)));
        assertTrue(Double.isNaN(ApplicationHeadline.median(List.of(Double.NaN))));
    }

    @Test
    void fromADirectoryWithOnlyTheApplicationResultsTheReportRewritesBothSections() throws IOException {
        Path results = Files.createDirectory(directory.resolve("results"));
        Files.writeString(results.resolve(ApplicationResults.FILE), ApplicationResults.write(series(results())));
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
        Series results = series(results(), results(2, List.of(1.0, 1.0), List.of(8.0)));
        String json = ApplicationResults.write(results);
        assertEquals(results, ApplicationResults.parse(json));
        Files.writeString(directory.resolve(ApplicationResults.FILE), json);
        Map<String, String> bodies = CommittedResults.sections(directory, List.of(), "2 CPUs",
                CommittedResults.readApplication(directory));
        assertTrue(bodies.get("application").contains("| float [16777216] axis 0"), bodies.get("application"));
        assertTrue(bodies.get("headline").contains("JDK 17 / JDK 25, for each of 2 runs in turn"), bodies.get("headline"));
        assertTrue(bodies.get("application").startsWith("Run 1: machine: 2 CPUs; numpy: numpy 2.\nRun 2: machine:"),
                bodies.get("application"));
        assertFalse(bodies.containsKey("jdk17"), "no JMH results, no JMH section");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ApplicationResults.parse("[1,"));
        assertTrue(e.getMessage().startsWith("not JSON"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ApplicationResults.parse("{\"runs\": []}"));
        assertTrue(e.getMessage().contains("no runs"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ApplicationResults.parse("{\"results\": []}"));
        assertTrue(e.getMessage().contains("no runs"), e.getMessage());
    }
}
