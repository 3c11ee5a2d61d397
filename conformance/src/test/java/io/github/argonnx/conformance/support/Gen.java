package io.github.argonnx.conformance.support;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded generator of shapes and tensors that are likely to break arg-reductions: many ties, the
 * type's extreme and special values, and (when allowed) NaN.
 */
public final class Gen {

    private final SplittableRandom random;

    public Gen(long seed) {
        this.random = new SplittableRandom(seed);
    }

    public int nextInt(int bound) {
        return random.nextInt(bound);
    }

    public int nextInt(int from, int toInclusive) {
        return random.nextInt(from, toInclusive + 1);
    }

    public boolean nextBoolean() {
        return random.nextBoolean();
    }

    public <T> T pick(List<T> items) {
        return items.get(random.nextInt(items.size()));
    }

    /** A shape of the given rank; dims 1..maxDim, or 0..maxDim when {@code allowZero}. */
    public long[] shape(int rank, int maxDim, boolean allowZero) {
        long[] s = new long[rank];
        for (int d = 0; d < rank; d++) {
            s[d] = random.nextInt(allowZero ? 0 : 1, maxDim + 1);
        }
        return s;
    }

    /**
     * A tensor whose elements mostly come from a small palette (so slices tie often), the palette
     * drawn from the type's special values and random values.
     */
    public TensorValue tieHeavy(ElementType type, long[] shape, boolean withNaN) {
        int n = Math.toIntExact(TensorValue.count(shape));
        List<Long> specials = specialBits(type, withNaN);
        int paletteSize = random.nextInt(1, 7);
        long[] palette = new long[paletteSize];
        for (int i = 0; i < paletteSize; i++) {
            palette[i] = random.nextInt(3) == 0 ? randomBits(type, withNaN) : pick(specials);
        }
        double fromPalette = random.nextInt(4) == 0 ? 1.0 : 0.5 + random.nextDouble() * 0.5;
        long[] bits = new long[n];
        for (int i = 0; i < n; i++) {
            bits[i] = random.nextDouble() < fromPalette ? palette[random.nextInt(paletteSize)] : randomBits(type, withNaN);
        }
        return TensorValue.ofBits(type, shape, bits);
    }

    /**
     * A tensor built slice by slice along {@code axis}, each slice one of: random tie-heavy values,
     * all equal, all NaN, a constant with one special value at a random position, or a constant
     * with two equal special values (a tie) at random positions. The winners land anywhere, including
     * just before and after block and vector boundaries.
     */
    public TensorValue structured(ElementType type, long[] shape, int axis, boolean withNaN) {
        int rank = shape.length;
        int a = axis < 0 ? axis + rank : axis;
        long outer = 1;
        for (int d = 0; d < a; d++) {
            outer *= shape[d];
        }
        long inner = 1;
        for (int d = a + 1; d < rank; d++) {
            inner *= shape[d];
        }
        int n = (int) shape[a];
        long[] bits = new long[Math.toIntExact(TensorValue.count(shape))];
        List<Long> specials = specialBits(type, withNaN);
        List<Long> nans = nanBits(type);
        long[] palette = new long[random.nextInt(1, 5)];
        for (int i = 0; i < palette.length; i++) {
            palette[i] = random.nextBoolean() ? pick(specials) : randomBits(type, withNaN);
        }
        for (long o = 0; o < outer; o++) {
            for (long i = 0; i < inner; i++) {
                int pattern = random.nextInt(5);
                long base = palette[random.nextInt(palette.length)];
                long special = pick(specials);
                int p1 = random.nextInt(Math.max(n, 1));
                int p2 = random.nextInt(Math.max(n, 1));
                for (int k = 0; k < n; k++) {
                    long v;
                    switch (pattern) {
                        case 0:
                            v = random.nextInt(4) == 0 ? randomBits(type, withNaN) : palette[random.nextInt(palette.length)];
                            break;
                        case 1:
                            v = base;
                            break;
                        case 2:
                            v = withNaN && !nans.isEmpty() ? pick(nans) : base;
                            break;
                        case 3:
                            v = k == p1 ? special : base;
                            break;
                        default:
                            v = k == p1 || k == p2 ? special : base;
                            break;
                    }
                    bits[(int) ((o * n + k) * inner + i)] = v;
                }
            }
        }
        return TensorValue.ofBits(type, shape, bits);
    }

    /** Uniformly random bit patterns (NaN patterns rejected unless allowed). */
    public TensorValue uniform(ElementType type, long[] shape, boolean withNaN) {
        int n = Math.toIntExact(TensorValue.count(shape));
        long[] bits = new long[n];
        for (int i = 0; i < n; i++) {
            bits[i] = randomBits(type, withNaN);
        }
        return TensorValue.ofBits(type, shape, bits);
    }

    /** Random bits of the type's width: half the time anywhere, half the time small magnitudes. */
    public long randomBits(ElementType type, boolean withNaN) {
        while (true) {
            long bits;
            if (random.nextBoolean()) {
                bits = random.nextLong() & mask(type);
            } else {
                bits = smallValueBits(type, random.nextInt(-8, 9));
            }
            if (withNaN || !isNaN(type, bits)) {
                return bits;
            }
        }
    }

    /** The bits of a small integer value in the type (wraps for unsigned negatives). */
    static long smallValueBits(ElementType type, int v) {
        switch (type) {
            case FLOAT:
                return Float.floatToRawIntBits(v) & 0xFFFF_FFFFL;
            case DOUBLE:
                return Double.doubleToRawLongBits(v);
            case BFLOAT16:
                return (Float.floatToRawIntBits(v) >>> 16) & 0xFFFF; // small integers are exact in bfloat16
            case FLOAT16:
                return halfBitsOfSmallInteger(v);
            default:
                return v & mask(type);
        }
    }

    /** binary16 bits of an integer with |v| <= 2048 (exactly representable). */
    static long halfBitsOfSmallInteger(int v) {
        if (v == 0) {
            return 0;
        }
        int sign = v < 0 ? 0x8000 : 0;
        int m = Math.abs(v);
        int e = 31 - Integer.numberOfLeadingZeros(m); // m = 1.f * 2^e
        int fraction = (m << (10 - e)) & 0x3FF;
        return sign | ((e + 15) << 10) | fraction;
    }

    static long mask(ElementType type) {
        return type.byteWidth() == 8 ? -1L : (1L << (8 * type.byteWidth())) - 1;
    }

    static boolean isNaN(ElementType type, long bits) {
        return type.isFloating() && Double.isNaN(Elements.floatingValue(type, bits));
    }

    /** The type's extreme and special values, as bits. */
    public static List<Long> specialBits(ElementType type, boolean withNaN) {
        List<Long> s = new ArrayList<>();
        long m = mask(type);
        int bitsWide = 8 * type.byteWidth();
        switch (type.kind()) {
            case SIGNED:
                s.add(0L);
                s.add(1L);
                s.add(-1L & m);
                s.add((1L << (bitsWide - 1)) & m); // minimum
                s.add(((1L << (bitsWide - 1)) - 1) & m); // maximum
                s.add(((1L << (bitsWide - 1)) + 1) & m); // minimum + 1
                break;
            case UNSIGNED:
                s.add(0L);
                s.add(1L);
                s.add(m); // maximum
                s.add(m - 1);
                s.add((1L << (bitsWide - 1)) & m); // just above the signed range
                s.add(((1L << (bitsWide - 1)) - 1) & m); // the signed maximum
                break;
            default:
                s.addAll(floatSpecials(type));
                if (withNaN) {
                    s.addAll(nanBits(type));
                }
        }
        return s;
    }

    private static List<Long> floatSpecials(ElementType type) {
        List<Long> s = new ArrayList<>();
        switch (type) {
            case FLOAT:
                for (float f : new float[] {0f, -0f, 1f, -1f, Float.MIN_VALUE, -Float.MIN_VALUE, 0x1.fffffcp-127f,
                    Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE, Float.POSITIVE_INFINITY,
                    Float.NEGATIVE_INFINITY}) {
                    s.add(Float.floatToRawIntBits(f) & 0xFFFF_FFFFL);
                }
                break;
            case DOUBLE:
                for (double d : new double[] {0d, -0d, 1d, -1d, Double.MIN_VALUE, -Double.MIN_VALUE,
                    Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, Double.POSITIVE_INFINITY,
                    Double.NEGATIVE_INFINITY}) {
                    s.add(Double.doubleToRawLongBits(d));
                }
                break;
            case FLOAT16:
                // +-0, +-1, smallest and largest subnormal, smallest normal, largest finite, +-inf
                for (long b : new long[] {0x0000, 0x8000, 0x3C00, 0xBC00, 0x0001, 0x8001, 0x03FF, 0x0400, 0x7BFF,
                    0xFBFF, 0x7C00, 0xFC00}) {
                    s.add(b);
                }
                break;
            default: // BFLOAT16
                for (long b : new long[] {0x0000, 0x8000, 0x3F80, 0xBF80, 0x0001, 0x8001, 0x007F, 0x0080, 0x7F7F,
                    0xFF7F, 0x7F80, 0xFF80}) {
                    s.add(b);
                }
                break;
        }
        return s;
    }

    /** Quiet and signalling NaNs of both signs. */
    public static List<Long> nanBits(ElementType type) {
        switch (type) {
            case FLOAT:
                return List.of(0x7FC0_0000L, 0xFFC0_0000L, 0x7F80_0001L, 0x7FFF_FFFFL);
            case DOUBLE:
                return List.of(0x7FF8_0000_0000_0000L, 0xFFF8_0000_0000_0000L, 0x7FF0_0000_0000_0001L);
            case FLOAT16:
                return List.of(0x7E00L, 0xFE00L, 0x7C01L, 0x7FFFL);
            case BFLOAT16:
                return List.of(0x7FC0L, 0xFFC0L, 0x7F81L, 0x7FFFL);
            default:
                return List.of();
        }
    }
}
