package io.github.argonnx.generator.emit;

import com.palantir.javapoet.ClassName;

/** The hand-written runtime core classes that generated code uses. */
final class RuntimeTypes {

    static final String PACKAGE = "io.github.argonnx.runtime";

    static final ClassName ARG_ONNX_EXCEPTION = ClassName.get(PACKAGE, "ArgOnnxException");
    static final ClassName ARG_RESULT = ClassName.get(PACKAGE, "ArgResult");
    static final ClassName ARG_REDUCTION = ClassName.get(PACKAGE, "ArgReduction");
    static final ClassName BUFFERS = ClassName.get(PACKAGE, "Buffers");
    static final ClassName NODE_ATTRIBUTES = ClassName.get(PACKAGE, "NodeAttributes");
    static final ClassName REDUCTION_PLAN = ClassName.get(PACKAGE, "ReductionPlan");
    static final ClassName SHAPES = ClassName.get(PACKAGE, "Shapes");

    private RuntimeTypes() {}
}
