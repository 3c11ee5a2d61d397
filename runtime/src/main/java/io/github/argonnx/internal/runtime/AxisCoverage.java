package io.github.argonnx.internal.runtime;

import io.github.argonnx.runtime.ArgOnnxException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Which positions of the reduced axis a partial result has seen: ascending, disjoint ranges
 * {@code [start, end)}, adjacent ranges joined, so that chunks that arrive in order keep one range.
 * Its size is the number of gaps still open, not the number of chunks.
 */
public final class AxisCoverage {

    /** The ranges as {@code {start, end}} pairs, ascending. */
    private final List<long[]> ranges;

    private AxisCoverage(List<long[]> ranges) {
        this.ranges = ranges;
    }

    public static AxisCoverage of(long start, long end) {
        List<long[]> ranges = new ArrayList<>();
        ranges.add(new long[] {start, end});
        return new AxisCoverage(ranges);
    }

    /**
     * Ranges read from a byte form: refused unless ascending, non-empty, disjoint, non-adjacent and
     * inside {@code [0, axisLength)}.
     */
    public static AxisCoverage ofRanges(String subject, long[] starts, long[] ends, long axisLength) {
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

    public AxisCoverage copy() {
        List<long[]> copy = new ArrayList<>();
        for (long[] r : ranges) {
            copy.add(r.clone());
        }
        return new AxisCoverage(copy);
    }

    /** The first range of {@code other} that overlaps one of these, as text, or null when none does. */
    public String overlapWith(AxisCoverage other) {
        for (long[] b : other.ranges) {
            // The first range ending after b starts is the only one that can overlap b's start.
            int i = firstEndingAfter(b[0]);
            if (i < ranges.size() && ranges.get(i)[0] < b[1]) {
                long[] a = ranges.get(i);
                return format(b[0], b[1]) + " overlaps " + format(a[0], a[1]);
            }
        }
        return null;
    }

    /** The index of the first range whose end lies after {@code position}, or the number of ranges. */
    private int firstEndingAfter(long position) {
        int low = 0;
        int high = ranges.size();
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (ranges.get(middle)[1] <= position) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /**
     * Adds disjoint ranges ({@link #overlapWith} gave null), joining adjacent ones. One range, the
     * usual case of a chunk or a row added to an accumulator, goes straight to its place.
     */
    public void addAll(AxisCoverage other) {
        if (other.ranges.size() == 1) {
            add(other.ranges.get(0)[0], other.ranges.get(0)[1]);
            return;
        }
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

    /** Adds the range {@code [start, end)}, disjoint from these, joining adjacent ones. */
    public void add(long start, long end) {
        int i = firstEndingAfter(start);
        boolean joinsLeft = i > 0 && ranges.get(i - 1)[1] == start;
        boolean joinsRight = i < ranges.size() && ranges.get(i)[0] == end;
        if (joinsLeft && joinsRight) {
            ranges.get(i - 1)[1] = ranges.remove(i)[1];
        } else if (joinsLeft) {
            ranges.get(i - 1)[1] = end;
        } else if (joinsRight) {
            ranges.get(i)[0] = start;
        } else {
            ranges.add(i, new long[] {start, end});
        }
    }

    /** The end of the last range: every covered position lies before it. */
    public long end() {
        return ranges.get(ranges.size() - 1)[1];
    }

    /** Whether {@code position} lies in a covered range. */
    public boolean covers(long position) {
        for (long[] r : ranges) {
            if (position >= r[0] && position < r[1]) {
                return true;
            }
        }
        return false;
    }

    /** The ranges of {@code [0, axisLength)} not covered, as text, or null when everything is. */
    public String missing(long axisLength) {
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

    public List<long[]> ranges() {
        return Collections.unmodifiableList(ranges);
    }

    public static String format(long start, long end) {
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
