package io.github.argonnx.runtime.vector;

import io.github.argonnx.runtime.ReductionPlan;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Vector API loops over long elements, signed and unsigned (unsigned by flipping the sign bit).
 *
 * <p>Contiguous slices are read in blocks: a block's extreme comes from lane-wise min/max, and only
 * the block that holds the overall extreme is scanned again for the exact index. The last index is
 * found by running the same strict test from the end of the slice, as the scalar kernels do.
 * Strided reductions walk rows in memory order and keep running bests and indices for a block of
 * columns in small arrays, updated a vector of columns at a time. The running indices are vectors of
 * the data's own type, so that one comparison mask selects both value and index.
 */
final class LongLoops {

    static final VectorSpecies<Long> SPECIES = LongVector.SPECIES_PREFERRED;
    private static final int LANES = SPECIES.length();
    /** Elements per block of a contiguous slice: one horizontal reduction per block. */
    private static final int BLOCK = 16 * LANES;
    /** Columns whose running bests are kept at a time; small enough for the L1 cache. */
    private static final int COLUMN_BLOCK = 1024;
    private static final long SIGN = Long.MIN_VALUE;

    private LongLoops() {}

    /** Int64: a whole reduction over an outer axis; false when there are fewer columns than lanes. */
    static boolean largestStrided(long[] a, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        int inner = plan.inner();
        int axisLength = plan.axisLength();
        if (inner < LANES) {
            return false;
        }
        int scratch = Math.min(inner, COLUMN_BLOCK) / LANES * LANES;
        long[] best = new long[scratch];
        long[] bestIndex = new long[scratch];
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

    private static void columnsFirstLargest(long[] a, int start, int stride, int axisLength, int width,
            long[] best, long[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = 0;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            LongVector.fromArray(SPECIES, a, rowStart + c).intoArray(best, c);
            LongVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = 1; k < axisLength; k++) {
            int row = start + k * stride;
            LongVector index = LongVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                LongVector v = LongVector.fromArray(SPECIES, a, row + c);
                LongVector b = LongVector.fromArray(SPECIES, best, c);
                VectorMask<Long> beats = v.compare(VectorOperators.GT, b);
                b.blend(v, beats).intoArray(best, c);
                LongVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnFirstLargest(a, start + c, stride, axisLength);
        }
    }

    private static int columnFirstLargest(long[] a, int start, int stride, int axisLength) {
        long best = a[start];
        int bestIndex = 0;
        for (int k = 1; k < axisLength; k++) {
            long v = a[start + k * stride];
            if (v > best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }

    private static void columnsLastLargest(long[] a, int start, int stride, int axisLength, int width,
            long[] best, long[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = axisLength - 1;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            LongVector.fromArray(SPECIES, a, rowStart + c).intoArray(best, c);
            LongVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = axisLength - 2; k >= 0; k--) {
            int row = start + k * stride;
            LongVector index = LongVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                LongVector v = LongVector.fromArray(SPECIES, a, row + c);
                LongVector b = LongVector.fromArray(SPECIES, best, c);
                VectorMask<Long> beats = v.compare(VectorOperators.GT, b);
                b.blend(v, beats).intoArray(best, c);
                LongVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnLastLargest(a, start + c, stride, axisLength);
        }
    }

    private static int columnLastLargest(long[] a, int start, int stride, int axisLength) {
        long best = a[start + (axisLength - 1) * stride];
        int bestIndex = axisLength - 1;
        for (int k = axisLength - 2; k >= 0; k--) {
            long v = a[start + k * stride];
            if (v > best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }

    /** Int64: a whole reduction over an outer axis; false when there are fewer columns than lanes. */
    static boolean smallestStrided(long[] a, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        int inner = plan.inner();
        int axisLength = plan.axisLength();
        if (inner < LANES) {
            return false;
        }
        int scratch = Math.min(inner, COLUMN_BLOCK) / LANES * LANES;
        long[] best = new long[scratch];
        long[] bestIndex = new long[scratch];
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

    private static void columnsFirstSmallest(long[] a, int start, int stride, int axisLength, int width,
            long[] best, long[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = 0;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            LongVector.fromArray(SPECIES, a, rowStart + c).intoArray(best, c);
            LongVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = 1; k < axisLength; k++) {
            int row = start + k * stride;
            LongVector index = LongVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                LongVector v = LongVector.fromArray(SPECIES, a, row + c);
                LongVector b = LongVector.fromArray(SPECIES, best, c);
                VectorMask<Long> beats = v.compare(VectorOperators.LT, b);
                b.blend(v, beats).intoArray(best, c);
                LongVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnFirstSmallest(a, start + c, stride, axisLength);
        }
    }

    private static int columnFirstSmallest(long[] a, int start, int stride, int axisLength) {
        long best = a[start];
        int bestIndex = 0;
        for (int k = 1; k < axisLength; k++) {
            long v = a[start + k * stride];
            if (v < best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }

    private static void columnsLastSmallest(long[] a, int start, int stride, int axisLength, int width,
            long[] best, long[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = axisLength - 1;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            LongVector.fromArray(SPECIES, a, rowStart + c).intoArray(best, c);
            LongVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = axisLength - 2; k >= 0; k--) {
            int row = start + k * stride;
            LongVector index = LongVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                LongVector v = LongVector.fromArray(SPECIES, a, row + c);
                LongVector b = LongVector.fromArray(SPECIES, best, c);
                VectorMask<Long> beats = v.compare(VectorOperators.LT, b);
                b.blend(v, beats).intoArray(best, c);
                LongVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnLastSmallest(a, start + c, stride, axisLength);
        }
    }

    private static int columnLastSmallest(long[] a, int start, int stride, int axisLength) {
        long best = a[start + (axisLength - 1) * stride];
        int bestIndex = axisLength - 1;
        for (int k = axisLength - 2; k >= 0; k--) {
            long v = a[start + k * stride];
            if (v < best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }

    /** Uint64: a whole reduction over an outer axis; false when there are fewer columns than lanes. */
    static boolean largestUnsignedStrided(long[] a, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        int inner = plan.inner();
        int axisLength = plan.axisLength();
        if (inner < LANES) {
            return false;
        }
        int scratch = Math.min(inner, COLUMN_BLOCK) / LANES * LANES;
        long[] best = new long[scratch];
        long[] bestIndex = new long[scratch];
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

    private static void columnsFirstLargestUnsigned(long[] a, int start, int stride, int axisLength, int width,
            long[] best, long[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = 0;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            LongVector.fromArray(SPECIES, a, rowStart + c).lanewise(VectorOperators.XOR, SIGN).intoArray(best, c);
            LongVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = 1; k < axisLength; k++) {
            int row = start + k * stride;
            LongVector index = LongVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                LongVector v = LongVector.fromArray(SPECIES, a, row + c).lanewise(VectorOperators.XOR, SIGN);
                LongVector b = LongVector.fromArray(SPECIES, best, c);
                VectorMask<Long> beats = v.compare(VectorOperators.GT, b);
                b.blend(v, beats).intoArray(best, c);
                LongVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnFirstLargestUnsigned(a, start + c, stride, axisLength);
        }
    }

    private static int columnFirstLargestUnsigned(long[] a, int start, int stride, int axisLength) {
        long best = (long) (a[start] ^ SIGN);
        int bestIndex = 0;
        for (int k = 1; k < axisLength; k++) {
            long v = (long) (a[start + k * stride] ^ SIGN);
            if (v > best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }

    private static void columnsLastLargestUnsigned(long[] a, int start, int stride, int axisLength, int width,
            long[] best, long[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = axisLength - 1;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            LongVector.fromArray(SPECIES, a, rowStart + c).lanewise(VectorOperators.XOR, SIGN).intoArray(best, c);
            LongVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = axisLength - 2; k >= 0; k--) {
            int row = start + k * stride;
            LongVector index = LongVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                LongVector v = LongVector.fromArray(SPECIES, a, row + c).lanewise(VectorOperators.XOR, SIGN);
                LongVector b = LongVector.fromArray(SPECIES, best, c);
                VectorMask<Long> beats = v.compare(VectorOperators.GT, b);
                b.blend(v, beats).intoArray(best, c);
                LongVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnLastLargestUnsigned(a, start + c, stride, axisLength);
        }
    }

    private static int columnLastLargestUnsigned(long[] a, int start, int stride, int axisLength) {
        long best = (long) (a[start + (axisLength - 1) * stride] ^ SIGN);
        int bestIndex = axisLength - 1;
        for (int k = axisLength - 2; k >= 0; k--) {
            long v = (long) (a[start + k * stride] ^ SIGN);
            if (v > best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }

    /** Uint64: a whole reduction over an outer axis; false when there are fewer columns than lanes. */
    static boolean smallestUnsignedStrided(long[] a, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        int inner = plan.inner();
        int axisLength = plan.axisLength();
        if (inner < LANES) {
            return false;
        }
        int scratch = Math.min(inner, COLUMN_BLOCK) / LANES * LANES;
        long[] best = new long[scratch];
        long[] bestIndex = new long[scratch];
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

    private static void columnsFirstSmallestUnsigned(long[] a, int start, int stride, int axisLength, int width,
            long[] best, long[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = 0;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            LongVector.fromArray(SPECIES, a, rowStart + c).lanewise(VectorOperators.XOR, SIGN).intoArray(best, c);
            LongVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = 1; k < axisLength; k++) {
            int row = start + k * stride;
            LongVector index = LongVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                LongVector v = LongVector.fromArray(SPECIES, a, row + c).lanewise(VectorOperators.XOR, SIGN);
                LongVector b = LongVector.fromArray(SPECIES, best, c);
                VectorMask<Long> beats = v.compare(VectorOperators.LT, b);
                b.blend(v, beats).intoArray(best, c);
                LongVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnFirstSmallestUnsigned(a, start + c, stride, axisLength);
        }
    }

    private static int columnFirstSmallestUnsigned(long[] a, int start, int stride, int axisLength) {
        long best = (long) (a[start] ^ SIGN);
        int bestIndex = 0;
        for (int k = 1; k < axisLength; k++) {
            long v = (long) (a[start + k * stride] ^ SIGN);
            if (v < best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }

    private static void columnsLastSmallestUnsigned(long[] a, int start, int stride, int axisLength, int width,
            long[] best, long[] bestIndex, long[] out, int outStart) {
        int vectorWidth = width / LANES * LANES;
        int firstRow = axisLength - 1;
        int rowStart = start + firstRow * stride;
        for (int c = 0; c < vectorWidth; c += LANES) {
            LongVector.fromArray(SPECIES, a, rowStart + c).lanewise(VectorOperators.XOR, SIGN).intoArray(best, c);
            LongVector.broadcast(SPECIES, firstRow).intoArray(bestIndex, c);
        }
        for (int k = axisLength - 2; k >= 0; k--) {
            int row = start + k * stride;
            LongVector index = LongVector.broadcast(SPECIES, k);
            for (int c = 0; c < vectorWidth; c += LANES) {
                LongVector v = LongVector.fromArray(SPECIES, a, row + c).lanewise(VectorOperators.XOR, SIGN);
                LongVector b = LongVector.fromArray(SPECIES, best, c);
                VectorMask<Long> beats = v.compare(VectorOperators.LT, b);
                b.blend(v, beats).intoArray(best, c);
                LongVector.fromArray(SPECIES, bestIndex, c).blend(index, beats).intoArray(bestIndex, c);
            }
        }
        for (int c = 0; c < vectorWidth; c++) {
            out[outStart + c] = (long) bestIndex[c];
        }
        for (int c = vectorWidth; c < width; c++) {
            out[outStart + c] = columnLastSmallestUnsigned(a, start + c, stride, axisLength);
        }
    }

    private static int columnLastSmallestUnsigned(long[] a, int start, int stride, int axisLength) {
        long best = (long) (a[start + (axisLength - 1) * stride] ^ SIGN);
        int bestIndex = axisLength - 1;
        for (int k = axisLength - 2; k >= 0; k--) {
            long v = (long) (a[start + k * stride] ^ SIGN);
            if (v < best) {
                best = v;
                bestIndex = k;
            }
        }
        return bestIndex;
    }
}
