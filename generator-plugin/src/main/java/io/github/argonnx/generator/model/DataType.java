package io.github.argonnx.generator.model;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Optional;

/**
 * Every element type the generator knows, and everything that differs between them.
 *
 * <p>This is the one place that answers per-type questions: emitters ask the constant for its
 * Java storage, its buffer view, how its elements are ordered and how to spell a literal, instead
 * of switching on types themselves.
 */
public enum DataType {
    FLOAT("float", 1, Storage.FLOAT, Ordering.IEEE_FLOAT, "Float"),
    UINT8("uint8", 2, Storage.BYTE, Ordering.UNSIGNED, "Uint8"),
    INT8("int8", 3, Storage.BYTE, Ordering.SIGNED, "Int8"),
    UINT16("uint16", 4, Storage.SHORT, Ordering.UNSIGNED, "Uint16"),
    INT16("int16", 5, Storage.SHORT, Ordering.SIGNED, "Int16"),
    INT32("int32", 6, Storage.INT, Ordering.SIGNED, "Int32"),
    INT64("int64", 7, Storage.LONG, Ordering.SIGNED, "Int64"),
    FLOAT16("float16", 10, Storage.SHORT, Ordering.FLOAT16_BITS, "Float16"),
    DOUBLE("double", 11, Storage.DOUBLE, Ordering.IEEE_FLOAT, "Double"),
    UINT32("uint32", 12, Storage.INT, Ordering.UNSIGNED, "Uint32"),
    UINT64("uint64", 13, Storage.LONG, Ordering.UNSIGNED, "Uint64"),
    BFLOAT16("bfloat16", 16, Storage.SHORT, Ordering.BFLOAT16_BITS, "Bfloat16");

    /** The Java primitive an element is stored in, and the matching NIO buffer view. */
    public enum Storage {
        BYTE("byte", "ByteBuffer", 1, TypeName.BYTE),
        SHORT("short", "ShortBuffer", 2, TypeName.SHORT),
        INT("int", "IntBuffer", 4, TypeName.INT),
        LONG("long", "LongBuffer", 8, TypeName.LONG),
        FLOAT("float", "FloatBuffer", 4, TypeName.FLOAT),
        DOUBLE("double", "DoubleBuffer", 8, TypeName.DOUBLE);

        private final String primitive;
        private final String bufferSimpleName;
        private final int byteWidth;
        private final TypeName type;

        Storage(String primitive, String bufferSimpleName, int byteWidth, TypeName type) {
            this.primitive = primitive;
            this.bufferSimpleName = bufferSimpleName;
            this.byteWidth = byteWidth;
            this.type = type;
        }

        /** The primitive as a JavaPoet type, for example {@code short}. */
        public TypeName type() {
            return type;
        }

        /** The primitive's wrapper class, for its static helpers ({@code Short.toUnsignedInt}, {@code Float.isNaN}). */
        public ClassName boxedType() {
            return (ClassName) type.box();
        }

        /** The array type elements are stored in, for example {@code short[]}. */
        public ArrayTypeName arrayType() {
            return ArrayTypeName.of(type);
        }

        /** The {@code java.nio} buffer class, for example {@code java.nio.ShortBuffer}. */
        public ClassName bufferType() {
            return ClassName.get("java.nio", bufferSimpleName);
        }

        /** The Java primitive keyword, for example {@code "short"}. */
        public String primitive() {
            return primitive;
        }

        /** The simple name of the {@code java.nio} buffer class, for example {@code "ShortBuffer"}. */
        public String bufferSimpleName() {
            return bufferSimpleName;
        }

        public int byteWidth() {
            return byteWidth;
        }
    }

    /** How two stored elements compare by value. */
    public enum Ordering {
        /** Two's complement, compared as Java compares the storage type. */
        SIGNED,
        /** The storage bits read as an unsigned number. */
        UNSIGNED,
        /** IEEE 754 binary32/binary64 values: NaN rule applies, +0 equals -0. */
        IEEE_FLOAT,
        /** IEEE 754 binary16 bit patterns in a short: compared by value, NaN rule applies. */
        FLOAT16_BITS(0x7C00),
        /** bfloat16 bit patterns (upper half of a binary32) in a short: compared by value. */
        BFLOAT16_BITS(0x7F80);

        private final int infinityMagnitude;

        Ordering() {
            this(0);
        }

        Ordering(int infinityMagnitude) {
            this.infinityMagnitude = infinityMagnitude;
        }

        /** True where the element can be NaN, so the ONNX NaN rule applies. */
        public boolean hasNaN() {
            return this == IEEE_FLOAT || this == FLOAT16_BITS || this == BFLOAT16_BITS;
        }

        /**
         * For 16-bit float bit patterns, infinity without its sign bit (exponent all ones: 5 bits in
         * binary16, 8 in bfloat16, as in float); every larger magnitude is NaN. 0 for other orderings.
         */
        int infinityMagnitude() {
            return infinityMagnitude;
        }
    }

    private final String onnxName;
    private final int tensorProtoCode;
    private final Storage storage;
    private final Ordering ordering;
    private final String javaName;
    private final ElementOrder order;
    private final VectorForm vectorForm;

    DataType(String onnxName, int tensorProtoCode, Storage storage, Ordering ordering, String javaName) {
        this.onnxName = onnxName;
        this.tensorProtoCode = tensorProtoCode;
        this.storage = storage;
        this.ordering = ordering;
        this.javaName = javaName;
        this.order = ElementOrder.of(ordering, storage, onnxName);
        this.vectorForm = VectorForm.of(ordering, storage, onnxName);
    }

    /** The ONNX element type name, for example {@code "float16"}. */
    public String onnxName() {
        return onnxName;
    }

    /** The ONNX tensor type, for example {@code "tensor(float16)"}, as type constraints spell it. */
    public String tensorTypeName() {
        return "tensor(" + onnxName + ")";
    }

    /** The value of {@code TensorProto.DataType} for this type (ONNX's wire format). */
    public int tensorProtoCode() {
        return tensorProtoCode;
    }

    public Storage storage() {
        return storage;
    }

    public Ordering ordering() {
        return ordering;
    }

    /** How generated kernels compare elements of this type: key mapping and the "beats" test. */
    public ElementOrder order() {
        return order;
    }

    /**
     * How the generated Vector API loops handle this type: vector class, which layouts get SIMD loops,
     * lane keys and the "beats" test on lanes.
     */
    public VectorForm vectorForm() {
        return vectorForm;
    }

    /** Size of one element in bytes, as in ONNX {@code raw_data}. */
    public int byteWidth() {
        return storage.byteWidth();
    }

    /** The name used inside generated class and method names, for example {@code "Uint8"}. */
    public String javaName() {
        return javaName;
    }

    public boolean isUnsigned() {
        return ordering == Ordering.UNSIGNED;
    }

    public boolean isFloatingPoint() {
        return ordering.hasNaN();
    }

    /** Smallest value of an integer type. */
    public BigInteger integerMin() {
        requireInteger();
        return isUnsigned() ? BigInteger.ZERO : BigInteger.ONE.shiftLeft(byteWidth() * 8 - 1).negate();
    }

    /** Largest value of an integer type. */
    public BigInteger integerMax() {
        requireInteger();
        int bits = isUnsigned() ? byteWidth() * 8 : byteWidth() * 8 - 1;
        return BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE);
    }

    private void requireInteger() {
        if (isFloatingPoint()) {
            throw new IllegalStateException(onnxName + " is not an integer type");
        }
    }

    /** The type with this ONNX element name ({@code "float"}), if there is one. */
    public static Optional<DataType> fromOnnxName(String name) {
        return Arrays.stream(values()).filter(t -> t.onnxName.equals(name)).findFirst();
    }

    /** The type with this ONNX tensor type name ({@code "tensor(float)"}), if there is one. */
    public static Optional<DataType> fromTensorTypeName(String name) {
        return Arrays.stream(values()).filter(t -> t.tensorTypeName().equals(name)).findFirst();
    }

    // ---- Questions the API, validator and example-test emitters ask (wt-api section) ----

    /** The name of the generated {@code Tensor} factory for this type, for example {@code ofFloat16}. */
    public String tensorFactoryName() {
        return "of" + javaName;
    }

    /**
     * The {@code ByteBuffer} method that views little-endian {@code raw_data} as this type's storage
     * buffer, for example {@code asShortBuffer}; empty for one-byte types, whose storage is the
     * {@code ByteBuffer} itself.
     */
    public Optional<String> rawDataViewMethod() {
        return storage == Storage.BYTE ? Optional.empty() : Optional.of("as" + storage.bufferSimpleName());
    }

    /** How an element is held in its Java storage, for documentation, for example "IEEE 754 binary16 bit patterns". */
    public String storageDescription() {
        switch (ordering) {
            case FLOAT16_BITS:
                return "IEEE 754 binary16 bit patterns in shorts";
            case BFLOAT16_BITS:
                return "bfloat16 bit patterns (the upper 16 bits of a float) in shorts";
            case UNSIGNED:
                return "unsigned " + (byteWidth() * 8) + "-bit values as " + storage.primitive() + " bit patterns";
            default:
                return storage.primitive() + " values";
        }
    }

    /**
     * Whether an element written as {@code text} in a spec tensor of {@code sourceType} is exactly a
     * value of this type: same number (or both NaN, or the same infinity), no rounding.
     *
     * <p>The text denotes the {@code sourceType} value it parses to: {@code "1.1535902"} in a float
     * tensor is the nearest float, which double holds exactly but float16 does not.
     */
    public boolean holdsExactly(DataType sourceType, String text) {
        return exactBits(SpecValue.parse(sourceType, text)).isPresent();
    }

    /**
     * Java source for the element as an entry of this type's storage array, for example {@code 2.5f},
     * {@code 3.0}, {@code (short) 0x4100} (float16 2.5), {@code (byte) 200} (uint8 200) or
     * {@code 0xffffffffffffffffL} (the largest uint64).
     *
     * @throws IllegalArgumentException if the value is not exactly a value of this type
     */
    public String javaLiteral(DataType sourceType, String text) {
        SpecValue value = SpecValue.parse(sourceType, text);
        long bits = exactBits(value).orElseThrow(() -> new IllegalArgumentException(
                sourceType.onnxName() + " value " + text + " is not exactly representable as " + onnxName));
        switch (this) {
            case FLOAT: {
                float f = Float.intBitsToFloat((int) bits);
                if (Float.isNaN(f)) {
                    return "Float.NaN";
                }
                if (Float.isInfinite(f)) {
                    return f > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY";
                }
                return Float.toString(f) + "f";
            }
            case DOUBLE: {
                double d = Double.longBitsToDouble(bits);
                if (Double.isNaN(d)) {
                    return "Double.NaN";
                }
                if (Double.isInfinite(d)) {
                    return d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
                }
                return Double.toString(d);
            }
            case FLOAT16:
            case BFLOAT16:
                return String.format(java.util.Locale.ROOT, "(short) 0x%04x", bits);
            default:
                return integerLiteral(value.exact.toBigIntegerExact());
        }
    }

    private String integerLiteral(BigInteger v) {
        switch (storage) {
            case LONG:
                // Above Long.MAX_VALUE (uint64) only a hex literal spells the bit pattern.
                return v.bitLength() < 64 ? v + "L" : "0x" + v.toString(16) + "L";
            case INT:
                return v.bitLength() < 32 ? v.toString() : "(int) " + v + "L";
            default:
                return v.bitLength() < byteWidth() * 8 ? v.toString() : "(" + storage.primitive() + ") " + v;
        }
    }

    /** The storage bits of the exact value in this type (IEEE bits for floats, the value for integers). */
    private Optional<Long> exactBits(SpecValue value) {
        if (value.special != null) {
            if (!isFloatingPoint()) {
                return Optional.empty();
            }
            return Optional.of(specialBits(value.special));
        }
        BigDecimal v = value.exact;
        if (!isFloatingPoint()) {
            if (v.signum() != 0 && v.stripTrailingZeros().scale() > 0) {
                return Optional.empty();
            }
            BigInteger i = v.toBigIntegerExact();
            if (i.compareTo(integerMin()) < 0 || i.compareTo(integerMax()) > 0) {
                return Optional.empty();
            }
            return Optional.of(i.longValue());
        }
        if (this == DOUBLE) {
            double d = v.doubleValue();
            if (Double.isInfinite(d) || new BigDecimal(d).compareTo(v) != 0) {
                return Optional.empty();
            }
            return Optional.of(Double.doubleToRawLongBits(value.negativeZero ? -0.0 : d));
        }
        float f = v.floatValue();
        if (Float.isInfinite(f) || new BigDecimal(f).compareTo(v) != 0) {
            return Optional.empty();
        }
        if (value.negativeZero) {
            f = -0.0f;
        }
        int floatBits = Float.floatToRawIntBits(f);
        switch (this) {
            case FLOAT:
                return Optional.of((long) floatBits);
            case BFLOAT16:
                return (floatBits & 0xffff) == 0 ? Optional.of((long) (floatBits >>> 16)) : Optional.empty();
            default:
                return exactFloat16Bits(f).map(Integer::longValue);
        }
    }

    private long specialBits(String special) {
        boolean nan = special.equals("NaN");
        boolean negative = special.startsWith("-");
        switch (this) {
            case FLOAT:
                return Float.floatToRawIntBits(nan ? Float.NaN : negative ? Float.NEGATIVE_INFINITY : Float.POSITIVE_INFINITY);
            case DOUBLE:
                return Double.doubleToRawLongBits(nan ? Double.NaN : negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
            case FLOAT16:
                return nan ? 0x7e00 : negative ? 0xfc00 : 0x7c00;
            default:
                return nan ? 0x7fc0 : negative ? 0xff80 : 0x7f80;
        }
    }

    /** The binary16 bits of a float that binary16 holds exactly. */
    private static Optional<Integer> exactFloat16Bits(float f) {
        int bits = Float.floatToRawIntBits(f);
        int sign = (bits >>> 16) & 0x8000;
        float magnitude = Math.abs(f);
        if (magnitude == 0) {
            return Optional.of(sign);
        }
        int exponent = Math.getExponent(magnitude);
        if (exponent > 15) {
            return Optional.empty();
        }
        if (exponent >= -14) {
            int mantissa = bits & 0x7fffff;
            if ((mantissa & 0x1fff) != 0) {
                return Optional.empty(); // needs more than binary16's 10 fraction bits
            }
            return Optional.of(sign | ((exponent + 15) << 10) | (mantissa >>> 13));
        }
        float units = magnitude * 0x1p24f; // subnormal binary16: a multiple of 2^-24
        if (units != Math.rint(units) || units > 1023) {
            return Optional.empty();
        }
        return Optional.of(sign | (int) units);
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
        static SpecValue parse(DataType type, String text) {
            if (text.equals("NaN") || text.equals("Infinity") || text.equals("-Infinity")) {
                if (!type.isFloatingPoint()) {
                    throw new IllegalArgumentException(text + " is not a " + type.onnxName());
                }
                return new SpecValue(null, text, false);
            }
            BigDecimal written = new BigDecimal(text);
            boolean negativeZero = type.isFloatingPoint() && written.signum() == 0 && text.startsWith("-");
            switch (type) {
                case FLOAT: {
                    float f = Float.parseFloat(text);
                    if (Float.isInfinite(f)) {
                        throw new IllegalArgumentException(text + " overflows float");
                    }
                    return new SpecValue(new BigDecimal(f), null, negativeZero);
                }
                case DOUBLE: {
                    double d = Double.parseDouble(text);
                    if (Double.isInfinite(d)) {
                        throw new IllegalArgumentException(text + " overflows double");
                    }
                    return new SpecValue(new BigDecimal(d), null, negativeZero);
                }
                default: {
                    SpecValue value = new SpecValue(written, null, negativeZero);
                    // 16-bit float literals must be written exactly: no rounding rule to agree on.
                    if (type.isFloatingPoint() && type.exactBits(value).isEmpty()) {
                        throw new IllegalArgumentException(text + " is not exactly representable as " + type.onnxName());
                    }
                    return value;
                }
            }
        }
    }
}
