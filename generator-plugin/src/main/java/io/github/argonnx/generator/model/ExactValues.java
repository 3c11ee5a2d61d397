package io.github.argonnx.generator.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;
import java.util.OptionalLong;

/** Reads a spec tensor's element text as a number and finds its exact encoding in an element type. */
final class ExactValues {

    private ExactValues() {}

    /** See {@link ElementType#exactBits(ElementType, String)}. */
    static OptionalLong bits(ElementType type, ElementType sourceType, String text) {
        return exactBits(type, SpecValue.parse(sourceType, text));
    }

    /**
     * The encoding of the exact value in {@code type} (IEEE bits for floats, the value for integers). A
     * number format without an answer here fails the build.
     */
    private static OptionalLong exactBits(ElementType type, SpecValue value) {
        if (value.special != null) {
            return specialBits(type.format(), value.special);
        }
        return switch (type.format()) {
            case SIGNED_8, SIGNED_16, SIGNED_32, SIGNED_64, UNSIGNED_8, UNSIGNED_16, UNSIGNED_32, UNSIGNED_64 ->
                    exactInteger(type, value.exact);
            case BINARY64 -> exactDouble(value);
            case BINARY32 -> exactFloat(value).map(f -> OptionalLong.of(Float.floatToRawIntBits(f))).orElse(OptionalLong.empty());
            case BFLOAT16 -> exactFloat(value).map(ExactValues::exactBfloat16Bits).orElse(OptionalLong.empty());
            case BINARY16 -> exactFloat(value).map(ExactValues::exactFloat16Bits).orElse(OptionalLong.empty());
        };
    }

    private static OptionalLong exactInteger(ElementType type, BigDecimal v) {
        if (v.signum() != 0 && v.stripTrailingZeros().scale() > 0) {
            return OptionalLong.empty();
        }
        BigInteger i = v.toBigIntegerExact();
        if (i.compareTo(type.integerMin()) < 0 || i.compareTo(type.integerMax()) > 0) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(i.longValue());
    }

    private static OptionalLong exactDouble(SpecValue value) {
        double d = value.exact.doubleValue();
        if (Double.isInfinite(d) || new BigDecimal(d).compareTo(value.exact) != 0) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Double.doubleToRawLongBits(value.negativeZero ? -0.0 : d));
    }

    /** The value as a float, if a float holds it exactly: the way to binary32, bfloat16 and binary16. */
    private static Optional<Float> exactFloat(SpecValue value) {
        float f = value.exact.floatValue();
        if (Float.isInfinite(f) || new BigDecimal(f).compareTo(value.exact) != 0) {
            return Optional.empty();
        }
        return Optional.of(value.negativeZero ? -0.0f : f);
    }

    /** The bfloat16 bits of a float that bfloat16 holds exactly: its upper half, where the lower is zero. */
    private static OptionalLong exactBfloat16Bits(float f) {
        int floatBits = Float.floatToRawIntBits(f);
        return (floatBits & 0xffff) == 0 ? OptionalLong.of(floatBits >>> 16) : OptionalLong.empty();
    }

    /** NaN or an infinity: only the floating-point formats have them. */
    private static OptionalLong specialBits(ElementType.NumberFormat format, String special) {
        boolean nan = special.equals("NaN");
        boolean negative = special.startsWith("-");
        return switch (format) {
            case BINARY32 -> OptionalLong.of(
                    Float.floatToRawIntBits(nan ? Float.NaN : negative ? Float.NEGATIVE_INFINITY : Float.POSITIVE_INFINITY));
            case BINARY64 -> OptionalLong.of(Double.doubleToRawLongBits(
                    nan ? Double.NaN : negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY));
            case BINARY16 -> OptionalLong.of(nan ? 0x7e00 : negative ? 0xfc00 : 0x7c00);
            case BFLOAT16 -> OptionalLong.of(nan ? 0x7fc0 : negative ? 0xff80 : 0x7f80);
            case SIGNED_8, SIGNED_16, SIGNED_32, SIGNED_64, UNSIGNED_8, UNSIGNED_16, UNSIGNED_32, UNSIGNED_64 ->
                    OptionalLong.empty();
        };
    }

    /** The binary16 bits of a float that binary16 holds exactly. */
    private static OptionalLong exactFloat16Bits(float f) {
        int bits = Float.floatToRawIntBits(f);
        int sign = (bits >>> 16) & 0x8000;
        float magnitude = Math.abs(f);
        if (magnitude == 0) {
            return OptionalLong.of(sign);
        }
        int exponent = Math.getExponent(magnitude);
        if (exponent > 15) {
            return OptionalLong.empty();
        }
        if (exponent >= -14) {
            int mantissa = bits & 0x7fffff;
            if ((mantissa & 0x1fff) != 0) {
                return OptionalLong.empty(); // needs more than binary16's 10 fraction bits
            }
            return OptionalLong.of(sign | ((exponent + 15) << 10) | (mantissa >>> 13));
        }
        float units = magnitude * 0x1p24f; // subnormal binary16: a multiple of 2^-24
        if (units != Math.rint(units) || units > 1023) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(sign | (int) units);
    }

    /** A spec element as a number: exact decimal value, or NaN / Infinity / -Infinity. */
    private static final class SpecValue {
        final BigDecimal exact;
        final String special;
        final boolean negativeZero;

        private SpecValue(BigDecimal exact, String special, boolean negativeZero) {
            this.exact = exact;
            this.special = special;
            this.negativeZero = negativeZero;
        }

        /** The value {@code text} denotes as an element of {@code type} (rounded as that type rounds it). */
        static SpecValue parse(ElementType type, String text) {
            if (text.equals("NaN") || text.equals("Infinity") || text.equals("-Infinity")) {
                if (!type.isFloatingPoint()) {
                    throw new IllegalArgumentException(text + " is not a " + type.onnxName());
                }
                return new SpecValue(null, text, false);
            }
            BigDecimal written = new BigDecimal(text);
            boolean negativeZero = type.isFloatingPoint() && written.signum() == 0 && text.startsWith("-");
            return switch (type.format()) {
                case BINARY32 -> {
                    float f = Float.parseFloat(text);
                    if (Float.isInfinite(f)) {
                        throw new IllegalArgumentException(text + " overflows float");
                    }
                    yield new SpecValue(new BigDecimal(f), null, negativeZero);
                }
                case BINARY64 -> {
                    double d = Double.parseDouble(text);
                    if (Double.isInfinite(d)) {
                        throw new IllegalArgumentException(text + " overflows double");
                    }
                    yield new SpecValue(new BigDecimal(d), null, negativeZero);
                }
                case BINARY16, BFLOAT16 -> {
                    SpecValue value = new SpecValue(written, null, negativeZero);
                    // 16-bit float literals must be written exactly: no rounding rule to agree on.
                    if (exactBits(type, value).isEmpty()) {
                        throw new IllegalArgumentException(text + " is not exactly representable as " + type.onnxName());
                    }
                    yield value;
                }
                case SIGNED_8, SIGNED_16, SIGNED_32, SIGNED_64, UNSIGNED_8, UNSIGNED_16, UNSIGNED_32, UNSIGNED_64 ->
                        new SpecValue(written, null, negativeZero);
            };
        }
    }
}
