package io.github.argonnx.conformance.support;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the tests find their data. */
public final class Paths {

    private Paths() {}

    /** The bundled ONNX node test folders (test resources, copied unchanged from onnx/onnx). */
    public static Path nodeTests() {
        Path p = Path.of("src/test/resources/onnx-node-tests");
        if (!Files.isDirectory(p)) {
            throw new IllegalStateException("node tests not found at " + p.toAbsolutePath()
                    + " (tests run from the conformance module directory)");
        }
        return p;
    }

    /** The bundled ONNX node test folders for TopK (test resources, copied unchanged). */
    public static Path topKNodeTests() {
        Path p = Path.of("src/test/resources/onnx-node-tests-topk");
        if (!Files.isDirectory(p)) {
            throw new IllegalStateException("TopK node tests not found at " + p.toAbsolutePath()
                    + " (tests run from the conformance module directory)");
        }
        return p;
    }

    /** The repository root: Maven passes {@code maven.multiModuleProjectDirectory}; else the parent folder. */
    public static Path repositoryRoot() {
        String root = System.getProperty("argonnx.repositoryRoot");
        return root != null && !root.isBlank() ? Path.of(root) : Path.of("..").toAbsolutePath().normalize();
    }
}
