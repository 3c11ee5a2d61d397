package io.github.argonnx.benchmarks;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * The read floor with the Vector API: a lane-wise OR over the input in integer lanes of the element's
 * width (float and double vectors reinterpreted, which costs no instruction), with two accumulators so
 * that the loop can issue two loads per cycle. Loaded only when {@code jdk.incubator.vector} is in the
 * boot layer.
 *
 * <p>Its vectors are the CPU's preferred size, but at most 256 bits, as the library's SIMD loops: on
 * AVX-512 CPUs 512-bit vectors read no faster, and a floor must be the fastest read.
 * {@value #BITS_PROPERTY} sets another size (128, 256, 512, up to the preferred one) to check that on
 * a given machine.
 */
final class VectorReadFloor extends ReadFloor {

    /** System property that sets the floor's vector size in bits. */
    static final String BITS_PROPERTY = "argonnx.benchmarks.floorBits";

    private static final VectorShape SHAPE = shape();
    private static final VectorSpecies<Float> FLOATS = FloatVector.SPECIES_PREFERRED.withShape(SHAPE);
    private static final VectorSpecies<Double> DOUBLES = DoubleVector.SPECIES_PREFERRED.withShape(SHAPE);
    private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED.withShape(SHAPE);
    private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_PREFERRED.withShape(SHAPE);
    private static final VectorSpecies<Short> SHORTS = ShortVector.SPECIES_PREFERRED.withShape(SHAPE);
    private static final VectorSpecies<Byte> BYTES = ByteVector.SPECIES_PREFERRED.withShape(SHAPE);

    private static VectorShape shape() {
        int preferred = VectorShape.preferredShape().vectorBitSize();
        int bits = Integer.getInteger(BITS_PROPERTY, Math.min(preferred, 256));
        if (bits < 128 || bits > preferred || Integer.bitCount(bits) != 1) {
            throw new IllegalArgumentException("system property " + BITS_PROPERTY + "=" + bits
                    + " is not a vector size of this CPU: allowed powers of two from 128 to " + preferred);
        }
        return VectorShape.forBitSize(bits);
    }

    @Override
    public boolean vectorized() {
        return true;
    }

    @Override
    public int pass(float[] a) {
        int step = FLOATS.length();
        IntVector m0 = IntVector.zero(INTS);
        IntVector m1 = m0;
        int i = 0;
        for (; i <= a.length - 2 * step; i += 2 * step) {
            m0 = m0.or(FloatVector.fromArray(FLOATS, a, i).reinterpretAsInts());
            m1 = m1.or(FloatVector.fromArray(FLOATS, a, i + step).reinterpretAsInts());
        }
        int bits = m0.or(m1).reduceLanes(VectorOperators.OR);
        for (; i < a.length; i++) {
            bits |= Float.floatToRawIntBits(a[i]);
        }
        return bits;
    }

    @Override
    public long pass(double[] a) {
        int step = DOUBLES.length();
        LongVector m0 = LongVector.zero(LONGS);
        LongVector m1 = m0;
        int i = 0;
        for (; i <= a.length - 2 * step; i += 2 * step) {
            m0 = m0.or(DoubleVector.fromArray(DOUBLES, a, i).reinterpretAsLongs());
            m1 = m1.or(DoubleVector.fromArray(DOUBLES, a, i + step).reinterpretAsLongs());
        }
        long bits = m0.or(m1).reduceLanes(VectorOperators.OR);
        for (; i < a.length; i++) {
            bits |= Double.doubleToRawLongBits(a[i]);
        }
        return bits;
    }

    @Override
    public int pass(int[] a) {
        int step = INTS.length();
        IntVector m0 = IntVector.zero(INTS);
        IntVector m1 = m0;
        int i = 0;
        for (; i <= a.length - 2 * step; i += 2 * step) {
            m0 = m0.or(IntVector.fromArray(INTS, a, i));
            m1 = m1.or(IntVector.fromArray(INTS, a, i + step));
        }
        int bits = m0.or(m1).reduceLanes(VectorOperators.OR);
        for (; i < a.length; i++) {
            bits |= a[i];
        }
        return bits;
    }

    @Override
    public long pass(long[] a) {
        int step = LONGS.length();
        LongVector m0 = LongVector.zero(LONGS);
        LongVector m1 = m0;
        int i = 0;
        for (; i <= a.length - 2 * step; i += 2 * step) {
            m0 = m0.or(LongVector.fromArray(LONGS, a, i));
            m1 = m1.or(LongVector.fromArray(LONGS, a, i + step));
        }
        long bits = m0.or(m1).reduceLanes(VectorOperators.OR);
        for (; i < a.length; i++) {
            bits |= a[i];
        }
        return bits;
    }

    @Override
    public short pass(short[] a) {
        int step = SHORTS.length();
        ShortVector m0 = ShortVector.zero(SHORTS);
        ShortVector m1 = m0;
        int i = 0;
        for (; i <= a.length - 2 * step; i += 2 * step) {
            m0 = m0.or(ShortVector.fromArray(SHORTS, a, i));
            m1 = m1.or(ShortVector.fromArray(SHORTS, a, i + step));
        }
        short bits = m0.or(m1).reduceLanes(VectorOperators.OR);
        for (; i < a.length; i++) {
            bits |= a[i];
        }
        return bits;
    }

    @Override
    public byte pass(byte[] a) {
        int step = BYTES.length();
        ByteVector m0 = ByteVector.zero(BYTES);
        ByteVector m1 = m0;
        int i = 0;
        for (; i <= a.length - 2 * step; i += 2 * step) {
            m0 = m0.or(ByteVector.fromArray(BYTES, a, i));
            m1 = m1.or(ByteVector.fromArray(BYTES, a, i + step));
        }
        byte bits = m0.or(m1).reduceLanes(VectorOperators.OR);
        for (; i < a.length; i++) {
            bits |= a[i];
        }
        return bits;
    }
}
