package io.github.argonnx.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The report's options that name files, directories and JVMs: each is checked while the command
 * line is parsed, so that a run of minutes does not end on a path it cannot read or write.
 */
final class PathOptions {

    private PathOptions() {}

    /** A java executable, given as itself or as the JDK directory holding {@code bin/java}. */
    static final class JavaExecutable implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            Path given;
            try {
                given = Path.of(value);
            } catch (InvalidPathException e) {
                throw new TypeConversionException("'" + value + "' is not a valid path: " + e.getReason());
            }
            Path java = Files.isDirectory(given) ? given.resolve("bin").resolve("java") : given;
            if (value.isBlank() || !Files.isRegularFile(java) || !Files.isExecutable(java)) {
                throw new TypeConversionException("'" + value + "' is not a java executable (allowed: a java"
                        + " executable, or a JDK directory with an executable bin/java)");
            }
            return java.toAbsolutePath().normalize();
        }

        /** The java executable of the JVM running the report. */
        static Path running() {
            return Path.of(System.getProperty("java.home"), "bin", "java").toAbsolutePath().normalize();
        }
    }

    /**
     * A file the report can write when it ends: checked up front, since the run before it takes
     * minutes. The file itself may not exist yet; its directory must.
     */
    static final class WritableFile implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            Path file;
            try {
                file = Path.of(value);
            } catch (InvalidPathException e) {
                throw new TypeConversionException("'" + value + "' is not a valid path: " + e.getReason());
            }
            Path absolute = file.toAbsolutePath().normalize();
            Path directory = absolute.getParent();
            if (value.isBlank() || directory == null || Files.isDirectory(absolute)) {
                throw new TypeConversionException("'" + value + "' is not a file name (allowed: a file in an"
                        + " existing, writable directory)");
            }
            if (!Files.isDirectory(directory)) {
                throw new TypeConversionException("directory '" + directory + "' of '" + value
                        + "' does not exist (allowed: a file in an existing, writable directory)");
            }
            if (!Files.isWritable(directory) || Files.exists(absolute) && !Files.isWritable(absolute)) {
                throw new TypeConversionException("'" + value + "' cannot be written (allowed: a file in an"
                        + " existing, writable directory)");
            }
            return file;
        }
    }

    /**
     * A directory for a run's results: an existing one, or a new one in an existing directory, so
     * that a long run does not end on a path it cannot write.
     */
    static final class ResultsDirectory implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            Path directory = path(value);
            Path parent = directory.toAbsolutePath().normalize().getParent();
            if (value.isBlank() || Files.exists(directory) && !Files.isDirectory(directory)) {
                throw new TypeConversionException("'" + value + "' is not a directory (allowed: a directory, or a"
                        + " new one in an existing directory)");
            }
            if (!Files.exists(directory) && (parent == null || !Files.isDirectory(parent))) {
                throw new TypeConversionException("directory '" + parent + "' of '" + value
                        + "' does not exist (allowed: a directory, or a new one in an existing directory)");
            }
            return directory;
        }
    }

    /** A directory holding at least one {@code jdk<N>.json} or the application benchmark's results. */
    static final class ResultsToRead implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            Path directory = path(value);
            if (value.isBlank() || !Files.isDirectory(directory)) {
                throw new TypeConversionException("'" + value + "' is not a directory (allowed: a directory"
                        + " holding jdk<N>.json files written with --results)");
            }
            if (resultFiles(directory).isEmpty() && !Files.isRegularFile(directory.resolve(ApplicationResults.FILE))) {
                throw new TypeConversionException("'" + value + "' holds no jdk<N>.json and no "
                        + ApplicationResults.FILE + " (allowed: a directory holding results written with --results)");
            }
            return directory;
        }
    }

    /** The {@code jdk<N>.json} files of a results directory, by N. */
    static List<Path> resultFiles(Path directory) {
        try (var files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().matches("jdk[0-9]+\\.json"))
                    .sorted(Comparator.comparingInt(
                            f -> Integer.parseInt(f.getFileName().toString().replaceAll("[^0-9]", ""))))
                    .toList();
        } catch (IOException e) {
            throw new TypeConversionException("'" + directory + "' cannot be read: " + e.getMessage());
        }
    }

    /** A Markdown page that exists and can be written. */
    static final class PageToUpdate implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            Path page = path(value);
            if (value.isBlank() || !Files.isRegularFile(page) || !Files.isWritable(page)) {
                throw new TypeConversionException("'" + value + "' is not a writable file (allowed: an existing"
                        + " Markdown page with <!-- results:NAME --> sections)");
            }
            return page;
        }
    }

    static Path path(String value) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw new TypeConversionException("'" + value + "' is not a valid path: " + e.getReason());
        }
    }
}
