package io.github.argonnx.benchmarks;

import io.github.argonnx.DataType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The report's command-line options (parsed by picocli, mixed into {@link BenchmarkReport}). Every
 * value is checked while parsing, and the combination in {@link #settings()}, so that a typo fails
 * at once rather than after a long run.
 */
final class ReportOptions {

    static final int DEFAULT_WARMUP_ITERATIONS = 3;
    static final int DEFAULT_MEASUREMENT_ITERATIONS = 5;
    static final int DEFAULT_ITERATION_MILLIS = 400;
    static final int DEFAULT_FORKS = 1;
    /**
     * Enough warm-up that C2 has compiled the Vector API loops before the first measured iteration: a
     * shorter one times some SIMD forks in the interpreter or C1.
     */
    static final int QUICK_WARMUP_ITERATIONS = 8;
    static final int QUICK_MEASUREMENT_ITERATIONS = 2;
    static final int QUICK_ITERATION_MILLIS = 200;
    static final Set<DataKind> DEFAULT_DATA = EnumSet.of(DataKind.NO_EXTREME);

    /** The two parts of a run: the matrix of large inputs, and the small tensors. */
    enum Suite {
        MATRIX,
        SMALL
    }

    @Option(names = "--suites", split = ",", paramLabel = "SUITE",
            description = "Parts to run, comma-separated (default: all): ${COMPLETION-CANDIDATES} (MATRIX: the"
                    + " 16,777,216-element cases; SMALL: the small-tensor calls into a caller's array).")
    List<Suite> suites;

    @Option(names = "--types", split = ",", paramLabel = "TYPE",
            description = "Element types of the matrix, comma-separated (default: all): ${COMPLETION-CANDIDATES}.")
    List<DataType> types;

    @Option(names = "--layouts", split = ",", paramLabel = "LAYOUT",
            description = "Layouts of the matrix, comma-separated (default: all): ${COMPLETION-CANDIDATES}"
                    + " (SLICE [16777216] axis 0, ROWS [4096,4096] axis 1, OUTER [4096,4096] axis 0, OUTER_3D"
                    + " [64,256,1024] axis 1).")
    List<Layout> layouts;

    @Option(names = "--data", split = ",", paramLabel = "DATA",
            description = "Data kinds of the matrix, comma-separated (default: NO_EXTREME): ${COMPLETION-CANDIDATES};"
                    + " each runs on the types it applies to (NAN_LAST: float types, SUBNORMAL: float16, bfloat16).")
    List<DataKind> data;

    @Option(names = "--cases", split = ",", paramLabel = "CASE", converter = CaseName.class,
            description = "Matrix cases by name instead of --types/--layouts/--data, comma-separated:"
                    + " TYPE_LAYOUT_DATA, for example FLOAT_OUTER_3D_NAN_LAST.")
    List<BenchCase> cases;

    @Option(names = "--small-cases", split = ",", paramLabel = "CASE",
            description = "Small-tensor cases, comma-separated (default: all): ${COMPLETION-CANDIDATES}.")
    List<SmallCase> smallCases;

    @Option(names = "--ops", split = ",", paramLabel = "OP",
            description = "Operators to run, comma-separated: ${COMPLETION-CANDIDATES} (default: ArgMax and ArgMin;"
                    + " with --application, all three; TopK runs in the application benchmark only, on its own"
                    + " cases of the types FLOAT and INT32).")
    List<Operator> ops;

    @Option(names = "--jvm", paramLabel = "PATH", converter = PathOptions.JavaExecutable.class,
            description = "A JVM to run every benchmark in: a java executable or a JDK directory; repeat for"
                    + " several, each gets its own tables (default: the JVM running this report).")
    List<Path> jvms;

    @Option(names = "--numpy", paramLabel = "FILE", converter = NumpyFigures.FromFile.class,
            description = "Figures written by benchmarks/numpy_bench.py, merged in as a numpy column.")
    NumpyFigures numpy;

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

    @Option(names = "--markdown", paramLabel = "FILE", converter = PathOptions.WritableFile.class,
            description = "Also write the tables as Markdown to FILE (its directory must exist).")
    Path markdown;

    @Option(names = "--results", paramLabel = "DIR", converter = PathOptions.ResultsDirectory.class,
            description = "Also write each JVM's results as JMH's JSON (raw samples left out) to DIR/jdk<N>.json,"
                    + " N its Java release, and the machine to DIR/machine.txt (DIR is created if its parent exists).")
    Path results;

    @Option(names = "--from", paramLabel = "DIR", converter = PathOptions.ResultsToRead.class,
            description = "Run nothing: build the tables from the results in DIR (every jdk<N>.json, numpy.tsv,"
                    + " application.json and machine.txt there).")
    Path from;

    @Option(names = "--update", paramLabel = "FILE", converter = PathOptions.PageToUpdate.class,
            description = "Rewrite the sections of a Markdown FILE between <!-- results:NAME --> and"
                    + " <!-- /results:NAME --> (NAME: jdk<N> for each JVM's tables, application for the application"
                    + " benchmark's, headline for one small table over every JVM) from the results directory (--results or --from); repeat for several.")
    List<Path> update;

    /**
     * What to run, with the defaults filled in.
     *
     * @throws IllegalArgumentException for a combination no single option can refuse, naming it
     */
    Settings settings() {
        if (results != null && from != null) {
            throw new IllegalArgumentException("--results writes a run's results and --from reads them without a"
                    + " run: give one of them");
        }
        if (update != null && results == null && from == null) {
            throw new IllegalArgumentException("--update rewrites pages from a results directory: add --results DIR"
                    + " to a run, or --from DIR to run nothing");
        }
        if (from != null) {
            List<String> runOptions = new ArrayList<>();
            addIf(runOptions, suites, "--suites");
            addIf(runOptions, types, "--types");
            addIf(runOptions, layouts, "--layouts");
            addIf(runOptions, data, "--data");
            addIf(runOptions, cases, "--cases");
            addIf(runOptions, smallCases, "--small-cases");
            addIf(runOptions, ops, "--ops");
            addIf(runOptions, jvms, "--jvm");
            addIf(runOptions, quick ? Boolean.TRUE : null, "--quick");
            addIf(runOptions, warmupIterations, "--warmup");
            addIf(runOptions, measurementIterations, "--iterations");
            addIf(runOptions, iterationMillis, "--time");
            addIf(runOptions, forks, "--forks");
            if (!runOptions.isEmpty()) {
                throw new IllegalArgumentException("--from runs nothing, so " + String.join(", ", runOptions)
                        + " would have no effect: leave them out");
            }
            return new Settings(List.of(), EnumSet.noneOf(SmallCase.class), EnumSet.noneOf(Operator.class), List.of(),
                    0, 0, 0, 0, markdown, numpy, null, from, update == null ? List.of() : List.copyOf(update));
        }
        boolean matrix = suites == null || suites.contains(Suite.MATRIX);
        boolean small = suites == null || suites.contains(Suite.SMALL);
        if (cases != null && (types != null || layouts != null || data != null)) {
            throw new IllegalArgumentException("--cases selects cases by name and cannot be combined with --types,"
                    + " --layouts or --data");
        }
        if (!matrix && (cases != null || types != null || layouts != null || data != null)) {
            throw new IllegalArgumentException("--cases, --types, --layouts and --data select matrix cases, but"
                    + " --suites leaves out MATRIX");
        }
        if (!small && smallCases != null) {
            throw new IllegalArgumentException("--small-cases selects small-tensor cases, but --suites leaves out SMALL");
        }
        List<BenchCase> selected = matrix ? selectedCases() : List.of();
        if (matrix && selected.isEmpty()) {
            throw new IllegalArgumentException("no matrix case has a type from --types and a kind from --data ("
                    + kindsApplicability() + ")");
        }
        List<Path> jvmList = jvms == null ? List.of(PathOptions.JavaExecutable.running()) : List.copyOf(jvms);
        if (new LinkedHashSet<>(jvmList).size() != jvmList.size()) {
            throw new IllegalArgumentException("--jvm names the same JVM twice: " + jvmList);
        }
        if (ops != null && ops.contains(Operator.TopK)) {
            throw new IllegalArgumentException("--ops TopK runs in the application benchmark only: add --application,"
                    + " or leave TopK out (allowed here: ArgMax, ArgMin)");
        }
        return new Settings(
                selected,
                small ? (smallCases == null ? EnumSet.allOf(SmallCase.class) : enumSet(SmallCase.class, smallCases))
                        : EnumSet.noneOf(SmallCase.class),
                ops == null ? EnumSet.copyOf(Operator.ARG_REDUCTIONS) : enumSet(Operator.class, ops),
                jvmList,
                pick(warmupIterations, QUICK_WARMUP_ITERATIONS, DEFAULT_WARMUP_ITERATIONS),
                pick(measurementIterations, QUICK_MEASUREMENT_ITERATIONS, DEFAULT_MEASUREMENT_ITERATIONS),
                pick(iterationMillis, QUICK_ITERATION_MILLIS, DEFAULT_ITERATION_MILLIS),
                forks == null ? DEFAULT_FORKS : forks,
                markdown,
                numpy,
                results,
                null,
                update == null ? List.of() : List.copyOf(update));
    }

    private static void addIf(List<String> names, Object given, String name) {
        if (given != null) {
            names.add(name);
        }
    }

    /** The named cases, or every case in the chosen types, layouts and kinds; in {@link BenchCase#all()} order. */
    private List<BenchCase> selectedCases() {
        Set<DataType> typeSet = types == null ? EnumSet.allOf(DataType.class) : enumSet(DataType.class, types);
        Set<Layout> layoutSet = layouts == null ? EnumSet.allOf(Layout.class) : enumSet(Layout.class, layouts);
        Set<DataKind> kindSet = data == null ? DEFAULT_DATA : enumSet(DataKind.class, data);
        List<BenchCase> selected = new ArrayList<>();
        for (BenchCase c : BenchCase.all()) {
            boolean chosen = cases != null ? cases.contains(c)
                    : typeSet.contains(c.type()) && layoutSet.contains(c.layout()) && kindSet.contains(c.data());
            if (chosen) {
                selected.add(c);
            }
        }
        return selected;
    }

    private static String kindsApplicability() {
        List<String> parts = new ArrayList<>();
        for (DataKind kind : DataKind.values()) {
            parts.add(kind + ": " + kind.applicableTypes());
        }
        return String.join("; ", parts);
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

    /**
     * The resolved options: matrix cases in {@link BenchCase#all()} order, small-tensor cases and
     * operators in enum order, the JVMs in the order given, iteration counts, forks, optional files:
     * the results directory a run writes ({@code results}) or the one read instead of a run
     * ({@code from}, with nothing selected to run), and the pages to update from either.
     */
    record Settings(List<BenchCase> cases, Set<SmallCase> smallCases, Set<Operator> ops, List<Path> jvms,
            int warmupIterations, int measurementIterations, int iterationMillis, int forks, Path markdown,
            NumpyFigures numpy, Path results, Path from, List<Path> update) {

        /** The directory the pages are updated from: the one a run writes, or the one read instead. */
        Path resultsDirectory() {
            return from != null ? from : results;
        }

        /** The matrix cases ONNX Runtime is measured on. */
        List<BenchCase> ortCases() {
            return cases.stream().filter(OrtBenchmark::runs).toList();
        }

        /** How many JMH benchmarks the run starts in each JVM (each in its own fork or forks). */
        int benchmarksPerJvm() {
            // ArgONNX plain/SIMD × (two thread settings, two halves at once), plain loop, read floor variants
            int perCase = 2 * 3 * ops.size() + ops.size() + 6;
            return cases.size() * perCase + ortCases().size() * 2 * ops.size() + smallCases.size() * ops.size() * 5; // apply and prepared, plain and SIMD; the plain loop
        }
    }

    /** A matrix case name ({@link BenchCase#named}). */
    static final class CaseName implements ITypeConverter<BenchCase> {
        @Override
        public BenchCase convert(String value) {
            try {
                return BenchCase.named(value.trim());
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
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
