package io.github.argonnx.generator.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.generator.java.ElementOrder;
import io.github.argonnx.generator.semantics.OperatorFamily;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The spec model is plain data about ONNX, and the operator families' semantics are facts about it: none
 * of their compiled classes refers to JavaPoet or to {@code javax.lang.model}, so they compile without them
 * on the class path. A class file names every
 * class it refers to in its constant pool, as {@code com/palantir/javapoet/...}.
 */
class ModelKnowsNoJavaTest {

    private static final List<String> CODE_GENERATION_PACKAGES = List.of("com/palantir/javapoet/", "javax/lang/model/");

    @Test
    void noModelClassRefersToCodeGeneration() throws Exception {
        List<Path> classFiles = classFilesOfPackageOf(ElementType.class);
        assertTrue(classFiles.size() >= 10, "expected the model's class files, found " + classFiles);
        for (Path classFile : classFiles) {
            assertEquals(List.of(), codeGenerationReferences(classFile), classFile.getFileName().toString());
        }
    }

    @Test
    void noSemanticsClassRefersToCodeGeneration() throws Exception {
        List<Path> classFiles = classFilesOfPackageOf(OperatorFamily.class);
        assertTrue(classFiles.size() >= 6, "expected the semantics' class files, found " + classFiles);
        for (Path classFile : classFiles) {
            assertEquals(List.of(), codeGenerationReferences(classFile), classFile.getFileName().toString());
        }
    }

    @Test
    void theScanSeesAReferenceWhereThereIsOne() throws Exception {
        Path elementOrder = classFilesOfPackageOf(ElementOrder.class).stream()
                .filter(p -> p.getFileName().toString().equals("ElementOrder.class"))
                .findFirst().orElseThrow();
        assertFalse(codeGenerationReferences(elementOrder).isEmpty());
    }

    private static List<String> codeGenerationReferences(Path classFile) throws IOException {
        // Constant pool names are modified UTF-8, which is ASCII for these package names.
        String bytes = new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1);
        return CODE_GENERATION_PACKAGES.stream().filter(bytes::contains).toList();
    }

    private static List<Path> classFilesOfPackageOf(Class<?> type) throws IOException, URISyntaxException {
        Path root = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path dir = root.resolve(type.getPackageName().replace('.', '/'));
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.toString().endsWith(".class")).sorted().toList();
        }
    }
}
