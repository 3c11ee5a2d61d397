package io.github.argonnx.spark;

import io.github.argonnx.runtime.ArgOnnxException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The buffer of {@code top_k_agg} for one group: the k best (order key, position) pairs seen so far, a
 * larger key better and between equal keys the smaller position. A binary heap with the worst pair at
 * its root, so that a row that does not enter (nearly every row, once the group has k) costs one
 * comparison. Its arrays grow as pairs arrive, up to k: a group costs memory for k pairs at most.
 *
 * <p>The pairs are totally ordered, and the buffer holds the k best of the rows offered whatever their
 * order and however buffers are merged: the answer does not depend on the order of rows or partitions.
 */
final class TopKBuffer {
    private static final int INITIAL_CAPACITY = 16;

    private final int k;
    private long[] keys;
    private long[] positions;
    private int size;
    /** Whether a pair was offered: with k = 0 a group with rows gives an empty array, one without gives null. */
    private boolean offered;

    TopKBuffer(int k) {
        this.k = k;
        int capacity = Math.min(k, INITIAL_CAPACITY);
        this.keys = new long[capacity];
        this.positions = new long[capacity];
    }

    /** Whether a pair was offered to this buffer or to one merged into it. */
    boolean offered() {
        return offered;
    }

    /**
     * A score's order key, which makes TopK's order one comparison of longs, larger better: an integer
     * score as it is; a float or double as the bits of the double (every NaN made one NaN, -0.0 made
     * 0.0) turned so that their signed order is the numbers' order, a NaN above every number. Without
     * {@code largest} the key is negated bitwise, so that the smallest score is the best and a NaN the
     * worst, as ONNX TopK orders them.
     */
    static long orderKey(Number value, boolean integral, boolean largest) {
        return integral ? integralKey(value.longValue(), largest) : floatingKey(value.doubleValue(), largest);
    }

    static long integralKey(long value, boolean largest) {
        return largest ? value : ~value;
    }

    static long floatingKey(double value, boolean largest) {
        long bits = Double.isNaN(value) ? Double.doubleToLongBits(Double.NaN) : value == 0.0 ? 0L : Double.doubleToRawLongBits(value);
        // Negative doubles order backwards as signed longs: flip their magnitude bits.
        long key = bits ^ ((bits >> 63) & Long.MAX_VALUE);
        return largest ? key : ~key;
    }

    /**
     * The position of a row whose score is not null, checked as {@code argmax_agg} checks it.
     *
     * @throws ArgOnnxException if it is null or negative, naming it (or the score)
     */
    static long checkedPosition(String functionName, Object score, Object position) {
        if (position == null) {
            throw new ArgOnnxException(functionName + ": the row with score " + score + " has a null position;"
                    + " every row with a score needs a position from 0 to " + Long.MAX_VALUE);
        }
        long at = ((Number) position).longValue();
        if (at < 0) {
            throw new ArgOnnxException(functionName + ": position " + at + " is negative; positions are bigint values from 0 to "
                    + Long.MAX_VALUE);
        }
        return at;
    }

    /** Whether pair a is worse than pair b. */
    static boolean worse(long keyA, long positionA, long keyB, long positionB) {
        return keyA < keyB || keyA == keyB && positionA > positionB;
    }

    private boolean worse(int i, int j) {
        return worse(keys[i], positions[i], keys[j], positions[j]);
    }

    /** Offers one pair: it enters if the buffer holds fewer than k, or if it beats the worst. */
    void offer(long key, long position) {
        offered = true;
        if (size < k) {
            if (size == keys.length) {
                int capacity = (int) Math.min(k, Math.max(2L * size, 1));
                keys = Arrays.copyOf(keys, capacity);
                positions = Arrays.copyOf(positions, capacity);
            }
            keys[size] = key;
            positions[size] = position;
            siftUp(size++);
        } else if (k > 0 && worse(keys[0], positions[0], key, position)) {
            keys[0] = key;
            positions[0] = position;
            siftDown(0, size);
        }
    }

    void merge(TopKBuffer other) {
        offered |= other.offered;
        for (int i = 0; i < other.size; i++) {
            offer(other.keys[i], other.positions[i]);
        }
    }

    private void siftUp(int i) {
        while (i > 0) {
            int parent = (i - 1) / 2;
            if (!worse(i, parent)) {
                return;
            }
            swap(i, parent);
            i = parent;
        }
    }

    private void siftDown(int i, int end) {
        while (true) {
            int child = 2 * i + 1;
            if (child >= end) {
                return;
            }
            if (child + 1 < end && worse(child + 1, child)) {
                child++;
            }
            if (!worse(child, i)) {
                return;
            }
            swap(i, child);
            i = child;
        }
    }

    private void swap(int i, int j) {
        long key = keys[i];
        keys[i] = keys[j];
        keys[j] = key;
        long position = positions[i];
        positions[i] = positions[j];
        positions[j] = position;
    }

    /**
     * The positions, best first. Sorts the buffer in place (a heap sort), after
     * which the buffer is no longer a heap: Spark evaluates a buffer once, at the end.
     *
     * @param functionName for the message
     * @throws ArgOnnxException if a position appears twice among them
     */
    long[] bestFirst(String functionName) {
        for (int end = size - 1; end > 0; end--) {
            swap(0, end);
            siftDown(0, end);
        }
        // Each pass moves the worst left to the end: the best ends at 0.
        long[] result = Arrays.copyOf(positions, size);
        long[] sorted = result.clone();
        Arrays.sort(sorted);
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                throw new ArgOnnxException(functionName + ": position " + sorted[i] + " appears in more than one row;"
                        + " each row needs a position of its own, as an element of a tensor has");
            }
        }
        return result;
    }

    byte[] serialize() {
        ByteBuffer bytes = ByteBuffer.allocate(1 + Integer.BYTES + size * 2 * Long.BYTES);
        bytes.put((byte) (offered ? 1 : 0)).putInt(size);
        for (int i = 0; i < size; i++) {
            bytes.putLong(keys[i]).putLong(positions[i]);
        }
        return bytes.array();
    }

    /** A buffer holding these pairs, a heap in this order (as {@link TopKRowAggregate} keeps them). */
    static TopKBuffer of(int k, long[] keys, long[] positions, int size, boolean offered) {
        TopKBuffer buffer = new TopKBuffer(k);
        buffer.keys = keys;
        buffer.positions = positions;
        buffer.size = size;
        buffer.offered = offered;
        return buffer;
    }

    static TopKBuffer deserialize(int k, byte[] stored) {
        ByteBuffer bytes = ByteBuffer.wrap(stored);
        boolean offered = bytes.get() != 0;
        int count = bytes.getInt();
        TopKBuffer buffer = new TopKBuffer(k);
        buffer.offered = offered;
        buffer.keys = new long[count];
        buffer.positions = new long[count];
        // The stored pairs are a heap already, in the same order.
        for (int i = 0; i < count; i++) {
            buffer.keys[i] = bytes.getLong();
            buffer.positions[i] = bytes.getLong();
        }
        buffer.size = count;
        return buffer;
    }
}
