package io.github.argonnx.generator.plugin;

import io.github.argonnx.generator.emit.GeneratedFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
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
 * and this one does not (nothing else), writes a file only when its bytes change, and records the
 * fingerprint and a manifest last, so that an interrupted run is repaired by the next one.
 */
final class GeneratedOutputs {

    /** What a synchronization did. */
    record Result(int total, int written, int unchanged, int staleRemoved) {}

    /** Whether the outputs match a fingerprint, and if not, why. */
    record Status(boolean upToDate, String reason, int fileCount) {}

    private final Path stateFile;
    private final Path stateDirectory;
    private final Map<GeneratedFile.Kind, Path> roots;

    /**
     * @param stateFile the goal's state file, in its own output directory
     * @param roots where each kind of generated file goes; kinds not present are not generated
     */
    GeneratedOutputs(Path stateFile, Map<GeneratedFile.Kind, Path> roots) {
        this.stateFile = stateFile.toAbsolutePath().normalize();
        this.stateDirectory = this.stateFile.getParent();
        this.roots = new EnumMap<>(GeneratedFile.Kind.class);
        roots.forEach((kind, root) -> this.roots.put(kind, root.toAbsolutePath().normalize()));
    }

    Path stateFile() {
        return stateFile;
    }

    /** The kinds this goal generates. */
    Collection<GeneratedFile.Kind> kinds() {
        return roots.keySet();
    }

    /**
     * Where each root is, relative to the state directory: part of the fingerprint, because the manifest
     * records paths relative to it.
     */
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

    /** Up to date when the previous run had the same fingerprint and every file it wrote is still as written. */
    Status status(Fingerprint fingerprint) throws IOException {
        Optional<GenerationState> previous = GenerationState.read(stateFile());
        if (previous.isEmpty()) {
            return new Status(false, "no previous generation state in " + stateDirectory, 0);
        }
        GenerationState state = previous.get();
        if (!state.fingerprintHash().equals(fingerprint.hash())) {
            List<String> changed = fingerprint.changedKeys(state.fingerprint());
            return new Status(false, "inputs changed: " + (changed.isEmpty() ? "fingerprint" : String.join(", ", changed)),
                    state.files().size());
        }
        for (Map.Entry<String, String> recorded : state.files().entrySet()) {
            Path file = stateDirectory.resolve(recorded.getKey()).normalize();
            if (!Files.isRegularFile(file)) {
                return new Status(false, recorded.getKey() + " is missing", state.files().size());
            }
            if (!Fingerprint.sha256Hex(Files.readAllBytes(file)).equals(recorded.getValue())) {
                return new Status(false, recorded.getKey() + " was changed by hand", state.files().size());
            }
        }
        return new Status(true, "up to date", state.files().size());
    }

    /** Makes the roots hold exactly {@code files} (of this goal's kinds) and records them under {@code fingerprint}. */
    Result synchronize(List<GeneratedFile> files, Fingerprint fingerprint) throws IOException {
        SortedMap<String, byte[]> wanted = new TreeMap<>();
        for (GeneratedFile file : files) {
            Path root = roots.get(file.kind());
            if (root == null) {
                throw new IllegalArgumentException(file.relativePath() + " is " + file.kind()
                        + ", which this goal does not generate (it generates " + roots.keySet() + ")");
            }
            Path target = resolveInside(root, file.relativePath());
            if (wanted.put(slashes(stateDirectory.relativize(target)), file.content().getBytes(StandardCharsets.UTF_8))
                    != null) {
                throw new IllegalArgumentException("two generated files have the path " + target);
            }
        }

        // Stale files go first: on a case-insensitive file system a file renamed only in case is then
        // deleted and written again, not deleted after being written.
        int staleRemoved = 0;
        Optional<GenerationState> previous = GenerationState.read(stateFile());
        if (previous.isPresent()) {
            List<Path> boundaries = cleanupBoundaries(previous.get());
            for (String path : previous.get().files().keySet()) {
                Path file = stateDirectory.resolve(path).normalize();
                // A manifest entry outside every root cannot be ours (a hand-edited state file): leave it.
                if (!wanted.containsKey(path) && boundaries.stream().anyMatch(file::startsWith)
                        && deleteGenerated(file, boundaries)) {
                    staleRemoved++;
                }
            }
        }

        int written = 0;
        SortedMap<String, String> manifest = new TreeMap<>();
        for (Map.Entry<String, byte[]> entry : wanted.entrySet()) {
            if (writeIfChanged(stateDirectory.resolve(entry.getKey()).normalize(), entry.getValue())) {
                written++;
            }
            manifest.put(entry.getKey(), Fingerprint.sha256Hex(entry.getValue()));
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
        Path temporary = directory.resolve("." + target.getFileName() + ".argonnx-tmp");
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

    /** The roots of this run and of the previous one, as its state recorded them: stale removal stays inside these. */
    private List<Path> cleanupBoundaries(GenerationState previous) {
        List<Path> stops = new ArrayList<>(roots.values());
        stops.add(stateDirectory);
        previous.roots().values().forEach(root -> stops.add(stateDirectory.resolve(root).normalize()));
        return stops;
    }

    /** Deletes a file the previous run wrote, then the directories that leaves empty, up to its root. */
    private static boolean deleteGenerated(Path file, List<Path> stops) throws IOException {
        if (!Files.deleteIfExists(file)) {
            return false;
        }
        Path directory = file.getParent();
        while (directory != null && !stops.contains(directory) && stops.stream().anyMatch(directory::startsWith)
                && isEmptyDirectory(directory)) {
            Files.delete(directory);
            directory = directory.getParent();
        }
        return true;
    }

    private static boolean isEmptyDirectory(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return false;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            return !entries.iterator().hasNext();
        }
    }

    /** A generated file's path below its root; a path that would leave the root is a generator bug. */
    private static Path resolveInside(Path root, String relativePath) {
        Path target = root.resolve(relativePath).normalize();
        if (relativePath.isEmpty() || relativePath.startsWith("/") || relativePath.contains("\\")
                || !target.startsWith(root) || target.equals(root)) {
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
