package io.github.argonnx.generator.plugin;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;

/**
 * Compiles the generated Vector API loops into the project's classes, with the incubator module, so that a
 * project that runs {@code generate} gets them in its jar without a compiler execution of its own.
 *
 * <p>They need nothing generated beside them (only the runtime core and {@code jdk.incubator.vector}), so they
 * compile here, at {@code generate-sources}, before the main compilation; maven-compiler-plugin leaves class
 * files it did not write alone. The class files a compilation writes are listed in the vector directory, so
 * that the next compilation first removes those it no longer writes (after narrowing {@code types}).
 */
final class VectorLoopsCompiler {

    /** Where in the vector directory the class files of the last compilation are listed. */
    static final String CLASS_LIST = ".argonnx-vector-classes";

    /** The Java release the generated code is written for; classes of it run on every later JDK. */
    static final String RELEASE = "17";

    private final Path sources;
    private final Path classes;
    private final List<String> classpath;
    private final Log log;

    VectorLoopsCompiler(Path sources, Path classes, List<String> classpath, Log log) {
        this.sources = sources;
        this.classes = classes;
        this.classpath = List.copyOf(classpath);
        this.log = log;
    }

    /**
     * Compiles the loops unless every one has a class file at least as new as its source.
     *
     * @return the number of loop classes compiled (package-info aside), 0 when all were up to date or there are none
     */
    int compileIfNeeded() throws IOException, MojoFailureException {
        List<Path> loops = sourceFiles();
        if (loops.stream().allMatch(p -> p.getFileName().toString().equals("package-info.java"))) {
            // No loop left (emitVectorLoops turned off, say): what an earlier compilation wrote goes too.
            removeListedClasses();
            Files.deleteIfExists(sources.resolve(CLASS_LIST));
            return 0;
        }
        if (loops.stream().allMatch(this::upToDate) && !listsOtherClasses(loops)) {
            return 0;
        }
        removeListedClasses();
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new MojoFailureException("ArgONNX: the Vector API loops in " + sources + " need a Java compiler, and "
                    + "this JVM (" + System.getProperty("java.home") + ") has none: run Maven on a JDK, or set "
                    + "<compileVectorLoops>false</compileVectorLoops> (property argonnx.compileVectorLoops) to "
                    + "leave them uncompiled (the kernels then run plain Java loops)");
        }
        Files.createDirectories(classes);
        List<String> options = List.of("--release", RELEASE, "--add-modules", "jdk.incubator.vector",
                "-encoding", "UTF-8", "-proc:none", "-implicit:none", "-nowarn",
                "-classpath", String.join(java.io.File.pathSeparator, classpath),
                "-d", classes.toString());
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StringWriter output = new StringWriter();
        boolean compiled;
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT,
                StandardCharsets.UTF_8)) {
            compiled = javac.getTask(output, files, diagnostics, options, null,
                    files.getJavaFileObjectsFromPaths(loops)).call();
        }
        String errors = diagnostics.getDiagnostics().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                .map(d -> "  " + (d.getSource() == null ? "" : d.getSource().getName() + ":" + d.getLineNumber() + ": ")
                        + d.getMessage(Locale.ROOT))
                .collect(Collectors.joining("\n"));
        diagnostics.getDiagnostics().stream().filter(d -> d.getKind() != Diagnostic.Kind.ERROR)
                .forEach(d -> log.debug("ArgONNX: javac: " + d.getMessage(Locale.ROOT)));
        if (!compiled) {
            throw new MojoFailureException("ArgONNX: the Vector API loops in " + sources + " do not compile with "
                    + "--release " + RELEASE + " --add-modules jdk.incubator.vector:\n" + errors
                    + (output.toString().isBlank() ? "" : "\n" + output));
        }
        writeClassList(loops);
        return (int) loops.stream().filter(p -> !p.getFileName().toString().equals("package-info.java")).count();
    }

    /** The generated loop classes: every {@code .java} file below the vector directory. */
    List<Path> sourceFiles() throws IOException {
        if (!Files.isDirectory(sources)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(sources)) {
            return walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .filter(p -> p.getFileName().toString().endsWith(".java"))
                    .sorted()
                    .toList();
        }
    }

    /** A source whose class file is there and not older; package-info declares no class file to look for. */
    private boolean upToDate(Path source) {
        String name = source.getFileName().toString();
        if (name.equals("package-info.java")) {
            return true;
        }
        Path classFile = classes.resolve(sources.relativize(source).toString()).resolveSibling(
                name.substring(0, name.length() - ".java".length()) + ".class");
        try {
            return Files.isRegularFile(classFile)
                    && Files.getLastModifiedTime(classFile).compareTo(Files.getLastModifiedTime(source)) >= 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** Class files of the sources, nested classes included, relative to the classes directory. */
    private List<String> classFilesOf(List<Path> loops) throws IOException {
        List<String> written = new ArrayList<>();
        for (Path source : loops) {
            String name = source.getFileName().toString();
            String stem = name.substring(0, name.length() - ".java".length());
            Path directory = classes.resolve(sources.relativize(source).toString()).getParent();
            if (!Files.isDirectory(directory)) {
                continue;
            }
            try (Stream<Path> list = Files.list(directory)) {
                list.map(p -> p.getFileName().toString())
                        .filter(f -> f.equals(stem + ".class") || (f.startsWith(stem + "$") && f.endsWith(".class")))
                        .sorted()
                        .forEach(f -> written.add(classes.relativize(directory.resolve(f)).toString()
                                .replace(java.io.File.separatorChar, '/')));
            }
        }
        return written;
    }

    private void writeClassList(List<Path> loops) throws IOException {
        List<String> written = classFilesOf(loops);
        Files.writeString(sources.resolve(CLASS_LIST), written.stream().collect(Collectors.joining("\n", "", "\n")),
                StandardCharsets.UTF_8);
    }

    /** Whether the last compilation wrote classes of loops no longer generated (after narrowing the selection). */
    private boolean listsOtherClasses(List<Path> loops) throws IOException {
        Path list = sources.resolve(CLASS_LIST);
        if (!Files.isRegularFile(list)) {
            return false;
        }
        java.util.Set<String> stems = new java.util.HashSet<>();
        for (Path source : loops) {
            String relative = sources.relativize(source).toString().replace(java.io.File.separatorChar, '/');
            stems.add(relative.substring(0, relative.length() - ".java".length()));
        }
        for (String line : Files.readAllLines(list, StandardCharsets.UTF_8)) {
            String entry = line.strip();
            if (entry.endsWith(".class")) {
                String stem = entry.substring(0, entry.length() - ".class".length());
                int nested = stem.indexOf('$', stem.lastIndexOf('/') + 1);
                if (!stems.contains(nested < 0 ? stem : stem.substring(0, nested))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Removes the class files the last compilation listed: only regular files of that name below the classes. */
    private void removeListedClasses() throws IOException {
        Path list = sources.resolve(CLASS_LIST);
        if (!Files.isRegularFile(list)) {
            return;
        }
        Path root = classes.toAbsolutePath().normalize();
        for (String line : Files.readAllLines(list, StandardCharsets.UTF_8)) {
            if (line.isBlank() || !line.endsWith(".class")) {
                continue;
            }
            Path file = root.resolve(line.strip()).normalize();
            if (file.startsWith(root) && Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                Files.delete(file);
            }
        }
    }
}
