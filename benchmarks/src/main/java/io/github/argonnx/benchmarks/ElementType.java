package io.github.argonnx.benchmarks;

/** The element types the benchmarks cover, with what ONNX Runtime needs to know about them. */
public enum ElementType {
    FLOAT("float32", 1, true),
    FLOAT16("float16", 10, false),
    BFLOAT16("bfloat16", 16, false),
    DOUBLE("double", 11, true),
    INT32("int32", 6, true),
    INT64("int64", 7, true),
    UINT64("uint64", 13, false),
    UINT8("uint8", 2, true);

    private final String onnxName;
    private final int tensorProtoCode;
    private final boolean ortHasKernel;

    ElementType(String onnxName, int tensorProtoCode, boolean ortHasKernel) {
        this.onnxName = onnxName;
        this.tensorProtoCode = tensorProtoCode;
        this.ortHasKernel = ortHasKernel;
    }

    public String onnxName() {
        return onnxName;
    }

    /** {@code TensorProto.DataType} value, for the ONNX model handed to ONNX Runtime. */
    public int tensorProtoCode() {
        return tensorProtoCode;
    }

    /** Whether ONNX Runtime 1.22's CPU provider registers ArgMax/ArgMin for this type. */
    public boolean ortHasKernel() {
        return ortHasKernel;
    }
}
