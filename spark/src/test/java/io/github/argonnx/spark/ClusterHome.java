package io.github.argonnx.spark;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * What a Spark cluster of separate JVMs needs from the test class path: a SPARK_HOME whose
 * {@code jars/} holds Spark and its dependencies (as a Spark distribution's does, without this
 * project), and the project's jars, which reach the executors through {@code spark.jars} as a user
 * ships them. A class directory of the project (this module's {@code target/classes}, or a reactor
 * build's) is packed into a jar of its own.
 */
final class ClusterHome {
    private static final String PROJECT_PACKAGE = "io/github/argonnx/";

    final Path sparkHome;
    final List<String> libraryJars = new ArrayList<>();

    private ClusterHome(Path sparkHome) {
        this.sparkHome = sparkHome;
    }

    /**
     * Lays out {@code root/spark-home} (the launcher looks for {@code launcher/target/scala-2.13} to
     * learn the Scala version when SPARK_SCALA_VERSION is not set) and {@code root/library}.
     */
    static ClusterHome assemble(Path root) throws IOException {
        ClusterHome home = new ClusterHome(root.resolve("spark-home").toAbsolutePath());
        Path jars = home.sparkHome.resolve("jars");
        Path library = root.resolve("library").toAbsolutePath();
        deleteRecursively(root);
        Files.createDirectories(jars);
        Files.createDirectories(home.sparkHome.resolve("launcher/target/scala-2.13"));
        Files.createDirectories(library);
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        int packed = 0;
        for (String entry : classPath.split(File.pathSeparator)) {
            Path path = Path.of(entry).toAbsolutePath();
            if (Files.isDirectory(path)) {
                if (Files.isDirectory(path.resolve(PROJECT_PACKAGE)) && !path.endsWith("test-classes")) {
                    Path jar = library.resolve("argonnx-" + (packed++) + "-" + path.getParent().getParent().getFileName() + ".jar");
                    pack(path, jar);
                    home.libraryJars.add(jar.toString());
                }
            } else if (Files.isRegularFile(path) && path.toString().endsWith(".jar")) {
                if (holdsProjectClasses(path)) {
                    home.libraryJars.add(path.toString());
                } else {
                    Files.createSymbolicLink(jars.resolve(path.getFileName()), path);
                }
            }
        }
        return home;
    }

    private static boolean holdsProjectClasses(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.getEntry(PROJECT_PACKAGE) != null
                    || file.stream().anyMatch(e -> e.getName().startsWith(PROJECT_PACKAGE));
        }
    }

    private static void pack(Path classes, Path jar) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream packed = new JarOutputStream(out);
                Stream<Path> files = Files.walk(classes)) {
            for (Path file : (Iterable<Path>) files.sorted()::iterator) {
                if (Files.isRegularFile(file)) {
                    packed.putNextEntry(new JarEntry(classes.relativize(file).toString().replace(File.separatorChar, '/')));
                    Files.copy(file, packed);
                    packed.closeEntry();
                }
            }
        }
    }

    private static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : (Iterable<Path>) paths.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.delete(path);
            }
        }
    }
}
