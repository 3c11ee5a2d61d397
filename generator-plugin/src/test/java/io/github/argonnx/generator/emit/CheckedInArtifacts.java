package io.github.argonnx.generator.emit;

import io.github.argonnx.generator.emitters.Emitters;
import io.github.argonnx.generator.loader.SpecLoadException;
import io.github.argonnx.generator.loader.SpecLoader;
import io.github.argonnx.generator.model.OperatorSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What the tests that guard checked-in generated files share: where the repository is, whether to
 * compare or rewrite, and the generator's output for the project's real specs.
 */
final class CheckedInArtifacts {

    /** Set to {@code true} to rewrite the committed docs and golden files instead of comparing them. */
    static final String REGENERATE_PROPERTY = "argonnx.regenerate";

    /** The command that rewrites them, for failure messages. */
    static final String REGENERATE_COMMAND = "./mvnw -B -q verify -pl specs,generator-plugin -am -D"
            + REGENERATE_PROPERTY + "=true";

    /** The base package the generated-kernels module generates into (the plugin's default). */
    static final String BASE_PACKAGE = "io.github.argonnx";

    private CheckedInArtifacts() {}

    /** The repository root: surefire passes it; from an IDE, the nearest parent that has {@code specs/operators}. */
    static Path repoRoot() {
        String configured = System.getProperty("argonnx.repoRoot");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured).toAbsolutePath().normalize();
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("specs/operators")) && Files.isDirectory(dir.resolve("generator-plugin"))) {
                return dir;
            }
        }
        throw new IllegalStateException("cannot find the repository root: set -Dargonnx.repoRoot");
    }

    static boolean regenerate() {
        return Boolean.parseBoolean(System.getProperty(REGENERATE_PROPERTY, "false"));
    }

    /** Loaded once per test run: the model is immutable, and loading the examples takes a while. */
    private static List<OperatorSpec> realSpecs;

    private static List<GeneratedFile> generated;

    /** The specs under {@code specs/operators}, as the build publishes them. */
    static synchronized List<OperatorSpec> realSpecs() throws IOException, SpecLoadException {
        if (realSpecs == null) {
            realSpecs = loadRealSpecs();
        }
        return realSpecs;
    }

    /** The specs read afresh, for tests that must not share a loaded model. */
    static List<OperatorSpec> loadRealSpecs() throws IOException, SpecLoadException {
        return SpecLoader.loadDirectory(repoRoot().resolve("specs/operators"));
    }

    /** Everything the standard generator makes from the real specs, as generated-kernels configures it. */
    static synchronized List<GeneratedFile> generateAll() throws IOException, SpecLoadException {
        if (generated == null) {
            generated = generate(realSpecs());
        }
        return generated;
    }

    /** A fresh run of the standard generator over these specs. */
    static List<GeneratedFile> generate(List<OperatorSpec> specs) {
        return Emitters.standard().generate(EmitFixtures.everything(specs, BASE_PACKAGE));
    }

    /** The file's text, or null when there is none. */
    static String readOrNull(Path file) throws IOException {
        return Files.isRegularFile(file) ? Files.readString(file) : null;
    }

    /** Writes text as UTF-8 with the LF endings it already has, creating directories. */
    static void write(Path file, String content) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }

    /** Why a checked-in file is not what the generator makes now, readably; null when they are equal. */
    static String mismatch(String displayPath, String committed, String generated) {
        if (generated.equals(committed)) {
            return null;
        }
        if (committed == null) {
            return displayPath + " is missing; the generator makes it.";
        }
        if (committed.replace("\r\n", "\n").equals(generated)) {
            return displayPath + " differs only in line endings: it has CRLF, the generator writes LF"
                    + " (check out with core.autocrlf=false).";
        }
        return displayPath + " differs from what the generator makes now (- committed, + generated):\n"
                + TextDiff.unified(committed, generated, 3, 60);
    }
}
