package io.github.argonnx.internal.runtime;

/**
 * How partial results compare and store the elements of one ONNX type. Implemented by generated
 * code, one class per element type.
 *
 * <p>An element travels as its <em>bits</em>: the little-endian word of the ONNX {@code raw_data}
 * layout, zero-extended to a {@code long} (a float16 element {@code 0xBC00} is {@code 0xBC00L}). Its
 * <em>order key</em> is a {@code long} whose signed order is the element's value order: {@code -0}
 * and {@code +0} get the same key, unsigned types compare unsigned, float16 and bfloat16 by value.
 * Every NaN gets {@link Long#MAX_VALUE}, which no number of a type with NaN reaches.
 */
public interface ElementKeys {

    /**
     * The ONNX name of the type, for example {@code float16}.
     *
     * @return the type's name
     */
    String onnxName();

    /**
     * The type's {@code TensorProto.DataType} code, for example 10 for float16.
     *
     * @return the type's code
     */
    int tensorProtoCode();

    /**
     * Bytes per element in the {@code raw_data} layout.
     *
     * @return bytes per element
     */
    int byteWidth();

    /**
     * True for the floating-point types, whose NaN beats every number for ArgMax and ArgMin alike.
     *
     * @return true for the floating-point types
     */
    boolean hasNaN();

    /**
     * The order key of an element's bits; {@link Long#MAX_VALUE} for every NaN.
     *
     * @param bits an element's bits, as {@code raw_data} holds them, zero-extended
     * @return a key that orders elements as ArgMax does: a larger key is a larger element
     */
    long orderKey(long bits);

    /**
     * The bits of an element with this order key: the inverse of {@link #orderKey} up to the values
     * it does not tell apart ({@code +0} for {@code -0}, one quiet NaN for every NaN).
     *
     * @param orderKey a key {@link #orderKey} gave
     * @return the element's bits
     */
    long bits(long orderKey);
}
