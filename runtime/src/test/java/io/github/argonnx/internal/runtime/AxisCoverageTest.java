package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
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
        assertEquals(1, first.ranges().size());
    }
}
