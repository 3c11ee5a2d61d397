package io.github.argonnx.internal.runtime;

/**
 * The entries of a partial result: per output element, in row-major order, a list of its
 * {@link ReductionSignature#bestCount()} best entries so far, best first, each a winning key and a global
 * index along the reduced axis. ArgMax and ArgMin keep one entry per element; the layout, entry
 * {@code j} of element {@code p} at {@code p * count + j}, and the merge take any count, so that a
 * reduction that keeps the k best (TopK) fits the same state.
 *
 * <p>The arrays are this package's to update in place ({@link Accumulation}); a partial's lists are
 * never changed once it holds them.
 */
final class BestLists {

    /** Entries per output element. */
    final int count;
    /** Per entry, its winning key ({@link ReductionSignature#winningKey}). */
    final long[] keys;
    /** Per entry, its global index along the reduced axis. */
    final long[] indices;

    /** Takes the arrays as they are: {@code count} entries per output element, best first. */
    BestLists(int count, long[] keys, long[] indices) {
        this.count = count;
        this.keys = keys;
        this.indices = indices;
    }

    /** Lists of {@code count} entries for each of {@code outputSize} output elements, to be filled. */
    static BestLists empty(int count, int outputSize) {
        return new BestLists(count, new long[count * outputSize], new long[count * outputSize]);
    }

    BestLists copy() {
        return new BestLists(count, keys.clone(), indices.clone());
    }

    /**
     * Keeps, per output element, the best {@code count} entries of this list and {@code other}'s, whose
     * indices are all distinct: a total order, so merges in any order and tree agree.
     */
    void mergeFrom(BestLists other, ReductionSignature order) {
        if (count == 1) {
            for (int p = 0; p < keys.length; p++) {
                if (order.beats(other.keys[p], other.indices[p], keys[p], indices[p])) {
                    keys[p] = other.keys[p];
                    indices[p] = other.indices[p];
                }
            }
            return;
        }
        long[] mergedKeys = new long[count];
        long[] mergedIndices = new long[count];
        for (int from = 0; from < keys.length; from += count) {
            int a = from;
            int b = from;
            for (int j = 0; j < count; j++) {
                boolean fromOther = order.beats(other.keys[b], other.indices[b], keys[a], indices[a]);
                mergedKeys[j] = fromOther ? other.keys[b] : keys[a];
                mergedIndices[j] = fromOther ? other.indices[b++] : indices[a++];
            }
            System.arraycopy(mergedKeys, 0, keys, from, count);
            System.arraycopy(mergedIndices, 0, indices, from, count);
        }
    }

    /** Per output element, the index of its best entry: the ArgMax/ArgMin output, in a new array. */
    long[] firstIndices() {
        if (count == 1) {
            return indices.clone();
        }
        long[] first = new long[indices.length / count];
        for (int p = 0; p < first.length; p++) {
            first[p] = indices[p * count];
        }
        return first;
    }
}
