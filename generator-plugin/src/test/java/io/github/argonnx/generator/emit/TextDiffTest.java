package io.github.argonnx.generator.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TextDiffTest {

    @Test
    void showsChangedLinesWithContext() {
        String before = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n";
        String after = "a\nb\nc\nD\ne\nf\ng\nh\ni\nj\nk\nl\n";
        assertEquals("""
                @@ -2 +2 @@
                  b
                  c
                - d
                + D
                  e
                  f
                @@ -10 +10 @@
                  j
                  k
                + l
                """, TextDiff.unified(before, after, 2, 100));
    }

    @Test
    void mergesChangesWhoseContextsMeet() {
        assertEquals("""
                @@ -1 +1 @@
                - a
                + x
                  b
                - c
                + y
                """, TextDiff.unified("a\nb\nc\n", "x\nb\ny\n", 1, 100));
    }

    @Test
    void cutsOffLongDiffsAndNotesTheFinalNewline() {
        assertEquals("@@ -1 +1 @@\n- a\n... (diff cut off)\n", TextDiff.unified("a\nb\n", "c\nd\n", 0, 1));
        assertEquals("(the texts differ in their final newline)\n", TextDiff.unified("a\n", "a", 3, 10));
    }
}
