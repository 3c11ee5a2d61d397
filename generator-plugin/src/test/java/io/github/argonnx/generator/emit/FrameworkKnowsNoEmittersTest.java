package io.github.argonnx.generator.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.generator.emitters.Emitters;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The emitters' framework ({@code emit}) refers to none of its subpackages: the emitters depend on it,
 * and the one list of them is {@link Emitters}. A class file names every class it refers to in its
 * constant pool, as {@code io/github/argonnx/generator/emit/kernel/...}.
 */
class FrameworkKnowsNoEmittersTest {

    private static final Pattern SUBPACKAGE_REFERENCE = Pattern.compile("io/github/argonnx/generator/emit/[a-z]+/");

    @Test
    void noFrameworkClassRefersToAnEmitterPackage() throws Exception {
        List<Path> classFiles = classFilesOfPackageOf(Generator.class);
        assertTrue(classFiles.size() >= 8, "expected the framework's class files, found " + classFiles);
        for (Path classFile : classFiles) {
            assertEquals(List.of(), subpackageReferences(classFile), classFile.getFileName().toString());
        }
    }

    @Test
    void theScanSeesAReferenceWhereThereIsOne() throws Exception {
        Path emitters = classFilesOfPackageOf(Emitters.class).stream()
                .filter(p -> p.getFileName().toString().equals("Emitters.class"))
                .findFirst().orElseThrow();
        assertFalse(subpackageReferences(emitters).isEmpty());
    }

    private static List<String> subpackageReferences(Path classFile) throws IOException {
        // Constant pool names are modified UTF-8, which is ASCII for these package names.
        Matcher references = SUBPACKAGE_REFERENCE.matcher(
                new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1));
        return references.results().map(r -> r.group()).distinct().toList();
    }

    private static List<Path> classFilesOfPackageOf(Class<?> type) throws IOException, URISyntaxException {
        Path root = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path dir = root.resolve(type.getPackageName().replace('.', '/'));
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.toString().endsWith(".class")).sorted().toList();
        }
    }
}
