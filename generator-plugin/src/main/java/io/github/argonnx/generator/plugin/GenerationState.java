package io.github.argonnx.generator.plugin;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 * @param files each file's key ({@code <kind> <path below that kind's root>}, {@code /} separators, see
 *     {@link #key}) to the hex SHA-256 of its content
 * @param pending files a run that has not finished may have written, key to the SHA-256 it writes: the
 *     journal that lets the next run remove them. Empty once a run completes
 */
record GenerationState(
        String fingerprintHash,
        SortedMap<String, String> inputs,
        SortedMap<String, String> roots,
        SortedMap<String, String> files,
        SortedMap<String, String> pending) {

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
    private static final String PENDING = "pending ";
    private static final java.util.regex.Pattern SHA256 = java.util.regex.Pattern.compile("[0-9a-f]{64}");

    GenerationState {
        inputs = Collections.unmodifiableSortedMap(new TreeMap<>(inputs));
        roots = Collections.unmodifiableSortedMap(new TreeMap<>(roots));
        files = Collections.unmodifiableSortedMap(new TreeMap<>(files));
        pending = Collections.unmodifiableSortedMap(new TreeMap<>(pending));
    }

    static GenerationState of(Fingerprint fingerprint, SortedMap<String, String> roots,
            SortedMap<String, String> files) {
        return new GenerationState(fingerprint.hash(), fingerprint.inputs(), roots, files, new TreeMap<>());
    }

    /** This state with {@code pending} recorded as files a run is about to write. */
    GenerationState withPending(SortedMap<String, String> pending) {
        SortedMap<String, String> all = new TreeMap<>(this.pending);
        all.putAll(pending);
        return new GenerationState(fingerprintHash, inputs, roots, files, all);
    }

    /** Whether a run that started from this state did not finish. */
    boolean interrupted() {
        return !pending.isEmpty();
    }

    /**
     * Whether {@code sha256} is a content this state says the goal wrote at {@code path}: the recorded one,
     * or the one an unfinished run was writing.
     */
    boolean wrote(String key, String sha256) {
        return sha256.equals(files.get(key)) || sha256.equals(pending.get(key));
    }

    /** How the state names a file: the kind of its root, a space, and its path below that root. */
    static String key(String kind, String path) {
        return kind + " " + path;
    }

    /** The kind part of a {@link #key}. */
    static String kindOf(String key) {
        return key.substring(0, key.indexOf(' '));
    }

    /** The path part of a {@link #key}. */
    static String pathOf(String key) {
        return key.substring(key.indexOf(' ') + 1);
    }

    private static boolean isKey(String key) {
        int space = key.indexOf(' ');
        return space > 0 && key.substring(0, space).matches("[A-Z_]+") && isPlainRelativePath(key.substring(space + 1));
    }

    /**
     * A path as a state file may record it: relative, {@code /}-separated, without empty, {@code .} or
     * {@code ..} segments. Anything else is not a path this plugin writes, so a state naming it is refused.
     */
    static boolean isPlainRelativePath(String path) {
        if (path.isEmpty() || path.startsWith("/") || path.indexOf('\\') >= 0 || path.indexOf(':') >= 0
                || path.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            return false;
        }
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                return false;
            }
        }
        return true;
    }

    Fingerprint fingerprint() {
        return Fingerprint.of(inputs);
    }

    /**
     * The state in a file, or empty if there is none or it cannot be read or understood: a missing,
     * unreadable, non-UTF-8 or malformed state file, or one naming a path this plugin does not write, means
     * "no state", so everything is regenerated and nothing is deleted.
     */
    static Optional<GenerationState> read(Path stateFile) {
        List<String> lines;
        try {
            if (!Files.isRegularFile(stateFile, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                    || Files.size(stateFile) > MAX_STATE_BYTES) {
                return Optional.empty();
            }
            lines = Files.readAllLines(stateFile, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        String hash = null;
        SortedMap<String, String> inputs = new TreeMap<>();
        SortedMap<String, String> roots = new TreeMap<>();
        SortedMap<String, String> files = new TreeMap<>();
        SortedMap<String, String> pending = new TreeMap<>();
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
            } else if (!(entry(line, FILE, files) || entry(line, PENDING, pending))) {
                return Optional.empty();
            }
        }
        return hash == null ? Optional.empty()
                : Optional.of(new GenerationState(hash, inputs, roots, files, pending));
    }

    /** Larger than any state this plugin writes: anything bigger is not one of its state files. */
    private static final long MAX_STATE_BYTES = 16L << 20;

    /** Reads a {@code <prefix><sha256> <path>} line into {@code into}; false if the line is not one. */
    private static boolean entry(String line, String prefix, SortedMap<String, String> into) {
        if (!line.startsWith(prefix) || line.length() < prefix.length() + 66 || line.charAt(prefix.length() + 64) != ' ') {
            return false;
        }
        String sha = line.substring(prefix.length(), prefix.length() + 64);
        String key = line.substring(prefix.length() + 65);
        if (!SHA256.matcher(sha).matches() || !isKey(key)) {
            return false;
        }
        into.put(key, sha);
        return true;
    }

    /** The file's text: sorted, LF line endings, so equal states are equal bytes. */
    String format() {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        text.append(FINGERPRINT).append(fingerprintHash).append('\n');
        inputs.forEach((key, value) -> text.append(INPUT).append(key).append('=').append(value).append('\n'));
        roots.forEach((kind, path) -> text.append(ROOT).append(kind).append(' ').append(path).append('\n'));
        files.forEach((path, sha) -> text.append(FILE).append(sha).append(' ').append(path).append('\n'));
        pending.forEach((path, sha) -> text.append(PENDING).append(sha).append(' ').append(path).append('\n'));
        return text.toString();
    }
}
