package io.github.argonnx.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The results tables committed in the repository's pages are what the report writes from the results
 * committed in {@code benchmarks/results}, as {@code --from benchmarks/results --update ...} run from
 * the repository's root would write them: a change to the results or to the report's tables comes
 * with the pages it rewrites.
 */
class CommittedTablesTest {

    /** The tests run in the module's directory; the pages name the results as seen from the root. */
    private static final Path RESULTS = Path.of("results");
    private static final Path AS_NAMED = Path.of("benchmarks", "results");

    private static Map<String, String> bodies() throws IOException {
        return CommittedResults.sections(AS_NAMED, CommittedResults.read(RESULTS, null),
                CommittedResults.machine(RESULTS), CommittedResults.readApplication(RESULTS));
    }

    private static void assertCurrent(Path page) throws IOException {
        String text = Files.readString(page, StandardCharsets.UTF_8);
        String rewritten = ResultSections.rewrite(page.toString(), text, bodies()).text();
        List<String> committed = text.lines().toList();
        List<String> written = rewritten.lines().toList();
        int line = 0;
        while (line < Math.min(committed.size(), written.size()) && committed.get(line).equals(written.get(line))) {
            line++;
        }
        // The first line that differs, rather than both pages whole.
        assertEquals(line < written.size() ? written.get(line) : "(end)", line < committed.size() ? committed.get(line)
                : "(end)", page + " line " + (line + 1) + " differs from what the report writes from benchmarks/results:"
                + " run java -jar benchmarks/target/benchmarks.jar --from benchmarks/results --update"
                + " benchmarks/README.md --update README.md");
        assertEquals(text, rewritten, page + ": line ends or the last line differ");
    }

    @Test
    void theBenchmarksPageHoldsTheTablesOfTheCommittedResults() throws IOException {
        assertCurrent(Path.of("README.md"));
    }

    @Test
    void theTopLevelHeadlineIsTheOneOfTheCommittedResults() throws IOException {
        assertCurrent(Path.of("..", "README.md"));
    }
}
