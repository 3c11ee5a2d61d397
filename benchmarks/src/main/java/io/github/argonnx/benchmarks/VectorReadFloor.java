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
 * width (float and double vectors reinterpreted, which costs no instruction). In one stream it keeps
 * two accumulators so that the loop can issue two loads per cycle; in two or four streams, one per
 * stretch. Loaded only when {@code jdk.incubator.vector} is in the boot layer.
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
    public int pass(float[] a, int streams) {
        int n = a.length;
        int step = FLOATS.length();
        switch (streams) {
            case 1: {
                IntVector m0 = IntVector.zero(INTS);
                IntVector m1 = m0;
                int i = 0;
                for (; i <= n - 2 * step; i += 2 * step) {
                    m0 = m0.or(FloatVector.fromArray(FLOATS, a, i).reinterpretAsInts());
                    m1 = m1.or(FloatVector.fromArray(FLOATS, a, i + step).reinterpretAsInts());
                }
                return (m0.or(m1)).reduceLanes(VectorOperators.OR) | or(a, i, n);
            }
            case 2: {
                int h = n / 2;
                IntVector m0 = IntVector.zero(INTS);
                IntVector m1 = m0;
                int i = 0;
                for (; i <= h - step; i += step) {
                    m0 = m0.or(FloatVector.fromArray(FLOATS, a, i).reinterpretAsInts());
                    m1 = m1.or(FloatVector.fromArray(FLOATS, a, h + i).reinterpretAsInts());
                }
                return (m0.or(m1)).reduceLanes(VectorOperators.OR) | or(a, i, h) | or(a, h + i, n);
            }
            case 4: {
                int q = n / 4;
                IntVector m0 = IntVector.zero(INTS);
                IntVector m1 = m0;
                IntVector m2 = m0;
                IntVector m3 = m0;
                int i = 0;
                for (; i <= q - step; i += step) {
                    m0 = m0.or(FloatVector.fromArray(FLOATS, a, i).reinterpretAsInts());
                    m1 = m1.or(FloatVector.fromArray(FLOATS, a, q + i).reinterpretAsInts());
                    m2 = m2.or(FloatVector.fromArray(FLOATS, a, 2 * q + i).reinterpretAsInts());
                    m3 = m3.or(FloatVector.fromArray(FLOATS, a, 3 * q + i).reinterpretAsInts());
                }
                return (m0.or(m1).or(m2).or(m3)).reduceLanes(VectorOperators.OR) | or(a, i, q) | or(a, q + i, 2 * q) | or(a, 2 * q + i, 3 * q) | or(a, 3 * q + i, n);
            }
            default:
                throw streamsRefused(streams);
        }
    }

    @Override
    public long pass(double[] a, int streams) {
        int n = a.length;
        int step = DOUBLES.length();
        switch (streams) {
            case 1: {
                LongVector m0 = LongVector.zero(LONGS);
                LongVector m1 = m0;
                int i = 0;
                for (; i <= n - 2 * step; i += 2 * step) {
                    m0 = m0.or(DoubleVector.fromArray(DOUBLES, a, i).reinterpretAsLongs());
                    m1 = m1.or(DoubleVector.fromArray(DOUBLES, a, i + step).reinterpretAsLongs());
                }
                return (m0.or(m1)).reduceLanes(VectorOperators.OR) | or(a, i, n);
            }
            case 2: {
                int h = n / 2;
                LongVector m0 = LongVector.zero(LONGS);
                LongVector m1 = m0;
                int i = 0;
                for (; i <= h - step; i += step) {
                    m0 = m0.or(DoubleVector.fromArray(DOUBLES, a, i).reinterpretAsLongs());
                    m1 = m1.or(DoubleVector.fromArray(DOUBLES, a, h + i).reinterpretAsLongs());
                }
                return (m0.or(m1)).reduceLanes(VectorOperators.OR) | or(a, i, h) | or(a, h + i, n);
            }
            case 4: {
                int q = n / 4;
                LongVector m0 = LongVector.zero(LONGS);
                LongVector m1 = m0;
                LongVector m2 = m0;
                LongVector m3 = m0;
                int i = 0;
                for (; i <= q - step; i += step) {
                    m0 = m0.or(DoubleVector.fromArray(DOUBLES, a, i).reinterpretAsLongs());
                    m1 = m1.or(DoubleVector.fromArray(DOUBLES, a, q + i).reinterpretAsLongs());
                    m2 = m2.or(DoubleVector.fromArray(DOUBLES, a, 2 * q + i).reinterpretAsLongs());
                    m3 = m3.or(DoubleVector.fromArray(DOUBLES, a, 3 * q + i).reinterpretAsLongs());
                }
                return (m0.or(m1).or(m2).or(m3)).reduceLanes(VectorOperators.OR) | or(a, i, q) | or(a, q + i, 2 * q) | or(a, 2 * q + i, 3 * q) | or(a, 3 * q + i, n);
            }
            default:
                throw streamsRefused(streams);
        }
    }

    @Override
    public int pass(int[] a, int streams) {
        int n = a.length;
        int step = INTS.length();
        switch (streams) {
            case 1: {
                IntVector m0 = IntVector.zero(INTS);
                IntVector m1 = m0;
                int i = 0;
                for (; i <= n - 2 * step; i += 2 * step) {
                    m0 = m0.or(IntVector.fromArray(INTS, a, i));
                    m1 = m1.or(IntVector.fromArray(INTS, a, i + step));
                }
                return (m0.or(m1)).reduceLanes(VectorOperators.OR) | or(a, i, n);
            }
            case 2: {
                int h = n / 2;
                IntVector m0 = IntVector.zero(INTS);
                IntVector m1 = m0;
                int i = 0;
                for (; i <= h - step; i += step) {
                    m0 = m0.or(IntVector.fromArray(INTS, a, i));
                    m1 = m1.or(IntVector.fromArray(INTS, a, h + i));
                }
                return (m0.or(m1)).reduceLanes(VectorOperators.OR) | or(a, i, h) | or(a, h + i, n);
            }
            case 4: {
                int q = n / 4;
                IntVector m0 = IntVector.zero(INTS);
                IntVector m1 = m0;
                IntVector m2 = m0;
                IntVector m3 = m0;
                int i = 0;
                for (; i <= q - step; i += step) {
                    m0 = m0.or(IntVector.fromArray(INTS, a, i));
                    m1 = m1.or(IntVector.fromArray(INTS, a, q + i));
                    m2 = m2.or(IntVector.fromArray(INTS, a, 2 * q + i));
                    m3 = m3.or(IntVector.fromArray(INTS, a, 3 * q + i));
                }
                return (m0.or(m1).or(m2).or(m3)).reduceLanes(VectorOperators.OR) | or(a, i, q) | or(a, q + i, 2 * q) | or(a, 2 * q + i, 3 * q) | or(a, 3 * q + i, n);
            }
            default:
                throw streamsRefused(streams);
        }
    }

    @Override
    public long pass(long[] a, int streams) {
        int n = a.length;
        int step = LONGS.length();
        switch (streams) {
            case 1: {
                LongVector m0 = LongVector.zero(LONGS);
                LongVector m1 = m0;
                int i = 0;
                for (; i <= n - 2 * step; i += 2 * step) {
                    m0 = m0.or(LongVector.fromArray(LONGS, a, i));
                    m1 = m1.or(LongVector.fromArray(LONGS, a, i + step));
                }
                return (m0.or(m1)).reduceLanes(VectorOperators.OR) | or(a, i, n);
            }
            case 2: {
                int h = n / 2;
                LongVector m0 = LongVector.zero(LONGS);
                LongVector m1 = m0;
                int i = 0;
                for (; i <= h - step; i += step) {
                    m0 = m0.or(LongVector.fromArray(LONGS, a, i));
                    m1 = m1.or(LongVector.fromArray(LONGS, a, h + i));
                }
                return (m0.or(m1)).reduceLanes(VectorOperators.OR) | or(a, i, h) | or(a, h + i, n);
            }
            case 4: {
                int q = n / 4;
                LongVector m0 = LongVector.zero(LONGS);
                LongVector m1 = m0;
                LongVector m2 = m0;
                LongVector m3 = m0;
                int i = 0;
                for (; i <= q - step; i += step) {
                    m0 = m0.or(LongVector.fromArray(LONGS, a, i));
                    m1 = m1.or(LongVector.fromArray(LONGS, a, q + i));
                    m2 = m2.or(LongVector.fromArray(LONGS, a, 2 * q + i));
                    m3 = m3.or(LongVector.fromArray(LONGS, a, 3 * q + i));
                }
                return (m0.or(m1).or(m2).or(m3)).reduceLanes(VectorOperators.OR) | or(a, i, q) | or(a, q + i, 2 * q) | or(a, 2 * q + i, 3 * q) | or(a, 3 * q + i, n);
            }
            default:
                throw streamsRefused(streams);
        }
    }

    @Override
    public short pass(short[] a, int streams) {
        int n = a.length;
        int step = SHORTS.length();
        switch (streams) {
            case 1: {
                ShortVector m0 = ShortVector.zero(SHORTS);
                ShortVector m1 = m0;
                int i = 0;
                for (; i <= n - 2 * step; i += 2 * step) {
                    m0 = m0.or(ShortVector.fromArray(SHORTS, a, i));
                    m1 = m1.or(ShortVector.fromArray(SHORTS, a, i + step));
                }
                return (short) ((m0.or(m1)).reduceLanes(VectorOperators.OR) | or(a, i, n));
            }
            case 2: {
                int h = n / 2;
                ShortVector m0 = ShortVector.zero(SHORTS);
                ShortVector m1 = m0;
                int i = 0;
                for (; i <= h - step; i += step) {
                    m0 = m0.or(ShortVector.fromArray(SHORTS, a, i));
                    m1 = m1.or(ShortVector.fromArray(SHORTS, a, h + i));
                }
                return (short) ((m0.or(m1)).reduceLanes(VectorOperators.OR) | or(a, i, h) | or(a, h + i, n));
            }
            case 4: {
                int q = n / 4;
                ShortVector m0 = ShortVector.zero(SHORTS);
                ShortVector m1 = m0;
                ShortVector m2 = m0;
                ShortVector m3 = m0;
                int i = 0;
                for (; i <= q - step; i += step) {
                    m0 = m0.or(ShortVector.fromArray(SHORTS, a, i));
                    m1 = m1.or(ShortVector.fromArray(SHORTS, a, q + i));
                    m2 = m2.or(ShortVector.fromArray(SHORTS, a, 2 * q + i));
                    m3 = m3.or(ShortVector.fromArray(SHORTS, a, 3 * q + i));
                }
                return (short) ((m0.or(m1).or(m2).or(m3)).reduceLanes(VectorOperators.OR) | or(a, i, q) | or(a, q + i, 2 * q) | or(a, 2 * q + i, 3 * q) | or(a, 3 * q + i, n));
            }
            default:
                throw streamsRefused(streams);
        }
    }

    @Override
    public byte pass(byte[] a, int streams) {
        int n = a.length;
        int step = BYTES.length();
        switch (streams) {
            case 1: {
                ByteVector m0 = ByteVector.zero(BYTES);
                ByteVector m1 = m0;
                int i = 0;
                for (; i <= n - 2 * step; i += 2 * step) {
                    m0 = m0.or(ByteVector.fromArray(BYTES, a, i));
                    m1 = m1.or(ByteVector.fromArray(BYTES, a, i + step));
                }
                return (byte) ((m0.or(m1)).reduceLanes(VectorOperators.OR) | or(a, i, n));
            }
            case 2: {
                int h = n / 2;
                ByteVector m0 = ByteVector.zero(BYTES);
                ByteVector m1 = m0;
                int i = 0;
                for (; i <= h - step; i += step) {
                    m0 = m0.or(ByteVector.fromArray(BYTES, a, i));
                    m1 = m1.or(ByteVector.fromArray(BYTES, a, h + i));
                }
                return (byte) ((m0.or(m1)).reduceLanes(VectorOperators.OR) | or(a, i, h) | or(a, h + i, n));
            }
            case 4: {
                int q = n / 4;
                ByteVector m0 = ByteVector.zero(BYTES);
                ByteVector m1 = m0;
                ByteVector m2 = m0;
                ByteVector m3 = m0;
                int i = 0;
                for (; i <= q - step; i += step) {
                    m0 = m0.or(ByteVector.fromArray(BYTES, a, i));
                    m1 = m1.or(ByteVector.fromArray(BYTES, a, q + i));
                    m2 = m2.or(ByteVector.fromArray(BYTES, a, 2 * q + i));
                    m3 = m3.or(ByteVector.fromArray(BYTES, a, 3 * q + i));
                }
                return (byte) ((m0.or(m1).or(m2).or(m3)).reduceLanes(VectorOperators.OR) | or(a, i, q) | or(a, q + i, 2 * q) | or(a, 2 * q + i, 3 * q) | or(a, 3 * q + i, n));
            }
            default:
                throw streamsRefused(streams);
        }
    }
}
