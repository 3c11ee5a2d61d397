package io.github.argonnx.generator.java;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.model.ElementType;
import java.util.Optional;

/** The Java primitive an element type is stored in, and the matching NIO buffer view. */
public enum JavaStorage {
    BYTE("byte", "ByteBuffer", TypeName.BYTE),
    SHORT("short", "ShortBuffer", TypeName.SHORT),
    INT("int", "IntBuffer", TypeName.INT),
    LONG("long", "LongBuffer", TypeName.LONG),
    FLOAT("float", "FloatBuffer", TypeName.FLOAT),
    DOUBLE("double", "DoubleBuffer", TypeName.DOUBLE);

    private final String primitive;
    private final String bufferSimpleName;
    private final TypeName type;

    JavaStorage(String primitive, String bufferSimpleName, TypeName type) {
        this.primitive = primitive;
        this.bufferSimpleName = bufferSimpleName;
        this.type = type;
    }

    /**
     * The storage of an element type: binary32 and binary64 as {@code float} and {@code double}, every
     * other type as the signed integer primitive of its width (16-bit floats as their bit patterns). A
     * number format without an answer here fails the build.
     */
    public static JavaStorage of(ElementType elementType) {
        return switch (elementType.format()) {
            case SIGNED_8, UNSIGNED_8 -> BYTE;
            case SIGNED_16, UNSIGNED_16, BINARY16, BFLOAT16 -> SHORT;
            case SIGNED_32, UNSIGNED_32 -> INT;
            case SIGNED_64, UNSIGNED_64 -> LONG;
            case BINARY32 -> FLOAT;
            case BINARY64 -> DOUBLE;
        };
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

    /**
     * The stored element whose bits are those of {@code bits}, a {@code long} (its low bits for a
     * narrower storage), as the partial results hand a rival to a kernel: for example {@code (short) bits}.
     */
    public CodeBlock fromBits(CodeBlock bits) {
        return switch (this) {
            case LONG -> bits;
            case FLOAT -> CodeBlock.of("$T.intBitsToFloat((int) $L)", Float.class, bits);
            case DOUBLE -> CodeBlock.of("$T.longBitsToDouble($L)", Double.class, bits);
            case BYTE, SHORT, INT -> CodeBlock.of("($L) $L", primitive, bits);
        };
    }

    /**
     * The raw_data bits of the stored element {@code value}, zero-extended to a {@code long}: the
     * counterpart of {@link #fromBits}, as partial results key an element.
     */
    public CodeBlock toBits(CodeBlock value) {
        return switch (this) {
            case FLOAT -> CodeBlock.of("$T.toUnsignedLong($T.floatToRawIntBits($L))", Integer.class, Float.class, value);
            case DOUBLE -> CodeBlock.of("$T.doubleToRawLongBits($L)", Double.class, value);
            case LONG -> value;
            case BYTE, SHORT, INT -> CodeBlock.of("$T.toUnsignedLong($L)", boxedType(), value);
        };
    }

    public boolean isFloatingPoint() {
        return this == FLOAT || this == DOUBLE;
    }

    /**
     * The {@code ByteBuffer} method that views little-endian {@code raw_data} as this storage's
     * buffer, for example {@code asShortBuffer}; empty for bytes, whose buffer is the
     * {@code ByteBuffer} itself.
     */
    public Optional<String> rawDataViewMethod() {
        return this == BYTE ? Optional.empty() : Optional.of("as" + bufferSimpleName);
    }

    /** How an element is held in its Java storage, for documentation, for example "IEEE 754 binary16 bit patterns in shorts". */
    public static String description(ElementType elementType) {
        String primitive = of(elementType).primitive();
        return switch (elementType.format()) {
            case BINARY16 -> "IEEE 754 binary16 bit patterns in shorts";
            case BFLOAT16 -> "bfloat16 bit patterns (the upper 16 bits of a float) in shorts";
            case UNSIGNED_8, UNSIGNED_16, UNSIGNED_32, UNSIGNED_64 ->
                    "unsigned " + (elementType.byteWidth() * 8) + "-bit values as " + primitive + " bit patterns";
            case SIGNED_8, SIGNED_16, SIGNED_32, SIGNED_64, BINARY32, BINARY64 -> primitive + " values";
        };
    }
}
