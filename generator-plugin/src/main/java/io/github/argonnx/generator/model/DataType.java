package io.github.argonnx.generator.model;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
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
        FLOAT16_BITS,
        /** bfloat16 bit patterns (upper half of a binary32) in a short: compared by value. */
        BFLOAT16_BITS;

        /** True where the element can be NaN, so the ONNX NaN rule applies. */
        public boolean hasNaN() {
            return this == IEEE_FLOAT || this == FLOAT16_BITS || this == BFLOAT16_BITS;
        }
    }

    private final String onnxName;
    private final int tensorProtoCode;
    private final Storage storage;
    private final Ordering ordering;
    private final String javaName;
    private final ElementOrder order;

    DataType(String onnxName, int tensorProtoCode, Storage storage, Ordering ordering, String javaName) {
        this.onnxName = onnxName;
        this.tensorProtoCode = tensorProtoCode;
        this.storage = storage;
        this.ordering = ordering;
        this.javaName = javaName;
        this.order = ElementOrder.of(ordering, storage, onnxName);
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
}
