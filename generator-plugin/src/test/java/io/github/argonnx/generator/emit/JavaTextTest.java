package io.github.argonnx.generator.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import java.io.ByteArrayOutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.lang.model.element.Modifier;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spec text in comments, Javadoc and string literals compiles to exactly itself, whatever it
 * holds: Unicode escapes, comment ends, line breaks, control and non-BMP characters.
 */
class JavaTextTest {

    private static final String BACKSLASH = "\\";

    /** Each of these broke or injected into generated code when written into it as it is. */
    private static final List<String> HOSTILE = List.of(
            "C:" + BACKSLASH + "users" + BACKSLASH + "x",
            BACKSLASH + "u002a/ class Injected {} /" + BACKSLASH + "u002a",
            "*/ class Injected {} /*",
            "ArgMax" + BACKSLASH + "u000a class Injected {}.yaml",
            "line one\nclass Injected {} //",
            "carriage\rclass Injected {}",
            "crlf\r\nclass Injected {}",
            BACKSLASH + BACKSLASH + "u002a/ and " + BACKSLASH + BACKSLASH + BACKSLASH + "u000a",
            "bell \u0007 nul \u0000 delete \u007f next-line \u0085 tab\tend",
            "quote \" and ' and {@code x} and $L",
            "non-BMP \uD83D\uDE00 \uD835\uDD0A and a lone surrogate \uD800 here",
            "ends with a backslash " + BACKSLASH);

    @TempDir
    Path dir;

    @Test
    void commentsKeepNothingJavacWouldReadAsAnEscapeOrACommentEnd() {
        String escaped = JavaText.comment(BACKSLASH + "u002a/ C:" + BACKSLASH + "users */ a\rb\r\nc \u0001 \uD83D\uDE00");
        assertEquals(BACKSLASH + "u005cu002a/ C:" + BACKSLASH + "u005cusers *&#47; a\nb\nc " + BACKSLASH
                + "u005cu0001 \uD83D\uDE00", escaped);
        assertFalse(escaped.contains("\r"));
    }

    @Test
    void literalsUseOrdinaryEscapesAndOctalForControlCharacters() {
        assertEquals("\"C:" + BACKSLASH + BACKSLASH + "u002a " + BACKSLASH + "\" " + BACKSLASH + "n" + BACKSLASH
                + "r " + BACKSLASH + "000 \uD83D\uDE00 \uFFFD\"", JavaText.literal("C:" + BACKSLASH + "u002a \" \n\r \u0000 "
                + "\uD83D\uDE00 \uD800"));
    }

    @Test
    void everyHostileTextCompilesAsExactlyItselfAndInjectsNothing() throws Exception {
        TypeSpec.Builder type = TypeSpec.classBuilder("Holder").addModifiers(Modifier.PUBLIC)
                .addJavadoc("Javadoc\n");
        for (int i = 0; i < HOSTILE.size(); i++) {
            String text = HOSTILE.get(i);
            type.addField(FieldSpec.builder(String.class, "TEXT_" + i, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("Text: $L\n", JavaText.comment(text))
                    .initializer("$L", JavaText.literal(text))
                    .build());
            type.addJavadoc("<p>$L\n", JavaText.comment(text));
        }
        JavaFile.Builder file = JavaFile.builder("p", type.build());
        for (String text : HOSTILE) {
            file.addFileComment("From $L.\n", JavaText.comment(text));
        }
        Path source = dir.resolve("p/Holder.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, file.build().toString(), StandardCharsets.UTF_8);
        Path classes = Files.createDirectories(dir.resolve("classes"));

        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int status = ToolProvider.getSystemJavaCompiler().run(null, diagnostics, diagnostics,
                "-encoding", "UTF-8", "-d", classes.toString(), "-Xlint:all", "-Werror", source.toString());

        assertEquals(0, status, diagnostics.toString(StandardCharsets.UTF_8) + "\n" + Files.readString(source));
        try (var compiled = Files.walk(classes)) {
            assertEquals(List.of("p/Holder.class"), compiled.filter(Files::isRegularFile)
                    .map(f -> classes.relativize(f).toString().replace('\\', '/')).toList());
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()})) {
            Class<?> holder = loader.loadClass("p.Holder");
            for (int i = 0; i < HOSTILE.size(); i++) {
                String expected = HOSTILE.get(i).replace('\uD800', '\uFFFD');
                assertEquals(expected, holder.getField("TEXT_" + i).get(null), "text " + i);
            }
        }
    }
}
