package io.github.argonnx.runtime.vector;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Vector API loops over byte elements, signed and unsigned (unsigned by flipping the sign bit).
 *
 * <p>Contiguous slices are read in blocks: a block's extreme comes from lane-wise min/max, and only
 * the block that holds the overall extreme is scanned again for the exact index. The last index is
 * found by running the same strict test from the end of the slice, as the scalar kernels do.
 */
final class ByteLoops {

    static final VectorSpecies<Byte> SPECIES = ByteVector.SPECIES_PREFERRED;
    private static final int LANES = SPECIES.length();
    /** Elements per block of a contiguous slice: one horizontal reduction per block. */
    private static final int BLOCK = 16 * LANES;
    private static final byte SIGN = Byte.MIN_VALUE;

    private ByteLoops() {}

    /** Int8: index of the largest element of a contiguous slice, or -1 if the slice is short. */
    static long largest(byte[] a, int start, int length, boolean selectLastIndex) {
        if (length < 2 * BLOCK) {
            return -1;
        }
        return selectLastIndex ? lastLargest(a, start, length) : firstLargest(a, start, length);
    }

    private static long firstLargest(byte[] a, int start, int length) {
        int end = start + length;
        int blocksEnd = end - length % BLOCK;
        byte best = a[start];
        int bestBlock = -1;
        ByteVector bestVector = ByteVector.broadcast(SPECIES, best);
        for (int b = start; b < blocksEnd; b += BLOCK) {
            ByteVector m0 = ByteVector.fromArray(SPECIES, a, b);
            ByteVector m1 = ByteVector.fromArray(SPECIES, a, b + LANES);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.max(ByteVector.fromArray(SPECIES, a, i));
                m1 = m1.max(ByteVector.fromArray(SPECIES, a, i + LANES));
            }
            ByteVector blockBest = m0.max(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.LE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MAX);
                bestVector = ByteVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksEnd; i < end; i++) {
            byte v = a[i];
            if (v > best) {
                best = v;
                bestIndex = i;
            }
        }
        if (bestIndex >= 0) {
            return bestIndex - start;
        }
        if (bestBlock < 0) {
            return 0;
        }
        // The block holds the extreme: its first (last) element equal to it.
        for (int i = bestBlock; ; i += LANES) {
            int lane = ByteVector.fromArray(SPECIES, a, i).compare(VectorOperators.EQ, bestVector).firstTrue();
            if (lane < LANES) {
                return i + lane - start;
            }
        }
    }

    private static long lastLargest(byte[] a, int start, int length) {
        int end = start + length;
        int blocksStart = start + length % BLOCK;
        byte best = a[end - 1];
        int bestBlock = -1;
        ByteVector bestVector = ByteVector.broadcast(SPECIES, best);
        for (int b = end - BLOCK; b >= blocksStart; b -= BLOCK) {
            ByteVector m0 = ByteVector.fromArray(SPECIES, a, b);
            ByteVector m1 = ByteVector.fromArray(SPECIES, a, b + LANES);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.max(ByteVector.fromArray(SPECIES, a, i));
                m1 = m1.max(ByteVector.fromArray(SPECIES, a, i + LANES));
            }
            ByteVector blockBest = m0.max(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.LE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MAX);
                bestVector = ByteVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksStart - 1; i >= start; i--) {
            byte v = a[i];
            if (v > best) {
                best = v;
                bestIndex = i;
            }
        }
        if (bestIndex >= 0) {
            return bestIndex - start;
        }
        if (bestBlock < 0) {
            return length - 1;
        }
        // The block holds the extreme: its first (last) element equal to it.
        for (int i = bestBlock + BLOCK - LANES; ; i -= LANES) {
            int lane = ByteVector.fromArray(SPECIES, a, i).compare(VectorOperators.EQ, bestVector).lastTrue();
            if (lane >= 0) {
                return i + lane - start;
            }
        }
    }

    /** Int8: index of the smallest element of a contiguous slice, or -1 if the slice is short. */
    static long smallest(byte[] a, int start, int length, boolean selectLastIndex) {
        if (length < 2 * BLOCK) {
            return -1;
        }
        return selectLastIndex ? lastSmallest(a, start, length) : firstSmallest(a, start, length);
    }

    private static long firstSmallest(byte[] a, int start, int length) {
        int end = start + length;
        int blocksEnd = end - length % BLOCK;
        byte best = a[start];
        int bestBlock = -1;
        ByteVector bestVector = ByteVector.broadcast(SPECIES, best);
        for (int b = start; b < blocksEnd; b += BLOCK) {
            ByteVector m0 = ByteVector.fromArray(SPECIES, a, b);
            ByteVector m1 = ByteVector.fromArray(SPECIES, a, b + LANES);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.min(ByteVector.fromArray(SPECIES, a, i));
                m1 = m1.min(ByteVector.fromArray(SPECIES, a, i + LANES));
            }
            ByteVector blockBest = m0.min(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.GE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MIN);
                bestVector = ByteVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksEnd; i < end; i++) {
            byte v = a[i];
            if (v < best) {
                best = v;
                bestIndex = i;
            }
        }
        if (bestIndex >= 0) {
            return bestIndex - start;
        }
        if (bestBlock < 0) {
            return 0;
        }
        // The block holds the extreme: its first (last) element equal to it.
        for (int i = bestBlock; ; i += LANES) {
            int lane = ByteVector.fromArray(SPECIES, a, i).compare(VectorOperators.EQ, bestVector).firstTrue();
            if (lane < LANES) {
                return i + lane - start;
            }
        }
    }

    private static long lastSmallest(byte[] a, int start, int length) {
        int end = start + length;
        int blocksStart = start + length % BLOCK;
        byte best = a[end - 1];
        int bestBlock = -1;
        ByteVector bestVector = ByteVector.broadcast(SPECIES, best);
        for (int b = end - BLOCK; b >= blocksStart; b -= BLOCK) {
            ByteVector m0 = ByteVector.fromArray(SPECIES, a, b);
            ByteVector m1 = ByteVector.fromArray(SPECIES, a, b + LANES);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.min(ByteVector.fromArray(SPECIES, a, i));
                m1 = m1.min(ByteVector.fromArray(SPECIES, a, i + LANES));
            }
            ByteVector blockBest = m0.min(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.GE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MIN);
                bestVector = ByteVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksStart - 1; i >= start; i--) {
            byte v = a[i];
            if (v < best) {
                best = v;
                bestIndex = i;
            }
        }
        if (bestIndex >= 0) {
            return bestIndex - start;
        }
        if (bestBlock < 0) {
            return length - 1;
        }
        // The block holds the extreme: its first (last) element equal to it.
        for (int i = bestBlock + BLOCK - LANES; ; i -= LANES) {
            int lane = ByteVector.fromArray(SPECIES, a, i).compare(VectorOperators.EQ, bestVector).lastTrue();
            if (lane >= 0) {
                return i + lane - start;
            }
        }
    }

    /** Uint8: index of the largest element of a contiguous slice, or -1 if the slice is short. */
    static long largestUnsigned(byte[] a, int start, int length, boolean selectLastIndex) {
        if (length < 2 * BLOCK) {
            return -1;
        }
        return selectLastIndex ? lastLargestUnsigned(a, start, length) : firstLargestUnsigned(a, start, length);
    }

    private static long firstLargestUnsigned(byte[] a, int start, int length) {
        int end = start + length;
        int blocksEnd = end - length % BLOCK;
        byte best = (byte) (a[start] ^ SIGN);
        int bestBlock = -1;
        ByteVector bestVector = ByteVector.broadcast(SPECIES, best);
        for (int b = start; b < blocksEnd; b += BLOCK) {
            ByteVector m0 = ByteVector.fromArray(SPECIES, a, b).lanewise(VectorOperators.XOR, SIGN);
            ByteVector m1 = ByteVector.fromArray(SPECIES, a, b + LANES).lanewise(VectorOperators.XOR, SIGN);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.max(ByteVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN));
                m1 = m1.max(ByteVector.fromArray(SPECIES, a, i + LANES).lanewise(VectorOperators.XOR, SIGN));
            }
            ByteVector blockBest = m0.max(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.LE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MAX);
                bestVector = ByteVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksEnd; i < end; i++) {
            byte v = (byte) (a[i] ^ SIGN);
            if (v > best) {
                best = v;
                bestIndex = i;
            }
        }
        if (bestIndex >= 0) {
            return bestIndex - start;
        }
        if (bestBlock < 0) {
            return 0;
        }
        // The block holds the extreme: its first (last) element equal to it.
        for (int i = bestBlock; ; i += LANES) {
            int lane = ByteVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN).compare(VectorOperators.EQ, bestVector).firstTrue();
            if (lane < LANES) {
                return i + lane - start;
            }
        }
    }

    private static long lastLargestUnsigned(byte[] a, int start, int length) {
        int end = start + length;
        int blocksStart = start + length % BLOCK;
        byte best = (byte) (a[end - 1] ^ SIGN);
        int bestBlock = -1;
        ByteVector bestVector = ByteVector.broadcast(SPECIES, best);
        for (int b = end - BLOCK; b >= blocksStart; b -= BLOCK) {
            ByteVector m0 = ByteVector.fromArray(SPECIES, a, b).lanewise(VectorOperators.XOR, SIGN);
            ByteVector m1 = ByteVector.fromArray(SPECIES, a, b + LANES).lanewise(VectorOperators.XOR, SIGN);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.max(ByteVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN));
                m1 = m1.max(ByteVector.fromArray(SPECIES, a, i + LANES).lanewise(VectorOperators.XOR, SIGN));
            }
            ByteVector blockBest = m0.max(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.LE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MAX);
                bestVector = ByteVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksStart - 1; i >= start; i--) {
            byte v = (byte) (a[i] ^ SIGN);
            if (v > best) {
                best = v;
                bestIndex = i;
            }
        }
        if (bestIndex >= 0) {
            return bestIndex - start;
        }
        if (bestBlock < 0) {
            return length - 1;
        }
        // The block holds the extreme: its first (last) element equal to it.
        for (int i = bestBlock + BLOCK - LANES; ; i -= LANES) {
            int lane = ByteVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN).compare(VectorOperators.EQ, bestVector).lastTrue();
            if (lane >= 0) {
                return i + lane - start;
            }
        }
    }

    /** Uint8: index of the smallest element of a contiguous slice, or -1 if the slice is short. */
    static long smallestUnsigned(byte[] a, int start, int length, boolean selectLastIndex) {
        if (length < 2 * BLOCK) {
            return -1;
        }
        return selectLastIndex ? lastSmallestUnsigned(a, start, length) : firstSmallestUnsigned(a, start, length);
    }

    private static long firstSmallestUnsigned(byte[] a, int start, int length) {
        int end = start + length;
        int blocksEnd = end - length % BLOCK;
        byte best = (byte) (a[start] ^ SIGN);
        int bestBlock = -1;
        ByteVector bestVector = ByteVector.broadcast(SPECIES, best);
        for (int b = start; b < blocksEnd; b += BLOCK) {
            ByteVector m0 = ByteVector.fromArray(SPECIES, a, b).lanewise(VectorOperators.XOR, SIGN);
            ByteVector m1 = ByteVector.fromArray(SPECIES, a, b + LANES).lanewise(VectorOperators.XOR, SIGN);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.min(ByteVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN));
                m1 = m1.min(ByteVector.fromArray(SPECIES, a, i + LANES).lanewise(VectorOperators.XOR, SIGN));
            }
            ByteVector blockBest = m0.min(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.GE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MIN);
                bestVector = ByteVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksEnd; i < end; i++) {
            byte v = (byte) (a[i] ^ SIGN);
            if (v < best) {
                best = v;
                bestIndex = i;
            }
        }
        if (bestIndex >= 0) {
            return bestIndex - start;
        }
        if (bestBlock < 0) {
            return 0;
        }
        // The block holds the extreme: its first (last) element equal to it.
        for (int i = bestBlock; ; i += LANES) {
            int lane = ByteVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN).compare(VectorOperators.EQ, bestVector).firstTrue();
            if (lane < LANES) {
                return i + lane - start;
            }
        }
    }

    private static long lastSmallestUnsigned(byte[] a, int start, int length) {
        int end = start + length;
        int blocksStart = start + length % BLOCK;
        byte best = (byte) (a[end - 1] ^ SIGN);
        int bestBlock = -1;
        ByteVector bestVector = ByteVector.broadcast(SPECIES, best);
        for (int b = end - BLOCK; b >= blocksStart; b -= BLOCK) {
            ByteVector m0 = ByteVector.fromArray(SPECIES, a, b).lanewise(VectorOperators.XOR, SIGN);
            ByteVector m1 = ByteVector.fromArray(SPECIES, a, b + LANES).lanewise(VectorOperators.XOR, SIGN);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.min(ByteVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN));
                m1 = m1.min(ByteVector.fromArray(SPECIES, a, i + LANES).lanewise(VectorOperators.XOR, SIGN));
            }
            ByteVector blockBest = m0.min(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.GE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MIN);
                bestVector = ByteVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksStart - 1; i >= start; i--) {
            byte v = (byte) (a[i] ^ SIGN);
            if (v < best) {
                best = v;
                bestIndex = i;
            }
        }
        if (bestIndex >= 0) {
            return bestIndex - start;
        }
        if (bestBlock < 0) {
            return length - 1;
        }
        // The block holds the extreme: its first (last) element equal to it.
        for (int i = bestBlock + BLOCK - LANES; ; i -= LANES) {
            int lane = ByteVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN).compare(VectorOperators.EQ, bestVector).lastTrue();
            if (lane >= 0) {
                return i + lane - start;
            }
        }
    }
}
