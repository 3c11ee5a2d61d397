package io.github.argonnx.runtime.vector;

import io.github.argonnx.runtime.ReductionPlan;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Vector API loops over int elements, signed and unsigned (unsigned by flipping the sign bit).
 *
 * <p>Contiguous slices are read in blocks: a block's extreme comes from lane-wise min/max, and only
 * the block that holds the overall extreme is scanned again for the exact index. The last index is
 * found by running the same strict test from the end of the slice, as the scalar kernels do.
 * Strided reductions walk rows in memory order and keep running bests and indices for a block of
 * columns in small arrays, updated a vector of columns at a time. The running indices are vectors of
 * the data's own type, so that one comparison mask selects both value and index.
 */
final class IntLoops {

    static final VectorSpecies<Integer> SPECIES = IntVector.SPECIES_PREFERRED;
    private static final int LANES = SPECIES.length();
    /** Elements per block of a contiguous slice: one horizontal reduction per block. */
    private static final int BLOCK = 16 * LANES;
    /** Columns whose running bests are kept at a time; small enough for the L1 cache. */
    private static final int COLUMN_BLOCK = 1024;
    private static final int SIGN = Integer.MIN_VALUE;

    private IntLoops() {}

    /** Int32: index of the largest element of a contiguous slice, or -1 if the slice is short. */
    static long largest(int[] a, int start, int length, boolean selectLastIndex) {
        if (length < 2 * BLOCK) {
            return -1;
        }
        return selectLastIndex ? lastLargest(a, start, length) : firstLargest(a, start, length);
    }

    private static long firstLargest(int[] a, int start, int length) {
        int end = start + length;
        int blocksEnd = end - length % BLOCK;
        int best = a[start];
        int bestBlock = -1;
        IntVector bestVector = IntVector.broadcast(SPECIES, best);
        for (int b = start; b < blocksEnd; b += BLOCK) {
            IntVector m0 = IntVector.fromArray(SPECIES, a, b);
            IntVector m1 = IntVector.fromArray(SPECIES, a, b + LANES);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.max(IntVector.fromArray(SPECIES, a, i));
                m1 = m1.max(IntVector.fromArray(SPECIES, a, i + LANES));
            }
            IntVector blockBest = m0.max(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.LE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MAX);
                bestVector = IntVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksEnd; i < end; i++) {
            int v = a[i];
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
            int lane = IntVector.fromArray(SPECIES, a, i).compare(VectorOperators.EQ, bestVector).firstTrue();
            if (lane < LANES) {
                return i + lane - start;
            }
        }
    }

    private static long lastLargest(int[] a, int start, int length) {
        int end = start + length;
        int blocksStart = start + length % BLOCK;
        int best = a[end - 1];
        int bestBlock = -1;
        IntVector bestVector = IntVector.broadcast(SPECIES, best);
        for (int b = end - BLOCK; b >= blocksStart; b -= BLOCK) {
            IntVector m0 = IntVector.fromArray(SPECIES, a, b);
            IntVector m1 = IntVector.fromArray(SPECIES, a, b + LANES);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.max(IntVector.fromArray(SPECIES, a, i));
                m1 = m1.max(IntVector.fromArray(SPECIES, a, i + LANES));
            }
            IntVector blockBest = m0.max(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.LE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MAX);
                bestVector = IntVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksStart - 1; i >= start; i--) {
            int v = a[i];
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
            int lane = IntVector.fromArray(SPECIES, a, i).compare(VectorOperators.EQ, bestVector).lastTrue();
            if (lane >= 0) {
                return i + lane - start;
            }
        }
    }

    /** Int32: a whole reduction over an outer axis; false when there are fewer columns than lanes. */
    static boolean largestStrided(int[] a, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        int inner = plan.inner();
        int axisLength = plan.axisLength();
        if (inner < LANES) {
            return false;
        }
        int scratch = Math.min(inner, COLUMN_BLOCK) / LANES * LANES;
        int[] best = new int[scratch];
        int[] bestIndex = new int[scratch];
        for (int o = 0; o < plan.outer(); o++) {
            int sliceStart = offset + o * axisLength * inner;
            int outStart = outOffset + o * inner;
            for (int column = 0; column < inner; column += COLUMN_BLOCK) {
                int width = Math.min(COLUMN_BLOCK, inner - column);
                if (selectLastIndex) {
                    columnsLastLargest(a, sliceStart + column, inner, axisLength, width, best, bestIndex, out, outStart + column);
                } else {
                    columnsFirstLargest(a, sliceStart + column, inner, axisLength, width, best, bestIndex, out, outStart + column);
                }
            }
        }
        return true;
    }

    private static void columnsFirstLargest(int[] a, int start, int stride, int axisLength, int width,
            int[] best, int[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = 0;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            IntVector.fromArray(SPECIES, a, rowStart + c).intoArray(best, c);
            IntVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = 1; k < axisLength; k++) {
            int row = start + k * stride;
            IntVector index = IntVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                IntVector v = IntVector.fromArray(SPECIES, a, row + c);
                IntVector b = IntVector.fromArray(SPECIES, best, c);
                VectorMask<Integer> beats = v.compare(VectorOperators.GT, b);
                b.blend(v, beats).intoArray(best, c);
                IntVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnFirstLargest(a, start + c, stride, axisLength);
        }
    }

    private static int columnFirstLargest(int[] a, int start, int stride, int axisLength) {
        int best = a[start];
        int bestIndex = 0;
        for (int k = 1; k < axisLength; k++) {
            int v = a[start + k * stride];
            if (v > best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }

    private static void columnsLastLargest(int[] a, int start, int stride, int axisLength, int width,
            int[] best, int[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = axisLength - 1;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            IntVector.fromArray(SPECIES, a, rowStart + c).intoArray(best, c);
            IntVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = axisLength - 2; k >= 0; k--) {
            int row = start + k * stride;
            IntVector index = IntVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                IntVector v = IntVector.fromArray(SPECIES, a, row + c);
                IntVector b = IntVector.fromArray(SPECIES, best, c);
                VectorMask<Integer> beats = v.compare(VectorOperators.GT, b);
                b.blend(v, beats).intoArray(best, c);
                IntVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnLastLargest(a, start + c, stride, axisLength);
        }
    }

    private static int columnLastLargest(int[] a, int start, int stride, int axisLength) {
        int best = a[start + (axisLength - 1) * stride];
        int bestIndex = axisLength - 1;
        for (int k = axisLength - 2; k >= 0; k--) {
            int v = a[start + k * stride];
            if (v > best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }

    /** Int32: index of the smallest element of a contiguous slice, or -1 if the slice is short. */
    static long smallest(int[] a, int start, int length, boolean selectLastIndex) {
        if (length < 2 * BLOCK) {
            return -1;
        }
        return selectLastIndex ? lastSmallest(a, start, length) : firstSmallest(a, start, length);
    }

    private static long firstSmallest(int[] a, int start, int length) {
        int end = start + length;
        int blocksEnd = end - length % BLOCK;
        int best = a[start];
        int bestBlock = -1;
        IntVector bestVector = IntVector.broadcast(SPECIES, best);
        for (int b = start; b < blocksEnd; b += BLOCK) {
            IntVector m0 = IntVector.fromArray(SPECIES, a, b);
            IntVector m1 = IntVector.fromArray(SPECIES, a, b + LANES);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.min(IntVector.fromArray(SPECIES, a, i));
                m1 = m1.min(IntVector.fromArray(SPECIES, a, i + LANES));
            }
            IntVector blockBest = m0.min(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.GE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MIN);
                bestVector = IntVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksEnd; i < end; i++) {
            int v = a[i];
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
            int lane = IntVector.fromArray(SPECIES, a, i).compare(VectorOperators.EQ, bestVector).firstTrue();
            if (lane < LANES) {
                return i + lane - start;
            }
        }
    }

    private static long lastSmallest(int[] a, int start, int length) {
        int end = start + length;
        int blocksStart = start + length % BLOCK;
        int best = a[end - 1];
        int bestBlock = -1;
        IntVector bestVector = IntVector.broadcast(SPECIES, best);
        for (int b = end - BLOCK; b >= blocksStart; b -= BLOCK) {
            IntVector m0 = IntVector.fromArray(SPECIES, a, b);
            IntVector m1 = IntVector.fromArray(SPECIES, a, b + LANES);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.min(IntVector.fromArray(SPECIES, a, i));
                m1 = m1.min(IntVector.fromArray(SPECIES, a, i + LANES));
            }
            IntVector blockBest = m0.min(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.GE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MIN);
                bestVector = IntVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksStart - 1; i >= start; i--) {
            int v = a[i];
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
            int lane = IntVector.fromArray(SPECIES, a, i).compare(VectorOperators.EQ, bestVector).lastTrue();
            if (lane >= 0) {
                return i + lane - start;
            }
        }
    }

    /** Int32: a whole reduction over an outer axis; false when there are fewer columns than lanes. */
    static boolean smallestStrided(int[] a, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        int inner = plan.inner();
        int axisLength = plan.axisLength();
        if (inner < LANES) {
            return false;
        }
        int scratch = Math.min(inner, COLUMN_BLOCK) / LANES * LANES;
        int[] best = new int[scratch];
        int[] bestIndex = new int[scratch];
        for (int o = 0; o < plan.outer(); o++) {
            int sliceStart = offset + o * axisLength * inner;
            int outStart = outOffset + o * inner;
            for (int column = 0; column < inner; column += COLUMN_BLOCK) {
                int width = Math.min(COLUMN_BLOCK, inner - column);
                if (selectLastIndex) {
                    columnsLastSmallest(a, sliceStart + column, inner, axisLength, width, best, bestIndex, out, outStart + column);
                } else {
                    columnsFirstSmallest(a, sliceStart + column, inner, axisLength, width, best, bestIndex, out, outStart + column);
                }
            }
        }
        return true;
    }

    private static void columnsFirstSmallest(int[] a, int start, int stride, int axisLength, int width,
            int[] best, int[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = 0;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            IntVector.fromArray(SPECIES, a, rowStart + c).intoArray(best, c);
            IntVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = 1; k < axisLength; k++) {
            int row = start + k * stride;
            IntVector index = IntVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                IntVector v = IntVector.fromArray(SPECIES, a, row + c);
                IntVector b = IntVector.fromArray(SPECIES, best, c);
                VectorMask<Integer> beats = v.compare(VectorOperators.LT, b);
                b.blend(v, beats).intoArray(best, c);
                IntVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnFirstSmallest(a, start + c, stride, axisLength);
        }
    }

    private static int columnFirstSmallest(int[] a, int start, int stride, int axisLength) {
        int best = a[start];
        int bestIndex = 0;
        for (int k = 1; k < axisLength; k++) {
            int v = a[start + k * stride];
            if (v < best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }

    private static void columnsLastSmallest(int[] a, int start, int stride, int axisLength, int width,
            int[] best, int[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = axisLength - 1;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            IntVector.fromArray(SPECIES, a, rowStart + c).intoArray(best, c);
            IntVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = axisLength - 2; k >= 0; k--) {
            int row = start + k * stride;
            IntVector index = IntVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                IntVector v = IntVector.fromArray(SPECIES, a, row + c);
                IntVector b = IntVector.fromArray(SPECIES, best, c);
                VectorMask<Integer> beats = v.compare(VectorOperators.LT, b);
                b.blend(v, beats).intoArray(best, c);
                IntVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnLastSmallest(a, start + c, stride, axisLength);
        }
    }

    private static int columnLastSmallest(int[] a, int start, int stride, int axisLength) {
        int best = a[start + (axisLength - 1) * stride];
        int bestIndex = axisLength - 1;
        for (int k = axisLength - 2; k >= 0; k--) {
            int v = a[start + k * stride];
            if (v < best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }

    /** Uint32: index of the largest element of a contiguous slice, or -1 if the slice is short. */
    static long largestUnsigned(int[] a, int start, int length, boolean selectLastIndex) {
        if (length < 2 * BLOCK) {
            return -1;
        }
        return selectLastIndex ? lastLargestUnsigned(a, start, length) : firstLargestUnsigned(a, start, length);
    }

    private static long firstLargestUnsigned(int[] a, int start, int length) {
        int end = start + length;
        int blocksEnd = end - length % BLOCK;
        int best = (int) (a[start] ^ SIGN);
        int bestBlock = -1;
        IntVector bestVector = IntVector.broadcast(SPECIES, best);
        for (int b = start; b < blocksEnd; b += BLOCK) {
            IntVector m0 = IntVector.fromArray(SPECIES, a, b).lanewise(VectorOperators.XOR, SIGN);
            IntVector m1 = IntVector.fromArray(SPECIES, a, b + LANES).lanewise(VectorOperators.XOR, SIGN);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.max(IntVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN));
                m1 = m1.max(IntVector.fromArray(SPECIES, a, i + LANES).lanewise(VectorOperators.XOR, SIGN));
            }
            IntVector blockBest = m0.max(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.LE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MAX);
                bestVector = IntVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksEnd; i < end; i++) {
            int v = (int) (a[i] ^ SIGN);
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
            int lane = IntVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN).compare(VectorOperators.EQ, bestVector).firstTrue();
            if (lane < LANES) {
                return i + lane - start;
            }
        }
    }

    private static long lastLargestUnsigned(int[] a, int start, int length) {
        int end = start + length;
        int blocksStart = start + length % BLOCK;
        int best = (int) (a[end - 1] ^ SIGN);
        int bestBlock = -1;
        IntVector bestVector = IntVector.broadcast(SPECIES, best);
        for (int b = end - BLOCK; b >= blocksStart; b -= BLOCK) {
            IntVector m0 = IntVector.fromArray(SPECIES, a, b).lanewise(VectorOperators.XOR, SIGN);
            IntVector m1 = IntVector.fromArray(SPECIES, a, b + LANES).lanewise(VectorOperators.XOR, SIGN);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.max(IntVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN));
                m1 = m1.max(IntVector.fromArray(SPECIES, a, i + LANES).lanewise(VectorOperators.XOR, SIGN));
            }
            IntVector blockBest = m0.max(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.LE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MAX);
                bestVector = IntVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksStart - 1; i >= start; i--) {
            int v = (int) (a[i] ^ SIGN);
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
            int lane = IntVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN).compare(VectorOperators.EQ, bestVector).lastTrue();
            if (lane >= 0) {
                return i + lane - start;
            }
        }
    }

    /** Uint32: a whole reduction over an outer axis; false when there are fewer columns than lanes. */
    static boolean largestUnsignedStrided(int[] a, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        int inner = plan.inner();
        int axisLength = plan.axisLength();
        if (inner < LANES) {
            return false;
        }
        int scratch = Math.min(inner, COLUMN_BLOCK) / LANES * LANES;
        int[] best = new int[scratch];
        int[] bestIndex = new int[scratch];
        for (int o = 0; o < plan.outer(); o++) {
            int sliceStart = offset + o * axisLength * inner;
            int outStart = outOffset + o * inner;
            for (int column = 0; column < inner; column += COLUMN_BLOCK) {
                int width = Math.min(COLUMN_BLOCK, inner - column);
                if (selectLastIndex) {
                    columnsLastLargestUnsigned(a, sliceStart + column, inner, axisLength, width, best, bestIndex, out, outStart + column);
                } else {
                    columnsFirstLargestUnsigned(a, sliceStart + column, inner, axisLength, width, best, bestIndex, out, outStart + column);
                }
            }
        }
        return true;
    }

    private static void columnsFirstLargestUnsigned(int[] a, int start, int stride, int axisLength, int width,
            int[] best, int[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = 0;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            IntVector.fromArray(SPECIES, a, rowStart + c).lanewise(VectorOperators.XOR, SIGN).intoArray(best, c);
            IntVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = 1; k < axisLength; k++) {
            int row = start + k * stride;
            IntVector index = IntVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                IntVector v = IntVector.fromArray(SPECIES, a, row + c).lanewise(VectorOperators.XOR, SIGN);
                IntVector b = IntVector.fromArray(SPECIES, best, c);
                VectorMask<Integer> beats = v.compare(VectorOperators.GT, b);
                b.blend(v, beats).intoArray(best, c);
                IntVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnFirstLargestUnsigned(a, start + c, stride, axisLength);
        }
    }

    private static int columnFirstLargestUnsigned(int[] a, int start, int stride, int axisLength) {
        int best = (int) (a[start] ^ SIGN);
        int bestIndex = 0;
        for (int k = 1; k < axisLength; k++) {
            int v = (int) (a[start + k * stride] ^ SIGN);
            if (v > best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }

    private static void columnsLastLargestUnsigned(int[] a, int start, int stride, int axisLength, int width,
            int[] best, int[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = axisLength - 1;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            IntVector.fromArray(SPECIES, a, rowStart + c).lanewise(VectorOperators.XOR, SIGN).intoArray(best, c);
            IntVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = axisLength - 2; k >= 0; k--) {
            int row = start + k * stride;
            IntVector index = IntVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                IntVector v = IntVector.fromArray(SPECIES, a, row + c).lanewise(VectorOperators.XOR, SIGN);
                IntVector b = IntVector.fromArray(SPECIES, best, c);
                VectorMask<Integer> beats = v.compare(VectorOperators.GT, b);
                b.blend(v, beats).intoArray(best, c);
                IntVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnLastLargestUnsigned(a, start + c, stride, axisLength);
        }
    }

    private static int columnLastLargestUnsigned(int[] a, int start, int stride, int axisLength) {
        int best = (int) (a[start + (axisLength - 1) * stride] ^ SIGN);
        int bestIndex = axisLength - 1;
        for (int k = axisLength - 2; k >= 0; k--) {
            int v = (int) (a[start + k * stride] ^ SIGN);
            if (v > best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }

    /** Uint32: index of the smallest element of a contiguous slice, or -1 if the slice is short. */
    static long smallestUnsigned(int[] a, int start, int length, boolean selectLastIndex) {
        if (length < 2 * BLOCK) {
            return -1;
        }
        return selectLastIndex ? lastSmallestUnsigned(a, start, length) : firstSmallestUnsigned(a, start, length);
    }

    private static long firstSmallestUnsigned(int[] a, int start, int length) {
        int end = start + length;
        int blocksEnd = end - length % BLOCK;
        int best = (int) (a[start] ^ SIGN);
        int bestBlock = -1;
        IntVector bestVector = IntVector.broadcast(SPECIES, best);
        for (int b = start; b < blocksEnd; b += BLOCK) {
            IntVector m0 = IntVector.fromArray(SPECIES, a, b).lanewise(VectorOperators.XOR, SIGN);
            IntVector m1 = IntVector.fromArray(SPECIES, a, b + LANES).lanewise(VectorOperators.XOR, SIGN);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.min(IntVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN));
                m1 = m1.min(IntVector.fromArray(SPECIES, a, i + LANES).lanewise(VectorOperators.XOR, SIGN));
            }
            IntVector blockBest = m0.min(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.GE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MIN);
                bestVector = IntVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksEnd; i < end; i++) {
            int v = (int) (a[i] ^ SIGN);
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
            int lane = IntVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN).compare(VectorOperators.EQ, bestVector).firstTrue();
            if (lane < LANES) {
                return i + lane - start;
            }
        }
    }

    private static long lastSmallestUnsigned(int[] a, int start, int length) {
        int end = start + length;
        int blocksStart = start + length % BLOCK;
        int best = (int) (a[end - 1] ^ SIGN);
        int bestBlock = -1;
        IntVector bestVector = IntVector.broadcast(SPECIES, best);
        for (int b = end - BLOCK; b >= blocksStart; b -= BLOCK) {
            IntVector m0 = IntVector.fromArray(SPECIES, a, b).lanewise(VectorOperators.XOR, SIGN);
            IntVector m1 = IntVector.fromArray(SPECIES, a, b + LANES).lanewise(VectorOperators.XOR, SIGN);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.min(IntVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN));
                m1 = m1.min(IntVector.fromArray(SPECIES, a, i + LANES).lanewise(VectorOperators.XOR, SIGN));
            }
            IntVector blockBest = m0.min(m1);
            // Rarely false: only when some lane beats the best so far.
            if (!blockBest.compare(VectorOperators.GE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MIN);
                bestVector = IntVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksStart - 1; i >= start; i--) {
            int v = (int) (a[i] ^ SIGN);
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
            int lane = IntVector.fromArray(SPECIES, a, i).lanewise(VectorOperators.XOR, SIGN).compare(VectorOperators.EQ, bestVector).lastTrue();
            if (lane >= 0) {
                return i + lane - start;
            }
        }
    }

    /** Uint32: a whole reduction over an outer axis; false when there are fewer columns than lanes. */
    static boolean smallestUnsignedStrided(int[] a, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        int inner = plan.inner();
        int axisLength = plan.axisLength();
        if (inner < LANES) {
            return false;
        }
        int scratch = Math.min(inner, COLUMN_BLOCK) / LANES * LANES;
        int[] best = new int[scratch];
        int[] bestIndex = new int[scratch];
        for (int o = 0; o < plan.outer(); o++) {
            int sliceStart = offset + o * axisLength * inner;
            int outStart = outOffset + o * inner;
            for (int column = 0; column < inner; column += COLUMN_BLOCK) {
                int width = Math.min(COLUMN_BLOCK, inner - column);
                if (selectLastIndex) {
                    columnsLastSmallestUnsigned(a, sliceStart + column, inner, axisLength, width, best, bestIndex, out, outStart + column);
                } else {
                    columnsFirstSmallestUnsigned(a, sliceStart + column, inner, axisLength, width, best, bestIndex, out, outStart + column);
                }
            }
        }
        return true;
    }

    private static void columnsFirstSmallestUnsigned(int[] a, int start, int stride, int axisLength, int width,
            int[] best, int[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = 0;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            IntVector.fromArray(SPECIES, a, rowStart + c).lanewise(VectorOperators.XOR, SIGN).intoArray(best, c);
            IntVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = 1; k < axisLength; k++) {
            int row = start + k * stride;
            IntVector index = IntVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                IntVector v = IntVector.fromArray(SPECIES, a, row + c).lanewise(VectorOperators.XOR, SIGN);
                IntVector b = IntVector.fromArray(SPECIES, best, c);
                VectorMask<Integer> beats = v.compare(VectorOperators.LT, b);
                b.blend(v, beats).intoArray(best, c);
                IntVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnFirstSmallestUnsigned(a, start + c, stride, axisLength);
        }
    }

    private static int columnFirstSmallestUnsigned(int[] a, int start, int stride, int axisLength) {
        int best = (int) (a[start] ^ SIGN);
        int bestIndex = 0;
        for (int k = 1; k < axisLength; k++) {
            int v = (int) (a[start + k * stride] ^ SIGN);
            if (v < best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }

    private static void columnsLastSmallestUnsigned(int[] a, int start, int stride, int axisLength, int width,
            int[] best, int[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = axisLength - 1;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            IntVector.fromArray(SPECIES, a, rowStart + c).lanewise(VectorOperators.XOR, SIGN).intoArray(best, c);
            IntVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = axisLength - 2; k >= 0; k--) {
            int row = start + k * stride;
            IntVector index = IntVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                IntVector v = IntVector.fromArray(SPECIES, a, row + c).lanewise(VectorOperators.XOR, SIGN);
                IntVector b = IntVector.fromArray(SPECIES, best, c);
                VectorMask<Integer> beats = v.compare(VectorOperators.LT, b);
                b.blend(v, beats).intoArray(best, c);
                IntVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnLastSmallestUnsigned(a, start + c, stride, axisLength);
        }
    }

    private static int columnLastSmallestUnsigned(int[] a, int start, int stride, int axisLength) {
        int best = (int) (a[start + (axisLength - 1) * stride] ^ SIGN);
        int bestIndex = axisLength - 1;
        for (int k = axisLength - 2; k >= 0; k--) {
            int v = (int) (a[start + k * stride] ^ SIGN);
            if (v < best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }
}
