package io.github.argonnx.generator.plugin;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What the previous run of a goal generated: its fingerprint (hash and named inputs) and a manifest of
 * every file it wrote with the SHA-256 of its content. Kept as a small text file in the goal's output
 * directory, so deleting that directory also forgets the state; named after the goal, so that the two
 * goals never take each other's files for their own, even when they share a directory.
 *
 * @param fingerprintHash the fingerprint the files were generated for
 * @param inputs the fingerprint's named inputs, to explain what changed
 * @param roots each output root of the run, relative to the state file's directory ({@code .} for itself)
 * @param files path relative to the state file's directory ({@code /} separators) to the hex SHA-256 of its content
 */
record GenerationState(
        String fingerprintHash,
        SortedMap<String, String> inputs,
        SortedMap<String, String> roots,
        SortedMap<String, String> files) {

    /** The state file's name in a goal's output directory, for example {@code .argonnx-generate.state}. */
    static String fileName(String goal) {
        return ".argonnx-" + goal + ".state";
    }

    private static final String HEADER =
            "# ArgONNX generator state: what the last run generated. Written by argonnx-maven-plugin; do not edit.";
    private static final String FINGERPRINT = "fingerprint ";
    private static final String INPUT = "input ";
    private static final String ROOT = "root ";
    private static final String FILE = "file ";

    GenerationState {
        inputs = Collections.unmodifiableSortedMap(new TreeMap<>(inputs));
        roots = Collections.unmodifiableSortedMap(new TreeMap<>(roots));
        files = Collections.unmodifiableSortedMap(new TreeMap<>(files));
    }

    static GenerationState of(Fingerprint fingerprint, SortedMap<String, String> roots,
            SortedMap<String, String> files) {
        return new GenerationState(fingerprint.hash(), fingerprint.inputs(), roots, files);
    }

    Fingerprint fingerprint() {
        return Fingerprint.of(inputs);
    }

    /** The state in a file, or empty if there is none or it cannot be understood (then everything is regenerated). */
    static Optional<GenerationState> read(Path stateFile) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(stateFile, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        String hash = null;
        SortedMap<String, String> inputs = new TreeMap<>();
        SortedMap<String, String> roots = new TreeMap<>();
        SortedMap<String, String> files = new TreeMap<>();
        for (String line : lines) {
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith(FINGERPRINT)) {
                hash = line.substring(FINGERPRINT.length());
            } else if (line.startsWith(INPUT) && line.indexOf('=') > INPUT.length()) {
                int eq = line.indexOf('=');
                inputs.put(line.substring(INPUT.length(), eq), line.substring(eq + 1));
            } else if (line.startsWith(ROOT) && line.indexOf(' ', ROOT.length()) > ROOT.length()) {
                int space = line.indexOf(' ', ROOT.length());
                roots.put(line.substring(ROOT.length(), space), line.substring(space + 1));
            } else if (line.startsWith(FILE) && line.indexOf(' ', FILE.length()) > FILE.length()) {
                int space = line.indexOf(' ', FILE.length());
                files.put(line.substring(space + 1), line.substring(FILE.length(), space));
            } else {
                return Optional.empty();
            }
        }
        return hash == null ? Optional.empty() : Optional.of(new GenerationState(hash, inputs, roots, files));
    }

    /** The file's text: sorted, LF line endings, so equal states are equal bytes. */
    String format() {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        text.append(FINGERPRINT).append(fingerprintHash).append('\n');
        inputs.forEach((key, value) -> text.append(INPUT).append(key).append('=').append(value).append('\n'));
        roots.forEach((kind, path) -> text.append(ROOT).append(kind).append(' ').append(path).append('\n'));
        files.forEach((path, sha) -> text.append(FILE).append(sha).append(' ').append(path).append('\n'));
        return text.toString();
    }
}
