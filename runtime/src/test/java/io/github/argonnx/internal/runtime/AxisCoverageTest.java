package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgOnnxException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AxisCoverageTest {

    /** The ranges a set of covered positions makes, as {@link AxisCoverage#toString()} writes them. */
    private static String rangesOf(boolean[] covered) {
        List<String> ranges = new ArrayList<>();
        for (int i = 0; i < covered.length; i++) {
            if (covered[i] && (i == 0 || !covered[i - 1])) {
                int end = i;
                while (end < covered.length && covered[end]) {
                    end++;
                }
                ranges.add(AxisCoverage.format(i, end));
            }
        }
        return String.join(", ", ranges);
    }

    @Test
    void singleRangesInAnyOrderJoinAndOverlapsAreFoundAsBySetsOfPositions() {
        Random random = new Random(11);
        for (int round = 0; round < 200; round++) {
            int length = 1 + random.nextInt(60);
            boolean[] covered = new boolean[length];
            AxisCoverage coverage = null;
            for (int step = 0; step < 40; step++) {
                int start = random.nextInt(length);
                int end = start + 1 + random.nextInt(Math.min(4, length - start));
                boolean overlaps = false;
                for (int i = start; i < end; i++) {
                    overlaps |= covered[i];
                }
                AxisCoverage range = AxisCoverage.of(start, end);
                if (coverage == null) {
                    coverage = range;
                } else if (overlaps) {
                    assertNotNull(coverage.overlapWith(range), coverage + " and " + range);
                    continue;
                } else {
                    assertNull(coverage.overlapWith(range), coverage + " and " + range);
                    coverage.addAll(range);
                }
                for (int i = start; i < end; i++) {
                    covered[i] = true;
                }
                assertEquals(rangesOf(covered), coverage.toString());
            }
        }
    }

    @Test
    void shuffledPositionsOneByOneEndAsOneRangeAsDoesAMergeOfTwoHalves() {
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            positions.add(i);
        }
        Collections.shuffle(positions, new Random(5));
        AxisCoverage first = AxisCoverage.of(positions.get(0), positions.get(0) + 1);
        AxisCoverage second = AxisCoverage.of(positions.get(1), positions.get(1) + 1);
        for (int k = 2; k < positions.size(); k++) {
            AxisCoverage half = k % 2 == 0 ? first : second;
            half.addAll(AxisCoverage.of(positions.get(k), positions.get(k) + 1));
        }
        assertNull(first.overlapWith(second));
        first.addAll(second);
        assertEquals("[0, 10000)", first.toString());
        assertEquals(1, first.size());
    }

    /**
     * A million one-element ranges at every second position, in each order, then the union of two such
     * coverages: each insert is a binary search and a shift inside one block and the union one walk over
     * both, so every order gives the same ranges at the same cost ({@code CoverageBenchmark} measures it).
     */
    @Test
    void aMillionRangesGoInInAnyOrderAndTwoMillionJoinByOneWalk() {
        int n = 1_000_000;
        for (String order : new String[] {"ascending", "descending", "shuffled"}) {
            long[] positions = new long[n];
            for (int k = 0; k < n; k++) {
                positions[k] = order.equals("descending") ? 2L * (n - 1 - k) : 2L * k;
            }
            if (order.equals("shuffled")) {
                SplittableRandom random = new SplittableRandom(45);
                for (int k = n - 1; k > 0; k--) {
                    int j = random.nextInt(k + 1);
                    long swap = positions[k];
                    positions[k] = positions[j];
                    positions[j] = swap;
                }
            }
            AxisCoverage even = AxisCoverage.of(positions[0], positions[0] + 1);
            AxisCoverage odd = AxisCoverage.of(positions[0] + 1, positions[0] + 2);
            for (int k = 1; k < n; k++) {
                AxisCoverage one = AxisCoverage.of(positions[k], positions[k] + 1);
                assertNull(even.overlapWith(one));
                even.addAll(one);
                odd.add(positions[k] + 1, positions[k] + 2);
            }
            assertEquals(n, even.size(), order);
            assertTrue(even.covers(2L * (n - 1)) && !even.covers(1) && !even.covers(2L * n), order);
            assertEquals("[1, 2), [3, 4), [5, 6), [7, 8), [9, 10), [11, 12), [13, 14), [15, 16), ... ("
                    + n + " ranges missing, " + n + " positions in all; the first 8 shown)", even.missing(2L * n), order);
            assertNull(even.overlapWith(odd), order);
            AxisCoverage whole = even.copy();
            whole.addAll(odd); // two million ranges joined by one walk over both
            assertEquals("[0, " + 2L * n + ")", whole.toString(), order);
            assertTrue(whole.isComplete(2L * n) && !even.isComplete(2L * n), order);
            assertEquals(n, even.size(), "a copy's union leaves the original as it was");
        }
    }

    @Test
    void manyRangesMergeByOneWalkAndOverlapsAreFoundThere() {
        long[] starts = new long[1000];
        long[] ends = new long[1000];
        for (int k = 0; k < 1000; k++) {
            starts[k] = 4L * k;
            ends[k] = 4L * k + 2;
        }
        AxisCoverage left = AxisCoverage.ofRanges("test", starts, ends, 4000);
        for (int k = 0; k < 1000; k++) {
            starts[k] += 2;
            ends[k] += 2;
        }
        AxisCoverage right = AxisCoverage.ofRanges("test", starts, ends, 4000);
        assertNull(left.overlapWith(right));
        starts[500] -= 1; // [2001, 2004) reaches into left's [2000, 2002)
        assertEquals("[2001, 2004) overlaps [2000, 2002)", left.overlapWith(AxisCoverage.ofRanges("test", starts, ends, 4000)));
        left.addAll(right);
        assertEquals("[0, 4000)", left.toString());
    }

    @Test
    void rangesReadFromBytesAreRefusedAsMalformedUnlessAscendingAndApart() {
        ArgOnnxException e = assertThrows(ArgOnnxException.class,
                () -> AxisCoverage.ofRanges("form", new long[] {0, 2}, new long[] {2, 3}, 5));
        assertEquals("form is malformed: covered range 1 [2, 3) is not an ascending, non-empty, disjoint, non-adjacent"
                + " range inside [0, 5) after [0, 2)", e.getMessage());
        assertThrows(ArgOnnxException.class, () -> AxisCoverage.ofRanges("form", new long[] {0}, new long[] {6}, 5));
        assertThrows(ArgOnnxException.class, () -> AxisCoverage.ofRanges("form", new long[] {3}, new long[] {3}, 5));
        assertThrows(ArgOnnxException.class, () -> AxisCoverage.ofRanges("form", new long[] {-1}, new long[] {1}, 5));
        assertThrows(ArgOnnxException.class, () -> AxisCoverage.ofRanges("form", new long[] {3, 0}, new long[] {4, 1}, 5));
    }

    /** Blocks split, grow and empty: thousands of ranges of random lengths in random order, against a set. */
    @Test
    void rangesInRandomOrderAcrossManyBlocksMatchASetOfPositions() {
        SplittableRandom random = new SplittableRandom(12);
        for (int round = 0; round < 8; round++) {
            int length = 2000 + random.nextInt(20_000);
            boolean[] covered = new boolean[length];
            AxisCoverage coverage = null;
            int added = 0;
            while (added < length) {
                int start = random.nextInt(length);
                int end = Math.min(length, start + 1 + random.nextInt(round % 2 == 0 ? 2 : 40));
                boolean overlaps = false;
                for (int i = start; i < end; i++) {
                    overlaps |= covered[i];
                }
                if (overlaps) {
                    if (coverage != null) {
                        assertNotNull(coverage.overlapWith(AxisCoverage.of(start, end)));
                    }
                    // fill the gap this landed in, so that the axis gets covered
                    while (start < length && covered[start]) {
                        start++;
                    }
                    if (start == length) {
                        continue;
                    }
                    end = start + 1;
                }
                if (coverage == null) {
                    coverage = AxisCoverage.of(start, end);
                } else {
                    coverage.add(start, end);
                }
                for (int i = start; i < end; i++) {
                    covered[i] = true;
                    added++;
                }
                if (random.nextInt(500) == 0) {
                    assertEquals(rangesOf(covered), coverage.toString());
                    AxisCoverage copy = coverage.copy();
                    assertEquals(coverage.toString(), copy.toString());
                    int probe = random.nextInt(length);
                    assertEquals(covered[probe], coverage.covers(probe));
                }
            }
            assertEquals("[0, " + length + ")", coverage.toString());
            assertTrue(coverage.isComplete(length));
            assertNull(coverage.missing(length));
        }
    }
}
