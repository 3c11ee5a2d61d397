package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A TopK accumulation keeps k entries per output element, whatever the number and order of its chunks. */
class TopKAccumulationTest {

    private static final int ROWS = 2;
    private static final long AXIS = 1000;
    private static final int K = 3;

    /** Element {@code p} at axis position {@code i}: a value that rises and falls, with ties, per row. */
    private static long value(int row, long position) {
        return (position * 7919 + row * 13) % 101;
    }

    /** A chunk of one position: its only element per row is its best. */
    private static TopKChunk step(long position) {
        return (count, localIndices, bits) -> {
            assertEquals(1, count, "a chunk of one position has one best per row");
            for (int row = 0; row < ROWS; row++) {
                localIndices[row] = 0;
                bits[row] = value(row, position);
            }
        };
    }

    @Test
    void retainedEntriesStayKPerElementAfterManyChunksInAnyOrder() {
        ReductionSignature signature = ReductionSignature.topK("TopK", 24, Int64Keys.INSTANCE, new long[] {ROWS, AXIS}, 1,
                K, true, true);
        Accumulation accumulation = new Accumulation(signature);
        long afterFew = 0;
        for (long i = 0; i < AXIS; i++) {
            long position = (i * 389) % AXIS; // every position once, out of order
            accumulation.add(1, position, step(position));
            if (i == 10) {
                afterFew = accumulation.retainedEntries();
            }
        }
        assertEquals(afterFew, accumulation.retainedEntries(), "no growth from chunk 10 to chunk 1000");
        assertEquals(4L * ROWS * K, accumulation.retainedEntries(), "the entries, the chunk's lists, indices and bits");

        TopKOutput output = accumulation.finishTopK();
        assertArrayEquals(new long[] {ROWS, K}, output.shape());
        for (int row = 0; row < ROWS; row++) {
            long[] expected = bestThree(row);
            for (int j = 0; j < K; j++) {
                assertEquals(value(row, expected[j]), output.bits()[row * K + j], "row " + row + " value " + j);
                assertEquals(expected[j], output.indices()[row * K + j], "row " + row + " index " + j);
            }
        }
    }

    /** The positions of the three largest values of a row, the lower position first on ties. */
    private static long[] bestThree(int row) {
        long[] best = new long[K];
        java.util.Arrays.fill(best, -1);
        for (long position = 0; position < AXIS; position++) {
            int at = 0;
            while (at < K && best[at] >= 0 && value(row, best[at]) >= value(row, position)) {
                at++;
            }
            if (at < K) {
                System.arraycopy(best, at, best, at + 1, K - at - 1);
                best[at] = position;
            }
        }
        return best;
    }
}
