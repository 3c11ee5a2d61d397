package io.github.argonnx.benchmarks;

import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.util.Arrays;
import java.util.List;

/**
 * The application benchmark's results as committed ({@value #FILE} in a results directory): one or more
 * runs of the whole benchmark ({@link Series}), each with one {@link Run} per JVM configuration,
 * numpy's medians and read floor on the same data, and where they were measured. A file of one run
 * without the series around it (the earlier form) reads as a series of one. Every table of the
 * application section and the headline is built from this form.
 */
final class ApplicationResults {

    static final String FILE = "application.json";

    private ApplicationResults() {}

    /**
     * One contender's median on one case in one phase. {@code layout} and {@code op} are null for the
     * read floor (one pass over a type's input, whatever its shape). {@code medianBytes} and
     * {@code maxBytes} are the median and the most that a timed call allocated on the calling thread,
     * -1 where they are not counted (a call that works on other threads too).
     */
    record Row(String type, String layout, String op, String contender, String phase, double medianMillis,
            long medianBytes, long maxBytes) {}

    /**
     * One read floor variant on one type's input: the median of its timed calls in each repetition
     * (before and after the type's cases), in ms. {@code variant} is a {@link ReadFloor.Variant} name
     * in a JVM, the name of one of numpy's reads for numpy ({@code max}, {@code max-int8}, {@code or-uint64},
     * ... as {@code numpy_bench.py} names them; {@code max} or {@code or} in results of the earlier form).
     */
    record Floor(String type, String variant, List<Double> repetitions) {

        Floor {
            repetitions = repetitions == null ? List.of() : List.copyOf(repetitions);
        }

        /** The fastest repetition: the floor is the fastest read. */
        double millis() {
            return repetitions.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        }

        /** How far the repetitions lie apart, relative to the fastest (0 for one repetition). */
        double movement() {
            return ApplicationResults.movement(repetitions);
        }
    }

    /**
     * One contender's median on one {@link TopKCase} (by name), timed in sequence; the bytes as in
     * {@link Row}.
     */
    record TopKRow(String topKCase, String contender, double medianMillis, long medianBytes, long maxBytes) {}

    /**
     * One JVM configuration: its {@code java.home}, version, feature release, whether it ran with the
     * Vector API module, whether the read floor used it, the processors it saw, the calls per case,
     * its medians, every read floor variant it timed (none in results of the earlier form, whose
     * one floor row is the floor), and its TopK medians (none in results from before the TopK cases,
     * or of a run without them).
     */
    record Run(String jvm, String version, int feature, boolean vectorModule, boolean vectorFloor, int processors,
            int warmup, int calls, List<Row> rows, List<Floor> floors, List<TopKRow> topK) {

        Run {
            rows = rows == null ? List.of() : List.copyOf(rows);
            floors = floors == null ? List.of() : List.copyOf(floors);
            topK = topK == null ? List.of() : List.copyOf(topK);
        }

        /** A run without TopK cases. */
        Run(String jvm, String version, int feature, boolean vectorModule, boolean vectorFloor, int processors,
                int warmup, int calls, List<Row> rows, List<Floor> floors) {
            this(jvm, version, feature, vectorModule, vectorFloor, processors, warmup, calls, rows, floors, null);
        }

        boolean isEmpty() {
            return rows.isEmpty() && topK.isEmpty();
        }
    }

    /**
     * numpy on a case ({@link BenchCase} name with NO_EXTREME data) and operator: the median of the
     * timed calls of each repetition (one, in results of the earlier form), and the fastest of them.
     */
    record NumpyRow(String benchCase, String op, double medianMillis, List<Double> repetitions) {

        NumpyRow {
            repetitions = repetitions == null ? List.of(medianMillis) : List.copyOf(repetitions);
        }

        double movement() {
            return ApplicationResults.movement(repetitions);
        }
    }

    /**
     * Everything one run of the {@code --application} command measured: the machine, numpy's versions
     * (null when it did not run), its medians and its read floor variants, the JVM runs in the order
     * they ran, the lines of the report's checks on them (flagged cases, noise) as it wrote them, and
     * numpy's TopK medians ({@code benchCase} a {@link TopKCase} name, op {@code TopK}).
     */
    record Results(String machine, String numpy, List<NumpyRow> numpyRows, List<Floor> numpyFloors, List<Run> runs,
            List<String> checks, List<NumpyRow> numpyTopK) {

        Results {
            numpyRows = numpyRows == null ? List.of() : List.copyOf(numpyRows);
            numpyFloors = numpyFloors == null ? List.of() : List.copyOf(numpyFloors);
            runs = runs == null ? List.of() : List.copyOf(runs);
            checks = checks == null ? List.of() : List.copyOf(checks);
            numpyTopK = numpyTopK == null ? List.of() : List.copyOf(numpyTopK);
        }

        /** Results without TopK cases. */
        Results(String machine, String numpy, List<NumpyRow> numpyRows, List<Floor> numpyFloors, List<Run> runs,
                List<String> checks) {
            this(machine, numpy, numpyRows, numpyFloors, runs, checks, null);
        }

        Results withChecks(List<String> lines) {
            return new Results(machine, numpy, numpyRows, numpyFloors, runs, lines, numpyTopK);
        }
    }

    /** Several runs of the whole benchmark, in the order they ran, shown side by side. */
    record Series(List<Results> results) {

        Series {
            results = results == null ? List.of() : List.copyOf(results);
        }
    }

    /** The JSON text as committed, ending in a newline. */
    static String write(Series series) {
        return JmhResults.GSON.toJson(series) + "\n";
    }

    /**
     * Reads committed results: a series, or one run in the earlier form (a series of one).
     *
     * @throws IllegalArgumentException when the text is not JSON, or holds no run or a run without any row
     */
    static Series parse(String json) {
        Series series;
        try {
            JsonElement tree = JsonParser.parseString(json);
            if (tree.isJsonObject() && tree.getAsJsonObject().has("results")) {
                series = JmhResults.GSON.fromJson(tree, Series.class);
            } else {
                Results one = JmhResults.GSON.fromJson(tree, Results.class);
                series = new Series(one == null ? List.of() : List.of(one));
            }
        } catch (JsonParseException e) {
            throw new IllegalArgumentException("not JSON of the application benchmark: " + e.getMessage(), e);
        }
        if (series.results().isEmpty() || series.results().stream().anyMatch(r -> r == null || r.runs().isEmpty())) {
            throw new IllegalArgumentException("not results of the application benchmark: no runs");
        }
        for (Results results : series.results()) {
            for (Run run : results.runs()) {
                if (run.isEmpty()) {
                    throw new IllegalArgumentException("the run of " + run.version() + " holds no rows");
                }
            }
        }
        return series;
    }

    /** (slowest - fastest) / fastest of the values; 0 for fewer than two, NaN for none. */
    static double movement(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return (max - min) / min;
    }

    /** One run as its JVM writes it. */
    static Run parseRun(String json) {
        try {
            Run run = JmhResults.GSON.fromJson(json, Run.class);
            if (run == null || run.isEmpty()) {
                throw new IllegalArgumentException("a run of the application benchmark without rows");
            }
            return run;
        } catch (JsonParseException e) {
            throw new IllegalArgumentException("not JSON of an application benchmark run: " + e.getMessage(), e);
        }
    }

    /**
     * The median: the middle value of an odd count, the mean of the two middle values of an even one.
     * The median of the calls, not their minimum, is what an application sees from call to call.
     *
     * @throws IllegalArgumentException for no values or a NaN
     */
    static double median(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("the median of no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        if (Double.isNaN(sorted[sorted.length - 1])) {
            throw new IllegalArgumentException("the median of values with a NaN: " + Arrays.toString(values));
        }
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
