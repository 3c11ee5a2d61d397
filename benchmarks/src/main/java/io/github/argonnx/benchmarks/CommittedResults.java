package io.github.argonnx.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A results directory as committed: each JVM's JMH results ({@code jdk<N>.json}), numpy's figures
 * ({@code numpy.tsv}), the application benchmark's results ({@value ApplicationResults#FILE}) and the
 * machine ({@code machine.txt}); and the bodies of the page sections the report writes from them.
 */
final class CommittedResults {

    private CommittedResults() {}

    /** The application benchmark's results in a results directory, or null if it holds none. */
    static ApplicationResults.Series readApplication(Path directory) throws IOException {
        Path file = directory.resolve(ApplicationResults.FILE);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return ApplicationResults.parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Every JVM's results in a results directory, by Java release, with numpy's figures: the ones
     * given, or the directory's {@code numpy.tsv} if it has one.
     */
    static List<JmhResults> read(Path directory, NumpyFigures numpy) throws IOException {
        NumpyFigures figures = numpy;
        Path numpyFile = directory.resolve("numpy.tsv");
        if (figures == null && Files.isRegularFile(numpyFile)) {
            figures = NumpyFigures.parse(numpyFile, Files.readAllLines(numpyFile, StandardCharsets.UTF_8));
        }
        List<JmhResults> runs = new ArrayList<>();
        for (Path file : PathOptions.resultFiles(directory)) {
            JmhResults run;
            try {
                run = JmhResults.parse(Files.readString(file, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                throw new IOException(file + ": " + e.getMessage(), e);
            }
            if (!file.getFileName().toString().equals("jdk" + run.feature() + ".json")) {
                throw new IOException(file + " holds results of Java " + run.feature() + " (" + run.version() + ")");
            }
            runs.add(run.withNumpy(figures));
        }
        return runs;
    }

    /** The machine line a run left in the directory, or a placeholder. */
    static String machine(Path directory) throws IOException {
        Path file = directory.resolve("machine.txt");
        return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8).strip() : "machine not recorded";
    }

    /**
     * The bodies of the sections a page may hold: {@code jdk<N>} for each JVM's tables,
     * {@code application} for the application benchmark's ArgMax/ArgMin tables, {@code application-topk}
     * for its TopK tables (a line saying that no run holds them, where none does), and {@code headline}
     * for one small table (the application benchmark's where the directory holds it, else one over
     * every JMH run), each saying which files it comes from.
     */
    static Map<String, String> sections(Path directory, List<JmhResults> runs, String machine,
            ApplicationResults.Series application) {
        Map<String, String> bodies = new LinkedHashMap<>();
        List<ResultTable> tables = new ArrayList<>();
        List<String> jdks = new ArrayList<>();
        for (JmhResults run : runs) {
            ResultTable table = ResultTable.of(run.results());
            tables.add(table);
            jdks.add("JDK " + run.feature());
            String source = "`" + directory.resolve("jdk" + run.feature() + ".json") + "`";
            bodies.put("jdk" + run.feature(), run.version() + " on " + machine + "; " + run.settings()
                    + ". Written by the benchmark report from " + source + ".\n\n" + table.summary());
        }
        String headline = ResultTable.headline(tables);
        if (!headline.isEmpty()) {
            bodies.put("headline", "Each cell: " + String.join(" / ", jdks) + ", from `" + directory
                    + "` (written by the benchmark report). Above 1x in the ORT and numpy columns, ArgONNX is faster.\n\n"
                    + headline);
        }
        if (application != null) {
            ApplicationTable table = new ApplicationTable(application);
            String source = "`" + directory.resolve(ApplicationResults.FILE) + "`";
            bodies.put("application-topk", new TopKTable(application).markdown(source));
            if (table.cases().isEmpty()) {
                String none = "No run in " + source + " holds an ArgMax or ArgMin case.\n";
                bodies.put("application", none);
                bodies.put("headline", none);
                return bodies;
            }
            List<String> checks = new ApplicationChecks(table.views()).lines();
            StringBuilder body = new StringBuilder();
            List<ApplicationResults.Results> series = application.results();
            for (int k = 0; k < series.size(); k++) {
                body.append(series.size() > 1 ? "Run " + (k + 1) + ": machine: " : "Machine: ")
                        .append(series.get(k).machine()).append("; numpy: ").append(series.get(k).numpy()).append(".\n");
            }
            body.append("Written by the benchmark report (`--application`) from ").append(source).append(".\n\n");
            if (!checks.isEmpty()) {
                body.append("The benchmark's checks (").append(ApplicationChecks.INVALID)
                        .append(": a one-thread kernel beat the read floor by more than the floor moved between its"
                                + " repetitions; ").append(ApplicationChecks.NOISY).append(": a floor or numpy moved by"
                                + " more than ").append(ApplicationChecks.NOISY_PERCENT).append("% between its"
                                + " repetitions):\n\n");
                checks.forEach(line -> body.append("- **").append(line).append("**\n"));
                body.append('\n');
            }
            bodies.put("application", body + table.markdown());
            bodies.put("headline", new ApplicationHeadline(table).caption(source, checks) + "\n\n" + table.headline());
        }
        return bodies;
    }
}
