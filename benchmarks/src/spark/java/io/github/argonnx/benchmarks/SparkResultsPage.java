package io.github.argonnx.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The Spark benchmarks' way to the report's page sections ({@link ResultSections}): they run apart from
 * the report (Spark stays out of {@code benchmarks.jar}), and write their own section of a page, which
 * the report leaves as it is.
 */
public final class SparkResultsPage {
    private SparkResultsPage() {
    }

    /**
     * Rewrites the section {@code name} of the page with this body; the rest of the page stays byte for byte.
     *
     * @param page a Markdown page holding {@code <!-- results:NAME -->} and {@code <!-- /results:NAME -->}
     * @param name the section's name
     * @param body the section's new body
     * @throws IOException if the page cannot be read or written
     * @throws IllegalArgumentException if the page has no such section
     */
    public static void update(Path page, String name, String body) throws IOException {
        String text = Files.readString(page, StandardCharsets.UTF_8);
        Files.writeString(page, ResultSections.rewrite(page.toString(), text, Map.of(name, body)).text(), StandardCharsets.UTF_8);
    }
}
