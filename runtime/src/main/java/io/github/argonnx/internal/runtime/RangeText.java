package io.github.argonnx.internal.runtime;

/**
 * Ranges as bounded text for {@link AxisCoverage}'s messages: the first
 * {@link AxisCoverage#SHOWN_IN_MESSAGES} ranges appended, then only their count and total length, so
 * that a message stays short whatever the number of ranges.
 */
final class RangeText {
    private final StringBuilder shown = new StringBuilder();
    private long count;
    private long positions;

    /** Every range of {@code coverage}, bounded. */
    static String listing(AxisCoverage coverage) {
        RangeText text = new RangeText();
        coverage.forEach((start, end) -> {
            text.append(start, end);
            return true;
        });
        return text.bounded(null);
    }

    /** The gaps {@code coverage} leaves in {@code [0, axisLength)}, bounded, or null when there are none. */
    static String gaps(AxisCoverage coverage, long axisLength) {
        RangeText text = new RangeText();
        long[] next = {0};
        coverage.forEach((start, end) -> {
            if (start > next[0]) {
                text.append(next[0], start);
            }
            next[0] = end;
            return true;
        });
        if (next[0] < axisLength) {
            text.append(next[0], axisLength);
        }
        return text.count == 0 ? null : text.bounded("missing");
    }

    /** Counts a range, and shows it when it is among the first. */
    void append(long start, long end) {
        count++;
        positions += end - start;
        if (count <= AxisCoverage.SHOWN_IN_MESSAGES) {
            shown.append(count == 1 ? "" : ", ").append(AxisCoverage.format(start, end));
        }
    }

    /** The text; {@code what} after the count, for example {@code missing}, or null. */
    String bounded(String what) {
        return count <= AxisCoverage.SHOWN_IN_MESSAGES ? shown.toString()
                : shown + ", ... (" + count + " ranges" + (what == null ? "" : " " + what) + ", " + positions
                        + " positions in all; the first " + AxisCoverage.SHOWN_IN_MESSAGES + " shown)";
    }
}
