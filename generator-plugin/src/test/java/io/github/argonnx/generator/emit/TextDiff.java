package io.github.argonnx.generator.emit;

import java.util.ArrayList;
import java.util.List;

/** A small line diff for failure messages: hunks of changed lines with some context. */
final class TextDiff {

    private TextDiff() {}

    /**
     * The differences between two texts in unified-diff style ({@code @@ -a +b @@}, {@code -}, {@code +} and context
     * lines), cut off after {@code maxLines} lines of output.
     */
    static String unified(String before, String after, int context, int maxLines) {
        List<String> a = before.lines().toList();
        List<String> b = after.lines().toList();
        // Longest common subsequence table, from the ends.
        int[][] lcs = new int[a.size() + 1][b.size() + 1];
        for (int i = a.size() - 1; i >= 0; i--) {
            for (int j = b.size() - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        // The edit script: ' ' kept, '-' only in before, '+' only in after; with line numbers in each.
        List<String> ops = new ArrayList<>();
        List<int[]> positions = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.size() || j < b.size()) {
            if (i < a.size() && j < b.size() && a.get(i).equals(b.get(j))) {
                ops.add("  " + a.get(i));
                positions.add(new int[] {i++, j++});
            } else if (i < a.size() && (j == b.size() || lcs[i + 1][j] >= lcs[i][j + 1])) {
                ops.add("- " + a.get(i));
                positions.add(new int[] {i++, j});
            } else {
                ops.add("+ " + b.get(j));
                positions.add(new int[] {i, j++});
            }
        }
        StringBuilder out = new StringBuilder();
        int lines = 0;
        int k = 0;
        while (k < ops.size()) {
            if (ops.get(k).startsWith(" ")) {
                k++;
                continue;
            }
            int start = Math.max(0, k - context);
            // Extend the hunk over changes whose context would touch or overlap.
            int lastChange = k;
            for (int m = k + 1; m < ops.size() && m - lastChange <= 2 * context + 1; m++) {
                if (!ops.get(m).startsWith(" ")) {
                    lastChange = m;
                }
            }
            int end = Math.min(ops.size(), lastChange + context + 1);
            out.append("@@ -").append(positions.get(start)[0] + 1).append(" +").append(positions.get(start)[1] + 1)
                    .append(" @@\n");
            for (int h = start; h < end; h++) {
                if (lines++ == maxLines) {
                    return out.append("... (diff cut off)\n").toString();
                }
                out.append(ops.get(h)).append('\n');
            }
            k = end;
        }
        if (before.endsWith("\n") != after.endsWith("\n")) {
            out.append("(the texts differ in their final newline)\n");
        }
        return out.toString();
    }
}
