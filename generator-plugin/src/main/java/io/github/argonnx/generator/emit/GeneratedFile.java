package io.github.argonnx.generator.emit;

import java.util.Objects;

/**
 * One file the generator writes.
 *
 * @param kind which output root it belongs to
 * @param relativePath path below that root, with {@code /} separators
 * @param content the file's text, LF line endings
 */
public record GeneratedFile(Kind kind, String relativePath, String content) {

    /** The output roots. */
    public enum Kind {
        MAIN_SOURCE,
        TEST_SOURCE,
        DOC,
        /**
         * Main sources that use {@code jdk.incubator.vector}: compiled apart from the others, with
         * {@code --add-modules jdk.incubator.vector}, and loaded only by name.
         */
        VECTOR_SOURCE
    }

    public GeneratedFile {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(relativePath, "relativePath");
        Objects.requireNonNull(content, "content");
        if (content.indexOf('\r') >= 0) {
            throw new IllegalArgumentException(relativePath + ": generated content must use LF line endings");
        }
    }
}
