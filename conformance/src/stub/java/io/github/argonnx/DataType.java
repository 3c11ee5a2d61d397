package io.github.argonnx;

/** BRANCH-LOCAL STUB of the generated API (architecture.md contract); removed when the API lands. */
public enum DataType {
    FLOAT, UINT8, INT8, UINT16, INT16, INT32, INT64, FLOAT16, DOUBLE, UINT32, UINT64, BFLOAT16
}
