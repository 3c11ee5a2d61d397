package io.github.argonnx.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The module's API boundary, stated once in its package doc ("API:"): its public types are that list. */
class OnnxApiBoundaryTest {

    private static final Path PACKAGE_DOC = Path.of("src/main/java/io/github/argonnx/onnx/package-info.java");
    private static final Path CLASSES = Path.of("target/classes/io/github/argonnx/onnx");

    @Test
    void thePublicTypesAreThePackageDocsList() throws Exception {
        Set<String> exported = new TreeSet<>();
        try (Stream<Path> files = Files.list(CLASSES)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                String name = file.getFileName().toString();
                if (!name.endsWith(".class") || name.equals("package-info.class")) {
                    continue;
                }
                Class<?> type = Class.forName("io.github.argonnx.onnx." + name.substring(0, name.length() - 6), false,
                        getClass().getClassLoader());
                if (isExported(type)) {
                    exported.add(type.getName());
                }
            }
        }
        assertTrue(exported.contains(OnnxModel.class.getName()), "the scan found " + exported);
        assertEquals(listedInPackageDoc(), exported, "public types of argonnx-onnx must be the package doc's API list");
    }

    private static Set<String> listedInPackageDoc() throws Exception {
        String doc = Files.readString(PACKAGE_DOC, StandardCharsets.UTF_8);
        int start = doc.indexOf("<p>API:");
        assertTrue(start >= 0, PACKAGE_DOC + " has no paragraph \"<p>API:\"");
        Matcher link = Pattern.compile("\\{@link (io\\.github\\.argonnx\\.onnx\\.\\w+)}").matcher(doc.substring(start));
        Set<String> listed = new TreeSet<>();
        while (link.find()) {
            listed.add(link.group(1));
        }
        return listed;
    }

    /** Public, and so is every class it is nested in. */
    private static boolean isExported(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getDeclaringClass()) {
            if (!Modifier.isPublic(c.getModifiers()) || c.isAnonymousClass() || c.isLocalClass()) {
                return false;
            }
        }
        return true;
    }
}
