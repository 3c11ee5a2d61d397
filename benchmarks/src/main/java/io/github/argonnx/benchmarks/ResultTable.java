package io.github.argonnx.benchmarks;

import io.github.argonnx.benchmarks.BenchmarkReport.Measurement;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Lays the measurements out as two tables with one row per (operator, case): times (and bytes
 * allocated per call), then ratios of times measured side by side in the same run.
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

    private static final List<TimeColumn> TIMES = List.of(
            new TimeColumn(BenchmarkReport.ARGONNX_ONE_THREAD, true),
            new TimeColumn(BenchmarkReport.ARGONNX, true),
            new TimeColumn(BenchmarkReport.SIMD_ONE_THREAD, true),
            new TimeColumn(BenchmarkReport.SIMD, true),
            new TimeColumn(BenchmarkReport.ORT_ONE_THREAD, true),
            new TimeColumn(BenchmarkReport.ORT_DEFAULT, true),
            new TimeColumn(BenchmarkReport.PLAIN_LOOP, true),
            new TimeColumn(BenchmarkReport.READ_FLOOR, false));

    private static final List<String> ALLOCATIONS = List.of(BenchmarkReport.ARGONNX_ONE_THREAD, BenchmarkReport.ARGONNX);

    private static final List<RatioColumn> RATIOS = List.of(
            new RatioColumn(BenchmarkReport.ORT_ONE_THREAD, BenchmarkReport.ARGONNX_ONE_THREAD),
            new RatioColumn(BenchmarkReport.ORT_ONE_THREAD, BenchmarkReport.SIMD_ONE_THREAD),
            new RatioColumn(BenchmarkReport.ORT_DEFAULT, BenchmarkReport.ARGONNX),
            new RatioColumn(BenchmarkReport.ORT_DEFAULT, BenchmarkReport.SIMD),
            new RatioColumn(BenchmarkReport.PLAIN_LOOP, BenchmarkReport.ARGONNX_ONE_THREAD),
            new RatioColumn(BenchmarkReport.ARGONNX_ONE_THREAD, BenchmarkReport.READ_FLOOR),
            new RatioColumn(BenchmarkReport.SIMD_ONE_THREAD, BenchmarkReport.READ_FLOOR),
            new RatioColumn(BenchmarkReport.SIMD, BenchmarkReport.READ_FLOOR));

    /** numpy's time over the read floor in docs/performance.md (same kind of machine, another run). */
    private static final Map<BenchCase, Double> NUMPY_OVER_FLOOR = Map.of(
            BenchCase.FLOAT_16M_AXIS0, 2.6 / 2.5,
            BenchCase.FLOAT_4096x4096_AXIS1, 2.7 / 2.5,
            BenchCase.FLOAT_4096x4096_AXIS0, 148.9 / 2.4,
            BenchCase.FLOAT_64x256x1024_AXIS1, 47.7 / 2.5,
            BenchCase.INT32_16M_AXIS0, 2.5 / 2.5,
            BenchCase.UINT8_16M_AXIS0, 0.63 / 0.60);

    private final List<String> timeHeader = new ArrayList<>();
    private final List<List<String>> timeRows = new ArrayList<>();
    private final List<String> ratioHeader = new ArrayList<>();
    private final List<List<String>> ratioRows = new ArrayList<>();

    ResultTable(Set<BenchCase> cases, Set<Operator> ops, Map<String, Measurement> results) {
        timeHeader.add("case (fastest call, ms)");
        TIMES.forEach(t -> timeHeader.add(t.label()));
        ALLOCATIONS.forEach(a -> timeHeader.add(a + " B/call"));
        ratioHeader.add("case (time ratios)");
        RATIOS.forEach(r -> ratioHeader.add(r.header()));
        ratioHeader.add("numpy / read floor (performance.md)");
        for (BenchCase c : cases) {
            for (Operator op : ops) {
                String name = op + " " + c.label();
                List<String> times = new ArrayList<>();
                times.add(name);
                for (TimeColumn t : TIMES) {
                    times.add(BenchmarkReport.format(millis(results, t.label(), c, op)));
                }
                for (String label : ALLOCATIONS) {
                    Measurement m = results.get(key(label, c, op.name()));
                    times.add(m == null || Double.isNaN(m.bytesPerCall())
                            ? "n/a" : String.format(Locale.ROOT, "%.0f", m.bytesPerCall()));
                }
                timeRows.add(times);
                List<String> ratios = new ArrayList<>();
                ratios.add(name);
                for (RatioColumn r : RATIOS) {
                    ratios.add(ratio(millis(results, r.numerator(), c, op) / millis(results, r.denominator(), c, op)));
                }
                ratios.add(ratio(NUMPY_OVER_FLOOR.getOrDefault(c, Double.NaN)));
                ratioRows.add(ratios);
            }
        }
    }

    static String key(String label, BenchCase c, String op) {
        return label + "|" + c.name() + "|" + (op == null ? "" : op);
    }

    private static String ratio(double value) {
        return Double.isNaN(value) ? "n/a" : BenchmarkReport.format(value) + "x";
    }

    private static double millis(Map<String, Measurement> results, String label, BenchCase c, Operator op) {
        boolean perOperator = TIMES.stream().filter(t -> t.label().equals(label)).findFirst()
                .map(TimeColumn::perOperator).orElse(true);
        Measurement m = results.get(key(label, c, perOperator ? op.name() : null));
        return m == null ? Double.NaN : m.millis();
    }

    /** Fixed-width text for the console. */
    String text() {
        return text(timeHeader, timeRows) + "\n" + text(ratioHeader, ratioRows);
    }

    private static String text(List<String> header, List<List<String>> rows) {
        int[] widths = new int[header.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = header.get(i).length();
            for (List<String> row : rows) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        appendLine(sb, header, widths);
        for (List<String> row : rows) {
            appendLine(sb, row, widths);
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

    /** A Markdown section: the machine, the command, and both tables. */
    String markdown(String arguments) {
        StringBuilder sb = new StringBuilder();
        sb.append("Machine: ").append(Runtime.getRuntime().availableProcessors()).append(" CPUs (nproc), ")
                .append(cpuModel()).append("; JVM ").append(System.getProperty("java.vm.name")).append(' ')
                .append(System.getProperty("java.runtime.version")).append(".\n\n");
        sb.append("Command: `java -jar benchmarks/target/benchmarks.jar").append(arguments.isEmpty() ? "" : " ")
                .append(arguments).append("`\n\n");
        markdown(sb, timeHeader, timeRows);
        sb.append('\n');
        markdown(sb, ratioHeader, ratioRows);
        return sb.toString();
    }

    private static void markdown(StringBuilder sb, List<String> header, List<List<String>> rows) {
        sb.append('|');
        for (String h : header) {
            sb.append(' ').append(h).append(" |");
        }
        sb.append("\n|---|");
        for (int i = 1; i < header.size(); i++) {
            sb.append("---:|");
        }
        sb.append('\n');
        for (List<String> row : rows) {
            sb.append('|');
            for (String cell : row) {
                sb.append(' ').append(cell).append(" |");
            }
            sb.append('\n');
        }
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux: fall through.
        }
        return System.getProperty("os.arch");
    }
}
