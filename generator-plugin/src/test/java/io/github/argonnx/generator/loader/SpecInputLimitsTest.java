package io.github.argonnx.generator.loader;

import static io.github.argonnx.generator.loader.EditedSpec.assertProblems;
import static io.github.argonnx.generator.loader.EditedSpec.spec;
import static io.github.argonnx.generator.loader.EditedSpec.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Input that would cost the loader memory or time out of proportion to its size, or that is not
 * text at all, is refused before or while it is parsed, pointing at where it is.
 */
class SpecInputLimitsTest {

    @Test
    void aByteThatIsNotUtf8IsRefusedWithItsPosition() {
        byte[] latin1 = "operator: ArgMax\nsummary: caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1);
        SpecLoadException e = assertThrows(SpecLoadException.class, () -> SpecText.decode("Latin1.yaml", latin1));
        assertEquals(List.of("Latin1.yaml:2:13: the file is not UTF-8: byte 0xE9 cannot start or continue a UTF-8 "
                + "character here (save the file as UTF-8)"), strings(e));
    }

    @Test
    void anOversizedFileIsRefusedByItsSizeBeforeParsing() {
        String huge = "summary: " + "x".repeat(SpecText.MAX_BYTES) + "\n";
        assertProblems(huge, "Spec.yaml:1:1: the file is too large (" + huge.length() + " characters; a spec may have "
                + "at most " + SpecText.MAX_BYTES + " bytes)");
        SpecLoadException e = assertThrows(SpecLoadException.class,
                () -> SpecText.decode("Huge.yaml", huge.getBytes(StandardCharsets.UTF_8)));
        assertEquals(List.of("Huge.yaml:1:1: the file is too large (" + huge.length() + " bytes; a spec may have at most "
                + SpecText.MAX_BYTES + " bytes)"), strings(e));
    }

    @Test
    void aliasesNestingAndNulBytesArePointedAtWhereTheyAre() {
        assertProblems("a: &a [x, y]\nb: &b [*a, *a]\n",
                "Spec.yaml:2:8: an alias (*name) inside an anchored value (&b at line 2): expansions must not nest");
        assertProblems("a: &a x\nb: [" + "*a, ".repeat(SpecText.MAX_ALIASES) + "*a]\n",
                "Spec.yaml:2:" + (5 + 4 * SpecText.MAX_ALIASES) + ": more than " + SpecText.MAX_ALIASES
                        + " aliases (*name) in one spec");
        assertProblems(spec().replace(8, "Computes", "Com\u0000putes"),
                "Spec.yaml:8:17: character U+0000 is not allowed in a YAML file (control characters other than tab "
                        + "and line breaks, and unpaired surrogates, are not)");
        assertProblems("operator: ArgMax\nx: " + "[".repeat(30) + "]".repeat(30) + "\n",
                "Spec.yaml:2:" + (3 + SpecText.MAX_NESTING) + ": nested deeper than " + SpecText.MAX_NESTING
                        + " mappings and lists, which no spec needs");
    }
}
