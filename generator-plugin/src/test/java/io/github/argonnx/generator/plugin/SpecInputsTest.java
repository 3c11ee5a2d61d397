package io.github.argonnx.generator.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.generator.loader.SpecLoadException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpecInputsTest {

    @TempDir
    Path dir;

    @Test
    void readsOnlyYamlFilesInNameOrder() throws Exception {
        Files.writeString(dir.resolve("B.yaml"), "b: 1\n");
        Files.writeString(dir.resolve("A.yaml"), "a: 1\n");
        Files.writeString(dir.resolve("notes.txt"), "ignored");
        SpecInputs inputs = SpecInputs.fromDirectory(dir, "specs");
        assertEquals(List.of("A.yaml", "B.yaml"), inputs.sources().stream().map(s -> s.displayName()).toList());
    }

    @Test
    void unusableDirectoriesAreConfigurationErrorsNamingTheParameter() throws Exception {
        String missing = assertThrows(InvalidConfigurationException.class,
                () -> SpecInputs.fromDirectory(dir.resolve("nope"), "src/nope")).getMessage();
        assertTrue(missing.contains("<specDirectory> (property argonnx.specDirectory): 'src/nope' does not exist;"
                + " allowed: a directory of *.yaml operator specs"), missing);

        Path file = Files.writeString(dir.resolve("file.yaml"), "x: 1\n");
        String notDirectory = assertThrows(InvalidConfigurationException.class,
                () -> SpecInputs.fromDirectory(file, "file.yaml")).getMessage();
        assertTrue(notDirectory.contains("'file.yaml' is not a directory"), notDirectory);

        Path empty = Files.createDirectory(dir.resolve("empty"));
        String noYaml = assertThrows(InvalidConfigurationException.class,
                () -> SpecInputs.fromDirectory(empty, "empty")).getMessage();
        assertTrue(noYaml.contains("'empty' holds no *.yaml files"), noYaml);
    }

    @Test
    void badSpecsAreDescribedWithEveryProblemAtItsPathLineAndColumn() throws Exception {
        String good = Files.readString(TestSpecs.argMaxDirectory().resolve("ArgMax.yaml"));
        // Two mistakes in one file: a misspelt key (line 13) and an unknown tensor type (line 41).
        String bad = good.replace("        default: 0\n        doc: The axis", "        defualt: 0\n        doc: The axis")
                .replace("type: tensor(int64)", "type: tensor(int65)");
        Files.writeString(dir.resolve("ArgMax.yaml"), bad);
        SpecInputs inputs = SpecInputs.fromDirectory(dir, "src/main/argonnx");

        SpecLoadException e = assertThrows(SpecLoadException.class, inputs::load);
        String message = inputs.describe(e);

        assertTrue(message.startsWith("ArgONNX: " + e.problems().size() + " problems in src/main/argonnx:\n"), message);
        assertTrue(e.problems().size() >= 2, message);
        assertTrue(message.contains("\n  src/main/argonnx/ArgMax.yaml:" + lineOf(bad, "defualt") + ":9: "), message);
        assertTrue(message.contains("\n  src/main/argonnx/ArgMax.yaml:" + lineOf(bad, "tensor(int65)") + ":15: "),
                message);
        assertEquals(e.problems().size(), message.lines().count() - 1, "one line per problem");
    }

    @Test
    void fingerprintFollowsTheContentOfEachFile() throws Exception {
        Files.writeString(dir.resolve("A.yaml"), "a: 1\n");
        var before = SpecInputs.fromDirectory(dir, "specs").fingerprintInputs();
        Files.writeString(dir.resolve("A.yaml"), "a: 2\n");
        var after = SpecInputs.fromDirectory(dir, "specs").fingerprintInputs();
        assertNotEquals(before.get("spec.A.yaml"), after.get("spec.A.yaml"));
        assertEquals(before.keySet(), after.keySet());
    }

    private static int lineOf(String text, String needle) {
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(needle)) {
                return i + 1;
            }
        }
        throw new AssertionError(needle + " not in text");
    }

    /** Entries named *.yaml that are not regular files are refused by name, not skipped. */
    @Test
    void yamlEntriesThatAreNotRegularFilesAreRefusedByName() throws Exception {
        Files.writeString(dir.resolve("ArgMax.yaml"), "x: 1\n");
        Files.createDirectory(dir.resolve("ArgMin.yaml"));
        boolean links = true;
        try {
            Files.createSymbolicLink(dir.resolve("Dangling.yaml"), dir.resolve("nowhere"));
        } catch (UnsupportedOperationException | java.io.IOException e) {
            links = false;
        }
        boolean fifo = new ProcessBuilder("mkfifo", dir.resolve("Fifo.yaml").toString()).start().waitFor() == 0;

        String message = assertThrows(InvalidConfigurationException.class,
                () -> SpecInputs.fromDirectory(dir, "specs")).getMessage();

        assertTrue(message.contains("<specDirectory> (property argonnx.specDirectory): 'specs/ArgMin.yaml' is a "
                + "directory"), message);
        assertTrue(!links || message.contains("'specs/Dangling.yaml' is a symbolic link to nothing"), message);
        assertTrue(!fifo || message.contains("'specs/Fifo.yaml' is not a regular file (a FIFO, socket or device)"),
                message);
    }

    /** A spec that is not UTF-8 is refused with its file, line and column. */
    @Test
    void aSpecThatIsNotUtf8IsRefusedWithItsPosition() throws Exception {
        Files.write(dir.resolve("ArgMax.yaml"), "operator: ArgMax\ndomain: ai.onnx\n# caf\u00e9\n"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        io.github.argonnx.generator.loader.SpecLoadException e = assertThrows(
                io.github.argonnx.generator.loader.SpecLoadException.class, () -> SpecInputs.fromDirectory(dir, "specs"));
        assertTrue(SpecInputs.describe("specs", true, e).contains("\n  specs/ArgMax.yaml:3:6: the file is not UTF-8: "
                + "byte 0xE9"), e.getMessage());
    }
}
