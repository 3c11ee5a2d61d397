package io.github.argonnx.generator.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FingerprintTest {

    @Test
    void hashIsSha256OfSortedKeyValueLines() {
        // sha256("alpha=1\nbeta=two\n"), computed outside the project.
        assertEquals("11de0a2282e37df6d29e032488527b81bc2053cd81a2140ac1d999a1e144ab04",
                Fingerprint.of(Map.of("beta", "two", "alpha", "1")).hash());
    }

    @Test
    void orderOfInputsDoesNotMatter() {
        Map<String, String> forward = new LinkedHashMap<>();
        forward.put("config.types", "float");
        forward.put("spec.ArgMax.yaml", "abc");
        Map<String, String> backward = new LinkedHashMap<>();
        backward.put("spec.ArgMax.yaml", "abc");
        backward.put("config.types", "float");
        assertEquals(Fingerprint.of(forward).hash(), Fingerprint.of(backward).hash());
    }

    @Test
    void anyChangedValueChangesTheHash() {
        Fingerprint base = Fingerprint.of(Map.of("plugin", "1.0", "config.types", "float"));
        assertNotEquals(base.hash(), Fingerprint.of(Map.of("plugin", "1.1", "config.types", "float")).hash());
        assertNotEquals(base.hash(), Fingerprint.of(Map.of("plugin", "1.0", "config.types", "float,int64")).hash());
        assertNotEquals(base.hash(), Fingerprint.of(Map.of("plugin", "1.0")).hash());
    }

    @Test
    void keyValueBoundaryIsPartOfTheHash() {
        // "a" -> "b=c" and "a=b" -> "c" would print alike; keys must not contain '=' so they cannot collide.
        assertThrows(IllegalArgumentException.class, () -> Fingerprint.of(Map.of("a=b", "c")));
    }

    @Test
    void changedKeysNamesAddedRemovedAndModifiedInputs() {
        Fingerprint previous = Fingerprint.of(Map.of("config.types", "float", "spec.A.yaml", "1", "gone", "x"));
        Fingerprint current = Fingerprint.of(Map.of("config.types", "int64", "spec.A.yaml", "1", "new", "y"));
        assertEquals(List.of("config.types", "gone", "new"), current.changedKeys(previous));
    }

    @Test
    void multiLineValuesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> Fingerprint.of(Map.of("k", "line1\nline2")));
    }

    @Test
    void sha256HexMatchesAKnownDigest() {
        assertEquals("5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03",
                Fingerprint.sha256Hex("hello\n".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
}
