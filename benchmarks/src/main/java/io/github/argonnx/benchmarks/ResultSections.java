package io.github.argonnx.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sections of a Markdown page that the report writes: everything between a line
 * {@code <!-- results:NAME -->} and the next line {@code <!-- /results:NAME -->}. The rest of the page
 * is the authors', and stays as it is byte for byte, so the report can rewrite the tables of a page
 * that people edit.
 */
final class ResultSections {

    private static final Pattern START = Pattern.compile("<!-- results:([A-Za-z0-9_-]+) -->");
    private static final Pattern END = Pattern.compile("<!-- /results:([A-Za-z0-9_-]+) -->");

    private ResultSections() {}

    static String start(String name) {
        return "<!-- results:" + name + " -->";
    }

    static String end(String name) {
        return "<!-- /results:" + name + " -->";
    }

    /** The page with its sections and what was rewritten. */
    record Rewrite(String text, List<String> rewritten) {}

    /**
     * Replaces the body of every section whose name has a body in {@code bodies}; sections of other
     * names stay as they are.
     *
     * @param page the page's name, for messages
     * @throws IllegalArgumentException when a section is not closed, a closing line has no opening
     *     one, or no section of the page has a body (naming the lines to add)
     */
    static Rewrite rewrite(String page, String text, Map<String, String> bodies) {
        String[] lines = text.split("\n", -1);
        StringBuilder out = new StringBuilder();
        List<String> rewritten = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            Matcher stray = END.matcher(line.strip());
            if (stray.matches()) {
                throw new IllegalArgumentException(page + " line " + (i + 1) + ": " + line.strip()
                        + " closes no section (open it with " + start(stray.group(1)) + ")");
            }
            Matcher start = START.matcher(line.strip());
            if (!start.matches()) {
                append(out, line, i == lines.length - 1);
                continue;
            }
            String name = start.group(1);
            int close = i + 1;
            while (close < lines.length && !lines[close].strip().equals(end(name))) {
                if (START.matcher(lines[close].strip()).matches()) {
                    break;
                }
                close++;
            }
            if (close == lines.length || !lines[close].strip().equals(end(name))) {
                throw new IllegalArgumentException(page + " line " + (i + 1) + ": " + start(name)
                        + " is not closed by " + end(name) + " before the next section or the end");
            }
            String body = bodies.get(name);
            if (body == null) {
                for (int j = i; j <= close; j++) {
                    append(out, lines[j], j == lines.length - 1);
                }
            } else {
                out.append(line).append("\n\n").append(body.strip()).append("\n\n");
                append(out, lines[close], close == lines.length - 1);
                rewritten.add(name);
            }
            i = close;
        }
        if (rewritten.isEmpty()) {
            List<String> wanted = new ArrayList<>();
            bodies.keySet().forEach(name -> wanted.add(start(name) + " ... " + end(name)));
            throw new IllegalArgumentException(page + " has no section the report writes: add one of "
                    + String.join(", ", wanted) + ", each marker on a line of its own");
        }
        return new Rewrite(out.toString(), rewritten);
    }

    private static void append(StringBuilder out, String line, boolean last) {
        out.append(line);
        if (!last) {
            out.append('\n');
        }
    }
}
