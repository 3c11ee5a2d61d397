package io.github.argonnx.generator.plugin;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Collection;
import java.util.List;
import java.util.zip.ZipFile;
import org.apache.maven.artifact.Artifact;

/**
 * Refuses a {@code packageName} whose generated classes a dependency already has: with the default package
 * and a dependency on {@code argonnx-kernels}, the project's {@code io.github.argonnx.Tensor} and the jar's
 * would be two classes of one name on the class path, and which one runs would depend on its order.
 */
final class DependencyClashes {

    /** Classes every generate run writes into the package, whatever the selection. */
    private static final List<String> ALWAYS_GENERATED = List.of("Tensor", "DataType");

    private DependencyClashes() {}

    /**
     * @param packageName the package the run generates into
     * @param dependencies the project's resolved compile dependencies
     * @throws InvalidConfigurationException naming the parameter, the clashing class and the dependency
     */
    static void check(String packageName, Collection<Artifact> dependencies) throws InvalidConfigurationException, IOException {
        String directory = packageName.replace('.', '/') + "/";
        InvalidConfigurationException.Collector problems = new InvalidConfigurationException.Collector();
        for (Artifact dependency : dependencies) {
            for (String simpleName : ALWAYS_GENERATED) {
                if (dependency.getFile() != null && contains(dependency.getFile(), directory + simpleName + ".class")) {
                    String coordinates = dependency.getGroupId() + ":" + dependency.getArtifactId() + ":" + dependency.getVersion();
                    problems.add("packageName", packageName, "would generate " + packageName + "." + simpleName
                            + ", which the dependency " + coordinates + " already contains",
                            "a package no dependency uses, or a dependency on io.github.argonnx:argonnx-runtime (the runtime"
                            + " core alone) instead of " + coordinates);
                    break;
                }
            }
        }
        problems.throwIfAny();
    }

    private static boolean contains(File file, String entry) throws IOException {
        if (file.isDirectory()) {
            return Files.isRegularFile(file.toPath().resolve(entry));
        }
        if (!file.isFile() || !file.getName().endsWith(".jar")) {
            return false;
        }
        try (ZipFile jar = new ZipFile(file)) {
            return jar.getEntry(entry) != null;
        }
    }
}
