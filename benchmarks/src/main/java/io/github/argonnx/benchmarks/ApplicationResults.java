package io.github.argonnx.benchmarks;

import com.google.gson.JsonParseException;
import java.util.Arrays;
import java.util.List;

/**
 * The application benchmark's results as committed ({@value #FILE} in a results directory): one
 * {@link Run} per JVM configuration, numpy's medians on the same data, and where they were measured.
 * Every table of the application section and the headline is built from this form.
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
     * One JVM configuration: its {@code java.home}, version, feature release, whether it ran with the
     * Vector API module, whether the read floor used it, the processors it saw, and the calls per case.
     */
    record Run(String jvm, String version, int feature, boolean vectorModule, boolean vectorFloor, int processors,
            int warmup, int calls, List<Row> rows) {

        Run {
            rows = rows == null ? List.of() : List.copyOf(rows);
        }
    }

    /** numpy's median on a case ({@link BenchCase} name with NO_EXTREME data) and operator. */
    record NumpyRow(String benchCase, String op, double medianMillis) {}

    /**
     * Everything one {@code --application} command measured: the machine, numpy's versions (null
     * when it did not run), its medians, and the runs in the order they ran.
     */
    record Results(String machine, String numpy, List<NumpyRow> numpyRows, List<Run> runs) {

        Results {
            numpyRows = numpyRows == null ? List.of() : List.copyOf(numpyRows);
            runs = runs == null ? List.of() : List.copyOf(runs);
        }
    }

    /** The JSON text as committed, ending in a newline. */
    static String write(Results results) {
        return JmhResults.GSON.toJson(results) + "\n";
    }

    /**
     * Reads committed results.
     *
     * @throws IllegalArgumentException when the text is not JSON, or holds no run or a run without rows
     */
    static Results parse(String json) {
        Results results;
        try {
            results = JmhResults.GSON.fromJson(json, Results.class);
        } catch (JsonParseException e) {
            throw new IllegalArgumentException("not JSON of the application benchmark: " + e.getMessage(), e);
        }
        if (results == null || results.runs().isEmpty()) {
            throw new IllegalArgumentException("not results of the application benchmark: no runs");
        }
        for (Run run : results.runs()) {
            if (run.rows().isEmpty()) {
                throw new IllegalArgumentException("the run of " + run.version() + " holds no rows");
            }
        }
        return results;
    }

    /** One run as its JVM writes it. */
    static Run parseRun(String json) {
        try {
            Run run = JmhResults.GSON.fromJson(json, Run.class);
            if (run == null || run.rows().isEmpty()) {
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
