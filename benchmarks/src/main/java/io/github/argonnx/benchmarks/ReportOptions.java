package io.github.argonnx.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The report's command-line options (parsed by picocli, mixed into {@link BenchmarkReport}). Every
 * value is checked while parsing, so that a typo fails at once rather than after a long run.
 */
final class ReportOptions {

    static final int DEFAULT_WARMUP_ITERATIONS = 3;
    static final int DEFAULT_MEASUREMENT_ITERATIONS = 5;
    static final int DEFAULT_ITERATION_MILLIS = 400;
    static final int DEFAULT_FORKS = 1;
    static final int QUICK_WARMUP_ITERATIONS = 2;
    static final int QUICK_MEASUREMENT_ITERATIONS = 2;
    static final int QUICK_ITERATION_MILLIS = 200;

    @Option(names = "--cases", split = ",", paramLabel = "CASE",
            description = "Cases to run, comma-separated (default: all): ${COMPLETION-CANDIDATES}.")
    List<BenchCase> cases;

    @Option(names = "--ops", split = ",", paramLabel = "OP",
            description = "Operators to run, comma-separated (default: all): ${COMPLETION-CANDIDATES}.")
    List<Operator> ops;

    @Option(names = "--quick",
            description = "Smoke run: " + QUICK_WARMUP_ITERATIONS + " warm-up and " + QUICK_MEASUREMENT_ITERATIONS
                    + " measured iterations of " + QUICK_ITERATION_MILLIS
                    + " ms; --warmup, --iterations and --time still override it.")
    boolean quick;

    @Option(names = "--warmup", paramLabel = "N", converter = AtLeastZero.class,
            description = "Warm-up iterations per benchmark, 0 or more (default: " + DEFAULT_WARMUP_ITERATIONS + ").")
    Integer warmupIterations;

    @Option(names = "--iterations", paramLabel = "N", converter = AtLeastOne.class,
            description = "Measured iterations per benchmark, 1 or more (default: " + DEFAULT_MEASUREMENT_ITERATIONS
                    + ").")
    Integer measurementIterations;

    @Option(names = "--time", paramLabel = "MS", converter = AtLeastOne.class,
            description = "Length of each warm-up and measured iteration in ms, 1 or more (default: "
                    + DEFAULT_ITERATION_MILLIS + ").")
    Integer iterationMillis;

    @Option(names = "--forks", paramLabel = "N", converter = AtLeastOne.class,
            description = "JVMs started per benchmark, 1 or more (default: " + DEFAULT_FORKS + "); the fastest call over"
                    + " all of them is reported, so a fork whose JIT compiled a loop badly does not decide a case.")
    Integer forks;

    @Option(names = "--markdown", paramLabel = "FILE", converter = WritableFile.class,
            description = "Also write the tables as Markdown to FILE (its directory must exist).")
    Path markdown;

    /** What to run, with the defaults filled in. */
    Settings settings() {
        return new Settings(
                cases == null ? EnumSet.allOf(BenchCase.class) : enumSet(BenchCase.class, cases),
                ops == null ? EnumSet.allOf(Operator.class) : enumSet(Operator.class, ops),
                pick(warmupIterations, QUICK_WARMUP_ITERATIONS, DEFAULT_WARMUP_ITERATIONS),
                pick(measurementIterations, QUICK_MEASUREMENT_ITERATIONS, DEFAULT_MEASUREMENT_ITERATIONS),
                pick(iterationMillis, QUICK_ITERATION_MILLIS, DEFAULT_ITERATION_MILLIS),
                forks == null ? DEFAULT_FORKS : forks,
                markdown);
    }

    private int pick(Integer given, int quickValue, int defaultValue) {
        if (given != null) {
            return given;
        }
        return quick ? quickValue : defaultValue;
    }

    private static <E extends Enum<E>> Set<E> enumSet(Class<E> type, Collection<E> values) {
        Set<E> set = EnumSet.noneOf(type);
        set.addAll(values);
        return set;
    }

    /** The resolved options: cases and operators in enum order, iteration counts, forks, optional Markdown file. */
    record Settings(Set<BenchCase> cases, Set<Operator> ops, int warmupIterations, int measurementIterations,
            int iterationMillis, int forks, Path markdown) {

        Settings withCases(Set<BenchCase> subset) {
            return new Settings(subset, ops, warmupIterations, measurementIterations, iterationMillis, forks, markdown);
        }
    }

    /** A whole number, 0 or more. */
    static final class AtLeastZero implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return atLeast(0, value);
        }
    }

    /** A whole number, 1 or more. */
    static final class AtLeastOne implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return atLeast(1, value);
        }
    }

    private static int atLeast(int minimum, String value) {
        int number;
        try {
            number = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is not a whole number (allowed: " + minimum
                    + " to " + Integer.MAX_VALUE + ")");
        }
        if (number < minimum) {
            throw new TypeConversionException(number + " is too small (allowed: " + minimum + " or more)");
        }
        return number;
    }

    /**
     * A file the report can write when it ends: checked up front, since the run before it takes
     * minutes. The file itself may not exist yet; its directory must.
     */
    static final class WritableFile implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            Path file;
            try {
                file = Path.of(value);
            } catch (InvalidPathException e) {
                throw new TypeConversionException("'" + value + "' is not a valid path: " + e.getReason());
            }
            Path absolute = file.toAbsolutePath().normalize();
            Path directory = absolute.getParent();
            if (value.isBlank() || directory == null || Files.isDirectory(absolute)) {
                throw new TypeConversionException("'" + value + "' is not a file name (allowed: a file in an"
                        + " existing, writable directory)");
            }
            if (!Files.isDirectory(directory)) {
                throw new TypeConversionException("directory '" + directory + "' of '" + value
                        + "' does not exist (allowed: a file in an existing, writable directory)");
            }
            if (!Files.isWritable(directory) || Files.exists(absolute) && !Files.isWritable(absolute)) {
                throw new TypeConversionException("'" + value + "' cannot be written (allowed: a file in an"
                        + " existing, writable directory)");
            }
            return file;
        }
    }

    /** {@code --version}: the versions of what is measured, as built (from Maven resource filtering). */
    static final class Versions implements IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            Properties versions = new Properties();
            try (InputStream in = ReportOptions.class.getResourceAsStream("versions.properties")) {
                if (in == null) {
                    throw new IOException("versions.properties is missing from the class path");
                }
                versions.load(in);
            }
            return new String[] {
                "ArgONNX benchmarks " + versions.getProperty("argonnx"),
                "JMH " + versions.getProperty("jmh") + ", ONNX Runtime for Java " + versions.getProperty("onnxruntime"),
                "JVM " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
            };
        }
    }
}
