package io.github.argonnx.runtime.vector;

import io.github.argonnx.runtime.ReductionPlan;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Vector API loops over IEEE double (NaN beats every number, -0 ties +0).
 *
 * <p>Contiguous slices are read in blocks: a block's extreme comes from lane-wise min/max, and only
 * the block that holds the overall extreme is scanned again for the exact index. The last index is
 * found by running the same strict test from the end of the slice, as the scalar kernels do.
 * Strided reductions walk rows in memory order and keep running bests and indices for a block of
 * columns in small arrays, updated a vector of columns at a time. The running indices are vectors of
 * the data's own type, so that one comparison mask selects both value and index.
 */
final class DoubleLoops {

    static final VectorSpecies<Double> SPECIES = DoubleVector.SPECIES_PREFERRED;
    private static final int LANES = SPECIES.length();
    /** Elements per block of a contiguous slice: one horizontal reduction per block. */
    private static final int BLOCK = 16 * LANES;
    /** Columns whose running bests are kept at a time; small enough for the L1 cache. */
    private static final int COLUMN_BLOCK = 1024;

    private DoubleLoops() {}

    /** Double: index of the largest element of a contiguous slice, or -1 if the slice is short. */
    static long largest(double[] a, int start, int length, boolean selectLastIndex) {
        if (length < 2 * BLOCK) {
            return -1;
        }
        return selectLastIndex ? lastLargest(a, start, length) : firstLargest(a, start, length);
    }

    private static long firstLargest(double[] a, int start, int length) {
        int end = start + length;
        int blocksEnd = end - length % BLOCK;
        double best = a[start];
        if (best != best) {
            return 0;
        }
        int bestBlock = -1;
        DoubleVector bestVector = DoubleVector.broadcast(SPECIES, best);
        for (int b = start; b < blocksEnd; b += BLOCK) {
            DoubleVector m0 = DoubleVector.fromArray(SPECIES, a, b);
            DoubleVector m1 = DoubleVector.fromArray(SPECIES, a, b + LANES);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.max(DoubleVector.fromArray(SPECIES, a, i));
                m1 = m1.max(DoubleVector.fromArray(SPECIES, a, i + LANES));
            }
            DoubleVector blockBest = m0.max(m1);
            // Rarely false: only when some lane beats the best so far or is NaN.
            if (!blockBest.compare(VectorOperators.LE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MAX);
                if (best != best) {
                    return firstNaN(a, b) - start;
                }
                bestVector = DoubleVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksEnd; i < end; i++) {
            double v = a[i];
            if (v != v) {
                return i - start;
            }
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
            int lane = DoubleVector.fromArray(SPECIES, a, i).compare(VectorOperators.EQ, bestVector).firstTrue();
            if (lane < LANES) {
                return i + lane - start;
            }
        }
    }

    private static long lastLargest(double[] a, int start, int length) {
        int end = start + length;
        int blocksStart = start + length % BLOCK;
        double best = a[end - 1];
        if (best != best) {
            return length - 1;
        }
        int bestBlock = -1;
        DoubleVector bestVector = DoubleVector.broadcast(SPECIES, best);
        for (int b = end - BLOCK; b >= blocksStart; b -= BLOCK) {
            DoubleVector m0 = DoubleVector.fromArray(SPECIES, a, b);
            DoubleVector m1 = DoubleVector.fromArray(SPECIES, a, b + LANES);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.max(DoubleVector.fromArray(SPECIES, a, i));
                m1 = m1.max(DoubleVector.fromArray(SPECIES, a, i + LANES));
            }
            DoubleVector blockBest = m0.max(m1);
            // Rarely false: only when some lane beats the best so far or is NaN.
            if (!blockBest.compare(VectorOperators.LE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MAX);
                if (best != best) {
                    return lastNaN(a, b) - start;
                }
                bestVector = DoubleVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksStart - 1; i >= start; i--) {
            double v = a[i];
            if (v != v) {
                return i - start;
            }
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
            int lane = DoubleVector.fromArray(SPECIES, a, i).compare(VectorOperators.EQ, bestVector).lastTrue();
            if (lane >= 0) {
                return i + lane - start;
            }
        }
    }

    /** Double: a whole reduction over an outer axis; false when there are fewer columns than lanes. */
    static boolean largestStrided(double[] a, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        int inner = plan.inner();
        int axisLength = plan.axisLength();
        if (inner < LANES) {
            return false;
        }
        int scratch = Math.min(inner, COLUMN_BLOCK) / LANES * LANES;
        double[] best = new double[scratch];
        double[] bestIndex = new double[scratch];
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

    private static void columnsFirstLargest(double[] a, int start, int stride, int axisLength, int width,
            double[] best, double[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = 0;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            DoubleVector.fromArray(SPECIES, a, rowStart + c).intoArray(best, c);
            DoubleVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = 1; k < axisLength; k++) {
            int row = start + k * stride;
            DoubleVector index = DoubleVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                DoubleVector v = DoubleVector.fromArray(SPECIES, a, row + c);
                DoubleVector b = DoubleVector.fromArray(SPECIES, best, c);
                // !(v <= b) is "v beats b, or v is NaN"; a NaN best is final.
                VectorMask<Double> beats = v.compare(VectorOperators.LE, b).not().and(b.compare(VectorOperators.EQ, b));
                b.blend(v, beats).intoArray(best, c);
                DoubleVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnFirstLargest(a, start + c, stride, axisLength);
        }
    }

    private static int columnFirstLargest(double[] a, int start, int stride, int axisLength) {
        double best = a[start];
        int bestIndex = 0;
        for (int k = 1; k < axisLength; k++) {
            double v = a[start + k * stride];
            if (!(v <= best) && best == best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }

    private static void columnsLastLargest(double[] a, int start, int stride, int axisLength, int width,
            double[] best, double[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = axisLength - 1;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            DoubleVector.fromArray(SPECIES, a, rowStart + c).intoArray(best, c);
            DoubleVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = axisLength - 2; k >= 0; k--) {
            int row = start + k * stride;
            DoubleVector index = DoubleVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                DoubleVector v = DoubleVector.fromArray(SPECIES, a, row + c);
                DoubleVector b = DoubleVector.fromArray(SPECIES, best, c);
                // !(v <= b) is "v beats b, or v is NaN"; a NaN best is final.
                VectorMask<Double> beats = v.compare(VectorOperators.LE, b).not().and(b.compare(VectorOperators.EQ, b));
                b.blend(v, beats).intoArray(best, c);
                DoubleVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnLastLargest(a, start + c, stride, axisLength);
        }
    }

    private static int columnLastLargest(double[] a, int start, int stride, int axisLength) {
        double best = a[start + (axisLength - 1) * stride];
        int bestIndex = axisLength - 1;
        for (int k = axisLength - 2; k >= 0; k--) {
            double v = a[start + k * stride];
            if (!(v <= best) && best == best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }

    /** Double: index of the smallest element of a contiguous slice, or -1 if the slice is short. */
    static long smallest(double[] a, int start, int length, boolean selectLastIndex) {
        if (length < 2 * BLOCK) {
            return -1;
        }
        return selectLastIndex ? lastSmallest(a, start, length) : firstSmallest(a, start, length);
    }

    private static long firstSmallest(double[] a, int start, int length) {
        int end = start + length;
        int blocksEnd = end - length % BLOCK;
        double best = a[start];
        if (best != best) {
            return 0;
        }
        int bestBlock = -1;
        DoubleVector bestVector = DoubleVector.broadcast(SPECIES, best);
        for (int b = start; b < blocksEnd; b += BLOCK) {
            DoubleVector m0 = DoubleVector.fromArray(SPECIES, a, b);
            DoubleVector m1 = DoubleVector.fromArray(SPECIES, a, b + LANES);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.min(DoubleVector.fromArray(SPECIES, a, i));
                m1 = m1.min(DoubleVector.fromArray(SPECIES, a, i + LANES));
            }
            DoubleVector blockBest = m0.min(m1);
            // Rarely false: only when some lane beats the best so far or is NaN.
            if (!blockBest.compare(VectorOperators.GE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MIN);
                if (best != best) {
                    return firstNaN(a, b) - start;
                }
                bestVector = DoubleVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksEnd; i < end; i++) {
            double v = a[i];
            if (v != v) {
                return i - start;
            }
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
            int lane = DoubleVector.fromArray(SPECIES, a, i).compare(VectorOperators.EQ, bestVector).firstTrue();
            if (lane < LANES) {
                return i + lane - start;
            }
        }
    }

    private static long lastSmallest(double[] a, int start, int length) {
        int end = start + length;
        int blocksStart = start + length % BLOCK;
        double best = a[end - 1];
        if (best != best) {
            return length - 1;
        }
        int bestBlock = -1;
        DoubleVector bestVector = DoubleVector.broadcast(SPECIES, best);
        for (int b = end - BLOCK; b >= blocksStart; b -= BLOCK) {
            DoubleVector m0 = DoubleVector.fromArray(SPECIES, a, b);
            DoubleVector m1 = DoubleVector.fromArray(SPECIES, a, b + LANES);
            for (int i = b + 2 * LANES; i < b + BLOCK; i += 2 * LANES) {
                m0 = m0.min(DoubleVector.fromArray(SPECIES, a, i));
                m1 = m1.min(DoubleVector.fromArray(SPECIES, a, i + LANES));
            }
            DoubleVector blockBest = m0.min(m1);
            // Rarely false: only when some lane beats the best so far or is NaN.
            if (!blockBest.compare(VectorOperators.GE, bestVector).allTrue()) {
                best = blockBest.reduceLanes(VectorOperators.MIN);
                if (best != best) {
                    return lastNaN(a, b) - start;
                }
                bestVector = DoubleVector.broadcast(SPECIES, best);
                bestBlock = b;
            }
        }
        int bestIndex = -1;
        for (int i = blocksStart - 1; i >= start; i--) {
            double v = a[i];
            if (v != v) {
                return i - start;
            }
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
            int lane = DoubleVector.fromArray(SPECIES, a, i).compare(VectorOperators.EQ, bestVector).lastTrue();
            if (lane >= 0) {
                return i + lane - start;
            }
        }
    }

    /** Double: a whole reduction over an outer axis; false when there are fewer columns than lanes. */
    static boolean smallestStrided(double[] a, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        int inner = plan.inner();
        int axisLength = plan.axisLength();
        if (inner < LANES) {
            return false;
        }
        int scratch = Math.min(inner, COLUMN_BLOCK) / LANES * LANES;
        double[] best = new double[scratch];
        double[] bestIndex = new double[scratch];
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

    private static void columnsFirstSmallest(double[] a, int start, int stride, int axisLength, int width,
            double[] best, double[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = 0;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            DoubleVector.fromArray(SPECIES, a, rowStart + c).intoArray(best, c);
            DoubleVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = 1; k < axisLength; k++) {
            int row = start + k * stride;
            DoubleVector index = DoubleVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                DoubleVector v = DoubleVector.fromArray(SPECIES, a, row + c);
                DoubleVector b = DoubleVector.fromArray(SPECIES, best, c);
                // !(v >= b) is "v beats b, or v is NaN"; a NaN best is final.
                VectorMask<Double> beats = v.compare(VectorOperators.GE, b).not().and(b.compare(VectorOperators.EQ, b));
                b.blend(v, beats).intoArray(best, c);
                DoubleVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnFirstSmallest(a, start + c, stride, axisLength);
        }
    }

    private static int columnFirstSmallest(double[] a, int start, int stride, int axisLength) {
        double best = a[start];
        int bestIndex = 0;
        for (int k = 1; k < axisLength; k++) {
            double v = a[start + k * stride];
            if (!(v >= best) && best == best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }

    private static void columnsLastSmallest(double[] a, int start, int stride, int axisLength, int width,
            double[] best, double[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = axisLength - 1;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            DoubleVector.fromArray(SPECIES, a, rowStart + c).intoArray(best, c);
            DoubleVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = axisLength - 2; k >= 0; k--) {
            int row = start + k * stride;
            DoubleVector index = DoubleVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                DoubleVector v = DoubleVector.fromArray(SPECIES, a, row + c);
                DoubleVector b = DoubleVector.fromArray(SPECIES, best, c);
                // !(v >= b) is "v beats b, or v is NaN"; a NaN best is final.
                VectorMask<Double> beats = v.compare(VectorOperators.GE, b).not().and(b.compare(VectorOperators.EQ, b));
                b.blend(v, beats).intoArray(best, c);
                DoubleVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnLastSmallest(a, start + c, stride, axisLength);
        }
    }

    private static int columnLastSmallest(double[] a, int start, int stride, int axisLength) {
        double best = a[start + (axisLength - 1) * stride];
        int bestIndex = axisLength - 1;
        for (int k = axisLength - 2; k >= 0; k--) {
            double v = a[start + k * stride];
            if (!(v >= best) && best == best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }

    private static int firstNaN(double[] a, int from) {
        for (int i = from; ; i++) {
            if (a[i] != a[i]) {
                return i;
            }
        }
    }

    private static int lastNaN(double[] a, int from) {
        for (int i = from + BLOCK - 1; ; i--) {
            if (a[i] != a[i]) {
                return i;
            }
        }
    }
}
