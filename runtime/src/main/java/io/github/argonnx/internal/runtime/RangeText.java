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

    /** Counts a range, and shows it when it is among the first. */
    void append(long start, long end) {
        count++;
        positions += end - start;
        if (count <= AxisCoverage.SHOWN_IN_MESSAGES) {
            shown.append(count == 1 ? "" : ", ").append(AxisCoverage.format(start, end));
        }
    }

    long count() {
        return count;
    }

    /** The text; {@code what} after the count, for example {@code missing}, or null. */
    String bounded(String what) {
        return count <= AxisCoverage.SHOWN_IN_MESSAGES ? shown.toString()
                : shown + ", ... (" + count + " ranges" + (what == null ? "" : " " + what) + ", " + positions
                        + " positions in all; the first " + AxisCoverage.SHOWN_IN_MESSAGES + " shown)";
    }
}
