package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgResult;
import io.github.argonnx.runtime.Vectorization;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.net.URISyntaxException;
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
 * The API boundary, stated once: {@link #API} is every public type a user may name. The runtime's classes
 * and the generated classes hold no other public type outside the {@code internal} packages, the API types
 * show no internal type in a public signature, and README.md, docs/usage.md and docs/partials.md ("API") and both
 * package docs list the same types.
 */
class ApiBoundaryTest {

    /** Every public type a user may name; everything else public is under {@link #INTERNAL}. */
    static final Set<String> API = new TreeSet<>(List.of(
            // generated, in the base package
            "io.github.argonnx.ArgMax",
            "io.github.argonnx.ArgMin",
            "io.github.argonnx.ArgReductionOperator",
            "io.github.argonnx.DataType",
            "io.github.argonnx.PartialReduction",
            "io.github.argonnx.PreparedArgReduction",
            "io.github.argonnx.PreparedTopK",
            "io.github.argonnx.Tensor",
            "io.github.argonnx.TopK",
            "io.github.argonnx.TopKPartials",
            // hand-written, argonnx-runtime
            "io.github.argonnx.runtime.ArgAccumulator",
            "io.github.argonnx.runtime.ArgOnnxException",
            "io.github.argonnx.runtime.ArgPartial",
            "io.github.argonnx.runtime.ArgResult",
            "io.github.argonnx.runtime.NodeAttributes",
            "io.github.argonnx.runtime.Parallelism",
            "io.github.argonnx.runtime.PartialSignature",
            "io.github.argonnx.runtime.RuntimeVersion",
            "io.github.argonnx.runtime.TopKAccumulator",
            "io.github.argonnx.runtime.TopKPartial",
            "io.github.argonnx.runtime.TopKResult",
            "io.github.argonnx.runtime.Vectorization"));

    static final String INTERNAL = "io.github.argonnx.internal.";

    private static final Path REPOSITORY = Path.of("..");

    @Test
    void thePublicTypesOutsideTheInternalPackagesAreTheList() throws Exception {
        Set<String> exported = new TreeSet<>();
        for (Class<?> anchor : List.of(ArgResult.class, ArgMax.class)) {
            for (String name : classNames(Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI()))) {
                if (name.startsWith(INTERNAL)) {
                    continue; // not loaded: the SIMD classes there need the incubator module
                }
                Class<?> type = Class.forName(name, false, getClass().getClassLoader());
                if (isExported(type)) {
                    exported.add(type.getCanonicalName());
                }
            }
        }
        assertEquals(API, exported, "public types outside " + INTERNAL + "* must be the API list");
    }

    @Test
    void theApiShowsNoInternalTypeInAPublicSignature() throws ClassNotFoundException {
        List<String> leaks = new ArrayList<>();
        for (String name : API) {
            Class<?> type = Class.forName(name);
            List<Executable> members = new ArrayList<>(Arrays.asList(type.getDeclaredMethods()));
            members.addAll(Arrays.asList(type.getDeclaredConstructors()));
            for (Executable member : members) {
                if (isVisible(type, member.getModifiers()) && !member.isSynthetic()) {
                    Stream<Type> signature = Stream.concat(Stream.of(member.getGenericParameterTypes()),
                            Stream.of(member.getGenericExceptionTypes()));
                    if (member instanceof Method method) {
                        signature = Stream.concat(signature, Stream.of(method.getGenericReturnType()));
                    }
                    signature.map(Type::getTypeName).filter(t -> t.contains(INTERNAL))
                            .forEach(t -> leaks.add(name + " " + member.getName() + ": " + t));
                }
            }
            for (Field field : type.getDeclaredFields()) {
                if (isVisible(type, field.getModifiers()) && field.getGenericType().getTypeName().contains(INTERNAL)) {
                    leaks.add(name + " " + field.getName() + ": " + field.getGenericType().getTypeName());
                }
            }
        }
        assertEquals(List.of(), leaks, "API members that show internal types");
    }

    @Test
    void vectorizationShowsItsStatusAlone() {
        Set<String> members = Stream.concat(Arrays.stream(Vectorization.class.getDeclaredMethods()),
                        Arrays.stream(Vectorization.class.getDeclaredFields()))
                .filter(m -> Modifier.isPublic(m.getModifiers()))
                .map(m -> m.getName()).collect(Collectors.toSet());
        assertEquals(Set.of("status"), members);
        assertTrue(Vectorization.status().startsWith("SIMD loops "), Vectorization.status());
    }

    @Test
    void theDocsListTheSameTypes() throws IOException {
        assertEquals(API, listedUnderApi(REPOSITORY.resolve("README.md")), "README.md, section API");
        assertEquals(API, listedUnderApi(REPOSITORY.resolve("docs/usage.md")), "docs/usage.md, section API");
        assertEquals(API, listedUnderApi(REPOSITORY.resolve("docs/partials.md")), "docs/partials.md, section API");
    }

    @Test
    void thePackageDocsNameTheSameTypes() throws IOException {
        String runtime = Files.readString(
                REPOSITORY.resolve("runtime/src/main/java/io/github/argonnx/runtime/package-info.java"), StandardCharsets.UTF_8);
        String base = Files.readString(Path.of("target/generated-sources/argonnx/io/github/argonnx/package-info.java"),
                StandardCharsets.UTF_8);
        Set<String> named = new TreeSet<>();
        Matcher link = Pattern.compile("\\{@link (io\\.github\\.argonnx\\.runtime\\.\\w+)}").matcher(runtime);
        while (link.find()) {
            named.add(link.group(1));
        }
        Matcher code = Pattern.compile("\\{@code (\\w+)}").matcher(base);
        while (code.find()) {
            if (Character.isUpperCase(code.group(1).charAt(0))) {
                named.add("io.github.argonnx." + code.group(1));
            }
        }
        named.remove("io.github.argonnx.ArgOnnxException"); // the base package doc names it, by its simple name
        assertEquals(API, named, "the types the runtime's and the operator package's docs name");
    }

    /** The fully qualified names of types, in backticks, in the section "## API" of a Markdown file. */
    static Set<String> listedUnderApi(Path markdown) throws IOException {
        String text = Files.readString(markdown, StandardCharsets.UTF_8);
        int start = text.indexOf("\n## API\n");
        assertTrue(start >= 0, markdown + " has no section \"## API\"");
        int end = text.indexOf("\n## ", start + 1);
        String section = text.substring(start, end < 0 ? text.length() : end);
        Set<String> listed = new TreeSet<>();
        Matcher item = Pattern.compile("`(io\\.github\\.argonnx\\.[\\w.]*?[A-Z]\\w*)`").matcher(section);
        while (item.find()) {
            listed.add(item.group(1));
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

    /** What a user sees of a member: public, or protected in a class that can be extended. */
    private static boolean isVisible(Class<?> type, int modifiers) {
        return Modifier.isPublic(modifiers) || (Modifier.isProtected(modifiers) && !Modifier.isFinal(type.getModifiers()));
    }

    /** The binary names of the classes in a directory of classes or a jar. */
    private static List<String> classNames(Path location) throws IOException, URISyntaxException {
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
        assertTrue(entries.size() > 5, location + " holds no classes");
        return entries.stream()
                .filter(e -> e.endsWith(".class") && !e.startsWith("META-INF/") && !e.endsWith("module-info.class")
                        && !e.endsWith("package-info.class"))
                .map(e -> e.substring(0, e.length() - ".class".length()).replace('/', '.'))
                .collect(Collectors.toList());
    }

    @Test
    void aNestedPublicTypeCountsAsPublic() {
        assertTrue(isExported(Constructor.class)); // a control for the scan: top-level public
        assertTrue(isExported(Thread.State.class));
        assertFalse(isExported(ApiBoundaryTest.class));
    }
}
