package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** Best lists of one and of several entries per output element merge as the total order of entries says. */
class BestListsTest {

    private static final ReductionSignature FIRST_INDEX = new ReductionSignature("ArgMax", 13, true, Int64Keys.INSTANCE,
            new ValidatedCall(new long[] {2, 10}, 1, false, false));

    @Test
    void oneEntryPerElementKeepsTheBetterOfTheTwo() {
        BestLists left = new BestLists(1, new long[] {5, 7}, new long[] {0, 3});
        BestLists right = new BestLists(1, new long[] {5, 9}, new long[] {6, 8});
        left.mergeFrom(right, FIRST_INDEX);
        assertArrayEquals(new long[] {5, 9}, left.keys);
        assertArrayEquals(new long[] {0, 8}, left.firstIndices(), "a tie goes to the smaller index");
    }

    @Test
    void severalEntriesPerElementKeepTheBestOfBothListsInOrderWhicheverMergesIntoWhich() {
        // two output elements, two entries each, best first: keys 9 > 7 > 5; the tie at key 7 goes to index 2
        long[] leftKeys = {9, 5, 7, 7};
        long[] leftIndices = {1, 4, 6, 7};
        long[] rightKeys = {7, 5, 8, 1};
        long[] rightIndices = {2, 0, 3, 4};
        BestLists one = new BestLists(2, leftKeys.clone(), leftIndices.clone());
        one.mergeFrom(new BestLists(2, rightKeys.clone(), rightIndices.clone()), FIRST_INDEX);
        BestLists other = new BestLists(2, rightKeys.clone(), rightIndices.clone());
        other.mergeFrom(new BestLists(2, leftKeys.clone(), leftIndices.clone()), FIRST_INDEX);
        for (BestLists merged : new BestLists[] {one, other}) {
            assertArrayEquals(new long[] {9, 7, 8, 7}, merged.keys);
            assertArrayEquals(new long[] {1, 2, 3, 6}, merged.indices);
            assertArrayEquals(new long[] {1, 3}, merged.firstIndices());
        }
    }
}
