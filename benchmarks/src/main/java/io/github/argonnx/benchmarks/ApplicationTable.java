package io.github.argonnx.benchmarks;

import static io.github.argonnx.benchmarks.ApplicationBenchmark.DEFAULT;
import static io.github.argonnx.benchmarks.ApplicationBenchmark.INTERLEAVED;
import static io.github.argonnx.benchmarks.ApplicationBenchmark.ONE_THREAD;
import static io.github.argonnx.benchmarks.ApplicationBenchmark.ORT;
import static io.github.argonnx.benchmarks.ApplicationBenchmark.SEQUENCE;

import io.github.argonnx.benchmarks.ApplicationResults.Results;
import io.github.argonnx.benchmarks.ApplicationResults.Run;
import io.github.argonnx.benchmarks.ApplicationResults.Series;
import io.github.argonnx.benchmarks.ApplicationView.Case;
import io.github.argonnx.benchmarks.ApplicationView.FloorFigure;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The application benchmark's tables, from its results alone: one table per Java release (each cell
 * "plain / SIMD", the JVM without and with the Vector API module; with several runs, each run's cell
 * in turn, separated by "; ") and the headline over the layouts ({@link ApplicationHeadline}).
 * Ratios to numpy, ONNX Runtime and the read floor compare times taken in sequence, as those
 * contenders are; the time column and the default-parallelism ratio are of the interleaved pass.
 */
final class ApplicationTable {

    private final List<ApplicationView> views;

    ApplicationTable(Series series) {
        this.views = series.results().stream().map(ApplicationView::new).toList();
    }

    ApplicationTable(Results results) {
        this(new Series(List.of(results)));
    }

    List<ApplicationView> views() {
        return views;
    }

    /** The Java releases measured, in order. */
    Set<Integer> features() {
        Set<Integer> features = new TreeSet<>();
        views.forEach(v -> features.addAll(v.features()));
        return features;
    }

    /** The cases measured, in the order the first run measured them. */
    List<Case> cases() {
        Set<Case> cases = new LinkedHashSet<>();
        views.forEach(v -> cases.addAll(v.cases()));
        return new ArrayList<>(cases);
    }

    /** The columns of a release's table, each cell "plain / SIMD". */
    static List<Column> columns(int feature) {
        return List.of(
                new Column("1 thread, ms", false, (w, v, c) -> w.millis(feature, v, c, ONE_THREAD, INTERLEAVED)),
                new Column("÷ read floor", true,
                        (w, v, c) -> w.millis(feature, v, c, ONE_THREAD, SEQUENCE) / w.floor(feature, c.type()).millis()),
                new Column("numpy ÷ ArgONNX", true,
                        (w, v, c) -> w.numpy(c) / w.millis(feature, v, c, ONE_THREAD, SEQUENCE)),
                new Column("ORT ÷ ArgONNX", true,
                        (w, v, c) -> w.millis(feature, v, c, ORT, SEQUENCE) / w.millis(feature, v, c, ONE_THREAD, SEQUENCE)),
                new Column("default ÷ 1 thread", true, (w, v, c) -> w.millis(feature, v, c, DEFAULT, INTERLEAVED)
                        / w.millis(feature, v, c, ONE_THREAD, INTERLEAVED)),
                new Column("interleaved ÷ in sequence", true, (w, v, c) -> w.millis(feature, v, c, ONE_THREAD,
                        INTERLEAVED) / w.millis(feature, v, c, ONE_THREAD, SEQUENCE)));
    }

    /** A column of a release's table: its name and whether it holds ratios; its cell is plain / SIMD. */
    record Column(String name, boolean ratio, CellValue value) {}

    /** A cell's value in one run, in the JVM with or without the Vector API. */
    @FunctionalInterface
    interface CellValue {
        double of(ApplicationView view, boolean vector, Case c);
    }

    /** Every release's table, each under a heading naming its JVMs and the calls per case. */
    String markdown() {
        StringBuilder sb = new StringBuilder();
        for (int feature : features()) {
            sb.append("#### JDK ").append(feature).append("\n\n");
            for (int k = 0; k < views.size(); k++) {
                for (Run run : views.get(k).results().runs()) {
                    if (run.feature() == feature) {
                        sb.append("- ").append(views.size() > 1 ? "run " + (k + 1) + ", " : "")
                                .append(run.vectorModule() ? "SIMD" : "plain").append(": ").append(run.version())
                                .append(run.vectorModule() ? ", with `--add-modules jdk.incubator.vector`" : "")
                                .append(", ").append(run.processors()).append(" processors, ").append(run.warmup())
                                .append(" warm-up calls, median of ").append(run.calls()).append("\n");
                    }
                }
            }
            String runs = views.size() > 1 ? "; run 1; run 2" + (views.size() > 2 ? "; ..." : "") : "";
            List<String> header = new ArrayList<>(List.of("case", "op"));
            for (Column col : columns(feature)) {
                header.add(col.name() + " (plain / SIMD" + runs + ")");
                if (col.name().equals("÷ read floor")) {
                    header.add("read floor, ms (fastest variant" + runs + ")");
                }
                if (col.name().equals("numpy ÷ ArgONNX")) {
                    header.add("numpy ÷ numpy's read floor" + (views.size() > 1 ? " (run 1; run 2)" : ""));
                }
            }
            header.add("bytes allocated per 1-thread call: median / most (the indices)" + runs);
            List<List<String>> body = new ArrayList<>();
            for (Case c : cases()) {
                List<String> row = new ArrayList<>(List.of(c.label(), c.op().name()));
                for (Column col : columns(feature)) {
                    row.add(perRun(w -> cell(col, w, false, c) + " / " + cell(col, w, true, c)));
                    if (col.name().equals("÷ read floor")) {
                        row.add(perRun(w -> {
                            FloorFigure f = w.floor(feature, c.type());
                            return BenchmarkReport.format(f.millis()) + (f.variant().isEmpty() ? "" : " " + f.variant());
                        }));
                    }
                    if (col.name().equals("numpy ÷ ArgONNX")) {
                        row.add(perRun(w -> ratio(w.numpy(c) / w.numpyFloor(c.type()).millis())));
                    }
                }
                long indices = 8L * c.layout().geometry().elementCount() / c.layout().geometry().axisLength();
                row.add(perRun(w -> {
                    long[] bytes = w.bytes(feature, c);
                    return bytes[0] < 0 ? "n/a" : bytes(bytes[0]) + " / " + bytes(bytes[1]) + " (" + bytes(indices) + ")";
                }));
                body.add(row);
            }
            sb.append('\n').append(ResultTable.markdown(new ResultTable.Table(header, body))).append('\n');
        }
        return sb.toString().strip() + "\n";
    }

    /** One run's cell after the other. */
    private String perRun(Function<ApplicationView, String> cell) {
        return String.join("; ", views.stream().map(cell).toList());
    }

    /** A count of bytes, in B, KiB or MiB. */
    static String bytes(long count) {
        if (count < 1024) {
            return count + " B";
        }
        return count < 1024 * 1024 ? BenchmarkReport.format(count / 1024.0) + " KiB"
                : BenchmarkReport.format(count / (1024.0 * 1024)) + " MiB";
    }

    private static String cell(Column col, ApplicationView view, boolean vector, Case c) {
        double value = col.value().of(view, vector, c);
        return col.ratio() ? ratio(value) : BenchmarkReport.format(value);
    }

    /** The headline over the layouts, each row of a layout: float, the worst type and the median. */
    String headline() {
        return new ApplicationHeadline(this).table();
    }

    static String ratio(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "n/a" : String.format(Locale.ROOT, "%.2fx", value);
    }
}
