package io.github.argonnx.generator.plugin;

import java.io.File;
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
    static List<Path> expand(List<File> models, Function<Path, String> shown) throws InvalidConfigurationException,
            IOException {
        InvalidConfigurationException.Collector problems = new InvalidConfigurationException.Collector();
        SortedSet<Path> files = new TreeSet<>();
        for (File given : models == null ? List.<File>of() : models) {
            if (given == null) {
                continue;
            }
            Path path = given.toPath().toAbsolutePath().normalize();
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

    private static boolean isModel(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".onnx");
    }
}
