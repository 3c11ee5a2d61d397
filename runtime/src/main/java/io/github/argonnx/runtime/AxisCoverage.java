package io.github.argonnx.runtime;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Which positions of the reduced axis a partial result has seen: ascending, disjoint ranges
 * {@code [start, end)}, adjacent ranges joined, so that chunks that arrive in order keep one range.
 * Its size is the number of gaps still open, not the number of chunks.
 */
final class AxisCoverage {

    /** The ranges as {@code {start, end}} pairs, ascending. */
    private final List<long[]> ranges;

    private AxisCoverage(List<long[]> ranges) {
        this.ranges = ranges;
    }

    static AxisCoverage of(long start, long end) {
        List<long[]> ranges = new ArrayList<>();
        ranges.add(new long[] {start, end});
        return new AxisCoverage(ranges);
    }

    /**
     * Ranges read from a byte form: refused unless ascending, non-empty, disjoint, non-adjacent and
     * inside {@code [0, axisLength)}.
     */
    static AxisCoverage ofRanges(String subject, long[] starts, long[] ends, long axisLength) {
        List<long[]> ranges = new ArrayList<>();
        long previousEnd = -1;
        for (int i = 0; i < starts.length; i++) {
            if (starts[i] < 0 || ends[i] > axisLength || starts[i] >= ends[i] || starts[i] <= previousEnd) {
                throw new ArgOnnxException(subject + ": covered range " + i + " " + format(starts[i], ends[i])
                        + " is not an ascending, non-empty, disjoint range inside [0, " + axisLength + ")");
            }
            ranges.add(new long[] {starts[i], ends[i]});
            previousEnd = ends[i];
        }
        return new AxisCoverage(ranges);
    }

    AxisCoverage copy() {
        List<long[]> copy = new ArrayList<>();
        for (long[] r : ranges) {
            copy.add(r.clone());
        }
        return new AxisCoverage(copy);
    }

    /** The first range of {@code other} that overlaps one of these, as text, or null when none does. */
    String overlapWith(AxisCoverage other) {
        int i = 0;
        int j = 0;
        while (i < ranges.size() && j < other.ranges.size()) {
            long[] a = ranges.get(i);
            long[] b = other.ranges.get(j);
            if (a[0] < b[1] && b[0] < a[1]) {
                return format(b[0], b[1]) + " overlaps " + format(a[0], a[1]);
            }
            if (a[1] <= b[0]) {
                i++;
            } else {
                j++;
            }
        }
        return null;
    }

    /** Adds disjoint ranges ({@link #overlapWith} gave null), joining adjacent ones. */
    void addAll(AxisCoverage other) {
        List<long[]> all = new ArrayList<>(ranges);
        for (long[] r : other.ranges) {
            all.add(r.clone());
        }
        all.sort((a, b) -> Long.compare(a[0], b[0]));
        List<long[]> joined = new ArrayList<>();
        for (long[] r : all) {
            long[] last = joined.isEmpty() ? null : joined.get(joined.size() - 1);
            if (last != null && last[1] == r[0]) {
                last[1] = r[1];
            } else {
                joined.add(r);
            }
        }
        ranges.clear();
        ranges.addAll(joined);
    }

    /** Whether {@code position} lies in a covered range. */
    boolean covers(long position) {
        for (long[] r : ranges) {
            if (position >= r[0] && position < r[1]) {
                return true;
            }
        }
        return false;
    }

    /** The ranges of {@code [0, axisLength)} not covered, as text, or null when everything is. */
    String missing(long axisLength) {
        List<String> gaps = new ArrayList<>();
        long next = 0;
        for (long[] r : ranges) {
            if (r[0] > next) {
                gaps.add(format(next, r[0]));
            }
            next = r[1];
        }
        if (next < axisLength) {
            gaps.add(format(next, axisLength));
        }
        return gaps.isEmpty() ? null : String.join(", ", gaps);
    }

    List<long[]> ranges() {
        return Collections.unmodifiableList(ranges);
    }

    static String format(long start, long end) {
        return "[" + start + ", " + end + ")";
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (long[] r : ranges) {
            text.append(text.length() == 0 ? "" : ", ").append(format(r[0], r[1]));
        }
        return text.toString();
    }
}
