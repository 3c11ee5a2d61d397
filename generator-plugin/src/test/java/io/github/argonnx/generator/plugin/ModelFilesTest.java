package io.github.argonnx.generator.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelFilesTest {

    @TempDir
    Path dir;

    private List<String> expand(String... models) throws Exception {
        return ModelFiles.expand(List.of(models), dir, p -> dir.relativize(p).toString().replace(File.separatorChar, '/'))
                .stream().map(p -> dir.relativize(p).toString().replace(File.separatorChar, '/')).toList();
    }

    @Test
    void directoriesAreSearchedRecursivelyForOnnxFilesEachFileOnceInOrderAndCommasSeparatePaths() throws Exception {
        Files.createDirectories(dir.resolve("models/b/c"));
        for (String name : List.of("models/z.onnx", "models/b/c/a.ONNX", "models/b/notes.txt", "single.onnx")) {
            Files.write(dir.resolve(name), new byte[0]);
        }
        assertEquals(List.of("models/b/c/a.ONNX", "models/z.onnx", "single.onnx"),
                expand("single.onnx", " models , models/z.onnx", dir.resolve("models/z.onnx").toString()));
    }

    @Test
    void aMissingPathAFileOfAnotherKindAndADirectoryWithoutModelsAreRefusedTogether() throws Exception {
        Files.createDirectories(dir.resolve("empty"));
        Files.write(dir.resolve("model.pb"), new byte[0]);
        InvalidConfigurationException e = assertThrows(InvalidConfigurationException.class, () -> expand("gone.onnx",
                "model.pb", "empty"));
        String allowed = "; allowed: .onnx files, or directories holding them";
        assertEquals(List.of("<models> (property argonnx.models): 'gone.onnx' does not exist" + allowed,
                "<models> (property argonnx.models): 'model.pb' is not an .onnx file" + allowed,
                "<models> (property argonnx.models): 'empty' is a directory with no .onnx file in it or below" + allowed),
                e.problems());
    }
}
