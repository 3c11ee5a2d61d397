package io.github.argonnx.internal.runtime;

import io.github.argonnx.runtime.ArgOnnxException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** Compiles Java sources given as text into a directory, for tests that load them in class loaders of their own. */
public final class JavaSourcesCompiler {

    private JavaSourcesCompiler() {}

    /** Where this test run's runtime classes are (the module's target/classes, or its jar). */
    public static Path runtimeClasses() throws URISyntaxException {
        return Path.of(ArgOnnxException.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /**
     * @param sources source text by binary class name
     * @param classPath what the sources compile against
     * @return {@code dir}, now holding the class files
     */
    public static Path compile(Map<String, String> sources, Path classPath, Path dir) throws IOException {
        Path src = dir.resolve("src");
        Path classes = Files.createDirectories(dir.resolve("classes"));
        List<String> arguments = new ArrayList<>(List.of("-d", classes.toString(), "--release", "17",
                "-classpath", classPath.toString()));
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path file = src.resolve(e.getKey().replace('.', '/') + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
            arguments.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        if (javac.run(null, diagnostics, diagnostics, arguments.toArray(String[]::new)) != 0) {
            throw new AssertionError("does not compile:\n" + diagnostics.toString(StandardCharsets.UTF_8));
        }
        return classes;
    }
}
