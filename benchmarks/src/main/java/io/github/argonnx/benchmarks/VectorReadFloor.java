package io.github.argonnx.benchmarks;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The read floor with the Vector API: a lane-wise max (a sum for 64-bit integers) over the input at
 * the widest vector size the CPU has, with two accumulators so that the loop waits on memory, not on
 * the max latency.
 * Loaded only when {@code jdk.incubator.vector} is in the boot layer.
 */
final class VectorReadFloor extends ReadFloor {

    private static final VectorSpecies<Float> FLOATS = FloatVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Double> DOUBLES = DoubleVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Short> SHORTS = ShortVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Byte> BYTES = ByteVector.SPECIES_PREFERRED;

    @Override
    public boolean vectorized() {
        return true;
    }

    @Override
    public float pass(float[] a) {
        int step = FLOATS.length();
        FloatVector m0 = FloatVector.broadcast(FLOATS, a[0]);
        FloatVector m1 = m0;
        int i = 0;
        for (; i <= a.length - 2 * step; i += 2 * step) {
            m0 = m0.max(FloatVector.fromArray(FLOATS, a, i));
            m1 = m1.max(FloatVector.fromArray(FLOATS, a, i + step));
        }
        float max = m0.max(m1).reduceLanes(VectorOperators.MAX);
        for (; i < a.length; i++) {
            max = Math.max(max, a[i]);
        }
        return max;
    }

    @Override
    public double pass(double[] a) {
        int step = DOUBLES.length();
        DoubleVector m0 = DoubleVector.broadcast(DOUBLES, a[0]);
        DoubleVector m1 = m0;
        int i = 0;
        for (; i <= a.length - 2 * step; i += 2 * step) {
            m0 = m0.max(DoubleVector.fromArray(DOUBLES, a, i));
            m1 = m1.max(DoubleVector.fromArray(DOUBLES, a, i + step));
        }
        double max = m0.max(m1).reduceLanes(VectorOperators.MAX);
        for (; i < a.length; i++) {
            max = Math.max(max, a[i]);
        }
        return max;
    }

    @Override
    public int pass(int[] a) {
        int step = INTS.length();
        IntVector m0 = IntVector.broadcast(INTS, a[0]);
        IntVector m1 = m0;
        int i = 0;
        for (; i <= a.length - 2 * step; i += 2 * step) {
            m0 = m0.max(IntVector.fromArray(INTS, a, i));
            m1 = m1.max(IntVector.fromArray(INTS, a, i + step));
        }
        int max = m0.max(m1).reduceLanes(VectorOperators.MAX);
        for (; i < a.length; i++) {
            max = Math.max(max, a[i]);
        }
        return max;
    }

    @Override
    public long pass(long[] a) {
        // A sum: 64-bit lane-wise max has no single instruction before AVX-512 and is not intrinsic everywhere.
        int step = LONGS.length();
        LongVector s0 = LongVector.zero(LONGS);
        LongVector s1 = s0;
        int i = 0;
        for (; i <= a.length - 2 * step; i += 2 * step) {
            s0 = s0.add(LongVector.fromArray(LONGS, a, i));
            s1 = s1.add(LongVector.fromArray(LONGS, a, i + step));
        }
        long sum = s0.add(s1).reduceLanes(VectorOperators.ADD);
        for (; i < a.length; i++) {
            sum += a[i];
        }
        return sum;
    }

    @Override
    public int pass(short[] a) {
        int step = SHORTS.length();
        ShortVector m0 = ShortVector.broadcast(SHORTS, a[0]);
        ShortVector m1 = m0;
        int i = 0;
        for (; i <= a.length - 2 * step; i += 2 * step) {
            m0 = m0.max(ShortVector.fromArray(SHORTS, a, i));
            m1 = m1.max(ShortVector.fromArray(SHORTS, a, i + step));
        }
        int max = m0.max(m1).reduceLanes(VectorOperators.MAX);
        for (; i < a.length; i++) {
            max = Math.max(max, a[i]);
        }
        return max;
    }

    @Override
    public int pass(byte[] a) {
        int step = BYTES.length();
        ByteVector m0 = ByteVector.broadcast(BYTES, a[0]);
        ByteVector m1 = m0;
        int i = 0;
        for (; i <= a.length - 2 * step; i += 2 * step) {
            m0 = m0.max(ByteVector.fromArray(BYTES, a, i));
            m1 = m1.max(ByteVector.fromArray(BYTES, a, i + step));
        }
        int max = m0.max(m1).reduceLanes(VectorOperators.MAX);
        for (; i < a.length; i++) {
            max = Math.max(max, a[i]);
        }
        return max;
    }
}
