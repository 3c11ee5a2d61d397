package io.github.argonnx.runtime;

/**
 * SIMD loops that generated kernels hand their array work to when the JVM can run them.
 *
 * <p>There is one pair of methods per kernel ({@code ArgMaxFloatKernel} calls {@code argMaxFloat}
 * and {@code argMaxFloatStrided}). Every method may decline: the defaults here decline everything,
 * and an implementation overrides only what it does faster than the scalar loops. Whatever an
 * implementation returns must be exactly what the kernel's scalar loops give: the first index of
 * the extreme (the last with {@code selectLastIndex}), NaN beating every number, -0 tying +0,
 * unsigned types compared as unsigned.
 *
 * <ul>
 *   <li>{@code argMaxT(data, start, length, selectLastIndex)}: the index, relative to {@code start},
 *       of the extreme among the {@code length} adjacent elements from {@code start}, or -1 to
 *       decline.
 *   <li>{@code argMaxTStrided(data, offset, plan, selectLastIndex, out, outOffset)}: the whole
 *       reduction of a plan with {@code inner > 1}, with the contract of the kernel's {@code reduce}
 *       (bounds already checked); returns true, or writes nothing and returns false to decline.
 * </ul>
 *
 * <p>Obtained from {@link Vectorization#argReductions()}; kernels never see an implementation
 * unless the Vector API is available.
 */
public interface VectorizedArgReductions {

    default long argMaxFloat(float[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMaxFloatStrided(float[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMaxUint8(byte[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMaxUint8Strided(byte[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMaxInt8(byte[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMaxInt8Strided(byte[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMaxUint16(short[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMaxUint16Strided(short[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMaxInt16(short[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMaxInt16Strided(short[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMaxInt32(int[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMaxInt32Strided(int[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMaxInt64(long[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMaxInt64Strided(long[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMaxFloat16(short[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMaxFloat16Strided(short[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMaxDouble(double[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMaxDoubleStrided(double[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMaxUint32(int[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMaxUint32Strided(int[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMaxUint64(long[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMaxUint64Strided(long[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMaxBfloat16(short[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMaxBfloat16Strided(short[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMinFloat(float[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMinFloatStrided(float[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMinUint8(byte[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMinUint8Strided(byte[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMinInt8(byte[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMinInt8Strided(byte[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMinUint16(short[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMinUint16Strided(short[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMinInt16(short[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMinInt16Strided(short[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMinInt32(int[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMinInt32Strided(int[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMinInt64(long[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMinInt64Strided(long[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMinFloat16(short[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMinFloat16Strided(short[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMinDouble(double[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMinDoubleStrided(double[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMinUint32(int[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMinUint32Strided(int[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMinUint64(long[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMinUint64Strided(long[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }

    default long argMinBfloat16(short[] data, int start, int length, boolean selectLastIndex) {
        return -1;
    }

    default boolean argMinBfloat16Strided(short[] data, int offset, ReductionPlan plan, boolean selectLastIndex,
            long[] out, int outOffset) {
        return false;
    }
}
