package io.github.argonnx.generator.emit;

import com.palantir.javapoet.ClassName;

/** The hand-written runtime core that generated code refers to; it lives in a fixed package. */
public final class RuntimeClasses {

    public static final String PACKAGE = "io.github.argonnx.runtime";

    /** {@code ReductionPlan(outer, axisLength, inner)}: the geometry kernels reduce over. */
    public static final ClassName REDUCTION_PLAN = ClassName.get(PACKAGE, "ReductionPlan");

    private RuntimeClasses() {}
}
