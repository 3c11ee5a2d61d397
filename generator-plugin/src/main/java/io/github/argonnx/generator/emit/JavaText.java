package io.github.argonnx.generator.emit;

/**
 * The one place where text from a spec becomes part of a Java source file.
 *
 * <p>javac translates Unicode escapes (a backslash, {@code u} and four hex digits) anywhere in a source
 * file, comments included, before it reads any token, so a spec's {@code C:} backslash {@code users}, or an
 * escaped {@code *}{@code /} in a comment, would break or end it. Comment text therefore gets every
 * backslash as the Unicode escape of a backslash (which javac does not take as the start of another
 * escape), {@code *}{@code /} spelled {@code *&#47;}, carriage returns as line feeds (the comment writer
 * starts every line with its comment marker) and other control characters shown as a visible escape.
 * String literals get the usual Java escapes, control characters in octal. Characters outside the Basic
 * Multilingual Plane stay as they are (files are written as UTF-8); a lone surrogate, which UTF-8 cannot
 * hold, becomes U+FFFD.
 */
public final class JavaText {

    /** Where the text goes. */
    public enum Context {
        /** Inside a {@code //} or Javadoc comment written by JavaPoet, which prefixes each line itself. */
        COMMENT,
        /** Between the double quotes of a string literal. */
        STRING_LITERAL
    }

    private JavaText() {}

    /** Text made safe for a comment or Javadoc. */
    public static String comment(String text) {
        return escape(text, Context.COMMENT);
    }

    /**
     * Prose from a spec as Javadoc text: HTML's special characters and {@code @} as entities (so that no
     * sentence starts a block tag), surrounding blanks dropped, then made safe as {@link #comment}.
     */
    public static String javadoc(String prose) {
        return comment(prose.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace("@", "&#64;").strip());
    }

    /** A complete string literal, quotes included, that holds exactly {@code text}. */
    public static String literal(String text) {
        return "\"" + escape(text, Context.STRING_LITERAL) + "\"";
    }

    /** The escaping both of the above use. */
    public static String escape(String text, Context context) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                    out.append(c).append(text.charAt(++i));
                } else {
                    out.append('\uFFFD');
                }
            } else if (context == Context.COMMENT && c == '*' && i + 1 < text.length() && text.charAt(i + 1) == '/') {
                out.append("*&#47;");
                i++;
            } else if (context == Context.COMMENT) {
                comment(out, text, i, c);
            } else {
                literal(out, c);
            }
        }
        return out.toString();
    }

    private static void comment(StringBuilder out, String text, int i, char c) {
        if (c == '\\') {
            out.append("\\u005c");
        } else if (c == '\r') {
            if (i + 1 >= text.length() || text.charAt(i + 1) != '\n') {
                out.append('\n');
            }
        } else if (c == '\n' || c == '\t') {
            out.append(c);
        } else if (Character.isISOControl(c)) {
            out.append("\\u005cu").append(String.format("%04x", (int) c));
        } else {
            out.append(c);
        }
    }

    private static void literal(StringBuilder out, char c) {
        switch (c) {
            case '"' -> out.append("\\\"");
            case '\\' -> out.append("\\\\");
            case '\n' -> out.append("\\n");
            case '\r' -> out.append("\\r");
            case '\t' -> out.append("\\t");
            default -> {
                if (Character.isISOControl(c)) {
                    // Octal, not a Unicode escape: javac would turn that into the raw character before lexing.
                    out.append('\\').append(String.format("%03o", (int) c));
                } else {
                    out.append(c);
                }
            }
        }
    }
}
