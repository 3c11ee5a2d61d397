package io.github.argonnx.generator.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DefaultArtifact;
import org.apache.maven.artifact.handler.DefaultArtifactHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DependencyClashesTest {

    @TempDir
    Path dir;

    @Test
    void aDependencyHoldingTheGeneratedApiIsRefusedNamingParameterClassAndDependency() throws IOException {
        Artifact kernels = artifact("argonnx-kernels", jar("kernels.jar", "io/github/argonnx/Tensor.class",
                "io/github/argonnx/DataType.class"));
        InvalidConfigurationException e = assertThrows(InvalidConfigurationException.class,
                () -> DependencyClashes.check("io.github.argonnx", List.of(runtime(), kernels)));
        assertEquals(List.of("<packageName> (property argonnx.packageName): 'io.github.argonnx' would generate"
                + " io.github.argonnx.Tensor, which the dependency io.github.argonnx:argonnx-kernels:1.0 already contains;"
                + " allowed: a package no dependency uses, or a dependency on io.github.argonnx:argonnx-runtime (the"
                + " runtime core alone) instead of io.github.argonnx:argonnx-kernels:1.0"), e.problems());
    }

    @Test
    void theRuntimeAloneOrAnotherPackageIsFine() throws Exception {
        DependencyClashes.check("io.github.argonnx", List.of(runtime()));
        Artifact kernels = artifact("argonnx-kernels", jar("kernels.jar", "io/github/argonnx/Tensor.class"));
        DependencyClashes.check("com.example.onnx", List.of(runtime(), kernels));
    }

    @Test
    void classDirectoriesAreLookedInToo() throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes/com/example"));
        Files.writeString(classes.resolve("DataType.class"), "");
        Artifact module = artifact("sibling", dir.resolve("classes"));
        assertEquals(1, assertThrows(InvalidConfigurationException.class,
                () -> DependencyClashes.check("com.example", List.of(module))).problems().size());
    }

    private Artifact runtime() throws IOException {
        return artifact("argonnx-runtime", jar("runtime.jar", "io/github/argonnx/runtime/ArgOnnxException.class"));
    }

    private Path jar(String name, String... entries) throws IOException {
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (String entry : entries) {
                zip.putNextEntry(new ZipEntry(entry));
                zip.closeEntry();
            }
        }
        return jar;
    }

    private static Artifact artifact(String artifactId, Path file) {
        DefaultArtifact artifact = new DefaultArtifact("io.github.argonnx", artifactId, "1.0", "compile", "jar", null,
                new DefaultArtifactHandler("jar"));
        artifact.setFile(file.toFile());
        return artifact;
    }
}
