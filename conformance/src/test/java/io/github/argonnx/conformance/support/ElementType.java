package io.github.argonnx.conformance.support;

import java.util.Arrays;

/**
 * The twelve ONNX element types ArgMax/ArgMin accept, as the conformance tests see them: the
 * {@code TensorProto.DataType} code, the width of one element in {@code raw_data} and how values
 * order. Kept separate from the library's own enum so the tests do not borrow its answers.
 */
public enum ElementType {
    FLOAT(1, 4, Kind.FLOATING),
    UINT8(2, 1, Kind.UNSIGNED),
    INT8(3, 1, Kind.SIGNED),
    UINT16(4, 2, Kind.UNSIGNED),
    INT16(5, 2, Kind.SIGNED),
    INT32(6, 4, Kind.SIGNED),
    INT64(7, 8, Kind.SIGNED),
    FLOAT16(10, 2, Kind.FLOATING),
    DOUBLE(11, 8, Kind.FLOATING),
    UINT32(12, 4, Kind.UNSIGNED),
    UINT64(13, 8, Kind.UNSIGNED),
    BFLOAT16(16, 2, Kind.FLOATING);

    /** How the stored bits order as values. */
    public enum Kind {
        SIGNED,
        UNSIGNED,
        FLOATING
    }

    private final int onnxCode;
    private final int byteWidth;
    private final Kind kind;

    ElementType(int onnxCode, int byteWidth, Kind kind) {
        this.onnxCode = onnxCode;
        this.byteWidth = byteWidth;
        this.kind = kind;
    }

    /** The {@code TensorProto.DataType} value. */
    public int onnxCode() {
        return onnxCode;
    }

    /** Bytes per element in {@code raw_data}. */
    public int byteWidth() {
        return byteWidth;
    }

    public Kind kind() {
        return kind;
    }

    public boolean isFloating() {
        return kind == Kind.FLOATING;
    }

    /** The ONNX spelling, for example {@code "bfloat16"}. */
    public String onnxName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The earliest ArgMax/ArgMin version that accepts this type (bfloat16 came with 13). */
    public int firstVersion() {
        return this == BFLOAT16 ? 13 : 1;
    }

    public static ElementType fromOnnxCode(int code) {
        return Arrays.stream(values())
                .filter(t -> t.onnxCode == code)
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "TensorProto data_type " + code + " is not one of the ArgMax/ArgMin element types"));
    }
}
