package io.github.argonnx.benchmarks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.benchmarks.ReportOptions.Settings;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The report's options: what is accepted, what it resolves to, and how wrong input is refused. */
class ReportOptionsTest {

    @TempDir
    Path directory;

    /** Output of a command line that must not start a benchmark run (help, version or refusal). */
    private record Outcome(int exitCode, String out, String err) {}

    private static Outcome execute(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = BenchmarkReport.commandLine(new BenchmarkReport());
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute(args);
        return new Outcome(exitCode, out.toString(), err.toString());
    }

    /** Refused with exit code 2, one line on stderr, nothing on stdout; returns the line. */
    private static String refusal(String... args) {
        Outcome outcome = execute(args);
        String line = outcome.err().strip();
        assertAll(
                () -> assertEquals(2, outcome.exitCode(), "exit code"),
                () -> assertEquals("", outcome.out(), "stdout"),
                () -> assertFalse(line.isEmpty(), "a message"),
                () -> assertFalse(line.contains("\n"), "one line: " + line),
                () -> assertFalse(line.contains("Exception"), "no stack trace: " + line));
        return line;
    }

    /** The settings the arguments resolve to (the parse and the checks of their combination). */
    private static Settings parse(String... args) {
        BenchmarkReport report = new BenchmarkReport();
        BenchmarkReport.commandLine(report).parseArgs(args);
        return report.options.settings();
    }

    @Test
    void unknownCaseNameIsRefusedNamingItAndHowCaseNamesAreBuilt() {
        String message = refusal("--cases", "INT32_SLICE_NO_EXTREME,INT33_SLICE_NO_EXTREME");
        assertTrue(message.contains("'--cases'"), message);
        assertTrue(message.contains("'INT33_SLICE_NO_EXTREME'"), message);
        assertTrue(message.contains("TYPE_LAYOUT_DATA"), message);
        for (Layout layout : Layout.values()) {
            assertTrue(message.contains(layout.name()), layout + " in " + message);
        }
        for (DataKind kind : DataKind.values()) {
            assertTrue(message.contains(kind.name()), kind + " in " + message);
        }
    }

    @Test
    void caseWhoseDataKindDoesNotApplyToItsTypeIsNotACase() {
        String message = refusal("--cases", "INT32_SLICE_NAN_LAST");
        assertTrue(message.contains("'INT32_SLICE_NAN_LAST'") && message.contains("where it applies"), message);
    }

    @Test
    void typesLayoutsAndDataSelectTheCrossProductWhereEachKindApplies() {
        Settings settings = parse("--types", "INT32,FLOAT16", "--layouts", "OUTER,SLICE", "--data",
                "NAN_LAST,SUBNORMAL,ALL_EQUAL");
        assertEquals(List.of(
                        BenchCase.named("INT32_SLICE_ALL_EQUAL"),
                        BenchCase.named("INT32_OUTER_ALL_EQUAL"),
                        BenchCase.named("FLOAT16_SLICE_NAN_LAST"),
                        BenchCase.named("FLOAT16_SLICE_ALL_EQUAL"),
                        BenchCase.named("FLOAT16_SLICE_SUBNORMAL"),
                        BenchCase.named("FLOAT16_OUTER_NAN_LAST"),
                        BenchCase.named("FLOAT16_OUTER_ALL_EQUAL"),
                        BenchCase.named("FLOAT16_OUTER_SUBNORMAL")),
                settings.cases());
    }

    @Test
    void aSelectionWithNoCaseIsRefusedSayingWhichTypesEachKindAppliesTo() {
        String message = refusal("--types", "INT32,UINT8", "--data", "NAN_LAST");
        assertTrue(message.contains("no matrix case"), message);
        assertTrue(message.contains("NAN_LAST: float, float16, double, bfloat16 only"), message);
    }

    @Test
    void casesByNameCannotBeCombinedWithTheFilters() {
        String message = refusal("--cases", "FLOAT_SLICE_NAN_LAST", "--types", "FLOAT");
        assertTrue(message.contains("--cases") && message.contains("cannot be combined"), message);
    }

    @Test
    void suitesChooseTheMatrixOrTheSmallTensorsAndRefuseSelectionsForALeftOutSuite() {
        Settings small = parse("--suites", "SMALL");
        assertEquals(List.of(), small.cases());
        assertEquals(EnumSet.allOf(SmallCase.class), small.smallCases());
        Settings matrix = parse("--suites", "MATRIX", "--types", "UINT8");
        assertEquals(EnumSet.noneOf(SmallCase.class), matrix.smallCases());
        assertEquals(4, matrix.cases().size());
        String message = refusal("--suites", "MATRIX", "--small-cases", "INT64_8x8_AXIS0");
        assertTrue(message.contains("--small-cases") && message.contains("leaves out SMALL"), message);
        String other = refusal("--suites", "SMALL", "--layouts", "ROWS");
        assertTrue(other.contains("leaves out MATRIX"), other);
    }

    @Test
    void smallCasesAreNamedAndAnUnknownOneListsThem() {
        assertEquals(EnumSet.of(SmallCase.INT64_8x8_AXIS0), parse("--small-cases", "INT64_8x8_AXIS0").smallCases());
        String message = refusal("--small-cases", "FLOAT_2x2_AXIS0");
        assertTrue(message.contains("'FLOAT_2x2_AXIS0'") && message.contains("FLOAT_32x1000_AXIS1"), message);
    }

    @Test
    void jvmTakesAJdkDirectoryOrAJavaExecutableRepeatedlyInOrder() throws IOException {
        Path jdk = fakeJdk("jdk-a");
        Path other = fakeJdk("jdk-b").resolve("bin").resolve("java");
        Settings settings = parse("--jvm", jdk.toString(), "--jvm", other.toString());
        assertEquals(List.of(jdk.resolve("bin").resolve("java"), other), settings.jvms());
    }

    @Test
    void jvmDefaultsToTheRunningOne() {
        Path running = Path.of(System.getProperty("java.home"), "bin", "java");
        assertEquals(List.of(running), parse().jvms());
    }

    @Test
    void jvmThatIsNotAJavaExecutableOrIsGivenTwiceIsRefused() throws IOException {
        String missing = refusal("--jvm", directory.resolve("no-jdk").toString());
        assertTrue(missing.contains("'--jvm'") && missing.contains("not a java executable"), missing);
        Path notExecutable = Files.writeString(directory.resolve("java"), "");
        String plainFile = refusal("--jvm", notExecutable.toString());
        assertTrue(plainFile.contains("not a java executable"), plainFile);
        Path jdk = fakeJdk("jdk-c");
        String twice = refusal("--jvm", jdk.toString(), "--jvm", jdk.resolve("bin/java").toString());
        assertTrue(twice.contains("same JVM twice"), twice);
    }

    @Test
    void numpyFiguresAreReadAndMergedByCaseAndOperator() throws IOException {
        Path file = Files.writeString(directory.resolve("numpy.tsv"),
                "# numpy 1.24.2, Python 3.11.2\n# case\top\tms\nFLOAT_SLICE_NO_EXTREME\tArgMin\t2.5\n");
        NumpyFigures numpy = parse("--numpy", file.toString()).numpy();
        assertEquals("numpy 1.24.2, Python 3.11.2", numpy.versions());
        assertEquals(2.5, numpy.millis(BenchCase.named("FLOAT_SLICE_NO_EXTREME"), Operator.ArgMin));
        assertTrue(Double.isNaN(numpy.millis(BenchCase.named("FLOAT_SLICE_NO_EXTREME"), Operator.ArgMax)));
    }

    @Test
    void numpyRepetitionsAndReadFloorAreReadAndTheFastestRepetitionIsTheFigure() throws IOException {
        Path file = Files.writeString(directory.resolve("numpy.tsv"), "# numpy 2.4.6, Python 3.11\n"
                + "FLOAT_SLICE_NO_EXTREME\tArgMax\t2.5\t2.25\nFLOAT_SLICE_NO_EXTREME\tread-or\t1.5\t1.75\n");
        NumpyFigures numpy = parse("--numpy", file.toString()).numpy();
        BenchCase c = BenchCase.named("FLOAT_SLICE_NO_EXTREME");
        assertEquals(2.25, numpy.millis(c, Operator.ArgMax));
        assertEquals(List.of(2.5, 2.25), numpy.repetitions(c, "ArgMax"));
        assertEquals(List.of(1.5, 1.75), numpy.repetitions(c, "read-or"));
        for (String op : List.of("read-", "read-Max", "read-max--int8", "read-" + "x".repeat(33), "sum")) {
            Path wrongOp = Files.writeString(directory.resolve("op.tsv"), "# numpy 2\nFLOAT_SLICE_NO_EXTREME\t" + op
                    + "\t1\n");
            String message = refusal("--numpy", wrongOp.toString());
            assertTrue(message.contains("op.tsv:2") && message.contains("allowed: ArgMax, ArgMin, TopK, read-VARIANT"),
                    message);
        }
    }

    @Test
    void numpyFileWithABadLineIsRefusedNamingTheLine() throws IOException {
        Path file = Files.writeString(directory.resolve("bad.tsv"),
                "# numpy 1.24.2\nFLOAT_SLICE_NO_EXTREME\tArgMax\t-1\n");
        String message = refusal("--numpy", file.toString());
        assertTrue(message.contains("'--numpy'") && message.contains("bad.tsv:2") && message.contains("'-1'"),
                message);
        String missing = refusal("--numpy", directory.resolve("none.tsv").toString());
        assertTrue(missing.contains("does not exist"), missing);
        Path unknownCase = Files.writeString(directory.resolve("case.tsv"), "# numpy 2\nFLOAT_SLICE\tArgMax\t1\n");
        String wrongCase = refusal("--numpy", unknownCase.toString());
        assertTrue(wrongCase.contains("case.tsv:2") && wrongCase.contains("'FLOAT_SLICE' is not a case"), wrongCase);
    }

    /** JMH reports a fork's failure as a suppressed exception inside its cause: the one line names it. */
    @Test
    void aFailedRunIsSummedUpWithTheForksOwnMessage() {
        RuntimeException fromFork = new IllegalStateException(
                "ArgONNX ArgMax disagrees with the plain loop on FLOAT_ROWS_NAN_LAST: output 1 is 0, expected 4095");
        RuntimeException duringRun = new RuntimeException("Benchmark error during the run");
        duringRun.addSuppressed(fromFork);
        String line = BenchmarkReport.causes(new Exception("Benchmark caught the exception", duringRun));
        assertEquals("Benchmark caught the exception: Benchmark error during the run: " + fromFork.getMessage(), line);
    }

    private Path fakeJdk(String name) throws IOException {
        Path bin = Files.createDirectories(directory.resolve(name).resolve("bin"));
        Path java = Files.writeString(bin.resolve("java"), "#!/bin/sh\n");
        assertTrue(java.toFile().setExecutable(true), "made executable");
        return directory.resolve(name);
    }

    @Test
    void operatorNamesAreCaseSensitiveAndTheRefusalListsThem() {
        String message = refusal("--ops", "argmax");
        assertTrue(message.contains("'--ops'"), message);
        assertTrue(message.contains("'argmax'"), message);
        assertTrue(message.contains("ArgMax") && message.contains("ArgMin"), message);
    }

    @Test
    void topKIsRefusedOutsideTheApplicationBenchmark() {
        String message = refusal("--ops", "ArgMax,TopK");
        assertTrue(message.contains("--ops TopK") && message.contains("add --application"), message);
    }

    @Test
    void numpyTopKFiguresAreReadByTopKCaseAndOtherNamesAreRefused() throws IOException {
        Path file = Files.writeString(directory.resolve("numpy.tsv"), "# numpy 2.4.6, Python 3.11\n"
                + "# FLOAT_4096x4096_AXIS0_K5: a note\nFLOAT_4096x4096_AXIS0_K5\tTopK\t3.5\t3.25\n");
        NumpyFigures numpy = parse("--numpy", file.toString()).numpy();
        assertEquals(List.of(3.5, 3.25), numpy.repetitions(TopKCase.FLOAT_4096x4096_AXIS0_K5));
        assertEquals(List.of(), numpy.repetitions(TopKCase.FLOAT_1x32000_K1));
        Path matrixName = Files.writeString(directory.resolve("topk.tsv"), "# numpy 2\nFLOAT_SLICE_NO_EXTREME\tTopK\t1\n");
        String message = refusal("--numpy", matrixName.toString());
        assertTrue(message.contains("topk.tsv:2") && message.contains("is not a TopK case"), message);
    }

    @Test
    void missingTypeListNamesTheValidTypes() {
        String message = refusal("--types");
        assertTrue(message.contains("'--types'"), message);
        assertTrue(message.contains("BFLOAT16") && message.contains("UINT32"), message);
    }

    @Test
    void nonPositiveMeasuredIterationsAndTimesAreRefused() {
        String iterations = refusal("--iterations", "0");
        assertTrue(iterations.contains("'--iterations'") && iterations.contains("1 or more"), iterations);
        String time = refusal("--time", "-5");
        assertTrue(time.contains("'--time'") && time.contains("-5") && time.contains("1 or more"), time);
        String notANumber = refusal("--warmup", "three");
        assertTrue(notANumber.contains("'--warmup'") && notANumber.contains("'three'"), notANumber);
    }

    @Test
    void zeroWarmupIsAllowedButNegativeIsNot() {
        assertEquals(0, parse("--warmup", "0").warmupIterations());
        String message = refusal("--warmup", "-1");
        assertTrue(message.contains("'--warmup'") && message.contains("0 or more"), message);
    }

    @Test
    void markdownFileInAMissingDirectoryIsRefusedBeforeAnyRun() {
        Path file = directory.resolve("no-such-directory").resolve("results.md");
        String message = refusal("--markdown", file.toString());
        assertTrue(message.contains("'--markdown'"), message);
        assertTrue(message.contains("does not exist"), message);
    }

    @Test
    void markdownPathThatIsADirectoryIsRefused() {
        String message = refusal("--markdown", directory.toString());
        assertTrue(message.contains("'--markdown'") && message.contains("not a file name"), message);
    }

    @Test
    void markdownFileInAnExistingDirectoryIsAccepted() {
        Path file = directory.resolve("results.md");
        assertEquals(file, parse("--markdown", file.toString()).markdown());
    }

    @Test
    void unknownOptionIsRefusedListingTheOptions() {
        String message = refusal("--iteration", "3");
        assertTrue(message.contains("'--iteration'"), message);
        assertTrue(message.contains("--iterations") && message.contains("--markdown"), message);
    }

    @Test
    void defaultsRunEveryTypeAndLayoutOnNoExtremeDataAndTheSmallTensorsWithThreeWarmupAndFiveMeasuredIterationsOf400MsInOneFork() {
        Settings settings = parse();
        assertEquals(48, settings.cases().size());
        assertTrue(settings.cases().stream().allMatch(c -> c.data() == DataKind.NO_EXTREME), settings.cases().toString());
        assertEquals(EnumSet.allOf(SmallCase.class), settings.smallCases());
        assertEquals(28, settings.ortCases().size());
        // 48 cases x (4 ArgONNX, 2 halves at once, plain loop) x 2 ops + 48 x 6 floor variants + 28 ORT cases
        // (7 types) x 2 x 2 + 8 small x 2 ops x 5.
        assertEquals(48 * 14 + 48 * 6 + 28 * 4 + 8 * 2 * 5, settings.benchmarksPerJvm());
        assertEquals(EnumSet.of(Operator.ArgMax, Operator.ArgMin), settings.ops(), "TopK runs with --application only");
        assertEquals(3, settings.warmupIterations());
        assertEquals(5, settings.measurementIterations());
        assertEquals(400, settings.iterationMillis());
        assertEquals(1, settings.forks());
        assertNull(settings.markdown());
    }

    @Test
    void forksAreCountedFromOne() {
        assertEquals(2, parse("--forks", "2").forks());
        String message = refusal("--forks", "0");
        assertTrue(message.contains("'--forks'") && message.contains("0 is too small"), message);
    }

    @Test
    void casesAndOpsSelectSubsets() {
        Settings settings = parse("--cases", "UINT8_SLICE_NO_EXTREME,FLOAT_ROWS_NAN_LAST", "--ops=ArgMin");
        assertEquals(List.of(BenchCase.named("FLOAT_ROWS_NAN_LAST"), BenchCase.named("UINT8_SLICE_NO_EXTREME")),
                settings.cases());
        assertEquals(EnumSet.of(Operator.ArgMin), settings.ops());
    }

    @Test
    void quickShortensTheRunAndExplicitCountsOverrideItInAnyOrder() {
        Settings quick = parse("--quick");
        assertEquals(8, quick.warmupIterations());
        assertEquals(2, quick.measurementIterations());
        assertEquals(200, quick.iterationMillis());
        for (Settings s : new Settings[] {parse("--quick", "--warmup", "4"), parse("--warmup", "4", "--quick")}) {
            assertEquals(4, s.warmupIterations());
            assertEquals(2, s.measurementIterations());
            assertEquals(200, s.iterationMillis());
        }
    }

    @Test
    void helpDescribesEveryOptionAndExitsZero() {
        Outcome outcome = execute("--help");
        assertEquals(0, outcome.exitCode());
        for (String option : new String[] {"--suites", "--types", "--layouts", "--data", "--cases", "--small-cases",
            "--ops", "--jvm", "--numpy", "--quick", "--warmup", "--iterations", "--time", "--forks", "--markdown",
            "--results", "--from", "--update", "--version"}) {
            assertTrue(outcome.out().contains(option), option + " in " + outcome.out());
        }
        assertTrue(outcome.out().contains("OUTER_3D") && outcome.out().contains("SUBNORMAL")
                && outcome.out().contains("BFLOAT16") && outcome.out().contains("INT64_32x1000_AXIS1"), outcome.out());
    }

    @Test
    void versionNamesTheBuiltVersionsAndExitsZero() {
        Outcome outcome = execute("--version");
        assertEquals(0, outcome.exitCode());
        assertTrue(outcome.out().startsWith("ArgONNX benchmarks "), outcome.out());
        assertTrue(outcome.out().contains("JMH ") && outcome.out().contains("ONNX Runtime"), outcome.out());
        assertFalse(outcome.out().contains("${"), "resource filtering filled in the versions: " + outcome.out());
    }

    @Test
    void resultsDirectoryMayBeNewButItsParentMustExist() {
        Path results = directory.resolve("results");
        assertEquals(results, parse("--results", results.toString()).results());
        String message = refusal("--results", directory.resolve("no/such/results").toString());
        assertTrue(message.contains("does not exist"), message);
    }

    @Test
    void fromNeedsADirectoryWithResultsAndRunsNothing() throws IOException {
        String message = refusal("--from", directory.toString());
        assertTrue(message.contains("holds no jdk<N>.json and no application.json"), message);
        Files.writeString(directory.resolve("jdk17.json"), "[]");
        Settings settings = parse("--from", directory.toString());
        assertEquals(directory, settings.resultsDirectory());
        assertTrue(settings.cases().isEmpty() && settings.jvms().isEmpty() && settings.smallCases().isEmpty());
    }

    @Test
    void fromRefusesWhatOnlyARunUsesAndResultsTogetherWithIt() throws IOException {
        Files.writeString(directory.resolve("jdk25.json"), "[]");
        String message = refusal("--from", directory.toString(), "--quick", "--types", "FLOAT");
        assertTrue(message.contains("--types") && message.contains("--quick") && message.contains("no effect"), message);
        message = refusal("--from", directory.toString(), "--results", directory.toString());
        assertTrue(message.contains("give one of them"), message);
    }

    @Test
    void updateNeedsAnExistingPageAndAResultsDirectory() throws IOException {
        Path page = Files.writeString(directory.resolve("README.md"), "page\n");
        String message = refusal("--update", page.toString());
        assertTrue(message.contains("--results DIR") && message.contains("--from DIR"), message);
        message = refusal("--update", directory.resolve("missing.md").toString(), "--results", directory.toString());
        assertTrue(message.contains("not a writable file"), message);
        assertEquals(List.of(page), parse("--update", page.toString(), "--results", directory.toString()).update());
    }
}
