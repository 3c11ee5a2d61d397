package io.github.argonnx.spark;

import io.github.argonnx.runtime.ArgOnnxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where the chunks of a sharded tensor lie along its reduced axis, checked in the chunks' own terms
 * (offsets and positions) before any partial result sees them: each position in exactly one chunk.
 */
final class ChunkExtents {
    /** At most this many gaps are named in a refusal; the rest are counted. */
    private static final int GAPS_NAMED = 5;

    private final String operatorName;
    private final long axisLength;
    /** Chunk start to chunk end (exclusive). */
    private final TreeMap<Long, Long> chunks = new TreeMap<>();

    ChunkExtents(String operatorName, long axisLength) {
        this.operatorName = operatorName;
        this.axisLength = axisLength;
    }

    /**
     * Records a chunk of {@code length} positions from {@code offset} on.
     *
     * @throws ArgOnnxException if it starts before 0, ends past the axis or overlaps a chunk already recorded
     */
    void add(long offset, long length) {
        if (offset < 0) {
            throw new ArgOnnxException(operatorName + " over a sharded tensor: the chunk at offset " + offset
                    + " starts before position 0 of the reduced axis");
        }
        if (offset > axisLength - length) {
            throw new ArgOnnxException(operatorName + " over a sharded tensor: the chunk at offset " + offset + " covers "
                    + positions(offset, length) + ", past the reduced axis's last position " + (axisLength - 1));
        }
        Map.Entry<Long, Long> before = chunks.floorEntry(offset);
        if (before != null && before.getValue() > offset) {
            throw overlap(before.getKey(), before.getValue(), offset, length);
        }
        Map.Entry<Long, Long> after = chunks.ceilingEntry(offset);
        if (after != null && after.getKey() < offset + length) {
            throw overlap(after.getKey(), after.getValue(), offset, length);
        }
        chunks.put(offset, offset + length);
    }

    private ArgOnnxException overlap(long otherStart, long otherEnd, long offset, long length) {
        return new ArgOnnxException(operatorName + " over a sharded tensor: the chunk at offset " + offset + " covers "
                + positions(offset, length) + ", and the chunk at offset " + otherStart + " covers "
                + positions(otherStart, otherEnd - otherStart) + ": every position must be in exactly one chunk");
    }

    /**
     * The positions of a chunk; its last as an unsigned number, exact for every chunk here (offset and
     * length from 0 and 1 to {@link Long#MAX_VALUE}), whose last position may lie past {@code Long.MAX_VALUE}.
     */
    private static String positions(long offset, long length) {
        return length == 1 ? "position " + offset
                : "positions " + offset + " to " + Long.toUnsignedString(offset + length - 1);
    }

    /** The chunks as (offset, length) pairs. */
    long[] toArray() {
        long[] pairs = new long[2 * chunks.size()];
        int i = 0;
        for (Map.Entry<Long, Long> chunk : chunks.entrySet()) {
            pairs[i++] = chunk.getKey();
            pairs[i++] = chunk.getValue() - chunk.getKey();
        }
        return pairs;
    }

    /** Adds another partition's chunks, (offset, length) pairs. */
    void addAll(long[] pairs) {
        for (int i = 0; i < pairs.length; i += 2) {
            add(pairs[i], pairs[i + 1]);
        }
    }

    /**
     * Checks that the chunks cover the whole axis.
     *
     * @throws ArgOnnxException naming the first few gaps, their count and the positions missing in all
     */
    void requireWholeAxis() {
        List<String> named = new ArrayList<>();
        long gaps = 0;
        long missing = 0;
        long next = 0;
        for (Map.Entry<Long, Long> chunk : chunks.entrySet()) {
            if (chunk.getKey() > next) {
                gaps++;
                missing += chunk.getKey() - next;
                if (named.size() < GAPS_NAMED) {
                    named.add(positions(next, chunk.getKey() - next));
                }
            }
            next = chunk.getValue();
        }
        if (next < axisLength) {
            gaps++;
            missing += axisLength - next;
            if (named.size() < GAPS_NAMED) {
                named.add(positions(next, axisLength - next));
            }
        }
        if (gaps > 0) {
            throw new ArgOnnxException(operatorName + " over a sharded tensor: no chunk covers " + String.join(", ", named)
                    + (gaps > named.size() ? " and " + (gaps - named.size()) + " more gaps" : "")
                    + " of the reduced axis (" + axisLength + " positions, " + missing + " missing)");
        }
    }
}
