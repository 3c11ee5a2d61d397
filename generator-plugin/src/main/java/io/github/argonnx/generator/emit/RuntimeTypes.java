package io.github.argonnx.generator.emit;

import com.palantir.javapoet.ClassName;

/** The hand-written runtime core classes that the API, validator and test emitters refer to. */
final class RuntimeTypes {

    static final String PACKAGE = RuntimeClasses.PACKAGE;

    static final ClassName ARG_ONNX_EXCEPTION = ClassName.get(PACKAGE, "ArgOnnxException");
    static final ClassName ARG_RESULT = ClassName.get(PACKAGE, "ArgResult");
    static final ClassName ARG_REDUCTION = ClassName.get(PACKAGE, "ArgReduction");
    static final ClassName BUFFERS = ClassName.get(PACKAGE, "Buffers");
    static final ClassName NODE_ATTRIBUTES = ClassName.get(PACKAGE, "NodeAttributes");
    static final ClassName PARALLELISM = ClassName.get(PACKAGE, "Parallelism");
    static final ClassName PARALLEL_REDUCTION = ClassName.get(PACKAGE, "ParallelReduction");
    static final ClassName REDUCTION_PLAN = RuntimeClasses.REDUCTION_PLAN;
    static final ClassName SHAPES = ClassName.get(PACKAGE, "Shapes");

    private RuntimeTypes() {}
}
