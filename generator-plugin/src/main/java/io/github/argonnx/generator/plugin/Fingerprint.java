package io.github.argonnx.generator.plugin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A SHA-256 over everything that decides the generated output: the spec texts, the plugin's code and
 * version, and the configuration. The named inputs are kept beside the hash so that a later run can
 * say which of them changed.
 */
final class Fingerprint {

    private final SortedMap<String, String> inputs;
    private final String hash;

    private Fingerprint(SortedMap<String, String> inputs) {
        this.inputs = Collections.unmodifiableSortedMap(new TreeMap<>(inputs));
        this.hash = sha256Hex(canonicalText(this.inputs).getBytes(StandardCharsets.UTF_8));
    }

    /** A fingerprint of named inputs; the order they are given in does not matter. */
    static Fingerprint of(Map<String, String> inputs) {
        SortedMap<String, String> sorted = new TreeMap<>();
        for (Map.Entry<String, String> e : inputs.entrySet()) {
            requireSingleLine(e.getKey(), "key");
            requireSingleLine(e.getValue(), "value of " + e.getKey());
            if (e.getKey().indexOf('=') >= 0) {
                throw new IllegalArgumentException("fingerprint key must not contain '=': " + e.getKey());
            }
            sorted.put(e.getKey(), e.getValue());
        }
        return new Fingerprint(sorted);
    }

    /** The hex SHA-256 of the canonical {@code key=value} lines, sorted by key. */
    String hash() {
        return hash;
    }

    SortedMap<String, String> inputs() {
        return inputs;
    }

    /** The keys whose values differ between the two fingerprints, including keys only one of them has. */
    List<String> changedKeys(Fingerprint previous) {
        SortedMap<String, String> all = new TreeMap<>(previous.inputs);
        all.putAll(inputs);
        List<String> changed = new ArrayList<>();
        for (String key : all.keySet()) {
            if (!Objects.equals(inputs.get(key), previous.inputs.get(key))) {
                changed.add(key);
            }
        }
        return changed;
    }

    static String sha256Hex(byte[] bytes) {
        return HexFormat.of().formatHex(sha256().digest(bytes));
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    private static String canonicalText(SortedMap<String, String> inputs) {
        StringBuilder text = new StringBuilder();
        inputs.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
        return text.toString();
    }

    private static void requireSingleLine(String text, String what) {
        Objects.requireNonNull(text, what);
        if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("fingerprint " + what + " must be one line: " + text);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Fingerprint other && hash.equals(other.hash);
    }

    @Override
    public int hashCode() {
        return hash.hashCode();
    }

    @Override
    public String toString() {
        return hash;
    }
}
