package io.github.argonnx.onnx;

import java.util.Arrays;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The element type, rank and dimensions of a node's first input, as far as the model tells them, and where they
 * come from: a graph input, an initializer, a {@code value_info}, a graph output, or an operator the type
 * was followed through (a {@code Cast}, an element-wise operator, ...). When the type is not known,
 * {@link #derivation()} says why.
 *
 * <p>A dimension is known where the model states its size ({@code dim_value}, or an initializer's {@code dims}) and
 * where an operator that keeps its input's shape passes it on; a symbolic size ({@code dim_param}) or a missing one
 * is unknown. Shapes of more than 64 axes keep their rank only.
 *
 * @param elementType the ONNX {@code TensorProto.DataType} code (1 float, 7 int64, ...), 0 when unknown
 * @param rankOrNegative the rank, or -1 when unknown
 * @param dims the size of each axis, -1 where unknown: {@code rankOrNegative} sizes, or none when no size is known
 *     (the rank unknown included); copied in and out
 * @param derivation where the type comes from, or why it is unknown, in one short phrase
 */
public record InputType(int elementType, int rankOrNegative, long[] dims, String derivation) {

    /** ONNX element type names by {@code TensorProto.DataType} code, as ONNX spells them in type constraints. */
    private static final String[] NAMES = {"undefined", "float", "uint8", "int8", "uint16", "int16", "int32", "int64",
        "string", "bool", "float16", "double", "uint32", "uint64", "complex64", "complex128", "bfloat16",
        "float8e4m3fn", "float8e4m3fnuz", "float8e5m2", "float8e5m2fnuz", "uint4", "int4", "float4e2m1"};

    /**
     * Copies the dimensions.
     *
     * @throws IllegalArgumentException if {@code dims} is neither empty nor of {@code rankOrNegative} sizes, or holds
     *     a size below -1
     * @throws NullPointerException if {@code dims} or {@code derivation} is null
     */
    public InputType {
        dims = dims.clone();
        if (dims.length != 0 && dims.length != rankOrNegative) {
            throw new IllegalArgumentException("dims has " + dims.length + " sizes for rank " + rankOrNegative);
        }
        for (long size : dims) {
            if (size < -1) {
                throw new IllegalArgumentException("dims holds " + size + "; a size is 0 or more, or -1 when unknown");
            }
        }
        Objects.requireNonNull(derivation, "derivation");
    }

    /**
     * A type whose dimensions are not known.
     *
     * @param elementType the ONNX {@code TensorProto.DataType} code, 0 when unknown
     * @param rankOrNegative the rank, or -1 when unknown
     * @param derivation where the type comes from, or why it is unknown
     */
    public InputType(int elementType, int rankOrNegative, String derivation) {
        this(elementType, rankOrNegative, new long[0], derivation);
    }

    /**
     * Whether the element type is known.
     *
     * @return true when {@link #elementType()} is a type code, not 0
     */
    public boolean known() {
        return elementType != 0;
    }

    /**
     * The rank, if known.
     *
     * @return the rank, or empty
     */
    public OptionalInt rank() {
        return rankOrNegative < 0 ? OptionalInt.empty() : OptionalInt.of(rankOrNegative);
    }

    /**
     * The size of each axis, -1 where unknown.
     *
     * @return a copy: {@code rankOrNegative} sizes, or none when no size is known
     */
    @Override
    public long[] dims() {
        return dims.clone();
    }

    /**
     * The size of one axis, if the model tells it.
     *
     * @param axis the axis, negative counting from the last as ONNX's {@code axis} attributes do ({@code -1} is the
     *     last axis)
     * @return the size, or empty when it is unknown or the axis is outside {@code [-r, r-1]}
     */
    public OptionalLong dimension(long axis) {
        long normalized = axis < 0 ? axis + dims.length : axis;
        return normalized < 0 || normalized >= dims.length || dims[(int) normalized] < 0 ? OptionalLong.empty()
                : OptionalLong.of(dims[(int) normalized]);
    }

    /**
     * The element type's ONNX name, such as {@code float}.
     *
     * @return the name, {@code undefined} when unknown
     */
    public String elementTypeName() {
        return elementTypeName(elementType);
    }

    /**
     * The ONNX name of a {@code TensorProto.DataType} code.
     *
     * @param code the code, such as 1
     * @return its name, such as {@code float}, or {@code data type <code>} for a code ONNX does not define
     */
    public static String elementTypeName(int code) {
        return code >= 0 && code < NAMES.length ? NAMES[code] : "data type " + code;
    }

    /** Equal element type, rank, dimensions and derivation. */
    @Override
    public boolean equals(Object other) {
        return other instanceof InputType t && t.elementType == elementType && t.rankOrNegative == rankOrNegative
                && Arrays.equals(t.dims, dims) && t.derivation.equals(derivation);
    }

    @Override
    public int hashCode() {
        return ((31 * elementType + rankOrNegative) * 31 + Arrays.hashCode(dims)) * 31 + derivation.hashCode();
    }

    @Override
    public String toString() {
        return "InputType[elementType=" + elementType + ", rankOrNegative=" + rankOrNegative + ", dims="
                + Arrays.toString(dims) + ", derivation=" + derivation + "]";
    }
}
