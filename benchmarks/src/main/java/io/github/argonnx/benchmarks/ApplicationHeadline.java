package io.github.argonnx.benchmarks;

import static io.github.argonnx.benchmarks.ApplicationBenchmark.ONE_THREAD;
import static io.github.argonnx.benchmarks.ApplicationBenchmark.ORT;
import static io.github.argonnx.benchmarks.ApplicationBenchmark.SEQUENCE;

import io.github.argonnx.DataType;
import io.github.argonnx.benchmarks.ApplicationTable.Column;
import io.github.argonnx.benchmarks.ApplicationView.Case;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The headline of the application benchmark: per layout, a few ratios for float, for the worst type
 * (named) and as the median over the types, so that no one type's figure carries a mean; each type's
 * figure is the worse of its two operators. Each cell "JDK a / JDK b" (the releases in order), the
 * runs one after the other. Its caption names the cases where numpy or ONNX Runtime lead.
 */
final class ApplicationHeadline {

    /** Cases listed one by one in the caption; more are named per layout and type. */
    private static final int MAX_NAMED = 12;

    private final ApplicationTable table;

    ApplicationHeadline(ApplicationTable table) {
        this.table = table;
    }

    /** A headline column: a release table's column, in the JVM with or without the Vector API. */
    private record Wanted(String name, int column, boolean vector, boolean higherIsWorse) {}

    private static final List<Wanted> WANTED = List.of(
            new Wanted("ArgONNX+SIMD 1 thread ÷ read floor", 1, true, true),
            new Wanted("ArgONNX 1 thread (plain) ÷ read floor", 1, false, true),
            new Wanted("numpy ÷ ArgONNX+SIMD", 2, true, false),
            new Wanted("ORT ÷ ArgONNX+SIMD", 3, true, false),
            new Wanted("ArgONNX+SIMD default ÷ 1 thread", 4, true, true));

    /** The rows of a layout. */
    private enum Stat {
        FLOAT("float"), WORST("worst type"), MEDIAN("median over types");

        final String label;

        Stat(String label) {
            this.label = label;
        }
    }

    String table() {
        Set<Layout> layouts = new LinkedHashSet<>();
        table.cases().forEach(c -> layouts.add(c.layout()));
        List<List<String>> body = new ArrayList<>();
        for (Layout layout : layouts) {
            for (Stat stat : Stat.values()) {
                List<String> row = new ArrayList<>(List.of(stat == Stat.FLOAT ? layout.geometry().label() : "",
                        stat.label));
                for (Wanted w : WANTED) {
                    List<String> runs = new ArrayList<>();
                    for (ApplicationView view : table.views()) {
                        List<String> releases = new ArrayList<>();
                        for (int feature : table.features()) {
                            releases.add(cell(view, feature, layout, w, stat));
                        }
                        runs.add(String.join(" / ", releases));
                    }
                    row.add(String.join("; ", runs));
                }
                body.add(row);
            }
        }
        List<String> header = new ArrayList<>(List.of("layout", "types"));
        WANTED.forEach(w -> header.add(w.name()));
        return ResultTable.markdown(new ResultTable.Table(header, body));
    }

    private String cell(ApplicationView view, int feature, Layout layout, Wanted w, Stat stat) {
        Column col = ApplicationTable.columns(feature).get(w.column());
        List<DataType> types = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (Case c : table.cases()) {
            if (c.layout() == layout && !types.contains(c.type())) {
                types.add(c.type());
                values.add(typeValue(view, col, w, layout, c.type()));
            }
        }
        return switch (stat) {
            case FLOAT -> types.contains(DataType.FLOAT)
                    ? ApplicationTable.ratio(values.get(types.indexOf(DataType.FLOAT))) : "n/a";
            case MEDIAN -> ApplicationTable.ratio(median(values));
            case WORST -> {
                int worst = -1;
                for (int i = 0; i < values.size(); i++) {
                    double v = values.get(i);
                    if (!Double.isNaN(v) && (worst < 0 || (w.higherIsWorse() ? v > values.get(worst)
                            : v < values.get(worst)))) {
                        worst = i;
                    }
                }
                yield worst < 0 ? "n/a" : ApplicationTable.ratio(values.get(worst)) + " " + types.get(worst).onnxName();
            }
        };
    }

    /** The worse of the type's operators in the layout; NaN where neither has a figure. */
    private double typeValue(ApplicationView view, Column col, Wanted w, Layout layout, DataType type) {
        double worse = Double.NaN;
        for (Case c : table.cases()) {
            if (c.layout() == layout && c.type() == type) {
                double v = col.value().of(view, w.vector(), c);
                if (Double.isNaN(v) || Double.isInfinite(v)) {
                    continue;
                }
                if (Double.isNaN(worse) || (w.higherIsWorse() ? v > worse : v < worse)) {
                    worse = v;
                }
            }
        }
        return worse;
    }

    /** The median of the values that are numbers; NaN if none is. */
    static double median(List<Double> values) {
        double[] numbers = values.stream().filter(v -> !Double.isNaN(v)).mapToDouble(Double::doubleValue).toArray();
        return numbers.length == 0 ? Double.NaN : ApplicationResults.median(numbers);
    }

    /**
     * The caption: what a cell holds, where numpy and ONNX Runtime lead ArgONNX+SIMD (named) and the
     * plain loops (counted), and the checks' findings.
     */
    String caption(String source, List<String> checks) {
        List<String> releases = table.features().stream().map(f -> "JDK " + f).toList();
        StringBuilder sb = new StringBuilder("Each cell: ").append(String.join(" / ", releases));
        if (table.views().size() > 1) {
            sb.append(", for each of ").append(table.views().size()).append(" runs in turn (separated by \";\")");
        }
        sb.append(", from ").append(source).append(" (the application benchmark: one JVM runs every case, median per"
                + " call). Per layout: float, the worst type and the median over the types, each type's figure the"
                + " worse of ArgMax and ArgMin. Above 1x in the numpy and ORT columns, ArgONNX is faster; ÷ read"
                + " floor: 1x is the fastest read of the input that the JVM allows.");
        for (String contender : List.of("numpy", "ORT")) {
            List<String> simd = leads(contender, true);
            sb.append(' ').append(contender).append(" leads ArgONNX+SIMD (1 thread, in sequence) on ")
                    .append(simd.isEmpty() ? "no case" : simd.size() <= MAX_NAMED ? String.join(", ", simd)
                            : byLayout(contender, simd.size())).append('.');
        }
        List<String> numpyPlain = leads("numpy", false);
        List<String> ortPlain = leads("ORT", false);
        sb.append(" Without the Vector API flag, numpy leads the plain loops on ").append(numpyPlain.size())
                .append(" of ").append(measured("numpy", false)).append(" case figures and ORT on ")
                .append(ortPlain.size()).append(" of ").append(measured("ORT", false))
                .append(" (the application tables of benchmarks/README.md).");
        long invalid = checks.stream().filter(l -> l.startsWith(ApplicationChecks.INVALID)).count();
        if (invalid > 0) {
            sb.append("\n\n**").append(ApplicationChecks.INVALID).append(": ").append(invalid)
                    .append(" kernel figure(s) beat the read floor by more than its noise (listed with the application"
                            + " tables of benchmarks/README.md).**");
        }
        long noisy = checks.stream().filter(l -> l.startsWith(ApplicationChecks.NOISY)).count();
        if (noisy > 0) {
            // one line, as for INVALID: the README's headline stays short, the tables' page lists each check
            sb.append("\n\n**").append(ApplicationChecks.NOISY).append(": ").append(noisy)
                    .append(" check(s) found a read floor or numpy moving by more than ").append(ApplicationChecks.NOISY_PERCENT)
                    .append("% between repetitions (listed with the application tables of benchmarks/README.md).**");
        }
        return sb.toString();
    }

    /**
     * Too many cases to list one by one: their count, and per layout each type where the contender
     * leads with its lowest ratio over the releases, runs and operators, so that every case is named.
     */
    private String byLayout(String contender, int leads) {
        Map<Layout, Map<DataType, Double>> lowest = new TreeMap<>();
        for (ApplicationView view : table.views()) {
            for (int feature : table.features()) {
                for (Case c : table.cases()) {
                    double ratio = ratio(view, feature, true, c, contender);
                    if (ratio < 1) {
                        lowest.computeIfAbsent(c.layout(), l -> new TreeMap<>()).merge(c.type(), ratio, Math::min);
                    }
                }
            }
        }
        List<String> layouts = new ArrayList<>();
        lowest.forEach((layout, types) -> layouts.add(layout.geometry().label() + ": " + String.join(", ",
                types.entrySet().stream().map(e -> e.getKey().onnxName() + " " + ApplicationTable.ratio(e.getValue()))
                        .toList())));
        return leads + " of " + measured(contender, true) + " case figures (per layout, each type's lowest ratio): "
                + String.join("; ", layouts);
    }

    /** The cases (per release and run) where the contender's time is below ArgONNX's in sequence. */
    private List<String> leads(String contender, boolean vector) {
        List<String> cases = new ArrayList<>();
        for (int k = 0; k < table.views().size(); k++) {
            ApplicationView view = table.views().get(k);
            for (int feature : table.features()) {
                for (Case c : table.cases()) {
                    double ratio = ratio(view, feature, vector, c, contender);
                    if (ratio < 1) {
                        cases.add("JDK " + feature + " " + c.label() + " " + c.op() + " ("
                                + ApplicationTable.ratio(ratio) + (table.views().size() > 1 ? ", run " + (k + 1) : "")
                                + ")");
                    }
                }
            }
        }
        return cases;
    }

    private int measured(String contender, boolean vector) {
        int n = 0;
        for (ApplicationView view : table.views()) {
            for (int feature : table.features()) {
                for (Case c : table.cases()) {
                    n += Double.isNaN(ratio(view, feature, vector, c, contender)) ? 0 : 1;
                }
            }
        }
        return n;
    }

    private static double ratio(ApplicationView view, int feature, boolean vector, Case c, String contender) {
        double other = contender.equals("numpy") ? view.numpy(c) : view.millis(feature, vector, c, ORT, SEQUENCE);
        return other / view.millis(feature, vector, c, ONE_THREAD, SEQUENCE);
    }
}
