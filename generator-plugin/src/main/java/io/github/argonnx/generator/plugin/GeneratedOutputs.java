package io.github.argonnx.generator.plugin;

import io.github.argonnx.generator.emit.GeneratedFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The files one goal generates, spread over its output roots, and the state that records them.
 *
 * <p>Brings the roots in line with a new set of generated files: deletes what the previous run wrote
 * and this one does not, writes a file only when its bytes change, and records the fingerprint and a
 * manifest last. Before it changes anything it journals the files it is about to write in the state, so
 * that a run interrupted at any point (even killed) is completed by the next one: that run removes what
 * the interrupted one wrote and its own configuration does not generate.
 *
 * <p>It never deletes a file it did not write: a file is deleted only if the state names it below the
 * configured root of its kind (no {@code ..}, no absolute path, no symbolic link leading out of the root),
 * it is a regular file, and its content has the SHA-256 the state recorded for it.
 */
final class GeneratedOutputs {

    /** What a synchronization did. */
    record Result(int total, int written, int unchanged, int staleRemoved) {}

    /** Whether the outputs match a fingerprint, and if not, why. */
    record Status(boolean upToDate, String reason, int fileCount) {}

    /** Suffix of the temporary file a write goes through, next to its target. */
    static final String TEMPORARY_SUFFIX = ".argonnx-tmp";

    private static final String NO_FINGERPRINT = "none";

    private final Path stateFile;
    private final Path stateDirectory;
    private final Map<GeneratedFile.Kind, Path> roots;
    private final Map<GeneratedFile.Kind, Path> owned;

    /**
     * @param stateFile the goal's state file, in its own output directory
     * @param roots where each kind of generated file goes; kinds not present are not generated
     */
    GeneratedOutputs(Path stateFile, Map<GeneratedFile.Kind, Path> roots) {
        this(stateFile, roots, roots);
    }

    /**
     * @param stateFile the goal's state file, in its own output directory
     * @param roots where each kind of generated file goes; kinds not present are not generated
     * @param owned the configured directory of every kind, generated this time or not: files of an earlier
     *     run are removed from these (and only these) when no longer generated
     */
    GeneratedOutputs(Path stateFile, Map<GeneratedFile.Kind, Path> roots, Map<GeneratedFile.Kind, Path> owned) {
        this.stateFile = stateFile.toAbsolutePath().normalize();
        this.stateDirectory = this.stateFile.getParent();
        this.roots = new EnumMap<>(GeneratedFile.Kind.class);
        roots.forEach((kind, root) -> this.roots.put(kind, root.toAbsolutePath().normalize()));
        this.owned = new EnumMap<>(GeneratedFile.Kind.class);
        owned.forEach((kind, root) -> this.owned.put(kind, root.toAbsolutePath().normalize()));
        this.owned.putAll(this.roots);
    }

    Path stateFile() {
        return stateFile;
    }

    /** The kinds this goal generates. */
    Collection<GeneratedFile.Kind> kinds() {
        return roots.keySet();
    }

    /** Where each root is, relative to the state directory: part of the fingerprint. */
    SortedMap<String, String> layout() {
        SortedMap<String, String> layout = new TreeMap<>();
        relativeRoots().forEach((kind, root) -> layout.put("root." + kind, root));
        return layout;
    }

    private SortedMap<String, String> relativeRoots() {
        SortedMap<String, String> relative = new TreeMap<>();
        roots.forEach((kind, root) -> relative.put(kind.name(), slashes(stateDirectory.relativize(root))));
        return relative;
    }

    /** Up to date when the previous run finished with the same fingerprint and every file it wrote is still as written. */
    Status status(Fingerprint fingerprint) throws IOException {
        Optional<GenerationState> previous = GenerationState.read(stateFile());
        if (previous.isEmpty()) {
            return new Status(false, "no readable generation state in " + stateDirectory, 0);
        }
        GenerationState state = previous.get();
        if (state.interrupted()) {
            return new Status(false, "the previous run did not finish", state.files().size());
        }
        if (!state.fingerprintHash().equals(fingerprint.hash())) {
            List<String> changed = fingerprint.changedKeys(state.fingerprint());
            return new Status(false, "inputs changed: " + (changed.isEmpty() ? "fingerprint" : String.join(", ", changed)),
                    state.files().size());
        }
        for (Map.Entry<String, String> recorded : state.files().entrySet()) {
            Optional<Path> file = ownedFile(recorded.getKey());
            if (file.isEmpty() || !Files.isRegularFile(file.get(), LinkOption.NOFOLLOW_LINKS)) {
                return new Status(false, recorded.getKey() + " is missing", state.files().size());
            }
            if (!Fingerprint.sha256Hex(Files.readAllBytes(file.get())).equals(recorded.getValue())) {
                return new Status(false, recorded.getKey() + " was changed by hand", state.files().size());
            }
        }
        return new Status(true, "up to date", state.files().size());
    }

    /** Makes the roots hold exactly {@code files} (of this goal's kinds) and records them under {@code fingerprint}. */
    Result synchronize(List<GeneratedFile> files, Fingerprint fingerprint) throws IOException {
        SortedMap<String, byte[]> wanted = new TreeMap<>();
        SortedMap<String, String> manifest = new TreeMap<>();
        for (GeneratedFile file : files) {
            Path root = roots.get(file.kind());
            if (root == null) {
                throw new IllegalArgumentException("this goal does not generate " + file.kind() + " files: "
                        + file.relativePath());
            }
            resolveInside(root, file.relativePath());
            String key = GenerationState.key(file.kind().name(), file.relativePath());
            byte[] bytes = file.content().getBytes(StandardCharsets.UTF_8);
            if (wanted.put(key, bytes) != null) {
                throw new IllegalArgumentException("two generated files have the path " + file.relativePath());
            }
            manifest.put(key, Fingerprint.sha256Hex(bytes));
        }

        GenerationState previous = GenerationState.read(stateFile)
                .orElse(new GenerationState(NO_FINGERPRINT, new TreeMap<>(), new TreeMap<>(), new TreeMap<>(),
                        new TreeMap<>()));
        removeTemporaries(previous);
        // The journal: from here on, until the final state replaces it, the next run knows what this one may write.
        writeIfChanged(stateFile, previous.withPending(manifest).format().getBytes(StandardCharsets.UTF_8));

        // Stale files go first: on a case-insensitive file system a file renamed only in case is then
        // deleted and written again, not deleted after being written.
        int staleRemoved = 0;
        SortedMap<String, String> recorded = new TreeMap<>(previous.pending());
        recorded.putAll(previous.files());
        for (String key : recorded.keySet()) {
            if (!wanted.containsKey(key) && deleteIfWritten(key, previous)) {
                staleRemoved++;
            }
        }

        int written = 0;
        for (Map.Entry<String, byte[]> entry : wanted.entrySet()) {
            if (writeIfChanged(ownedFile(entry.getKey()).orElseThrow(), entry.getValue())) {
                written++;
            }
        }
        GenerationState state = GenerationState.of(fingerprint, relativeRoots(), manifest);
        writeIfChanged(stateFile, state.format().getBytes(StandardCharsets.UTF_8));
        return new Result(wanted.size(), written, wanted.size() - written, staleRemoved);
    }

    /**
     * Writes {@code bytes} unless the file already holds exactly them; returns whether it wrote. Writes
     * through a temporary file in the same directory, so readers never see half a file.
     */
    static boolean writeIfChanged(Path target, byte[] bytes) throws IOException {
        if (Files.isRegularFile(target) && Files.size(target) == bytes.length
                && Arrays.equals(Files.readAllBytes(target), bytes)) {
            return false;
        }
        Path directory = target.getParent();
        Files.createDirectories(directory);
        // Created like any new file (not with createTempFile, which makes it private to the owner).
        Path temporary = temporaryFor(target);
        try {
            Files.write(temporary, bytes);
            try {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
        return true;
    }

    private static Path temporaryFor(Path target) {
        return target.resolveSibling("." + target.getFileName() + TEMPORARY_SUFFIX);
    }

    /** The temporary files a killed run left next to the files it journaled, and next to the state file. */
    private void removeTemporaries(GenerationState previous) throws IOException {
        List<Path> targets = new ArrayList<>();
        targets.add(stateFile);
        for (String key : previous.pending().keySet()) {
            ownedFile(key).ifPresent(targets::add);
        }
        for (Path target : targets) {
            Path temporary = temporaryFor(target);
            if (Files.isRegularFile(temporary, LinkOption.NOFOLLOW_LINKS)) {
                Files.delete(temporary);
            }
        }
    }

    /**
     * Deletes a file an earlier run wrote, if it is still exactly what that run wrote, then the directories
     * that leaves empty, up to its root.
     */
    private boolean deleteIfWritten(String key, GenerationState previous) throws IOException {
        Optional<Path> found = ownedFile(key);
        if (found.isEmpty() || !Files.isRegularFile(found.get(), LinkOption.NOFOLLOW_LINKS)
                || !previous.wrote(key, Fingerprint.sha256Hex(Files.readAllBytes(found.get())))) {
            return false;
        }
        Path file = found.get();
        Files.delete(file);
        Path root = owned.get(GeneratedFile.Kind.valueOf(GenerationState.kindOf(key)));
        Path directory = file.getParent();
        while (directory != null && !directory.equals(root) && !directory.equals(stateDirectory)
                && !owned.containsValue(directory) && directory.startsWith(root) && isEmptyDirectory(directory)) {
            Files.delete(directory);
            directory = directory.getParent();
        }
        return true;
    }

    /**
     * Where a state key's file is, if it names one this goal may touch: below the configured root of its
     * kind, also after following symbolic links in the directories above it.
     */
    private Optional<Path> ownedFile(String key) throws IOException {
        GeneratedFile.Kind kind;
        try {
            kind = GeneratedFile.Kind.valueOf(GenerationState.kindOf(key));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        Path root = owned.get(kind);
        String path = GenerationState.pathOf(key);
        if (root == null || !GenerationState.isPlainRelativePath(path)) {
            return Optional.empty();
        }
        Path target = root.resolve(path).normalize();
        if (!target.startsWith(root) || target.equals(root)) {
            return Optional.empty();
        }
        Path existing = target.getParent();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing != null && existing.startsWith(root) && !existing.toRealPath().startsWith(root.toRealPath())) {
            return Optional.empty();
        }
        return Optional.of(target);
    }

    private static boolean isEmptyDirectory(Path directory) throws IOException {
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            return !entries.iterator().hasNext();
        }
    }

    /** A generated file's path below its root; a path that would leave the root is a generator bug. */
    private static Path resolveInside(Path root, String relativePath) {
        Path target = root.resolve(relativePath).normalize();
        if (!GenerationState.isPlainRelativePath(relativePath) || !target.startsWith(root) || target.equals(root)) {
            throw new IllegalArgumentException("generated path '" + relativePath + "' is not a relative path inside "
                    + root);
        }
        return target;
    }

    private static String slashes(Path relative) {
        String text = relative.toString().replace(relative.getFileSystem().getSeparator(), "/");
        return text.isEmpty() ? "." : text;
    }
}
