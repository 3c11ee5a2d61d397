package io.github.argonnx.internal.runtime;

import io.github.argonnx.runtime.ArgOnnxException;
import java.util.Arrays;

/**
 * Which positions of the reduced axis a partial result has seen: ascending, disjoint ranges
 * {@code [start, end)}, adjacent ranges joined, so that chunks that arrive in order keep one range.
 * Its size is the number of gaps still open, not the number of chunks.
 *
 * <p>The ranges are sorted primitive arrays cut into blocks of at most {@link #BLOCK}, with the first
 * start of each block beside them: finding a range is a binary search over the blocks and one inside
 * a block, O(log n); adding one shifts at most a block, and a full block splits in two, moving the
 * blocks' index (n / {@code BLOCK} entries) once per {@code BLOCK / 2} ranges added there, while a range
 * after or before every range starts a new block instead, leaving the full one full. So a range
 * costs about the same in any order, where one list shifted all the ranges after it. The union of
 * two coverages of many ranges each walks both in order, once: linear in their ranges, with no sort;
 * a few ranges into many go in one by one instead.
 */
public final class AxisCoverage {

    /** Ranges per block at most: a shift inside a block and a split's move of the index stay small. */
    private static final int BLOCK = 256;

    /**
     * A block grows by at most this many ranges at a time, so that its unused room stays a sixteenth of a
     * block: a range costs about its 16 bytes whatever the order chunks come in (docs/partials.md).
     */
    private static final int GROWTH = BLOCK / 16;

    /** Per block, its ranges' starts and ends, ascending; {@code counts[b]} of them are in use. */
    private long[][] starts;
    private long[][] ends;
    private int[] counts;
    /** {@code firsts[b] == starts[b][0]}: the index binary-searched for a block. */
    private long[] firsts;
    private int blocks;
    private int size;

    /** Takes the first {@code count} ascending, disjoint, non-adjacent ranges, in blocks filled full. */
    private AxisCoverage(long[] rangeStarts, long[] rangeEnds, int count) {
        int blockCount = Math.max(1, (count + BLOCK - 1) / BLOCK);
        starts = new long[blockCount][];
        ends = new long[blockCount][];
        counts = new int[blockCount];
        firsts = new long[blockCount];
        for (int b = 0; b < blockCount; b++) {
            int from = b * BLOCK;
            int n = Math.min(BLOCK, count - from);
            // a block holds what it is given and grows up to BLOCK: a partial of one range stays small
            starts[b] = new long[Math.max(n, 2)];
            ends[b] = new long[Math.max(n, 2)];
            if (n > 0) {
                System.arraycopy(rangeStarts, from, starts[b], 0, n);
                System.arraycopy(rangeEnds, from, ends[b], 0, n);
                counts[b] = n;
                firsts[b] = rangeStarts[from];
            }
        }
        blocks = blockCount;
        size = count;
    }

    public static AxisCoverage of(long start, long end) {
        return new AxisCoverage(new long[] {start}, new long[] {end}, 1);
    }

    /**
     * Ranges read from a byte form: refused unless ascending, non-empty, disjoint, non-adjacent and
     * inside {@code [0, axisLength)}. Linear in the number of ranges.
     *
     * @param subject what the ranges belong to, for example {@code ... partial over float [2, 6]: byte form}
     */
    public static AxisCoverage ofRanges(String subject, long[] starts, long[] ends, long axisLength) {
        long previousEnd = -1;
        for (int i = 0; i < starts.length; i++) {
            if (starts[i] < 0 || ends[i] > axisLength || starts[i] >= ends[i] || starts[i] <= previousEnd) {
                throw new ArgOnnxException(subject + " is malformed: covered range " + i + " " + format(starts[i], ends[i])
                        + " is not an ascending, non-empty, disjoint, non-adjacent range inside [0, " + axisLength + ")"
                        + (i == 0 ? "" : " after " + format(starts[i - 1], ends[i - 1])));
            }
            previousEnd = ends[i];
        }
        return new AxisCoverage(starts, ends, starts.length);
    }

    /** A copy, its blocks filled full again: linear in the ranges. */
    public AxisCoverage copy() {
        long[][] all = toArrays();
        return new AxisCoverage(all[0], all[1], size);
    }

    /** The number of ranges. */
    public int size() {
        return size;
    }

    /** Receives ranges in axis order; returns false to stop. */
    @FunctionalInterface
    public interface RangeVisitor {
        boolean visit(long start, long end);
    }

    /** Hands every range to {@code visitor} in axis order, until it returns false. */
    public void forEach(RangeVisitor visitor) {
        for (int b = 0; b < blocks; b++) {
            long[] s = starts[b];
            long[] e = ends[b];
            for (int i = 0; i < counts[b]; i++) {
                if (!visitor.visit(s[i], e[i])) {
                    return;
                }
            }
        }
    }

    /** The starts and the ends of every range, ascending, in two new arrays. */
    private long[][] toArrays() {
        long[] allStarts = new long[size];
        long[] allEnds = new long[size];
        int at = 0;
        for (int b = 0; b < blocks; b++) {
            System.arraycopy(starts[b], 0, allStarts, at, counts[b]);
            System.arraycopy(ends[b], 0, allEnds, at, counts[b]);
            at += counts[b];
        }
        return new long[][] {allStarts, allEnds};
    }

    /** The block of the last range starting at or before {@code position}, or -1 when none does. */
    private int blockAtOrBefore(long position) {
        int low = 0;
        int high = blocks - 1;
        int found = -1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            if (firsts[middle] <= position) {
                found = middle;
                low = middle + 1;
            } else {
                high = middle - 1;
            }
        }
        return found;
    }

    /** In block {@code b}, whose first range starts at or before {@code position}, the last that does. */
    private int indexAtOrBefore(int b, long position) {
        long[] s = starts[b];
        int low = 0;
        int high = counts[b] - 1;
        while (low < high) {
            int middle = (low + high + 1) >>> 1;
            if (s[middle] <= position) {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        return low;
    }

    /** Whether {@code [start, end)} overlaps one of these ranges: that one as text, or null when none does. */
    public String overlapWith(long start, long end) {
        // the last range starting before the new one ends is the only one that can reach into it
        int b = blockAtOrBefore(end - 1);
        if (b >= 0) {
            int i = indexAtOrBefore(b, end - 1);
            if (ends[b][i] > start) {
                return format(start, end) + " overlaps " + format(starts[b][i], ends[b][i]);
            }
        }
        return null;
    }

    /** The first range of {@code other} that overlaps one of these, as text, or null when none does. */
    public String overlapWith(AxisCoverage other) {
        if (preferLookups(other.size, size)) {
            String[] found = new String[1];
            other.forEach((start, end) -> {
                found[0] = overlapWith(start, end);
                return found[0] == null;
            });
            return found[0];
        }
        long[][] a = toArrays();
        long[][] b = other.toArrays();
        int i = 0;
        int j = 0;
        while (i < size && j < other.size) {
            if (a[1][i] <= b[0][j]) {
                i++;
            } else if (b[1][j] <= a[0][i]) {
                j++;
            } else {
                return format(b[0][j], b[1][j]) + " overlaps " + format(a[0][i], a[1][i]);
            }
        }
        return null;
    }

    /**
     * Whether {@code few} lookups of O(log {@code many}) each cost less than one walk over both: true for
     * a chunk or a row added to an accumulator, false for a merge of two partials of many ranges.
     */
    private static boolean preferLookups(int few, int many) {
        int log = 64 - Long.numberOfLeadingZeros(many);
        return (long) few * log <= (long) few + many;
    }

    /**
     * Adds disjoint ranges ({@link #overlapWith} gave null), joining adjacent ones: one by one when
     * they are few next to these, else by one walk over both in order.
     */
    public void addAll(AxisCoverage other) {
        if (preferLookups(other.size, size)) {
            other.forEach((start, end) -> {
                add(start, end);
                return true;
            });
            return;
        }
        AxisCoverage merged = walkedUnion(this, other);
        starts = merged.starts;
        ends = merged.ends;
        counts = merged.counts;
        firsts = merged.firsts;
        blocks = merged.blocks;
        size = merged.size;
    }

    /**
     * A new coverage of the ranges of both, disjoint ({@link #overlapWith} gave null), neither changed:
     * the few added one by one to a copy of the many, or one walk over both.
     */
    public static AxisCoverage union(AxisCoverage one, AxisCoverage other) {
        AxisCoverage few = one.size <= other.size ? one : other;
        AxisCoverage many = few == one ? other : one;
        if (!preferLookups(few.size, many.size)) {
            return walkedUnion(one, other);
        }
        AxisCoverage union = many.copy();
        union.addAll(few);
        return union;
    }

    /** The union of two disjoint coverages by one walk over both in order, adjacent ranges joined. */
    private static AxisCoverage walkedUnion(AxisCoverage one, AxisCoverage other) {
        long[][] a = one.toArrays();
        long[][] b = other.toArrays();
        int size = one.size;
        long[] mergedStarts = new long[size + other.size];
        long[] mergedEnds = new long[size + other.size];
        int count = 0;
        int i = 0;
        int j = 0;
        while (i < size || j < other.size) {
            boolean fromA = j == other.size || (i < size && a[0][i] < b[0][j]);
            long start = fromA ? a[0][i] : b[0][j];
            long end = fromA ? a[1][i++] : b[1][j++];
            if (count > 0 && mergedEnds[count - 1] == start) {
                mergedEnds[count - 1] = end;
            } else {
                mergedStarts[count] = start;
                mergedEnds[count] = end;
                count++;
            }
        }
        return new AxisCoverage(mergedStarts, mergedEnds, count);
    }

    /** Adds the range {@code [start, end)}, disjoint from these, joining adjacent ones. */
    public void add(long start, long end) {
        if (size == 0) {
            insertAt(0, 0, start, end);
            return;
        }
        int last = blocks - 1;
        if (ends[last][counts[last] - 1] <= start) {
            // the usual case of chunks in order: after every range, joining the last or not
            if (ends[last][counts[last] - 1] == start) {
                ends[last][counts[last] - 1] = end;
            } else {
                insertAt(last, counts[last], start, end);
            }
            return;
        }
        int b = blockAtOrBefore(start);
        if (b < 0) {
            // before every range: it may join the first
            if (starts[0][0] == end) {
                starts[0][0] = start;
                firsts[0] = start;
            } else {
                insertAt(0, 0, start, end);
            }
            return;
        }
        int i = indexAtOrBefore(b, start);
        int nextBlock = i + 1 < counts[b] ? b : b + 1; // there is a next range: this one is not after the last
        int next = i + 1 < counts[b] ? i + 1 : 0;
        boolean joinsLeft = ends[b][i] == start;
        boolean joinsRight = starts[nextBlock][next] == end;
        if (joinsLeft && joinsRight) {
            ends[b][i] = ends[nextBlock][next];
            removeAt(nextBlock, next);
        } else if (joinsLeft) {
            ends[b][i] = end;
        } else if (joinsRight) {
            starts[nextBlock][next] = start;
            if (next == 0) {
                firsts[nextBlock] = start;
            }
        } else {
            insertAt(b, i + 1, start, end);
        }
    }

    /**
     * Puts a range at index {@code i} of block {@code b}. A full block takes no more: a range after every
     * range, or before every range, starts a new block there, so that chunks in order (ascending or
     * descending) leave every block full; a range inside a full block splits it in two. A block grows in
     * steps of at most {@link #GROWTH}, so that no block holds more than that much room unused.
     */
    private void insertAt(int b, int i, long start, long end) {
        if (counts[b] == BLOCK) {
            if (b == blocks - 1 && i == BLOCK) {
                openBlock(++b);
                i = 0;
            } else if (b == 0 && i == 0) {
                openBlock(0);
            } else {
                splitBlock(b);
                if (i > BLOCK / 2) {
                    b++;
                    i -= BLOCK / 2;
                }
            }
        }
        if (counts[b] == starts[b].length) {
            int capacity = Math.min(BLOCK, counts[b] + Math.min(Math.max(counts[b], 2), GROWTH));
            starts[b] = Arrays.copyOf(starts[b], capacity);
            ends[b] = Arrays.copyOf(ends[b], capacity);
        }
        int n = counts[b];
        System.arraycopy(starts[b], i, starts[b], i + 1, n - i);
        System.arraycopy(ends[b], i, ends[b], i + 1, n - i);
        starts[b][i] = start;
        ends[b][i] = end;
        counts[b] = n + 1;
        if (i == 0) {
            firsts[b] = start;
        }
        size++;
    }

    /** Makes room for a block at {@code at} in the blocks' index, moving the blocks from there on up by one. */
    private void shiftBlocksUp(int at) {
        if (blocks == starts.length) {
            int capacity = blocks * 2;
            starts = Arrays.copyOf(starts, capacity);
            ends = Arrays.copyOf(ends, capacity);
            counts = Arrays.copyOf(counts, capacity);
            firsts = Arrays.copyOf(firsts, capacity);
        }
        int moved = blocks - at;
        System.arraycopy(starts, at, starts, at + 1, moved);
        System.arraycopy(ends, at, ends, at + 1, moved);
        System.arraycopy(counts, at, counts, at + 1, moved);
        System.arraycopy(firsts, at, firsts, at + 1, moved);
        blocks++;
    }

    /** A new, empty block at {@code at}, of a little room: the range about to be put there sets its first. */
    private void openBlock(int at) {
        shiftBlocksUp(at);
        starts[at] = new long[2];
        ends[at] = new long[2];
        counts[at] = 0;
    }

    /** Splits full block {@code b} into two halves, each with room for {@link #GROWTH} more ranges. */
    private void splitBlock(int b) {
        shiftBlocksUp(b + 1);
        int half = BLOCK / 2;
        long[] lowerStarts = Arrays.copyOf(starts[b], half + GROWTH);
        long[] lowerEnds = Arrays.copyOf(ends[b], half + GROWTH);
        long[] upperStarts = new long[half + GROWTH];
        long[] upperEnds = new long[half + GROWTH];
        System.arraycopy(starts[b], half, upperStarts, 0, half);
        System.arraycopy(ends[b], half, upperEnds, 0, half);
        starts[b] = lowerStarts;
        ends[b] = lowerEnds;
        counts[b] = half;
        starts[b + 1] = upperStarts;
        ends[b + 1] = upperEnds;
        counts[b + 1] = half;
        firsts[b + 1] = upperStarts[0];
    }

    /** The ranges the blocks have room for, used or not: what the coverage retains, 16 bytes each. */
    int capacity() {
        int capacity = 0;
        for (int b = 0; b < blocks; b++) {
            capacity += starts[b].length;
        }
        return capacity;
    }

    /** Removes the range at index {@code i} of block {@code b}, and the block once it is empty. */
    private void removeAt(int b, int i) {
        int n = counts[b];
        System.arraycopy(starts[b], i + 1, starts[b], i, n - i - 1);
        System.arraycopy(ends[b], i + 1, ends[b], i, n - i - 1);
        counts[b] = n - 1;
        size--;
        if (counts[b] > 0) {
            firsts[b] = starts[b][0];
        } else if (blocks > 1) {
            int moved = blocks - b - 1;
            System.arraycopy(starts, b + 1, starts, b, moved);
            System.arraycopy(ends, b + 1, ends, b, moved);
            System.arraycopy(counts, b + 1, counts, b, moved);
            System.arraycopy(firsts, b + 1, firsts, b, moved);
            blocks--;
            starts[blocks] = null;
            ends[blocks] = null;
        }
    }

    /** The end of the last range: every covered position lies before it. */
    public long end() {
        return ends[blocks - 1][counts[blocks - 1] - 1];
    }

    /** Whether {@code position} lies in a covered range: O(log n). */
    public boolean covers(long position) {
        int b = blockAtOrBefore(position);
        return b >= 0 && position < ends[b][indexAtOrBefore(b, position)];
    }

    /** Whether the ranges are exactly {@code [0, axisLength)}. */
    public boolean isComplete(long axisLength) {
        return size == 1 && starts[0][0] == 0 && ends[0][0] == axisLength;
    }

    /** The ranges of {@code [0, axisLength)} not covered, as bounded text ({@link BoundedText#gaps}), or null. */
    public String missing(long axisLength) {
        return isComplete(axisLength) ? null : BoundedText.gaps(this::each, axisLength);
    }

    /** The ranges as bounded text, for messages and {@code toString} ({@link BoundedText#ranges}). */
    public String summary() {
        return BoundedText.ranges(this::each);
    }

    /** Hands every range to {@code sink}, for {@link BoundedText}. */
    private void each(BoundedText.RangeSink sink) {
        forEach((start, end) -> {
            sink.range(start, end);
            return true;
        });
    }

    /** A range as messages print it, for example {@code [0, 1024)} ({@link BoundedText#range}). */
    public static String format(long start, long end) {
        return BoundedText.range(start, end);
    }

    /** Every range, for example {@code [0, 1024), [4096, 8192)}: as long as the ranges are many. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        forEach((start, end) -> {
            text.append(text.length() == 0 ? "" : ", ").append(format(start, end));
            return true;
        });
        return text.toString();
    }
}
