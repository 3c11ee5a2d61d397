package io.github.argonnx.benchmarks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.benchmarks.ReportOptions.Settings;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.EnumSet;
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

    private static Settings parse(String... args) {
        BenchmarkReport report = new BenchmarkReport();
        BenchmarkReport.commandLine(report).parseArgs(args);
        return report.options.settings();
    }

    @Test
    void unknownCaseNameIsRefusedNamingItAndEveryValidCase() {
        String message = refusal("--cases", "INT32_16M_AXIS0,INT33_16M_AXIS0");
        assertTrue(message.contains("'--cases'"), message);
        assertTrue(message.contains("'INT33_16M_AXIS0'"), message);
        for (BenchCase valid : BenchCase.values()) {
            assertTrue(message.contains(valid.name()), valid + " in " + message);
        }
    }

    @Test
    void operatorNamesAreCaseSensitiveAndTheRefusalListsThem() {
        String message = refusal("--ops", "argmax");
        assertTrue(message.contains("'--ops'"), message);
        assertTrue(message.contains("'argmax'"), message);
        assertTrue(message.contains("ArgMax") && message.contains("ArgMin"), message);
    }

    @Test
    void missingCaseListNamesTheValidCases() {
        String message = refusal("--cases");
        assertTrue(message.contains("'--cases'"), message);
        assertTrue(message.contains("UINT64_16M_AXIS0"), message);
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
    void defaultsRunEverythingWithThreeWarmupAndFiveMeasuredIterationsOf400MsInOneFork() {
        Settings settings = parse();
        assertEquals(EnumSet.allOf(BenchCase.class), settings.cases());
        assertEquals(EnumSet.allOf(Operator.class), settings.ops());
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
        Settings settings = parse("--cases", "UINT8_16M_AXIS0,FLOAT_16M_AXIS0", "--ops=ArgMin");
        assertEquals(EnumSet.of(BenchCase.FLOAT_16M_AXIS0, BenchCase.UINT8_16M_AXIS0), settings.cases());
        assertEquals(EnumSet.of(Operator.ArgMin), settings.ops());
    }

    @Test
    void quickShortensTheRunAndExplicitCountsOverrideItInAnyOrder() {
        Settings quick = parse("--quick");
        assertEquals(2, quick.warmupIterations());
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
        for (String option : new String[] {"--cases", "--ops", "--quick", "--warmup", "--iterations", "--time",
            "--markdown", "--version"}) {
            assertTrue(outcome.out().contains(option), option + " in " + outcome.out());
        }
        assertTrue(outcome.out().contains("FLOAT_64x256x1024_AXIS1"), outcome.out());
    }

    @Test
    void versionNamesTheBuiltVersionsAndExitsZero() {
        Outcome outcome = execute("--version");
        assertEquals(0, outcome.exitCode());
        assertTrue(outcome.out().startsWith("ArgONNX benchmarks "), outcome.out());
        assertTrue(outcome.out().contains("JMH ") && outcome.out().contains("ONNX Runtime"), outcome.out());
        assertFalse(outcome.out().contains("${"), "resource filtering filled in the versions: " + outcome.out());
    }
}
