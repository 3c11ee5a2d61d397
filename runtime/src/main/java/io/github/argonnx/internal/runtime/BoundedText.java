package io.github.argonnx.internal.runtime;

/**
 * Lists in refusals and {@code toString}, bounded: the first few items shown, then how many there are,
 * so that a message stays short whatever a caller or a forged byte form hands in (docs/security.md). The
 * one way every message of the runtime and of generated code prints a shape ({@link #shape}) and the
 * ranges of a reduced axis ({@link #ranges}, {@link #gaps}).
 */
public final class BoundedText {

    /** Dimensions a shape shows before it gives only its rank: more than any ONNX model's tensors have. */
    public static final int DIMENSIONS_SHOWN = 16;

    /** Ranges a message shows before it gives only their count and total length. */
    public static final int RANGES_SHOWN = 8;

    /** Hands ranges {@code [start, end)}, in axis order, to a sink. */
    @FunctionalInterface
    interface Ranges {
        void each(RangeSink sink);
    }

    /** Takes one range {@code [start, end)}. */
    @FunctionalInterface
    interface RangeSink {
        void range(long start, long end);
    }

    private final StringBuilder shown = new StringBuilder();
    private final int limit;
    private long count;
    private long positions;

    private BoundedText(int limit) {
        this.limit = limit;
    }

    /**
     * A shape as ONNX documents print it, for example {@code [2, 3, 4]}, {@code []} for a scalar; past
     * {@link #DIMENSIONS_SHOWN} dimensions, the first of them and the rank:
     * {@code [1, 1, ..., 1, ... (1000000 dimensions)]}.
     *
     * @param shape the dimensions, or null
     * @return the text
     */
    public static String shape(long[] shape) {
        if (shape == null) {
            return "null";
        }
        BoundedText text = new BoundedText(DIMENSIONS_SHOWN);
        for (long dimension : shape) {
            text.item(Long.toString(dimension));
        }
        return "[" + (text.count <= DIMENSIONS_SHOWN ? text.shown
                : text.shown + ", ... (" + text.count + " dimensions)") + "]";
    }

    /**
     * Ranges {@code [start, end)}, for example {@code [0, 1024), [4096, 8192)}; past {@link #RANGES_SHOWN}
     * ranges, the first of them, their count and the positions they hold.
     *
     * @param ranges the ranges, in axis order
     * @return the text
     */
    static String ranges(Ranges ranges) {
        BoundedText text = new BoundedText(RANGES_SHOWN);
        ranges.each(text::countRange);
        return text.rangeList(null);
    }

    /** The gaps {@code ranges} leave in {@code [0, axisLength)}, bounded as {@link #ranges}, or null when there are none. */
    static String gaps(Ranges ranges, long axisLength) {
        BoundedText text = new BoundedText(RANGES_SHOWN);
        long[] next = {0};
        ranges.each((start, end) -> {
            if (start > next[0]) {
                text.countRange(next[0], start);
            }
            next[0] = end;
        });
        if (next[0] < axisLength) {
            text.countRange(next[0], axisLength);
        }
        return text.count == 0 ? null : text.rangeList("missing");
    }

    /** Counts an item, and shows it when it is among the first. */
    private void item(String item) {
        count++;
        if (count <= limit) {
            shown.append(count == 1 ? "" : ", ").append(item);
        }
    }

    /** Counts a range and its positions, and shows it when it is among the first. */
    private void countRange(long start, long end) {
        positions += end - start;
        item(range(start, end));
    }

    /**
     * A range as messages print it, for example {@code [0, 1024)}.
     *
     * @param start the first position
     * @param end the position after the last
     * @return the text
     */
    public static String range(long start, long end) {
        return "[" + start + ", " + end + ")";
    }

    /** The ranges; {@code what} after their count, for example {@code missing}, or null. */
    private String rangeList(String what) {
        return count <= limit ? shown.toString()
                : shown + ", ... (" + count + " ranges" + (what == null ? "" : " " + what) + ", " + positions
                        + " positions in all; the first " + limit + " shown)";
    }
}
