package io.github.argonnx.onnxruntime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * The module's API boundary, stated once in its package doc ("API:"): the public types of argonnx-onnxruntime
 * are that list, and their public signatures show no ArgONNX internal type.
 */
class OrtApiBoundaryTest {

    private static final Path PACKAGE_DOC = Path.of("src/main/java/io/github/argonnx/onnxruntime/package-info.java");

    @Test
    void thePublicTypesAreThePackageDocsList() throws Exception {
        Set<String> exported = new TreeSet<>();
        for (String name : classNames()) {
            Class<?> type = Class.forName(name, false, getClass().getClassLoader());
            if (isExported(type)) {
                exported.add(type.getCanonicalName());
            }
        }
        Set<String> listed = listedInPackageDoc();
        assertTrue(listed.contains(OrtTensors.class.getName()), "the package doc's API list: " + listed);
        assertTrue(listed.contains(TopKSampling.class.getName()), "the package doc's API list: " + listed);
        assertEquals(listed, exported, "public types of argonnx-onnxruntime must be the package doc's API list");
    }

    @Test
    void theApiShowsNoInternalTypeInAPublicSignature() throws Exception {
        List<String> leaks = new ArrayList<>();
        for (String name : listedInPackageDoc()) {
            Class<?> type = Class.forName(name);
            List<Executable> members = new ArrayList<>(Arrays.asList(type.getDeclaredMethods()));
            members.addAll(Arrays.asList(type.getDeclaredConstructors()));
            for (Executable member : members) {
                if (Modifier.isPublic(member.getModifiers()) && !member.isSynthetic()) {
                    Stream<Type> signature = Stream.concat(Stream.of(member.getGenericParameterTypes()),
                            Stream.of(member.getGenericExceptionTypes()));
                    if (member instanceof Method method) {
                        signature = Stream.concat(signature, Stream.of(method.getGenericReturnType()));
                    }
                    signature.map(Type::getTypeName).filter(t -> t.contains("io.github.argonnx.internal."))
                            .forEach(t -> leaks.add(name + " " + member.getName() + ": " + t));
                }
            }
            for (Field field : type.getDeclaredFields()) {
                if (Modifier.isPublic(field.getModifiers())) {
                    leaks.add(name + " " + field.getName() + ": a public field");
                }
            }
        }
        assertEquals(List.of(), leaks, "API members that show internal types or fields");
    }

    @Test
    void aPackagePrivateClassIsNotExported() {
        assertTrue(isExported(OrtTensors.class)); // a control for the scan
        assertTrue(isExported(TopKSampling.class));
        assertTrue(!isExported(TensorRegion.class));
    }

    /** The fully qualified names the package doc's paragraph "API:" links. */
    private static Set<String> listedInPackageDoc() throws IOException {
        String doc = Files.readString(PACKAGE_DOC, StandardCharsets.UTF_8);
        int start = doc.indexOf("<p>API:");
        assertTrue(start >= 0, PACKAGE_DOC + " has no paragraph \"<p>API:\"");
        int end = doc.indexOf("<p>", start + 1);
        Matcher link = Pattern.compile("\\{@link (io\\.github\\.argonnx\\.[\\w.]+)}")
                .matcher(doc.substring(start, end < 0 ? doc.length() : end));
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

    /** The binary names of the module's main classes, from the directory or jar OrtTensors was loaded from. */
    private static List<String> classNames() throws Exception {
        Path location = Path.of(OrtTensors.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> entries = new ArrayList<>();
        if (Files.isDirectory(location)) {
            try (Stream<Path> files = Files.walk(location)) {
                files.filter(Files::isRegularFile).map(f -> location.relativize(f).toString().replace('\\', '/'))
                        .forEach(entries::add);
            }
        } else {
            try (ZipFile jar = new ZipFile(location.toFile())) {
                jar.stream().map(e -> e.getName()).forEach(entries::add);
            }
        }
        List<String> names = entries.stream()
                .filter(e -> e.endsWith(".class") && !e.startsWith("META-INF/") && !e.endsWith("module-info.class")
                        && !e.endsWith("package-info.class"))
                .map(e -> e.substring(0, e.length() - ".class".length()).replace('/', '.'))
                .collect(Collectors.toList());
        assertTrue(names.contains(TensorRegion.class.getName()), location + " holds not the module's classes");
        return names;
    }
}
