package io.github.argonnx.generator.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenerationStateTest {

    private static final String ZERO = "0".repeat(64);
    private static final String FF = "f".repeat(64);

    @TempDir
    Path dir;

    /** A state file that is not UTF-8, or names a directory, must not fail every later build. */
    @Test
    void nonUtf8OrUnreadableStateIsNoState() throws Exception {
        Path bytes = Files.write(dir.resolve("bytes"), new byte[] {'f', 'i', 'l', 'e', ' ', (byte) 0xff, '\n'});
        assertEquals(Optional.empty(), GenerationState.read(bytes));
        assertEquals(Optional.empty(), GenerationState.read(Files.createDirectory(dir.resolve("a-directory"))));
    }

    /** A state naming a path outside its root (or a hash that is not one) is not a state of ours. */
    @Test
    void entriesThatLeaveTheirRootMakeTheWholeStateUnreadable() throws Exception {
        for (String entry : new String[] {"file %s MAIN_SOURCE ../../../pom.xml".formatted(FF),
                "file %s MAIN_SOURCE /etc/passwd".formatted(FF), "file %s MAIN_SOURCE a/./b".formatted(FF),
                "file %s MAIN_SOURCE a\\..\\b".formatted(FF), "file %s ../pom.xml".formatted(FF),
                "file 0000 MAIN_SOURCE p/A.java", "pending %s MAIN_SOURCE C:/x".formatted(FF)}) {
            Path file = Files.writeString(dir.resolve("state"), "fingerprint x\n" + entry + "\n");
            assertEquals(Optional.empty(), GenerationState.read(file), entry);
        }
    }

    @Test
    void formatIsSortedLinesThatReadBackToTheSameState() throws Exception {
        GenerationState state = new GenerationState("abc123",
                new TreeMap<>(Map.of("spec.B.yaml", "2", "config.types", "float,int64")),
                new TreeMap<>(Map.of("MAIN_SOURCE", ".", "DOC", "../docs")),
                new TreeMap<>(Map.of("MAIN_SOURCE p/Z.java", FF, "MAIN_SOURCE p/A b.java", ZERO)),
                new TreeMap<>(Map.of("DOC ops/A.md", FF)));

        assertEquals("""
                # ArgONNX generator state: what the last run generated. Written by argonnx-maven-plugin; do not edit.
                fingerprint abc123
                input config.types=float,int64
                input spec.B.yaml=2
                root DOC ../docs
                root MAIN_SOURCE .
                file %s MAIN_SOURCE p/A b.java
                file %s MAIN_SOURCE p/Z.java
                pending %s DOC ops/A.md
                """.formatted(ZERO, FF, FF), state.format());

        Path file = Files.writeString(dir.resolve("state"), state.format());
        assertEquals(Optional.of(state), GenerationState.read(file));
    }

    @Test
    void missingOrForeignFilesReadAsNoState() throws Exception {
        assertTrue(GenerationState.read(dir.resolve("absent")).isEmpty());
        assertTrue(GenerationState.read(Files.writeString(dir.resolve("other"), "fingerprint x\nsomething else\n")).isEmpty());
        assertTrue(GenerationState.read(Files.writeString(dir.resolve("nohash"), "file 00 A.java\n")).isEmpty());
    }
}
