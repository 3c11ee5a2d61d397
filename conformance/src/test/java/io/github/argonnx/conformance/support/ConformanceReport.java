package io.github.argonnx.conformance.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

/**
 * Counts what the conformance tests checked, per operator, version and element type, and writes
 * the table when the test run ends ({@code target/conformance-report.md}, and standard output).
 *
 * <p>Tests record every case they check, pass or fail; the report is a summary, the tests' own
 * assertions decide the build.
 */
public final class ConformanceReport {

    /** Where a case's expected answer came from. */
    public enum Source {
        NODE_VECTORS("ONNX node vectors"),
        ONNX_RUNTIME("ONNX Runtime differential"),
        REFERENCE("reference differential");

        private final String title;

        Source(String title) {
            this.title = title;
        }
    }

    /** A row of the table. */
    public record Cell(String operator, int version, ElementType type) {}

    private static final class Tally {
        final AtomicLong ran = new AtomicLong();
        final AtomicLong passed = new AtomicLong();
    }

    private static final Map<Cell, Map<Source, Tally>> CASES = new ConcurrentHashMap<>();
    private static final Map<String, AtomicLong> HOSTILE = new ConcurrentHashMap<>();
    private static final AtomicLong UNUSUAL_BUT_VALID = new AtomicLong();
    private static final Map<String, AtomicLong> NOTES = new ConcurrentHashMap<>();

    private ConformanceReport() {}

    public static void record(Source source, String operator, int version, ElementType type, boolean passed) {
        Tally t = CASES.computeIfAbsent(new Cell(operator, version, type), c -> new ConcurrentHashMap<>())
                .computeIfAbsent(source, s -> new Tally());
        t.ran.incrementAndGet();
        if (passed) {
            t.passed.incrementAndGet();
        }
    }

    /** One hostile input checked, under a group name such as {@code "shape"}. */
    public static void hostile(String group) {
        HOSTILE.computeIfAbsent(group, g -> new AtomicLong()).incrementAndGet();
    }

    /** One unusual but valid input (read-only, direct, unaligned) answered correctly. */
    public static void unusualButValid() {
        UNUSUAL_BUT_VALID.incrementAndGet();
    }

    /** Other counted facts (concurrency calls, input forms, ...), listed under the table. */
    public static void note(String what, long count) {
        NOTES.computeIfAbsent(what, g -> new AtomicLong()).addAndGet(count);
    }

    /** The report as Markdown. */
    public static String markdown() {
        StringBuilder md = new StringBuilder("# ArgONNX conformance report\n\n");
        md.append("Cases run / passed per operator, version and input type. A case is one input tensor with one "
                + "set of attributes, checked through every input and output form the source exercises.\n\n");
        md.append("| operator | version | type |");
        for (Source s : Source.values()) {
            md.append(' ').append(s.title).append(" |");
        }
        md.append("\n|---|---|---|");
        md.append("---|".repeat(Source.values().length)).append('\n');
        Map<Source, long[]> totals = new EnumMap<>(Source.class);
        CASES.entrySet().stream()
                .sorted(Map.Entry.comparingByKey(Comparator.comparing(Cell::operator)
                        .thenComparingInt(Cell::version)
                        .thenComparing(Cell::type)))
                .forEach(e -> {
                    Cell c = e.getKey();
                    md.append("| ").append(c.operator()).append(" | ").append(c.version()).append(" | ")
                            .append(c.type().onnxName()).append(" |");
                    for (Source s : Source.values()) {
                        Tally t = e.getValue().get(s);
                        long[] total = totals.computeIfAbsent(s, x -> new long[2]);
                        if (t == null) {
                            md.append(" - |");
                        } else {
                            md.append(' ').append(t.ran.get()).append(" / ").append(t.passed.get()).append(" |");
                            total[0] += t.ran.get();
                            total[1] += t.passed.get();
                        }
                    }
                    md.append('\n');
                });
        md.append("| **all** | | |");
        for (Source s : Source.values()) {
            long[] total = totals.getOrDefault(s, new long[2]);
            md.append(" **").append(total[0]).append(" / ").append(total[1]).append("** |");
        }
        md.append("\n\n## Hostile input\n\n");
        long hostileTotal = HOSTILE.values().stream().mapToLong(AtomicLong::get).sum();
        md.append("Distinct bad inputs refused: **").append(hostileTotal).append("**");
        md.append(" (each asserts exactly ArgOnnxException, that the message names the attribute or input, the value"
                + " and what is allowed, and that input and output are unchanged). Unusual but valid inputs"
                + " (read-only, direct, unaligned) answered correctly: **").append(UNUSUAL_BUT_VALID.get())
                .append("**.\n\n");
        new TreeMap<>(HOSTILE).forEach((g, n) -> md.append("- ").append(g).append(": ").append(n.get()).append('\n'));
        if (!NOTES.isEmpty()) {
            md.append("\n## Other checks\n\n");
            new TreeMap<>(NOTES).forEach((g, n) -> md.append("- ").append(g).append(": ").append(n.get()).append('\n'));
        }
        return md.toString();
    }

    /** Writes the report once the whole test plan has run (registered through ServiceLoader). */
    public static final class Writer implements TestExecutionListener {
        @Override
        public void testPlanExecutionFinished(TestPlan testPlan) {
            if (CASES.isEmpty() && HOSTILE.isEmpty()) {
                return; // a run that selected none of the conformance tests
            }
            String md = markdown();
            Path file = Path.of(System.getProperty("conformance.report", "target/conformance-report.md"));
            try {
                Files.createDirectories(file.toAbsolutePath().getParent());
                Files.writeString(file, md, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            System.out.println();
            System.out.println(md);
            System.out.println("(written to " + file.toAbsolutePath() + ")");
        }
    }
}
