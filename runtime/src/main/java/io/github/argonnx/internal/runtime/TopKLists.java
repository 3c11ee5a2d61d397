package io.github.argonnx.internal.runtime;

/**
 * A TopK chunk's outputs turned into best lists: from TopK's layout (the axis replaced by the count, best
 * first along it) to one list per output element, with global indices, winning keys and bits. Not API.
 */
final class TopKLists {

    private TopKLists() {}

    /**
     * Fills the first {@code count} places of each list of {@code lists} (k places each, the rest left
     * empty) from a chunk's outputs, and puts each list in the signature's order.
     */
    static void fill(ReductionSignature signature, BestLists lists, int count, long axisOffset, long[] localIndices,
            long[] bits) {
        int k = lists.count;
        long inner = signature.inner();
        int p = 0;
        for (long base = 0; p < signature.outputSize(); base += count * inner) {
            for (long i = 0; i < inner; i++, p++) {
                for (int j = 0; j < count; j++) {
                    int from = (int) (base + j * inner + i);
                    int to = p * k + j;
                    lists.keys[to] = signature.winningKey(bits[from]);
                    lists.indices[to] = axisOffset + localIndices[from];
                    lists.bits[to] = bits[from];
                }
                order(signature, lists, p * k, count);
            }
        }
    }

    /**
     * Sorts one list's first {@code count} entries best first: one comparison per entry when they come
     * in order, as TopK's sorted outputs do.
     */
    private static void order(ReductionSignature signature, BestLists lists, int from, int count) {
        long[] keys = lists.keys;
        long[] indices = lists.indices;
        long[] bits = lists.bits;
        for (int j = from + 1; j < from + count; j++) {
            long key = keys[j];
            long index = indices[j];
            long value = bits[j];
            int at = j;
            while (at > from && signature.beats(key, index, keys[at - 1], indices[at - 1])) {
                keys[at] = keys[at - 1];
                indices[at] = indices[at - 1];
                bits[at] = bits[at - 1];
                at--;
            }
            keys[at] = key;
            indices[at] = index;
            bits[at] = value;
        }
    }
}
