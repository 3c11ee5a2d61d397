package io.github.argonnx.onnx;

import java.util.OptionalInt;

/**
 * The element type and rank of a node's first input, as far as the model tells them, and where they
 * come from: a graph input, an initializer, a {@code value_info}, a graph output, or an operator the type
 * was followed through (a {@code Cast}, an element-wise operator, ...). When the type is not known,
 * {@link #derivation()} says why.
 *
 * @param elementType the ONNX {@code TensorProto.DataType} code (1 float, 7 int64, ...), 0 when unknown
 * @param rankOrNegative the rank, or -1 when unknown
 * @param derivation where the type comes from, or why it is unknown, in one short phrase
 */
public record InputType(int elementType, int rankOrNegative, String derivation) {

    /** ONNX element type names by {@code TensorProto.DataType} code, as ONNX spells them in type constraints. */
    private static final String[] NAMES = {"undefined", "float", "uint8", "int8", "uint16", "int16", "int32", "int64",
        "string", "bool", "float16", "double", "uint32", "uint64", "complex64", "complex128", "bfloat16",
        "float8e4m3fn", "float8e4m3fnuz", "float8e5m2", "float8e5m2fnuz", "uint4", "int4", "float4e2m1"};

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
}
