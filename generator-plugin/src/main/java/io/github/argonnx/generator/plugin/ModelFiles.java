package io.github.argonnx.generator.plugin;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;

/** The model files {@code <models>} names: {@code .onnx} files, and directories searched recursively for them. */
final class ModelFiles {

    static final String MODELS = "models";

    private ModelFiles() {}

    /**
     * Every model file, sorted and once each. A path that does not exist, or a file that does not end in
     * {@code .onnx}, is a configuration problem; a directory with no model in it too.
     */
    static List<Path> expand(List<String> models, Path basedir, Function<Path, String> shown)
            throws InvalidConfigurationException, IOException {
        InvalidConfigurationException.Collector problems = new InvalidConfigurationException.Collector();
        SortedSet<Path> files = new TreeSet<>();
        for (String given : split(models)) {
            Path path = basedir.resolve(given).toAbsolutePath().normalize();
            if (Files.isDirectory(path)) {
                int before = files.size();
                try (Stream<Path> found = Files.walk(path)) {
                    found.filter(p -> Files.isRegularFile(p) && isModel(p)).forEach(files::add);
                }
                if (files.size() == before) {
                    problems.add(MODELS, shown.apply(path), "is a directory with no .onnx file in it or below",
                            ".onnx files, or directories holding them");
                }
            } else if (Files.isRegularFile(path)) {
                if (!isModel(path)) {
                    problems.add(MODELS, shown.apply(path), "is not an .onnx file", ".onnx files, or directories holding them");
                } else {
                    files.add(path);
                }
            } else {
                problems.add(MODELS, shown.apply(path), "does not exist", ".onnx files, or directories holding them");
            }
        }
        problems.throwIfAny();
        return List.copyOf(files);
    }

    /** The values, each also split at commas (as the property gives them), blanks dropped. */
    private static List<String> split(List<String> values) {
        List<String> parts = new java.util.ArrayList<>();
        for (String value : values == null ? List.<String>of() : values) {
            for (String part : value == null ? new String[0] : value.split(",")) {
                if (!part.isBlank()) {
                    parts.add(part.strip());
                }
            }
        }
        return parts;
    }

    private static boolean isModel(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".onnx");
    }
}
