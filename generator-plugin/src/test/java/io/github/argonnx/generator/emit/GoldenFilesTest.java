package io.github.argonnx.generator.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Compares representative generated files, listed in {@code golden/golden-files.txt}, byte for byte
 * with their checked-in copies; {@code -Dargonnx.regenerate=true} rewrites the copies instead.
 */
class GoldenFilesTest {

    /** Where the copies live, in the source tree (the tests read and write them there, not on the classpath). */
    static final String GOLDEN_DIRECTORY = "generator-plugin/src/test/resources/golden";

    static final String MANIFEST = "golden-files.txt";

    /** The directory below {@link #GOLDEN_DIRECTORY} that holds each kind's copies. */
    static final Map<GeneratedFile.Kind, String> KIND_DIRECTORIES = Map.of(
            GeneratedFile.Kind.MAIN_SOURCE, "main",
            GeneratedFile.Kind.TEST_SOURCE, "test",
            GeneratedFile.Kind.DOC, "doc",
            GeneratedFile.Kind.VECTOR_SOURCE, "vector");

    /** One manifest line: a generated file and where its copy lives. */
    record Entry(GeneratedFile.Kind kind, String path, int line) {
        String key() {
            return kind + " " + path;
        }

        Path copy(Path goldenRoot) {
            return goldenRoot.resolve(KIND_DIRECTORIES.get(kind)).resolve(path);
        }

        String copyName() {
            return GOLDEN_DIRECTORY + "/" + KIND_DIRECTORIES.get(kind) + "/" + path;
        }
    }

    private static Path goldenRoot() {
        return CheckedInArtifacts.repoRoot().resolve(GOLDEN_DIRECTORY);
    }

    /** Reads the manifest: blank lines and {@code #} comments are skipped; anything malformed fails the test. */
    static List<Entry> manifest(String text) {
        List<Entry> entries = new ArrayList<>();
        List<String> lines = text.lines().toList();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split("\\s+");
            String where = MANIFEST + ":" + (i + 1) + ": ";
            if (fields.length != 2) {
                throw new IllegalArgumentException(where + "expected '<kind> <path>', found '" + line + "'");
            }
            GeneratedFile.Kind kind;
            try {
                kind = GeneratedFile.Kind.valueOf(fields[0]);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + "unknown kind '" + fields[0] + "' (expected one of: "
                        + Stream.of(GeneratedFile.Kind.values()).map(Enum::name).collect(Collectors.joining(", "))
                        + ")");
            }
            String path = fields[1];
            if (path.startsWith("/") || path.contains("\\") || List.of(path.split("/")).contains("..")) {
                throw new IllegalArgumentException(where + "path '" + path + "' must be relative, with / separators");
            }
            Entry entry = new Entry(kind, path, i + 1);
            if (!seen.add(entry.key())) {
                throw new IllegalArgumentException(where + "'" + entry.key() + "' is listed twice");
            }
            entries.add(entry);
        }
        return entries;
    }

    private static List<Entry> manifest() throws IOException {
        return manifest(Files.readString(goldenRoot().resolve(MANIFEST)));
    }

    @TestFactory
    Stream<DynamicTest> goldenFilesMatchTheGenerator() throws Exception {
        Map<String, GeneratedFile> generated = CheckedInArtifacts.generateAll().stream()
                .collect(Collectors.toMap(f -> f.kind() + " " + f.relativePath(), Function.identity()));
        Path root = goldenRoot();
        return manifest().stream().map(entry -> DynamicTest.dynamicTest(entry.key(), () -> {
            GeneratedFile file = generated.get(entry.key());
            Path copy = entry.copy(root);
            String committed = CheckedInArtifacts.readOrNull(copy);
            if (file == null) {
                fail(entry.key() + " is not generated: an emitter stopped producing it or renamed it. If that is"
                        + " intended, remove line " + entry.line() + " of " + MANIFEST
                        + (committed != null ? " and " + entry.copyName() : "") + ".");
            }
            if (CheckedInArtifacts.regenerate()) {
                CheckedInArtifacts.write(copy, file.content());
                assertEquals(file.content(), Files.readString(copy), "rewrote " + entry.copyName());
                return;
            }
            String problem = CheckedInArtifacts.mismatch(entry.copyName(), committed, file.content());
            if (problem != null) {
                fail(problem + "\nIf the change is intended, rewrite the golden files with\n  "
                        + CheckedInArtifacts.REGENERATE_COMMAND + "\nthen review the diff and commit them.");
            }
        }));
    }

    /** Every file in the golden directory is the manifest or a copy it lists, so none is silently unchecked. */
    @Test
    void everyCopyIsListed() throws Exception {
        Path root = goldenRoot();
        Set<Path> listed = manifest().stream().map(e -> e.copy(root)).collect(Collectors.toSet());
        List<String> unlisted;
        try (Stream<Path> files = Files.walk(root)) {
            unlisted = files.filter(Files::isRegularFile)
                    .filter(p -> !p.equals(root.resolve(MANIFEST)) && !listed.contains(p))
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .sorted()
                    .toList();
        }
        if (CheckedInArtifacts.regenerate()) {
            for (String path : unlisted) {
                Files.delete(root.resolve(path));
            }
            return;
        }
        assertTrue(unlisted.isEmpty(), "files in " + GOLDEN_DIRECTORY + " that " + MANIFEST + " does not list: "
                + unlisted + "; list them or delete them (" + CheckedInArtifacts.REGENERATE_COMMAND
                + " deletes them).");
    }

    @Test
    void manifestLinesAreCheckedStrictly() {
        List<Entry> entries = manifest("# comment\n\nDOC operators/ArgMax.md\n  MAIN_SOURCE a/B.java  \n");
        assertEquals(List.of(new Entry(GeneratedFile.Kind.DOC, "operators/ArgMax.md", 3),
                new Entry(GeneratedFile.Kind.MAIN_SOURCE, "a/B.java", 4)), entries);
        assertEquals(Path.of("/g/doc/operators/ArgMax.md"), entries.get(0).copy(Path.of("/g")));
        assertMessage("golden-files.txt:1: unknown kind 'SOURCE' (expected one of: MAIN_SOURCE, TEST_SOURCE, DOC, VECTOR_SOURCE)",
                "SOURCE a/B.java");
        assertMessage("golden-files.txt:2: expected '<kind> <path>', found 'DOC'", "\nDOC");
        assertMessage("golden-files.txt:1: path '../x.md' must be relative, with / separators", "DOC ../x.md");
        assertMessage("golden-files.txt:2: 'DOC x.md' is listed twice", "DOC x.md\nDOC x.md");
    }

    private static void assertMessage(String expected, String manifest) {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> manifest(manifest));
        assertEquals(expected, e.getMessage());
    }
}
