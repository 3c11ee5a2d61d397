package io.github.argonnx.generator.loader;

import io.github.argonnx.generator.model.SourceLocation;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionEndEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;

/**
 * What a spec file must be before its YAML is read: small enough, UTF-8, free of characters YAML does not
 * allow, with few aliases that do not nest, and not nested deeper than any spec needs. Each refusal names the file, line and
 * column; see {@code docs/security.md} for the limits.
 */
public final class SpecText {

    /** Largest spec file accepted, in bytes (and in characters for text given as a string). */
    public static final int MAX_BYTES = 1 << 20;

    /** Most aliases ({@code *name}) accepted in one spec; an alias may not occur inside an anchored value. */
    public static final int MAX_ALIASES = 50;

    /** Deepest nesting of mappings and lists accepted; the published specs need 6. */
    public static final int MAX_NESTING = 20;

    private SpecText() {}

    /** Refuses a file by its size, before it is read. */
    public static void checkSize(String displayName, long bytes) throws SpecLoadException {
        if (bytes > MAX_BYTES) {
            throw refusal(new SourceLocation(displayName, 1, 1), tooLarge(bytes + " bytes"));
        }
    }

    /** A spec file's bytes as text, or a refusal if it is too large or not UTF-8. */
    public static SpecSource decode(String displayName, byte[] bytes) throws SpecLoadException {
        checkSize(displayName, bytes.length);
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            String decoded = out.flip().toString();
            int badByte = bytes[in.position()] & 0xff;
            throw refusal(location(displayName, decoded, decoded.length()), String.format(
                    "the file is not UTF-8: byte 0x%02X cannot start or continue a UTF-8 character here "
                            + "(save the file as UTF-8)", badByte));
        }
        decoder.flush(out);
        return new SpecSource(displayName, out.flip().toString());
    }

    /**
     * The first thing that keeps a text from being read as YAML safely, if any: its size, a character
     * YAML does not allow, too many or nested aliases, or nesting deeper than {@link #MAX_NESTING}. Reading stops at the
     * first, so a YAML syntax error further on is left to the reader.
     */
    static Optional<SpecProblem> check(SpecSource source) {
        String text = source.content();
        if (text.length() > MAX_BYTES) {
            return Optional.of(new SpecProblem(new SourceLocation(source.displayName(), 1, 1), "",
                    tooLarge(text.length() + " characters")));
        }
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            if (!allowedInYaml(c)) {
                return Optional.of(new SpecProblem(location(source.displayName(), text, i), "", String.format(
                        "character U+%04X is not allowed in a YAML file (control characters other than tab and "
                                + "line breaks, and unpaired surrogates, are not)", c)));
            }
            i += Character.charCount(c);
        }
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(true);
        int depth = 0;
        int aliases = 0;
        // Open collections that carry an anchor: an alias inside one would nest expansions (a "YAML bomb").
        java.util.Deque<Boolean> anchored = new java.util.ArrayDeque<>();
        Event anchoredStart = null;
        try {
            for (Event event : new Yaml(options).parse(new StringReader(text))) {
                if (event instanceof AliasEvent) {
                    if (++aliases > MAX_ALIASES) {
                        return Optional.of(problemAt(source, event, "more than " + MAX_ALIASES
                                + " aliases (*name) in one spec"));
                    }
                    if (anchoredStart != null) {
                        return Optional.of(problemAt(source, event, "an alias (*name) inside an anchored value (&"
                                + ((CollectionStartEvent) anchoredStart).getAnchor() + " at line "
                                + (anchoredStart.getStartMark().getLine() + 1) + "): expansions must not nest"));
                    }
                } else if (event instanceof CollectionStartEvent start) {
                    if (++depth > MAX_NESTING) {
                        return Optional.of(problemAt(source, event, "nested deeper than " + MAX_NESTING
                                + " mappings and lists, which no spec needs"));
                    }
                    anchored.push(start.getAnchor() != null);
                    if (start.getAnchor() != null && anchoredStart == null) {
                        anchoredStart = event;
                    }
                } else if (event instanceof CollectionEndEvent) {
                    depth--;
                    if (Boolean.TRUE.equals(anchored.poll()) && !anchored.contains(Boolean.TRUE)) {
                        anchoredStart = null;
                    }
                }
            }
        } catch (RuntimeException e) {
            // A syntax error: the reader reports it with its position.
        }
        return Optional.empty();
    }

    private static SpecProblem problemAt(SpecSource source, Event event, String message) {
        var mark = event.getStartMark();
        return new SpecProblem(new SourceLocation(source.displayName(), mark.getLine() + 1, mark.getColumn() + 1), "",
                message);
    }

    /** YAML 1.1's printable characters: tab, line breaks, and everything from space on except DEL and C1 controls. */
    private static boolean allowedInYaml(int c) {
        return c == '\t' || c == '\n' || c == '\r' || c == 0x85
                || (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd)
                || (c >= 0x10000 && c <= 0x10ffff);
    }

    private static String tooLarge(String size) {
        return "the file is too large (" + size + "; a spec may have at most " + MAX_BYTES + " bytes)";
    }

    /** 1-based line and column of a character offset, counting LF, CR and CRLF as line breaks. */
    private static SourceLocation location(String file, String text, int offset) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < offset && i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                line++;
                column = 1;
            } else if (c != '\r' && !Character.isLowSurrogate(c)) {
                column++;
            }
        }
        return new SourceLocation(file, line, column);
    }

    private static SpecLoadException refusal(SourceLocation location, String message) {
        return new SpecLoadException(List.of(new SpecProblem(location, "", message)));
    }
}
