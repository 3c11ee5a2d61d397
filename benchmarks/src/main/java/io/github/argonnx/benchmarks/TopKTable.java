package io.github.argonnx.benchmarks;

import static io.github.argonnx.benchmarks.ApplicationBenchmark.ONE_THREAD;
import static io.github.argonnx.benchmarks.ApplicationBenchmark.ORT;

import io.github.argonnx.benchmarks.ApplicationResults.NumpyRow;
import io.github.argonnx.benchmarks.ApplicationResults.Results;
import io.github.argonnx.benchmarks.ApplicationResults.Run;
import io.github.argonnx.benchmarks.ApplicationResults.Series;
import io.github.argonnx.benchmarks.ApplicationResults.TopKRow;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The application benchmark's TopK tables, one per Java release, from its results alone: each cell
 * "plain / SIMD" (the JVM without and with the Vector API module), with several runs each run's
 * cell in turn, separated by "; ". Every time is the median of the timed calls in sequence; above 1x
 * in a ratio column, ArgONNX is faster.
 */
final class TopKTable {

    private final List<Results> series;

    TopKTable(Series series) {
        this.series = series.results();
    }

    /** The TopK cases any run measured, in {@link TopKCase} order. */
    List<TopKCase> cases() {
        Set<TopKCase> cases = EnumSet.noneOf(TopKCase.class);
        for (Results results : series) {
            for (Run run : results.runs()) {
                run.topK().forEach(r -> cases.add(TopKCase.valueOf(r.topKCase())));
            }
        }
        return List.copyOf(cases);
    }

    /**
     * Every release's table under a heading naming its JVMs; where no run holds a TopK case, a line
     * that says so and how to run them.
     */
    String markdown(String source) {
        if (cases().isEmpty()) {
            return "No run in " + source + " holds the TopK cases yet: `--application` with TopK among `--ops` (the"
                    + " default) writes them; the tables appear here from such a run.\n";
        }
        StringBuilder sb = new StringBuilder("Written by the benchmark report (`--application`) from ").append(source)
                .append(". Median of the timed calls in sequence, ms; above 1x in a ratio column, ArgONNX is faster.\n");
        Set<Integer> features = new TreeSet<>();
        series.forEach(r -> r.runs().stream().filter(run -> !run.topK().isEmpty()).forEach(run -> features.add(
                run.feature())));
        String runs = series.size() > 1 ? "; run 1; run 2" + (series.size() > 2 ? "; ..." : "") : "";
        for (int feature : features) {
            sb.append("\n#### TopK, JDK ").append(feature).append("\n\n");
            for (int k = 0; k < series.size(); k++) {
                for (Run run : series.get(k).runs()) {
                    if (run.feature() == feature && !run.topK().isEmpty()) {
                        sb.append("- ").append(series.size() > 1 ? "run " + (k + 1) + ", " : "")
                                .append(run.vectorModule() ? "SIMD: " : "plain: ").append(run.version())
                                .append(run.vectorModule() ? ", with `--add-modules jdk.incubator.vector`" : "")
                                .append(", warm-up calls reading ").append(run.warmup())
                                .append(" x 16,777,216 elements, median of ").append(run.calls()).append("\n");
                    }
                }
            }
            List<String> header = List.of("case", "k", "ArgONNX 1 thread, ms (plain / SIMD" + runs + ")",
                    "numpy, ms" + (series.size() > 1 ? " (run 1; run 2)" : ""),
                    "ORT 1 thread, ms (plain / SIMD" + runs + ")", "numpy ÷ ArgONNX (plain / SIMD" + runs + ")",
                    "ORT ÷ ArgONNX (plain / SIMD" + runs + ")",
                    "bytes allocated per ArgONNX call: median / most (the outputs)" + runs);
            List<List<String>> body = new ArrayList<>();
            for (TopKCase c : cases()) {
                long outputs = (long) (c.type().byteWidth() + 8) * c.k() * (c.geometry().elementCount()
                        / c.geometry().axisLength());
                body.add(List.of(c.label(), Integer.toString(c.k()),
                        perRun(r -> pair(v -> BenchmarkReport.format(millis(r, feature, v, c, ONE_THREAD)))),
                        perRun(r -> BenchmarkReport.format(numpy(r, c))),
                        perRun(r -> pair(v -> BenchmarkReport.format(millis(r, feature, v, c, ORT)))),
                        perRun(r -> pair(v -> ApplicationTable.ratio(numpy(r, c) / millis(r, feature, v, c, ONE_THREAD)))),
                        perRun(r -> pair(v -> ApplicationTable.ratio(millis(r, feature, v, c, ORT)
                                / millis(r, feature, v, c, ONE_THREAD)))),
                        perRun(r -> bytes(r, feature, c, outputs))));
            }
            sb.append('\n').append(ResultTable.markdown(new ResultTable.Table(header, body)));
        }
        return sb.toString().strip() + "\n";
    }

    private String perRun(Function<Results, String> cell) {
        return String.join("; ", series.stream().map(cell).toList());
    }

    private static String pair(Function<Boolean, String> cell) {
        return cell.apply(false) + " / " + cell.apply(true);
    }

    private static TopKRow row(Results results, int feature, boolean vector, TopKCase c, String contender) {
        for (Run run : results.runs()) {
            if (run.feature() == feature && run.vectorModule() == vector) {
                for (TopKRow r : run.topK()) {
                    if (r.topKCase().equals(c.name()) && r.contender().equals(contender)) {
                        return r;
                    }
                }
            }
        }
        return null;
    }

    /** A contender's median in ms, NaN where it was not measured. */
    static double millis(Results results, int feature, boolean vector, TopKCase c, String contender) {
        TopKRow r = row(results, feature, vector, c, contender);
        return r == null ? Double.NaN : r.medianMillis();
    }

    /** numpy's time in ms (its faster repetition), NaN where it has none. */
    static double numpy(Results results, TopKCase c) {
        for (NumpyRow r : results.numpyTopK()) {
            if (r.benchCase().equals(c.name())) {
                return r.medianMillis();
            }
        }
        return Double.NaN;
    }

    /** The largest median and the most bytes of an ArgONNX call in the release's JVMs. */
    private static String bytes(Results results, int feature, TopKCase c, long outputs) {
        long median = -1;
        long most = -1;
        for (boolean vector : new boolean[] {false, true}) {
            TopKRow r = row(results, feature, vector, c, ONE_THREAD);
            if (r != null) {
                median = Math.max(median, r.medianBytes());
                most = Math.max(most, r.maxBytes());
            }
        }
        return median < 0 ? "n/a" : ApplicationTable.bytes(median) + " / " + ApplicationTable.bytes(most) + " ("
                + ApplicationTable.bytes(outputs) + ")";
    }
}
