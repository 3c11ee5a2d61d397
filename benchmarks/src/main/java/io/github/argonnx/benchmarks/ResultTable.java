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

/** Lays the measurements out as one row per (case, operator), times first, then ratios. */
final class ResultTable {

    /** A time column: the label its measurements are filed under, and whether they depend on the operator. */
    private record TimeColumn(String label, boolean perOperator) {}

    /** A ratio column: numerator time / denominator time. */
    private record RatioColumn(String header, String numerator, String denominator) {}

    private static final List<TimeColumn> TIMES = List.of(
            new TimeColumn(BenchmarkReport.ARGONNX, true),
            new TimeColumn(BenchmarkReport.ORT_ONE_THREAD, true),
            new TimeColumn(BenchmarkReport.ORT_DEFAULT, true),
            new TimeColumn(BenchmarkReport.PLAIN_LOOP, true),
            new TimeColumn(BenchmarkReport.READ_FLOOR, false));

    private static final List<RatioColumn> RATIOS = List.of(
            new RatioColumn("ORT 1 thread / ArgONNX", BenchmarkReport.ORT_ONE_THREAD, BenchmarkReport.ARGONNX),
            new RatioColumn("ORT default / ArgONNX", BenchmarkReport.ORT_DEFAULT, BenchmarkReport.ARGONNX),
            new RatioColumn("plain loop / ArgONNX", BenchmarkReport.PLAIN_LOOP, BenchmarkReport.ARGONNX),
            new RatioColumn("ArgONNX / read floor", BenchmarkReport.ARGONNX, BenchmarkReport.READ_FLOOR));

    private final List<String> header = new ArrayList<>();
    private final List<List<String>> rows = new ArrayList<>();

    ResultTable(Set<BenchCase> cases, Set<Operator> ops, Map<String, Measurement> results) {
        header.add("case");
        for (TimeColumn t : TIMES) {
            header.add(t.label() + " ms");
        }
        header.add("ArgONNX B/call");
        for (RatioColumn r : RATIOS) {
            header.add(r.header());
        }
        for (BenchCase c : cases) {
            for (Operator op : ops) {
                List<String> row = new ArrayList<>();
                row.add(op + " " + c.label());
                for (TimeColumn t : TIMES) {
                    row.add(BenchmarkReport.format(millis(results, t.label(), c, op)));
                }
                Measurement ours = results.get(key(BenchmarkReport.ARGONNX, c, op.name()));
                row.add(ours == null || Double.isNaN(ours.bytesPerCall())
                        ? "n/a" : String.format(Locale.ROOT, "%.0f", ours.bytesPerCall()));
                for (RatioColumn r : RATIOS) {
                    double ratio = millis(results, r.numerator(), c, op) / millis(results, r.denominator(), c, op);
                    row.add(Double.isNaN(ratio) ? "n/a" : BenchmarkReport.format(ratio) + "x");
                }
                rows.add(row);
            }
        }
    }

    static String key(String label, BenchCase c, String op) {
        return label + "|" + c.name() + "|" + (op == null ? "" : op);
    }

    private static double millis(Map<String, Measurement> results, String label, BenchCase c, Operator op) {
        boolean perOperator = TIMES.stream().filter(t -> t.label().equals(label)).findFirst()
                .map(TimeColumn::perOperator).orElse(true);
        Measurement m = results.get(key(label, c, perOperator ? op.name() : null));
        return m == null ? Double.NaN : m.millis();
    }

    /** Fixed-width text for the console. */
    String text() {
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

    /** A Markdown section: the machine, the command, and the table. */
    String markdown(String arguments) {
        StringBuilder sb = new StringBuilder();
        sb.append("Machine: ").append(Runtime.getRuntime().availableProcessors()).append(" CPUs (nproc), ")
                .append(cpuModel()).append("; JVM ").append(System.getProperty("java.vm.name")).append(' ')
                .append(System.getProperty("java.runtime.version")).append(".\n\n");
        sb.append("Command: `java -jar benchmarks/target/benchmarks.jar").append(arguments.isEmpty() ? "" : " ")
                .append(arguments).append("`\n\n");
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
        return sb.toString();
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
