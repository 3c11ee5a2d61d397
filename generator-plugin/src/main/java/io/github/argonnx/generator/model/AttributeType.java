package io.github.argonnx.generator.model;

/** ONNX attribute types the generator supports. */
public enum AttributeType {
    /** A 64-bit signed integer ({@code AttributeProto.INT}). */
    INT
}
