package io.github.argonnx.benchmarks;

import static io.github.argonnx.benchmarks.ApplicationBenchmark.DEFAULT;
import static io.github.argonnx.benchmarks.ApplicationBenchmark.FLOOR;
import static io.github.argonnx.benchmarks.ApplicationBenchmark.INTERLEAVED;
import static io.github.argonnx.benchmarks.ApplicationBenchmark.ONE_THREAD;
import static io.github.argonnx.benchmarks.ApplicationBenchmark.ORT;
import static io.github.argonnx.benchmarks.ApplicationBenchmark.SEQUENCE;

import io.github.argonnx.DataType;
import io.github.argonnx.benchmarks.ApplicationResults.NumpyRow;
import io.github.argonnx.benchmarks.ApplicationResults.Results;
import io.github.argonnx.benchmarks.ApplicationResults.Row;
import io.github.argonnx.benchmarks.ApplicationResults.Run;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * The application benchmark's tables, from its results alone: one table per Java release (each cell
 * "plain / SIMD", the JVM without and with the Vector API module) and the headline over the layouts.
 * Ratios to numpy, ONNX Runtime and the read floor compare times taken in sequence, as those
 * contenders are; the time column and the default-parallelism ratio are of the interleaved pass.
 */
final class ApplicationTable {

    private final Results results;
    private final Map<String, Row> rows = new HashMap<>();
    private final Map<String, Double> numpy = new HashMap<>();

    ApplicationTable(Results results) {
        this.results = results;
        for (Run run : results.runs()) {
            for (Row r : run.rows()) {
                rows.put(key(run.feature(), run.vectorModule(), r.type(), r.layout(), r.op(), r.contender(), r.phase()), r);
            }
        }
        for (NumpyRow r : results.numpyRows()) {
            numpy.put(r.benchCase() + " " + r.op(), r.medianMillis());
        }
    }

    /** One case of the tables: a type in a layout, one operator. */
    record Case(DataType type, Layout layout, Operator op) {
        String label() {
            return type.onnxName() + " " + layout.geometry().label();
        }
    }

    private static String key(int feature, boolean vector, String type, String layout, String op, String contender,
            String phase) {
        return feature + " " + vector + " " + type + " " + layout + " " + op + " " + contender + " " + phase;
    }

    /** The Java releases measured, in order. */
    Set<Integer> features() {
        Set<Integer> features = new TreeSet<>();
        results.runs().forEach(r -> features.add(r.feature()));
        return features;
    }

    /** The cases measured, in the order the first run measured them. */
    List<Case> cases() {
        Set<Case> cases = new LinkedHashSet<>();
        for (Run run : results.runs()) {
            for (Row r : run.rows()) {
                if (r.contender().equals(ONE_THREAD)) {
                    cases.add(new Case(DataType.valueOf(r.type()), Layout.valueOf(r.layout()), Operator.valueOf(r.op())));
                }
            }
        }
        return new ArrayList<>(cases);
    }

    /** A contender's median in ms, NaN where it was not measured. */
    double millis(int feature, boolean vector, Case c, String contender, String phase) {
        Row r = rows.get(key(feature, vector, c.type().name(), c.layout().name(), c.op().name(), contender, phase));
        return r == null ? Double.NaN : r.medianMillis();
    }

    /** The fastest read floor of the type in either JVM of the release (the one with the Vector API, where it ran). */
    double floor(int feature, DataType type) {
        double best = Double.NaN;
        for (boolean vector : new boolean[] {false, true}) {
            Row r = rows.get(key(feature, vector, type.name(), null, null, FLOOR, SEQUENCE));
            if (r != null && !(r.medianMillis() >= best)) {
                best = r.medianMillis();
            }
        }
        return best;
    }

    double numpy(Case c) {
        return numpy.getOrDefault(c.type() + "_" + c.layout() + "_" + DataKind.NO_EXTREME + " " + c.op(), Double.NaN);
    }

    /**
     * The bytes a one-thread call of the case allocated in the runs of the release: the largest median
     * and the most of any call ({-1, -1} if none was counted).
     */
    long[] bytes(int feature, Case c) {
        long median = -1;
        long most = -1;
        for (boolean vector : new boolean[] {false, true}) {
            for (String phase : List.of(SEQUENCE, INTERLEAVED)) {
                Row r = rows.get(key(feature, vector, c.type().name(), c.layout().name(), c.op().name(), ONE_THREAD,
                        phase));
                if (r != null) {
                    median = Math.max(median, r.medianBytes());
                    most = Math.max(most, r.maxBytes());
                }
            }
        }
        return new long[] {median, most};
    }

    /** The columns of a release's table, each cell "plain / SIMD". */
    private List<Column> columns(int feature) {
        return List.of(
                new Column("1 thread, ms", false, (v, c) -> millis(feature, v, c, ONE_THREAD, INTERLEAVED)),
                new Column("÷ read floor", true,
                        (v, c) -> millis(feature, v, c, ONE_THREAD, SEQUENCE) / floor(feature, c.type())),
                new Column("numpy ÷ ArgONNX", true, (v, c) -> numpy(c) / millis(feature, v, c, ONE_THREAD, SEQUENCE)),
                new Column("ORT ÷ ArgONNX", true,
                        (v, c) -> millis(feature, v, c, ORT, SEQUENCE) / millis(feature, v, c, ONE_THREAD, SEQUENCE)),
                new Column("default ÷ 1 thread", true, (v, c) -> millis(feature, v, c, DEFAULT, INTERLEAVED)
                        / millis(feature, v, c, ONE_THREAD, INTERLEAVED)),
                new Column("interleaved ÷ in sequence", true, (v, c) -> millis(feature, v, c, ONE_THREAD, INTERLEAVED)
                        / millis(feature, v, c, ONE_THREAD, SEQUENCE)));
    }

    private record Column(String name, boolean ratio, CellValue value) {}

    @FunctionalInterface
    private interface CellValue {
        double of(boolean vector, Case c);
    }

    /** Every release's table, each under a heading naming its JVMs and the calls per case. */
    String markdown() {
        StringBuilder sb = new StringBuilder();
        for (int feature : features()) {
            sb.append("#### JDK ").append(feature).append("\n\n");
            for (Run run : results.runs()) {
                if (run.feature() == feature) {
                    sb.append("- ").append(run.vectorModule() ? "SIMD" : "plain").append(": ").append(run.version())
                            .append(run.vectorModule() ? ", with `--add-modules jdk.incubator.vector`" : "")
                            .append(", ").append(run.processors()).append(" processors, ").append(run.warmup())
                            .append(" warm-up calls, median of ").append(run.calls()).append("\n");
                }
            }
            List<String> header = new ArrayList<>(List.of("case", "op"));
            columns(feature).forEach(col -> header.add(col.name() + " (plain / SIMD)"));
            header.add("bytes allocated per 1-thread call: median / most (the indices)");
            List<List<String>> body = new ArrayList<>();
            for (Case c : cases()) {
                List<String> row = new ArrayList<>(List.of(c.label(), c.op().name()));
                for (Column col : columns(feature)) {
                    row.add(cell(col, false, c) + " / " + cell(col, true, c));
                }
                long[] bytes = bytes(feature, c);
                long indices = 8L * c.layout().geometry().elementCount() / c.layout().geometry().axisLength();
                row.add(bytes[0] < 0 ? "n/a" : bytes(bytes[0]) + " / " + bytes(bytes[1]) + " (" + bytes(indices) + ")");
                body.add(row);
            }
            sb.append('\n').append(ResultTable.markdown(new ResultTable.Table(header, body))).append('\n');
        }
        return sb.toString().strip() + "\n";
    }

    /** A count of bytes, in B, KiB or MiB. */
    static String bytes(long count) {
        if (count < 1024) {
            return count + " B";
        }
        return count < 1024 * 1024 ? BenchmarkReport.format(count / 1024.0) + " KiB"
                : BenchmarkReport.format(count / (1024.0 * 1024)) + " MiB";
    }

    private static String cell(Column col, boolean vector, Case c) {
        double value = col.value().of(vector, c);
        return col.ratio() ? ratio(value) : BenchmarkReport.format(value);
    }

    /**
     * Per layout, the geometric mean over the types and operators measured of a few ratios, each cell
     * "JDK a / JDK b" (the releases in order).
     */
    String headline() {
        Set<Integer> features = features();
        List<HeadlineColumn> wanted = List.of(
                new HeadlineColumn("ArgONNX+SIMD 1 thread ÷ read floor", 1, true),
                new HeadlineColumn("ArgONNX 1 thread (plain) ÷ read floor", 1, false),
                new HeadlineColumn("numpy ÷ ArgONNX+SIMD", 2, true),
                new HeadlineColumn("ORT ÷ ArgONNX+SIMD", 3, true),
                new HeadlineColumn("ArgONNX+SIMD default ÷ 1 thread", 4, true));
        Set<Layout> layouts = new LinkedHashSet<>();
        cases().forEach(c -> layouts.add(c.layout()));
        List<List<String>> body = new ArrayList<>();
        for (Layout layout : layouts) {
            List<String> row = new ArrayList<>(List.of(layout.geometry().label()));
            for (HeadlineColumn h : wanted) {
                List<String> cells = new ArrayList<>();
                for (int feature : features) {
                    Column col = columns(feature).get(h.column());
                    cells.add(ratio(geometricMean(cases(),
                            c -> c.layout() == layout ? col.value().of(h.vector(), c) : Double.NaN)));
                }
                row.add(String.join(" / ", cells));
            }
            body.add(row);
        }
        List<String> header = new ArrayList<>(List.of("layout, mean over types and ops"));
        wanted.forEach(h -> header.add(h.name()));
        return ResultTable.markdown(new ResultTable.Table(header, body));
    }

    /** A headline column: one of a release's table columns, in the JVM with or without the Vector API. */
    private record HeadlineColumn(String name, int column, boolean vector) {}

    /** The geometric mean of the values that are numbers; NaN if none is. */
    static double geometricMean(List<Case> cases, ToDoubleFunction<Case> value) {
        double logs = 0;
        int n = 0;
        for (Case c : cases) {
            double v = value.applyAsDouble(c);
            if (v > 0 && !Double.isInfinite(v)) {
                logs += Math.log(v);
                n++;
            }
        }
        return n == 0 ? Double.NaN : Math.exp(logs / n);
    }

    static String ratio(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "n/a" : String.format(Locale.ROOT, "%.2fx", value);
    }
}
