package io.github.argonnx.internal.runtime;

import java.util.Arrays;

/**
 * The entries of a partial result: per output element, in row-major order, a list of its
 * {@link ReductionSignature#bestCount()} best entries so far, best first, each a winning key and a global
 * index along the reduced axis, and for a reduction that outputs values (TopK) the element's exact bits.
 * ArgMax and ArgMin keep one entry per element; TopK keeps k, entry {@code j} of element {@code p} at
 * {@code p * count + j}. Until a list has seen k positions its tail holds {@link #EMPTY_INDEX} entries,
 * which every real entry beats.
 *
 * <p>The arrays are this package's to update in place ({@link Accumulation}); a partial's lists are
 * never changed once it holds them.
 */
final class BestLists {

    /** The key of an empty place in a list: no larger than any element's. */
    static final long EMPTY_KEY = Long.MIN_VALUE;
    /** The index of an empty place: larger than any position, so every real entry ranks before it. */
    static final long EMPTY_INDEX = Long.MAX_VALUE;

    /** Entries per output element. */
    final int count;
    /** Per entry, its winning key ({@link ReductionSignature#winningKey}). */
    final long[] keys;
    /** Per entry, its global index along the reduced axis. */
    final long[] indices;
    /** Per entry, the element's bits as {@code raw_data} holds them; null unless the signature keeps bits. */
    final long[] bits;

    /** Takes the arrays as they are: {@code count} entries per output element, best first. */
    BestLists(int count, long[] keys, long[] indices, long[] bits) {
        this.count = count;
        this.keys = keys;
        this.indices = indices;
        this.bits = bits;
    }

    /** Lists without bits, as ArgMax and ArgMin keep them. */
    BestLists(int count, long[] keys, long[] indices) {
        this(count, keys, indices, null);
    }

    /** Lists of {@code count} entries for each of {@code outputSize} output elements, to be filled. */
    static BestLists empty(int count, int outputSize) {
        return new BestLists(count, new long[count * outputSize], new long[count * outputSize]);
    }

    /** Lists of {@code count} empty places (and bits) for each of {@code outputSize} output elements. */
    static BestLists vacant(int count, int outputSize) {
        BestLists lists = new BestLists(count, new long[count * outputSize], new long[count * outputSize],
                new long[count * outputSize]);
        lists.clear();
        return lists;
    }

    /** Empties every place. */
    void clear() {
        Arrays.fill(keys, EMPTY_KEY);
        Arrays.fill(indices, EMPTY_INDEX);
    }

    BestLists copy() {
        return new BestLists(count, keys.clone(), indices.clone(), bits == null ? null : bits.clone());
    }

    /**
     * Keeps, per output element, the best {@code count} entries of this list and {@code other}'s, whose
     * indices are all distinct: a total order, so merges in any order and tree agree.
     */
    void mergeFrom(BestLists other, ReductionSignature order) {
        if (count == 1 && bits == null) {
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
        long[] mergedBits = new long[count];
        for (int from = 0; from < keys.length; from += count) {
            int a = from;
            int b = from;
            if (!order.beats(other.keys[b], other.indices[b], keys[from + count - 1], indices[from + count - 1])) {
                continue; // other's best does not beat this list's last: the list stays
            }
            for (int j = 0; j < count; j++) {
                boolean fromOther = order.beats(other.keys[b], other.indices[b], keys[a], indices[a]);
                int source = fromOther ? b++ : a++;
                BestLists list = fromOther ? other : this;
                mergedKeys[j] = list.keys[source];
                mergedIndices[j] = list.indices[source];
                if (bits != null) {
                    mergedBits[j] = list.bits[source];
                }
            }
            System.arraycopy(mergedKeys, 0, keys, from, count);
            System.arraycopy(mergedIndices, 0, indices, from, count);
            if (bits != null) {
                System.arraycopy(mergedBits, 0, bits, from, count);
            }
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
