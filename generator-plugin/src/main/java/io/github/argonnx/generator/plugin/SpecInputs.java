package io.github.argonnx.generator.plugin;

import io.github.argonnx.generator.loader.SpecLoadException;
import io.github.argonnx.generator.loader.SpecLoader;
import io.github.argonnx.generator.loader.SpecProblem;
import io.github.argonnx.generator.loader.SpecSource;
import io.github.argonnx.generator.loader.SpecText;
import io.github.argonnx.generator.model.OperatorSpec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The spec texts a run generates from, read once: they are fingerprinted before anything is parsed, and
 * parsed only when the outputs are out of date.
 *
 * @param origin where they come from, for messages: a directory, or the argonnx-specs artifact
 * @param directory the spec directory, or {@code null} for the published specs
 * @param sources the files, in the order the loader reads them
 */
record SpecInputs(String origin, Path directory, List<SpecSource> sources) {

    static final String SPEC_DIRECTORY = "specDirectory";

    SpecInputs {
        sources = List.copyOf(sources);
    }

    /** Every {@code *.yaml} file of a directory, in file-name order, as {@link SpecLoader#loadDirectory} reads them. */
    static SpecInputs fromDirectory(Path directory, String shownAs)
            throws InvalidConfigurationException, IOException, SpecLoadException {
        InvalidConfigurationException.Collector problems = new InvalidConfigurationException.Collector();
        String allowed = "a directory of *.yaml operator specs, or no value for the specs published in argonnx-specs";
        if (!Files.exists(directory)) {
            problems.add(SPEC_DIRECTORY, shownAs, "does not exist", allowed);
        } else if (!Files.isDirectory(directory)) {
            problems.add(SPEC_DIRECTORY, shownAs, "is not a directory", allowed);
        }
        problems.throwIfAny();
        List<Path> specFiles;
        try (Stream<Path> files = Files.list(directory)) {
            specFiles = files.filter(p -> p.getFileName().toString().endsWith(".yaml")).sorted().toList();
        }
        // Checked before anything is read: reading a FIFO would wait forever.
        for (Path file : specFiles) {
            if (!Files.isRegularFile(file)) {
                problems.add(SPEC_DIRECTORY, shownAs + "/" + file.getFileName(), notARegularFile(file),
                        "only regular files (or links to them) named *.yaml in the spec directory");
            }
        }
        problems.throwIfAny();
        List<SpecSource> sources = new ArrayList<>();
        List<SpecProblem> unreadable = new ArrayList<>();
        for (Path file : specFiles) {
            String name = file.getFileName().toString();
            try {
                SpecText.checkSize(name, Files.size(file));
                sources.add(SpecText.decode(name, Files.readAllBytes(file)));
            } catch (SpecLoadException e) {
                unreadable.addAll(e.problems());
            }
        }
        if (!unreadable.isEmpty()) {
            throw new SpecLoadException(unreadable);
        }
        if (sources.isEmpty()) {
            problems.add(SPEC_DIRECTORY, shownAs, "holds no *.yaml files", allowed);
        }
        problems.throwIfAny();
        return new SpecInputs(shownAs, directory, sources);
    }

    private static String notARegularFile(Path file) {
        if (Files.isDirectory(file)) {
            return "is a directory";
        }
        if (Files.isSymbolicLink(file)) {
            return "is a symbolic link to nothing";
        }
        return "is not a regular file (a FIFO, socket or device)";
    }

    /** The specs published in argonnx-specs, found on the plugin's class path through the index the loader uses. */
    static SpecInputs bundled(ClassLoader classLoader) throws IOException {
        List<SpecSource> sources = new ArrayList<>();
        for (String name : resource(classLoader, SpecLoader.BUNDLED_INDEX).lines().map(String::strip)
                .filter(line -> !line.isEmpty() && !line.startsWith("#")).toList()) {
            sources.add(new SpecSource(name, resource(classLoader, SpecLoader.BUNDLED_DIRECTORY + name)));
        }
        return new SpecInputs("the specs published in argonnx-specs", null, sources);
    }

    /** Parses the texts; a bad spec becomes a message listing every problem as {@code file:line:column: ...}. */
    List<OperatorSpec> load() throws SpecLoadException {
        return SpecLoader.load(sources);
    }

    /** One line per problem, with the file shown as the user can find it: under the spec directory if there is one. */
    String describe(SpecLoadException e) {
        return describe(origin, directory != null, e);
    }

    /** As {@link #describe(SpecLoadException)}, for specs of {@code origin}, a directory or not. */
    static String describe(String origin, boolean isDirectory, SpecLoadException e) {
        List<SpecProblem> problems = e.problems();
        String prefix = isDirectory ? origin + "/" : "";
        return "ArgONNX: " + problems.size() + (problems.size() == 1 ? " problem" : " problems") + " in " + origin
                + ":\n" + problems.stream().map(p -> "  " + prefix + p).collect(Collectors.joining("\n"));
    }

    /** Each file's name and the SHA-256 of its text. */
    SortedMap<String, String> fingerprintInputs() {
        SortedMap<String, String> inputs = new TreeMap<>();
        inputs.put("specs", directory == null ? "bundled" : "directory");
        for (SpecSource source : sources) {
            inputs.put("spec." + source.displayName(),
                    Fingerprint.sha256Hex(source.content().getBytes(StandardCharsets.UTF_8)));
        }
        return inputs;
    }

    private static String resource(ClassLoader classLoader, String name) throws IOException {
        try (InputStream in = classLoader.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("resource " + name + " not found: argonnx-specs must be on the plugin's class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
