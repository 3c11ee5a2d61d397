package io.github.argonnx.runtime.vector;

import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Vector API loops over short elements, signed and unsigned (unsigned by flipping the sign bit).
 *
 * <p>Contiguous slices are read in blocks: a block's extreme comes from lane-wise min/max, and only
 * the block that holds the overall extreme is scanned again for the exact index. The last index is
 * found by running the same strict test from the end of the slice, as the scalar kernels do.
 */
final class ShortLoops {

    static final VectorSpecies<Short> SPECIES = ShortVector.SPECIES_PREFERRED;
    private static final int LANES = SPECIES.length();
    /** Elements per block of a contiguous slice: one horizontal reduction per block. */
    private static final int BLOCK = 16 * LANES;
    private static final short SIGN = Short.MIN_VALUE;

    private ShortLoops() {}

    /** Int16: index of the largest element of a contiguous slice, or -1 if the slice is short. */
    static long largest(short[] a, int start, int length, boolean selectLastIndex) {
        if (length < 2 * BLOCK) {
            return -1;
        }
        return selectLastIndex ? lastLargest(a, start, length) : firstLargest(a, start, length);
    }

    private static long firstLargest(short[] a, int start, int length) {
        int end = start + length;
        int blocksEnd = end - length % BLOCK;
        short best = a[start];
        int bestBlock = -1;
        ShortVector bestVector = ShortVector.broadcast(SPECIES, best);
        for (int b = start; b < blocksEnd; b += BLOCK) {
            ShortVector m0 = ShortVector.fromArray(SPECIES, a, b);
            ShortVector m1 = ShortVector.fromArray(SPECIES, a, b + LANES);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.max(ShortVector.fromArray(SPECIES, a, i));
                m1 = m1.max(ShortVector.fromArray(SPECIES, a, i + LANES));
            }
            ShortVector blockBest = m0.max(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.LE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MAX);
                bestVector = ShortVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksEnd; i < end; i++) {
            short v = a[i];
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
            int lane = ShortVector.fromArray(SPECIES, a, i).compare(VectorOperators.EQ, bestVector).firstTrue();
            if (lane < LANES) {
                return i + lane - start;
            }
        }
    }

    private static long lastLargest(short[] a, int start, int length) {
        int end = start + length;
        int blocksStart = start + length % BLOCK;
        short best = a[end - 1];
        int bestBlock = -1;
        ShortVector bestVector = ShortVector.broadcast(SPECIES, best);
        for (int b = end - BLOCK; b >= blocksStart; b -= BLOCK) {
            ShortVector m0 = ShortVector.fromArray(SPECIES, a, b);
            ShortVector m1 = ShortVector.fromArray(SPECIES, a, b + LANES);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.max(ShortVector.fromArray(SPECIES, a, i));
                m1 = m1.max(ShortVector.fromArray(SPECIES, a, i + LANES));
            }
            ShortVector blockBest = m0.max(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.LE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MAX);
                bestVector = ShortVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksStart - 1; i >= start; i--) {
            short v = a[i];
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
            int lane = ShortVector.fromArray(SPECIES, a, i).compare(VectorOperators.EQ, bestVector).lastTrue();
            if (lane >= 0) {
                return i + lane - start;
            }
        }
    }

    /** Int16: index of the smallest element of a contiguous slice, or -1 if the slice is short. */
    static long smallest(short[] a, int start, int length, boolean selectLastIndex) {
        if (length < 2 * BLOCK) {
            return -1;
        }
        return selectLastIndex ? lastSmallest(a, start, length) : firstSmallest(a, start, length);
    }

    private static long firstSmallest(short[] a, int start, int length) {
        int end = start + length;
        int blocksEnd = end - length % BLOCK;
        short best = a[start];
        int bestBlock = -1;
        ShortVector bestVector = ShortVector.broadcast(SPECIES, best);
        for (int b = start; b < blocksEnd; b += BLOCK) {
            ShortVector m0 = ShortVector.fromArray(SPECIES, a, b);
            ShortVector m1 = ShortVector.fromArray(SPECIES, a, b + LANES);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.min(ShortVector.fromArray(SPECIES, a, i));
                m1 = m1.min(ShortVector.fromArray(SPECIES, a, i + LANES));
            }
            ShortVector blockBest = m0.min(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.GE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MIN);
                bestVector = ShortVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksEnd; i < end; i++) {
            short v = a[i];
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
            int lane = ShortVector.fromArray(SPECIES, a, i).compare(VectorOperators.EQ, bestVector).firstTrue();
            if (lane < LANES) {
                return i + lane - start;
            }
        }
    }

    private static long lastSmallest(short[] a, int start, int length) {
        int end = start + length;
        int blocksStart = start + length % BLOCK;
        short best = a[end - 1];
        int bestBlock = -1;
        ShortVector bestVector = ShortVector.broadcast(SPECIES, best);
        for (int b = end - BLOCK; b >= blocksStart; b -= BLOCK) {
            ShortVector m0 = ShortVector.fromArray(SPECIES, a, b);
            ShortVector m1 = ShortVector.fromArray(SPECIES, a, b + LANES);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.min(ShortVector.fromArray(SPECIES, a, i));
                m1 = m1.min(ShortVector.fromArray(SPECIES, a, i + LANES));
            }
            ShortVector blockBest = m0.min(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.GE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MIN);
                bestVector = ShortVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksStart - 1; i >= start; i--) {
            short v = a[i];
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
            int lane = ShortVector.fromArray(SPECIES, a, i).compare(VectorOperators.EQ, bestVector).lastTrue();
            if (lane >= 0) {
                return i + lane - start;
            }
        }
    }

    /** Uint16: index of the largest element of a contiguous slice, or -1 if the slice is short. */
    static long largestUnsigned(short[] a, int start, int length, boolean selectLastIndex) {
        if (length < 2 * BLOCK) {
            return -1;
        }
        return selectLastIndex ? lastLargestUnsigned(a, start, length) : firstLargestUnsigned(a, start, length);
    }

    private static long firstLargestUnsigned(short[] a, int start, int length) {
        int end = start + length;
        int blocksEnd = end - length % BLOCK;
        short best = (short) (a[start] ^ SIGN);
        int bestBlock = -1;
        ShortVector bestVector = ShortVector.broadcast(SPECIES, best);
        for (int b = start; b < blocksEnd; b += BLOCK) {
            ShortVector m0 = ShortVector.fromArray(SPECIES, a, b).lanewise(VectorOperators.XOR, SIGN);
            ShortVector m1 = ShortVector.fromArray(SPECIES, a, b + LANES).lanewise(VectorOperators.XOR, SIGN);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.max(ShortVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN));
                m1 = m1.max(ShortVector.fromArray(SPECIES, a, i + LANES).lanewise(VectorOperators.XOR, SIGN));
            }
            ShortVector blockBest = m0.max(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.LE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MAX);
                bestVector = ShortVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksEnd; i < end; i++) {
            short v = (short) (a[i] ^ SIGN);
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
            int lane = ShortVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN).compare(VectorOperators.EQ, bestVector).firstTrue();
            if (lane < LANES) {
                return i + lane - start;
            }
        }
    }

    private static long lastLargestUnsigned(short[] a, int start, int length) {
        int end = start + length;
        int blocksStart = start + length % BLOCK;
        short best = (short) (a[end - 1] ^ SIGN);
        int bestBlock = -1;
        ShortVector bestVector = ShortVector.broadcast(SPECIES, best);
        for (int b = end - BLOCK; b >= blocksStart; b -= BLOCK) {
            ShortVector m0 = ShortVector.fromArray(SPECIES, a, b).lanewise(VectorOperators.XOR, SIGN);
            ShortVector m1 = ShortVector.fromArray(SPECIES, a, b + LANES).lanewise(VectorOperators.XOR, SIGN);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.max(ShortVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN));
                m1 = m1.max(ShortVector.fromArray(SPECIES, a, i + LANES).lanewise(VectorOperators.XOR, SIGN));
            }
            ShortVector blockBest = m0.max(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.LE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MAX);
                bestVector = ShortVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksStart - 1; i >= start; i--) {
            short v = (short) (a[i] ^ SIGN);
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
            int lane = ShortVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN).compare(VectorOperators.EQ, bestVector).lastTrue();
            if (lane >= 0) {
                return i + lane - start;
            }
        }
    }

    /** Uint16: index of the smallest element of a contiguous slice, or -1 if the slice is short. */
    static long smallestUnsigned(short[] a, int start, int length, boolean selectLastIndex) {
        if (length < 2 * BLOCK) {
            return -1;
        }
        return selectLastIndex ? lastSmallestUnsigned(a, start, length) : firstSmallestUnsigned(a, start, length);
    }

    private static long firstSmallestUnsigned(short[] a, int start, int length) {
        int end = start + length;
        int blocksEnd = end - length % BLOCK;
        short best = (short) (a[start] ^ SIGN);
        int bestBlock = -1;
        ShortVector bestVector = ShortVector.broadcast(SPECIES, best);
        for (int b = start; b < blocksEnd; b += BLOCK) {
            ShortVector m0 = ShortVector.fromArray(SPECIES, a, b).lanewise(VectorOperators.XOR, SIGN);
            ShortVector m1 = ShortVector.fromArray(SPECIES, a, b + LANES).lanewise(VectorOperators.XOR, SIGN);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.min(ShortVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN));
                m1 = m1.min(ShortVector.fromArray(SPECIES, a, i + LANES).lanewise(VectorOperators.XOR, SIGN));
            }
            ShortVector blockBest = m0.min(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.GE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MIN);
                bestVector = ShortVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksEnd; i < end; i++) {
            short v = (short) (a[i] ^ SIGN);
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
            int lane = ShortVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN).compare(VectorOperators.EQ, bestVector).firstTrue();
            if (lane < LANES) {
                return i + lane - start;
            }
        }
    }

    private static long lastSmallestUnsigned(short[] a, int start, int length) {
        int end = start + length;
        int blocksStart = start + length % BLOCK;
        short best = (short) (a[end - 1] ^ SIGN);
        int bestBlock = -1;
        ShortVector bestVector = ShortVector.broadcast(SPECIES, best);
        for (int b = end - BLOCK; b >= blocksStart; b -= BLOCK) {
            ShortVector m0 = ShortVector.fromArray(SPECIES, a, b).lanewise(VectorOperators.XOR, SIGN);
            ShortVector m1 = ShortVector.fromArray(SPECIES, a, b + LANES).lanewise(VectorOperators.XOR, SIGN);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.min(ShortVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN));
                m1 = m1.min(ShortVector.fromArray(SPECIES, a, i + LANES).lanewise(VectorOperators.XOR, SIGN));
            }
            ShortVector blockBest = m0.min(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.GE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MIN);
                bestVector = ShortVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksStart - 1; i >= start; i--) {
            short v = (short) (a[i] ^ SIGN);
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
            int lane = ShortVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN).compare(VectorOperators.EQ, bestVector).lastTrue();
            if (lane >= 0) {
                return i + lane - start;
            }
        }
    }

    /** Float16: index of the largest element of a contiguous slice, or -1 if the slice is short. */
    static long largestFloat16(short[] a, int start, int length, boolean selectLastIndex) {
        if (length < 2 * BLOCK) {
            return -1;
        }
        return selectLastIndex ? lastLargestFloat16(a, start, length) : firstLargestFloat16(a, start, length);
    }

    private static long firstLargestFloat16(short[] a, int start, int length) {
        int end = start + length;
        int blocksEnd = end - length % BLOCK;
        short best = float16KeyLargest(a[start]);
        int bestBlock = -1;
        ShortVector bestVector = ShortVector.broadcast(SPECIES, best);
        for (int b = start; b < blocksEnd; b += BLOCK) {
            ShortVector m0 = float16KeysLargest(ShortVector.fromArray(SPECIES, a, b));
            ShortVector m1 = float16KeysLargest(ShortVector.fromArray(SPECIES, a, b + LANES));
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.max(float16KeysLargest(ShortVector.fromArray(SPECIES, a, i)));
                m1 = m1.max(float16KeysLargest(ShortVector.fromArray(SPECIES, a, i + LANES)));
            }
            ShortVector blockBest = m0.max(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.LE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MAX);
                bestVector = ShortVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksEnd; i < end; i++) {
            short v = float16KeyLargest(a[i]);
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
            int lane = float16KeysLargest(ShortVector.fromArray(SPECIES, a, i)).compare(VectorOperators.EQ, bestVector).firstTrue();
            if (lane < LANES) {
                return i + lane - start;
            }
        }
    }

    private static long lastLargestFloat16(short[] a, int start, int length) {
        int end = start + length;
        int blocksStart = start + length % BLOCK;
        short best = float16KeyLargest(a[end - 1]);
        int bestBlock = -1;
        ShortVector bestVector = ShortVector.broadcast(SPECIES, best);
        for (int b = end - BLOCK; b >= blocksStart; b -= BLOCK) {
            ShortVector m0 = float16KeysLargest(ShortVector.fromArray(SPECIES, a, b));
            ShortVector m1 = float16KeysLargest(ShortVector.fromArray(SPECIES, a, b + LANES));
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.max(float16KeysLargest(ShortVector.fromArray(SPECIES, a, i)));
                m1 = m1.max(float16KeysLargest(ShortVector.fromArray(SPECIES, a, i + LANES)));
            }
            ShortVector blockBest = m0.max(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.LE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MAX);
                bestVector = ShortVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksStart - 1; i >= start; i--) {
            short v = float16KeyLargest(a[i]);
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
            int lane = float16KeysLargest(ShortVector.fromArray(SPECIES, a, i)).compare(VectorOperators.EQ, bestVector).lastTrue();
            if (lane >= 0) {
                return i + lane - start;
            }
        }
    }

    /** Float16: index of the smallest element of a contiguous slice, or -1 if the slice is short. */
    static long smallestFloat16(short[] a, int start, int length, boolean selectLastIndex) {
        if (length < 2 * BLOCK) {
            return -1;
        }
        return selectLastIndex ? lastSmallestFloat16(a, start, length) : firstSmallestFloat16(a, start, length);
    }

    private static long firstSmallestFloat16(short[] a, int start, int length) {
        int end = start + length;
        int blocksEnd = end - length % BLOCK;
        short best = float16KeySmallest(a[start]);
        int bestBlock = -1;
        ShortVector bestVector = ShortVector.broadcast(SPECIES, best);
        for (int b = start; b < blocksEnd; b += BLOCK) {
            ShortVector m0 = float16KeysSmallest(ShortVector.fromArray(SPECIES, a, b));
            ShortVector m1 = float16KeysSmallest(ShortVector.fromArray(SPECIES, a, b + LANES));
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.min(float16KeysSmallest(ShortVector.fromArray(SPECIES, a, i)));
                m1 = m1.min(float16KeysSmallest(ShortVector.fromArray(SPECIES, a, i + LANES)));
            }
            ShortVector blockBest = m0.min(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.GE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MIN);
                bestVector = ShortVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksEnd; i < end; i++) {
            short v = float16KeySmallest(a[i]);
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
            int lane = float16KeysSmallest(ShortVector.fromArray(SPECIES, a, i)).compare(VectorOperators.EQ, bestVector).firstTrue();
            if (lane < LANES) {
                return i + lane - start;
            }
        }
    }

    private static long lastSmallestFloat16(short[] a, int start, int length) {
        int end = start + length;
        int blocksStart = start + length % BLOCK;
        short best = float16KeySmallest(a[end - 1]);
        int bestBlock = -1;
        ShortVector bestVector = ShortVector.broadcast(SPECIES, best);
        for (int b = end - BLOCK; b >= blocksStart; b -= BLOCK) {
            ShortVector m0 = float16KeysSmallest(ShortVector.fromArray(SPECIES, a, b));
            ShortVector m1 = float16KeysSmallest(ShortVector.fromArray(SPECIES, a, b + LANES));
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.min(float16KeysSmallest(ShortVector.fromArray(SPECIES, a, i)));
                m1 = m1.min(float16KeysSmallest(ShortVector.fromArray(SPECIES, a, i + LANES)));
            }
            ShortVector blockBest = m0.min(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.GE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MIN);
                bestVector = ShortVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksStart - 1; i >= start; i--) {
            short v = float16KeySmallest(a[i]);
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
            int lane = float16KeysSmallest(ShortVector.fromArray(SPECIES, a, i)).compare(VectorOperators.EQ, bestVector).lastTrue();
            if (lane >= 0) {
                return i + lane - start;
            }
        }
    }

    /** Bfloat16: index of the largest element of a contiguous slice, or -1 if the slice is short. */
    static long largestBfloat16(short[] a, int start, int length, boolean selectLastIndex) {
        if (length < 2 * BLOCK) {
            return -1;
        }
        return selectLastIndex ? lastLargestBfloat16(a, start, length) : firstLargestBfloat16(a, start, length);
    }

    private static long firstLargestBfloat16(short[] a, int start, int length) {
        int end = start + length;
        int blocksEnd = end - length % BLOCK;
        short best = bfloat16KeyLargest(a[start]);
        int bestBlock = -1;
        ShortVector bestVector = ShortVector.broadcast(SPECIES, best);
        for (int b = start; b < blocksEnd; b += BLOCK) {
            ShortVector m0 = bfloat16KeysLargest(ShortVector.fromArray(SPECIES, a, b));
            ShortVector m1 = bfloat16KeysLargest(ShortVector.fromArray(SPECIES, a, b + LANES));
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.max(bfloat16KeysLargest(ShortVector.fromArray(SPECIES, a, i)));
                m1 = m1.max(bfloat16KeysLargest(ShortVector.fromArray(SPECIES, a, i + LANES)));
            }
            ShortVector blockBest = m0.max(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.LE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MAX);
                bestVector = ShortVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksEnd; i < end; i++) {
            short v = bfloat16KeyLargest(a[i]);
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
            int lane = bfloat16KeysLargest(ShortVector.fromArray(SPECIES, a, i)).compare(VectorOperators.EQ, bestVector).firstTrue();
            if (lane < LANES) {
                return i + lane - start;
            }
        }
    }

    private static long lastLargestBfloat16(short[] a, int start, int length) {
        int end = start + length;
        int blocksStart = start + length % BLOCK;
        short best = bfloat16KeyLargest(a[end - 1]);
        int bestBlock = -1;
        ShortVector bestVector = ShortVector.broadcast(SPECIES, best);
        for (int b = end - BLOCK; b >= blocksStart; b -= BLOCK) {
            ShortVector m0 = bfloat16KeysLargest(ShortVector.fromArray(SPECIES, a, b));
            ShortVector m1 = bfloat16KeysLargest(ShortVector.fromArray(SPECIES, a, b + LANES));
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.max(bfloat16KeysLargest(ShortVector.fromArray(SPECIES, a, i)));
                m1 = m1.max(bfloat16KeysLargest(ShortVector.fromArray(SPECIES, a, i + LANES)));
            }
            ShortVector blockBest = m0.max(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.LE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MAX);
                bestVector = ShortVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksStart - 1; i >= start; i--) {
            short v = bfloat16KeyLargest(a[i]);
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
            int lane = bfloat16KeysLargest(ShortVector.fromArray(SPECIES, a, i)).compare(VectorOperators.EQ, bestVector).lastTrue();
            if (lane >= 0) {
                return i + lane - start;
            }
        }
    }

    /** Bfloat16: index of the smallest element of a contiguous slice, or -1 if the slice is short. */
    static long smallestBfloat16(short[] a, int start, int length, boolean selectLastIndex) {
        if (length < 2 * BLOCK) {
            return -1;
        }
        return selectLastIndex ? lastSmallestBfloat16(a, start, length) : firstSmallestBfloat16(a, start, length);
    }

    private static long firstSmallestBfloat16(short[] a, int start, int length) {
        int end = start + length;
        int blocksEnd = end - length % BLOCK;
        short best = bfloat16KeySmallest(a[start]);
        int bestBlock = -1;
        ShortVector bestVector = ShortVector.broadcast(SPECIES, best);
        for (int b = start; b < blocksEnd; b += BLOCK) {
            ShortVector m0 = bfloat16KeysSmallest(ShortVector.fromArray(SPECIES, a, b));
            ShortVector m1 = bfloat16KeysSmallest(ShortVector.fromArray(SPECIES, a, b + LANES));
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.min(bfloat16KeysSmallest(ShortVector.fromArray(SPECIES, a, i)));
                m1 = m1.min(bfloat16KeysSmallest(ShortVector.fromArray(SPECIES, a, i + LANES)));
            }
            ShortVector blockBest = m0.min(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.GE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MIN);
                bestVector = ShortVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksEnd; i < end; i++) {
            short v = bfloat16KeySmallest(a[i]);
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
            int lane = bfloat16KeysSmallest(ShortVector.fromArray(SPECIES, a, i)).compare(VectorOperators.EQ, bestVector).firstTrue();
            if (lane < LANES) {
                return i + lane - start;
            }
        }
    }

    private static long lastSmallestBfloat16(short[] a, int start, int length) {
        int end = start + length;
        int blocksStart = start + length % BLOCK;
        short best = bfloat16KeySmallest(a[end - 1]);
        int bestBlock = -1;
        ShortVector bestVector = ShortVector.broadcast(SPECIES, best);
        for (int b = end - BLOCK; b >= blocksStart; b -= BLOCK) {
            ShortVector m0 = bfloat16KeysSmallest(ShortVector.fromArray(SPECIES, a, b));
            ShortVector m1 = bfloat16KeysSmallest(ShortVector.fromArray(SPECIES, a, b + LANES));
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.min(bfloat16KeysSmallest(ShortVector.fromArray(SPECIES, a, i)));
                m1 = m1.min(bfloat16KeysSmallest(ShortVector.fromArray(SPECIES, a, i + LANES)));
            }
            ShortVector blockBest = m0.min(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.GE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MIN);
                bestVector = ShortVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksStart - 1; i >= start; i--) {
            short v = bfloat16KeySmallest(a[i]);
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
            int lane = bfloat16KeysSmallest(ShortVector.fromArray(SPECIES, a, i)).compare(VectorOperators.EQ, bestVector).lastTrue();
            if (lane >= 0) {
                return i + lane - start;
            }
        }
    }

    /** Float16 bits to keys in value order, -0 and +0 alike, NaN the largest key (as the scalar kernels). */
    private static ShortVector float16KeysLargest(ShortVector bits) {
        ShortVector magnitude = bits.lanewise(VectorOperators.AND, (short) 0x7FFF);
        ShortVector sign = bits.lanewise(VectorOperators.ASHR, 15);
        ShortVector keys = magnitude.lanewise(VectorOperators.XOR, sign).sub(sign);
        return keys.blend(Short.MAX_VALUE, magnitude.compare(VectorOperators.GT, (short) 0x7C00));
    }

    private static short float16KeyLargest(short bits) {
        int magnitude = bits & 0x7FFF;
        if (magnitude > 0x7C00) {
            return Short.MAX_VALUE;
        }
        int sign = bits >> 15;
        return (short) ((magnitude ^ sign) - sign);
    }

    /** Float16 bits to keys in value order, -0 and +0 alike, NaN the smallest key (as the scalar kernels). */
    private static ShortVector float16KeysSmallest(ShortVector bits) {
        ShortVector magnitude = bits.lanewise(VectorOperators.AND, (short) 0x7FFF);
        ShortVector sign = bits.lanewise(VectorOperators.ASHR, 15);
        ShortVector keys = magnitude.lanewise(VectorOperators.XOR, sign).sub(sign);
        return keys.blend(Short.MIN_VALUE, magnitude.compare(VectorOperators.GT, (short) 0x7C00));
    }

    private static short float16KeySmallest(short bits) {
        int magnitude = bits & 0x7FFF;
        if (magnitude > 0x7C00) {
            return Short.MIN_VALUE;
        }
        int sign = bits >> 15;
        return (short) ((magnitude ^ sign) - sign);
    }

    /** Bfloat16 bits to keys in value order, -0 and +0 alike, NaN the largest key (as the scalar kernels). */
    private static ShortVector bfloat16KeysLargest(ShortVector bits) {
        ShortVector magnitude = bits.lanewise(VectorOperators.AND, (short) 0x7FFF);
        ShortVector sign = bits.lanewise(VectorOperators.ASHR, 15);
        ShortVector keys = magnitude.lanewise(VectorOperators.XOR, sign).sub(sign);
        return keys.blend(Short.MAX_VALUE, magnitude.compare(VectorOperators.GT, (short) 0x7F80));
    }

    private static short bfloat16KeyLargest(short bits) {
        int magnitude = bits & 0x7FFF;
        if (magnitude > 0x7F80) {
            return Short.MAX_VALUE;
        }
        int sign = bits >> 15;
        return (short) ((magnitude ^ sign) - sign);
    }

    /** Bfloat16 bits to keys in value order, -0 and +0 alike, NaN the smallest key (as the scalar kernels). */
    private static ShortVector bfloat16KeysSmallest(ShortVector bits) {
        ShortVector magnitude = bits.lanewise(VectorOperators.AND, (short) 0x7FFF);
        ShortVector sign = bits.lanewise(VectorOperators.ASHR, 15);
        ShortVector keys = magnitude.lanewise(VectorOperators.XOR, sign).sub(sign);
        return keys.blend(Short.MIN_VALUE, magnitude.compare(VectorOperators.GT, (short) 0x7F80));
    }

    private static short bfloat16KeySmallest(short bits) {
        int magnitude = bits & 0x7FFF;
        if (magnitude > 0x7F80) {
            return Short.MIN_VALUE;
        }
        int sign = bits >> 15;
        return (short) ((magnitude ^ sign) - sign);
    }
}
