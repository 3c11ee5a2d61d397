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

    @TempDir
    Path dir;

    @Test
    void formatIsSortedLinesThatReadBackToTheSameState() throws Exception {
        GenerationState state = new GenerationState("abc123",
                new TreeMap<>(Map.of("spec.B.yaml", "2", "config.types", "float,int64")),
                new TreeMap<>(Map.of("MAIN_SOURCE", ".", "DOC", "../docs")),
                new TreeMap<>(Map.of("p/Z.java", "ff", "p/A b.java", "00")));

        assertEquals("""
                # ArgONNX generator state: what the last run generated. Written by argonnx-maven-plugin; do not edit.
                fingerprint abc123
                input config.types=float,int64
                input spec.B.yaml=2
                root DOC ../docs
                root MAIN_SOURCE .
                file 00 p/A b.java
                file ff p/Z.java
                """, state.format());

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
