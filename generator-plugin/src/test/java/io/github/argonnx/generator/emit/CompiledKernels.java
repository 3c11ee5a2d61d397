package io.github.argonnx.generator.emit;

import io.github.argonnx.runtime.ArgOnnxException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** Compiles generated main sources against the hand-written runtime core (argonnx-runtime), for tests that run them. */
final class CompiledKernels {

    private CompiledKernels() {}

    /** The checked-out project: {@code argonnx.repoRoot} under Maven, else found from the working directory. */
    static Path repoRoot() {
        String configured = System.getProperty("argonnx.repoRoot");
        Path dir = configured != null ? Path.of(configured) : Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("generated-kernels"))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("cannot find the project root (set -Dargonnx.repoRoot)");
        }
        return dir;
    }

    /** Where this test run's argonnx-runtime classes are: the reactor's build of the runtime module, or its jar. */
    static Path runtimeLocation() {
        try {
            return Path.of(ArgOnnxException.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes the files to {@code workDir}, compiles them with the runtime core and loads them. */
    static ClassLoader compile(List<GeneratedFile> files, Path workDir) throws IOException {
        Path sources = workDir.resolve("src");
        Path classes = Files.createDirectories(workDir.resolve("classes"));
        List<String> arguments = new ArrayList<>(List.of("-d", classes.toString(), "--release", "17", "-Xlint:all", "-Werror"));
        for (GeneratedFile f : files) {
            Path target = sources.resolve(f.relativePath());
            Files.createDirectories(target.getParent());
            Files.writeString(target, f.content(), StandardCharsets.UTF_8);
            arguments.add(target.toString());
        }
        arguments.add("-classpath");
        arguments.add(runtimeLocation().toString());
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int status = javac.run(null, diagnostics, diagnostics, arguments.toArray(String[]::new));
        if (status != 0) {
            throw new AssertionError("generated sources do not compile:\n" + diagnostics.toString(StandardCharsets.UTF_8));
        }
        return new URLClassLoader(new URL[] {classes.toUri().toURL()}, CompiledKernels.class.getClassLoader());
    }
}
