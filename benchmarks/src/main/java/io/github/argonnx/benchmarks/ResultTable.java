package io.github.argonnx.benchmarks;

import io.github.argonnx.benchmarks.BenchmarkReport.Measurement;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Lays one JVM's measurements out as tables with one row per (operator, case): the matrix's times
 * (and bytes allocated per call), the ratios of times measured side by side in the same run, and
 * the small-tensor calls against their plain loops.
 */
final class ResultTable {

    /** A time column: the label its measurements are filed under, and whether they depend on the operator. */
    private record TimeColumn(String label, boolean perOperator) {}

    /** A ratio column: numerator time / denominator time. */
    private record RatioColumn(String numerator, String denominator) {
        String header() {
            return numerator + " / " + denominator;
        }
    }

    /** A header and rows of cells. */
    record Table(List<String> header, List<List<String>> rows) {}

    private static final List<TimeColumn> TIMES = List.of(
            new TimeColumn(BenchmarkReport.ARGONNX_ONE_THREAD, true),
            new TimeColumn(BenchmarkReport.ARGONNX, true),
            new TimeColumn(BenchmarkReport.SIMD_ONE_THREAD, true),
            new TimeColumn(BenchmarkReport.SIMD, true),
            new TimeColumn(BenchmarkReport.HALVES, true),
            new TimeColumn(BenchmarkReport.SIMD_HALVES, true),
            new TimeColumn(BenchmarkReport.ORT_ONE_THREAD, true),
            new TimeColumn(BenchmarkReport.ORT_DEFAULT, true),
            new TimeColumn(BenchmarkReport.PLAIN_LOOP, true),
            new TimeColumn(BenchmarkReport.NUMPY, true),
            new TimeColumn(BenchmarkReport.READ_FLOOR, false));

    private static final List<String> ALLOCATIONS = List.of(BenchmarkReport.ARGONNX_ONE_THREAD, BenchmarkReport.ARGONNX);

    private static final List<RatioColumn> RATIOS = List.of(
            new RatioColumn(BenchmarkReport.ARGONNX_ONE_THREAD, BenchmarkReport.READ_FLOOR),
            new RatioColumn(BenchmarkReport.ARGONNX, BenchmarkReport.READ_FLOOR),
            new RatioColumn(BenchmarkReport.SIMD_ONE_THREAD, BenchmarkReport.READ_FLOOR),
            new RatioColumn(BenchmarkReport.SIMD, BenchmarkReport.READ_FLOOR),
            new RatioColumn(BenchmarkReport.ARGONNX, BenchmarkReport.ARGONNX_ONE_THREAD),
            new RatioColumn(BenchmarkReport.SIMD, BenchmarkReport.SIMD_ONE_THREAD),
            new RatioColumn(BenchmarkReport.HALVES, BenchmarkReport.ARGONNX_ONE_THREAD),
            new RatioColumn(BenchmarkReport.SIMD_HALVES, BenchmarkReport.SIMD_ONE_THREAD),
            new RatioColumn(BenchmarkReport.PLAIN_LOOP, BenchmarkReport.ARGONNX_ONE_THREAD),
            new RatioColumn(BenchmarkReport.ORT_ONE_THREAD, BenchmarkReport.ARGONNX_ONE_THREAD),
            new RatioColumn(BenchmarkReport.ORT_ONE_THREAD, BenchmarkReport.SIMD_ONE_THREAD),
            new RatioColumn(BenchmarkReport.ORT_DEFAULT, BenchmarkReport.ARGONNX),
            new RatioColumn(BenchmarkReport.ORT_DEFAULT, BenchmarkReport.SIMD),
            new RatioColumn(BenchmarkReport.NUMPY, BenchmarkReport.READ_FLOOR));

    private static final List<String> SMALL_TIMES = List.of(
            BenchmarkReport.ARGONNX, BenchmarkReport.SIMD, BenchmarkReport.PREPARED, BenchmarkReport.SIMD_PREPARED,
            BenchmarkReport.PLAIN_LOOP);

    private static final List<RatioColumn> SMALL_RATIOS = List.of(
            new RatioColumn(BenchmarkReport.ARGONNX, BenchmarkReport.PLAIN_LOOP),
            new RatioColumn(BenchmarkReport.SIMD, BenchmarkReport.PLAIN_LOOP),
            new RatioColumn(BenchmarkReport.PREPARED, BenchmarkReport.PLAIN_LOOP),
            new RatioColumn(BenchmarkReport.SIMD_PREPARED, BenchmarkReport.PLAIN_LOOP));

    private final Map<String, Measurement> results;
    private final List<BenchCase> cases;
    private final Set<SmallCase> smallCases;
    private final Set<Operator> ops;
    private final Table times;
    private final Table ratios;
    private final Table small;

    ResultTable(List<BenchCase> cases, Set<SmallCase> smallCases, Set<Operator> ops, Map<String, Measurement> results) {
        this.results = results;
        this.cases = List.copyOf(cases);
        this.smallCases = smallCases;
        this.ops = ops;
        List<String> timeHeader = new ArrayList<>(List.of("case (fastest call, ms)"));
        TIMES.forEach(t -> timeHeader.add(t.label()));
        ALLOCATIONS.forEach(a -> timeHeader.add(a + " B/call"));
        List<String> ratioHeader = new ArrayList<>(List.of("case (time ratios)"));
        RATIOS.forEach(r -> ratioHeader.add(r.header()));
        List<List<String>> timeRows = new ArrayList<>();
        List<List<String>> ratioRows = new ArrayList<>();
        for (BenchCase c : cases) {
            for (Operator op : ops) {
                String name = op + " " + c.label();
                List<String> timeRow = new ArrayList<>(List.of(name));
                for (TimeColumn t : TIMES) {
                    timeRow.add(BenchmarkReport.format(time(t.label(), c.name(), op)));
                }
                for (String label : ALLOCATIONS) {
                    timeRow.add(bytes(label, c.name(), op));
                }
                timeRows.add(timeRow);
                List<String> ratioRow = new ArrayList<>(List.of(name));
                for (RatioColumn r : RATIOS) {
                    ratioRow.add(ratio(time(r.numerator(), c.name(), op) / time(r.denominator(), c.name(), op)));
                }
                ratioRows.add(ratioRow);
            }
        }
        times = new Table(timeHeader, timeRows);
        ratios = new Table(ratioHeader, ratioRows);

        List<String> smallHeader = new ArrayList<>(List.of("small tensor into a caller's long[] (ns/call)"));
        smallHeader.addAll(SMALL_TIMES);
        SMALL_RATIOS.forEach(r -> smallHeader.add(r.header()));
        SMALL_TIMES.forEach(label -> smallHeader.add(label + " B/call"));
        List<List<String>> smallRows = new ArrayList<>();
        for (SmallCase c : smallCases) {
            for (Operator op : ops) {
                List<String> row = new ArrayList<>(List.of(op + " " + c.label()));
                SMALL_TIMES.forEach(label -> row.add(BenchmarkReport.format(time(label, c.name(), op))));
                SMALL_RATIOS.forEach(r -> row.add(ratio(time(r.numerator(), c.name(), op)
                        / time(r.denominator(), c.name(), op))));
                SMALL_TIMES.forEach(label -> row.add(bytes(label, c.name(), op)));
                smallRows.add(row);
            }
        }
        small = new Table(smallHeader, smallRows);
    }

    static String key(String label, String caseName, Operator op) {
        return label + "|" + caseName + "|" + (op == null ? "" : op.name());
    }

    /** The tables of everything the results hold: their cases in {@link BenchCase#all()} order, operators in enum order. */
    static ResultTable of(Map<String, Measurement> results) {
        Set<SmallCase> smallCases = EnumSet.noneOf(SmallCase.class);
        Set<Operator> ops = EnumSet.noneOf(Operator.class);
        for (String key : results.keySet()) {
            String[] parts = key.split("\\|", -1);
            for (SmallCase c : SmallCase.values()) {
                if (c.name().equals(parts[1])) {
                    smallCases.add(c);
                }
            }
            if (!parts[2].isEmpty()) {
                ops.add(Operator.valueOf(parts[2]));
            }
        }
        return new ResultTable(casesIn(results), smallCases, ops, results);
    }

    /** The matrix cases some measurement is of, in {@link BenchCase#all()} order. */
    static List<BenchCase> casesIn(Map<String, Measurement> results) {
        Set<String> names = new HashSet<>();
        results.keySet().forEach(key -> names.add(key.split("\\|", -1)[1]));
        return BenchCase.all().stream().filter(c -> names.contains(c.name())).toList();
    }

    /**
     * The cases the README's headline table shows, where a run has them: a contiguous slice, rows
     * and the two outer axes of float, and the slices and outer axes that differ most between types.
     */
    static final List<String> HEADLINE = List.of(
            "FLOAT_SLICE_NO_EXTREME", "FLOAT_ROWS_NO_EXTREME", "FLOAT_OUTER_NO_EXTREME", "FLOAT_OUTER_3D_NO_EXTREME",
            "UINT8_SLICE_NO_EXTREME", "INT32_SLICE_NO_EXTREME", "FLOAT16_OUTER_NO_EXTREME");

    private static final List<RatioColumn> HEADLINE_RATIOS = List.of(
            new RatioColumn(BenchmarkReport.SIMD_ONE_THREAD, BenchmarkReport.READ_FLOOR),
            new RatioColumn(BenchmarkReport.ARGONNX_ONE_THREAD, BenchmarkReport.READ_FLOOR),
            new RatioColumn(BenchmarkReport.ORT_ONE_THREAD, BenchmarkReport.SIMD_ONE_THREAD),
            new RatioColumn(BenchmarkReport.ORT_ONE_THREAD, BenchmarkReport.ARGONNX_ONE_THREAD),
            new RatioColumn(BenchmarkReport.NUMPY, BenchmarkReport.SIMD_ONE_THREAD));

    /**
     * One small table over several JVMs: ArgMax on the {@link #HEADLINE} cases, one ratio per column,
     * each cell the JVMs' values in the order given ("a / b"). Empty when no JVM has a headline case.
     */
    static String headline(List<ResultTable> perJvm) {
        List<List<String>> rows = new ArrayList<>();
        for (String caseName : HEADLINE) {
            BenchCase c = BenchCase.named(caseName);
            if (perJvm.stream().noneMatch(t -> t.has(BenchmarkReport.ARGONNX_ONE_THREAD, caseName, Operator.ArgMax)
                    || t.has(BenchmarkReport.SIMD_ONE_THREAD, caseName, Operator.ArgMax))) {
                continue;
            }
            List<String> row = new ArrayList<>(List.of(c.type().onnxName() + " " + c.geometry().label()));
            for (RatioColumn r : HEADLINE_RATIOS) {
                List<String> cells = new ArrayList<>();
                for (ResultTable t : perJvm) {
                    cells.add(ratio(t.time(r.numerator(), caseName, Operator.ArgMax)
                            / t.time(r.denominator(), caseName, Operator.ArgMax)));
                }
                row.add(String.join(" / ", cells));
            }
            rows.add(row);
        }
        if (rows.isEmpty()) {
            return "";
        }
        List<String> header = new ArrayList<>(List.of("ArgMax, one thread"));
        HEADLINE_RATIOS.forEach(r -> header.add(r.numerator() + " ÷ " + r.denominator()));
        return markdown(new Table(header, rows));
    }

    private static final List<String> SUMMARY_TIMES = List.of(
            BenchmarkReport.ARGONNX_ONE_THREAD, BenchmarkReport.SIMD_ONE_THREAD, BenchmarkReport.SIMD,
            BenchmarkReport.ORT_ONE_THREAD, BenchmarkReport.NUMPY, BenchmarkReport.READ_FLOOR);

    private static final List<RatioColumn> SUMMARY_RATIOS = List.of(
            new RatioColumn(BenchmarkReport.ARGONNX_ONE_THREAD, BenchmarkReport.READ_FLOOR),
            new RatioColumn(BenchmarkReport.SIMD_ONE_THREAD, BenchmarkReport.READ_FLOOR),
            new RatioColumn(BenchmarkReport.ORT_ONE_THREAD, BenchmarkReport.ARGONNX_ONE_THREAD),
            new RatioColumn(BenchmarkReport.ORT_ONE_THREAD, BenchmarkReport.SIMD_ONE_THREAD),
            new RatioColumn(BenchmarkReport.SIMD, BenchmarkReport.SIMD_ONE_THREAD));

    private static final List<String> SUMMARY_SMALL_TIMES = List.of(
            BenchmarkReport.ARGONNX, BenchmarkReport.PREPARED, BenchmarkReport.PLAIN_LOOP);

    /**
     * The benchmarks page's view of one JVM: one matrix table (times of one thread with and without
     * SIMD, the default parallelism with SIMD, ONNX Runtime, numpy and the read floor, and their
     * ratios), and one small-tensor table if small tensors ran.
     */
    String summary() {
        List<List<String>> rows = new ArrayList<>();
        for (BenchCase c : cases) {
            for (Operator op : ops) {
                List<String> row = new ArrayList<>(List.of(op + " " + c.label()));
                SUMMARY_TIMES.forEach(label -> row.add(BenchmarkReport.format(time(label, c.name(), op))));
                SUMMARY_RATIOS.forEach(r -> row.add(ratio(time(r.numerator(), c.name(), op)
                        / time(r.denominator(), c.name(), op))));
                rows.add(row);
            }
        }
        StringBuilder sb = new StringBuilder();
        if (!rows.isEmpty()) {
            List<String> header = new ArrayList<>(List.of("case (fastest call, ms)"));
            SUMMARY_TIMES.forEach(header::add);
            SUMMARY_RATIOS.forEach(r -> header.add(r.numerator() + " ÷ " + r.denominator()));
            sb.append(markdown(new Table(header, rows)));
        }
        List<List<String>> smallRows = new ArrayList<>();
        for (SmallCase c : smallCases) {
            for (Operator op : ops) {
                List<String> row = new ArrayList<>(List.of(op + " " + c.label()));
                SUMMARY_SMALL_TIMES.forEach(label -> row.add(BenchmarkReport.format(time(label, c.name(), op))));
                row.add(ratio(time(BenchmarkReport.ARGONNX, c.name(), op) / time(BenchmarkReport.PLAIN_LOOP, c.name(), op)));
                row.add(ratio(time(BenchmarkReport.PREPARED, c.name(), op) / time(BenchmarkReport.PLAIN_LOOP, c.name(), op)));
                row.add(bytes(BenchmarkReport.PREPARED, c.name(), op));
                smallRows.add(row);
            }
        }
        if (!smallRows.isEmpty()) {
            List<String> header = new ArrayList<>(List.of("small tensor into a caller's long[] (ns/call)"));
            header.addAll(SUMMARY_SMALL_TIMES);
            header.add(BenchmarkReport.ARGONNX + " ÷ " + BenchmarkReport.PLAIN_LOOP);
            header.add(BenchmarkReport.PREPARED + " ÷ " + BenchmarkReport.PLAIN_LOOP);
            header.add(BenchmarkReport.PREPARED + " B/call");
            if (sb.length() > 0) {
                sb.append('\n');
            }
            sb.append(markdown(new Table(header, smallRows)));
        }
        return sb.toString();
    }

    private boolean has(String label, String caseName, Operator op) {
        return !Double.isNaN(time(label, caseName, op));
    }

    /** The tables that have rows: the matrix's times and ratios, the small tensors. */
    List<Table> tables() {
        List<Table> tables = new ArrayList<>();
        if (!times.rows().isEmpty()) {
            tables.add(times);
            tables.add(ratios);
        }
        if (!small.rows().isEmpty()) {
            tables.add(small);
        }
        return tables;
    }

    private double time(String label, String caseName, Operator op) {
        boolean perOperator = TIMES.stream().filter(t -> t.label().equals(label)).findFirst()
                .map(TimeColumn::perOperator).orElse(true);
        Measurement m = results.get(key(label, caseName, perOperator ? op : null));
        return m == null ? Double.NaN : m.time();
    }

    private String bytes(String label, String caseName, Operator op) {
        Measurement m = results.get(key(label, caseName, op));
        return m == null || Double.isNaN(m.bytesPerCall()) ? "n/a" : String.format(Locale.ROOT, "%.0f", m.bytesPerCall());
    }

    private static String ratio(double value) {
        return Double.isNaN(value) ? "n/a" : BenchmarkReport.format(value) + "x";
    }

    /** Fixed-width text for the console. */
    String text() {
        StringBuilder sb = new StringBuilder();
        for (Table table : tables()) {
            int[] widths = new int[table.header().size()];
            for (int i = 0; i < widths.length; i++) {
                widths[i] = table.header().get(i).length();
                for (List<String> row : table.rows()) {
                    widths[i] = Math.max(widths[i], row.get(i).length());
                }
            }
            appendLine(sb, table.header(), widths);
            table.rows().forEach(row -> appendLine(sb, row, widths));
            sb.append('\n');
        }
        return sb.toString();
    }

    private static void appendLine(StringBuilder sb, List<String> cells, int[] widths) {
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            String pad = " ".repeat(widths[i] - cell.length());
            sb.append(i == 0 ? cell + pad : "  " + pad + cell);
        }
        sb.append('\n');
    }

    /** The tables as Markdown, each followed by a blank line. */
    String markdown() {
        StringBuilder sb = new StringBuilder();
        for (Table table : tables()) {
            sb.append(markdown(table)).append('\n');
        }
        return sb.toString();
    }

    /** One table as Markdown lines, the first column left-aligned, the others right-aligned. */
    static String markdown(Table table) {
        StringBuilder sb = new StringBuilder("|");
        table.header().forEach(h -> sb.append(' ').append(h).append(" |"));
        sb.append("\n|---|");
        sb.append("---:|".repeat(table.header().size() - 1));
        sb.append('\n');
        for (List<String> row : table.rows()) {
            sb.append('|');
            row.forEach(cell -> sb.append(' ').append(cell).append(" |"));
            sb.append('\n');
        }
        return sb.toString();
    }
}
