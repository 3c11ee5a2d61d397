package io.github.argonnx.runtime.vector;

import io.github.argonnx.runtime.ReductionPlan;
import io.github.argonnx.runtime.VectorizedArgReductions;
import jdk.incubator.vector.FloatVector;

/**
 * The Vector API implementation of {@link VectorizedArgReductions}, loaded by
 * {@link io.github.argonnx.runtime.Vectorization} only when {@code jdk.incubator.vector} is in the
 * boot layer. Covers contiguous slices of every type but int64/uint64 (where the scalar loop measured
 * faster), and strided reductions of the 32- and 64-bit types; strided 8- and 16-bit reductions stay
 * with the scalar kernels.
 */
public final class PanamaArgReductions implements VectorizedArgReductions {

    /** Refuses to run where vectors are narrower than 128 bits: the API would be emulated, slowly. */
    public PanamaArgReductions() {
        int bits = FloatVector.SPECIES_PREFERRED.vectorBitSize();
        if (bits < 128) {
            throw new UnsupportedOperationException("preferred vector size is " + bits + " bits");
        }
    }

    @Override
    public String toString() {
        return "Vector API, " + FloatVector.SPECIES_PREFERRED.vectorBitSize() + "-bit vectors";
    }

    @Override
    public long argMaxFloat(float[] data, int start, int length, boolean selectLastIndex) {
        return FloatLoops.largest(data, start, length, selectLastIndex);
    }

    @Override
    public boolean argMaxFloatStrided(float[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return FloatLoops.largestStrided(data, offset, plan, selectLastIndex, out, outOffset);
    }

    @Override
    public long argMinFloat(float[] data, int start, int length, boolean selectLastIndex) {
        return FloatLoops.smallest(data, start, length, selectLastIndex);
    }

    @Override
    public boolean argMinFloatStrided(float[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return FloatLoops.smallestStrided(data, offset, plan, selectLastIndex, out, outOffset);
    }

    @Override
    public long argMaxDouble(double[] data, int start, int length, boolean selectLastIndex) {
        return DoubleLoops.largest(data, start, length, selectLastIndex);
    }

    @Override
    public boolean argMaxDoubleStrided(double[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return DoubleLoops.largestStrided(data, offset, plan, selectLastIndex, out, outOffset);
    }

    @Override
    public long argMinDouble(double[] data, int start, int length, boolean selectLastIndex) {
        return DoubleLoops.smallest(data, start, length, selectLastIndex);
    }

    @Override
    public boolean argMinDoubleStrided(double[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return DoubleLoops.smallestStrided(data, offset, plan, selectLastIndex, out, outOffset);
    }

    @Override
    public long argMaxInt32(int[] data, int start, int length, boolean selectLastIndex) {
        return IntLoops.largest(data, start, length, selectLastIndex);
    }

    @Override
    public boolean argMaxInt32Strided(int[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return IntLoops.largestStrided(data, offset, plan, selectLastIndex, out, outOffset);
    }

    @Override
    public long argMinInt32(int[] data, int start, int length, boolean selectLastIndex) {
        return IntLoops.smallest(data, start, length, selectLastIndex);
    }

    @Override
    public boolean argMinInt32Strided(int[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return IntLoops.smallestStrided(data, offset, plan, selectLastIndex, out, outOffset);
    }

    @Override
    public long argMaxUint32(int[] data, int start, int length, boolean selectLastIndex) {
        return IntLoops.largestUnsigned(data, start, length, selectLastIndex);
    }

    @Override
    public boolean argMaxUint32Strided(int[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return IntLoops.largestUnsignedStrided(data, offset, plan, selectLastIndex, out, outOffset);
    }

    @Override
    public long argMinUint32(int[] data, int start, int length, boolean selectLastIndex) {
        return IntLoops.smallestUnsigned(data, start, length, selectLastIndex);
    }

    @Override
    public boolean argMinUint32Strided(int[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return IntLoops.smallestUnsignedStrided(data, offset, plan, selectLastIndex, out, outOffset);
    }

    @Override
    public boolean argMaxInt64Strided(long[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return LongLoops.largestStrided(data, offset, plan, selectLastIndex, out, outOffset);
    }

    @Override
    public boolean argMinInt64Strided(long[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return LongLoops.smallestStrided(data, offset, plan, selectLastIndex, out, outOffset);
    }

    @Override
    public boolean argMaxUint64Strided(long[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return LongLoops.largestUnsignedStrided(data, offset, plan, selectLastIndex, out, outOffset);
    }

    @Override
    public boolean argMinUint64Strided(long[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return LongLoops.smallestUnsignedStrided(data, offset, plan, selectLastIndex, out, outOffset);
    }

    @Override
    public long argMaxInt16(short[] data, int start, int length, boolean selectLastIndex) {
        return ShortLoops.largest(data, start, length, selectLastIndex);
    }

    @Override
    public long argMinInt16(short[] data, int start, int length, boolean selectLastIndex) {
        return ShortLoops.smallest(data, start, length, selectLastIndex);
    }

    @Override
    public long argMaxUint16(short[] data, int start, int length, boolean selectLastIndex) {
        return ShortLoops.largestUnsigned(data, start, length, selectLastIndex);
    }

    @Override
    public long argMinUint16(short[] data, int start, int length, boolean selectLastIndex) {
        return ShortLoops.smallestUnsigned(data, start, length, selectLastIndex);
    }

    @Override
    public long argMaxFloat16(short[] data, int start, int length, boolean selectLastIndex) {
        return ShortLoops.largestFloat16(data, start, length, selectLastIndex);
    }

    @Override
    public long argMinFloat16(short[] data, int start, int length, boolean selectLastIndex) {
        return ShortLoops.smallestFloat16(data, start, length, selectLastIndex);
    }

    @Override
    public long argMaxBfloat16(short[] data, int start, int length, boolean selectLastIndex) {
        return ShortLoops.largestBfloat16(data, start, length, selectLastIndex);
    }

    @Override
    public long argMinBfloat16(short[] data, int start, int length, boolean selectLastIndex) {
        return ShortLoops.smallestBfloat16(data, start, length, selectLastIndex);
    }

    @Override
    public long argMaxInt8(byte[] data, int start, int length, boolean selectLastIndex) {
        return ByteLoops.largest(data, start, length, selectLastIndex);
    }

    @Override
    public long argMinInt8(byte[] data, int start, int length, boolean selectLastIndex) {
        return ByteLoops.smallest(data, start, length, selectLastIndex);
    }

    @Override
    public long argMaxUint8(byte[] data, int start, int length, boolean selectLastIndex) {
        return ByteLoops.largestUnsigned(data, start, length, selectLastIndex);
    }

    @Override
    public long argMinUint8(byte[] data, int start, int length, boolean selectLastIndex) {
        return ByteLoops.smallestUnsigned(data, start, length, selectLastIndex);
    }
}
