package io.github.argonnx.generator.emit;

import com.palantir.javapoet.ClassName;

/** The hand-written runtime core that generated code refers to; it lives in a fixed package. */
public final class RuntimeClasses {

    public static final String PACKAGE = "io.github.argonnx.runtime";

    /** {@code ReductionPlan(outer, axisLength, inner)}: the geometry kernels reduce over. */
    public static final ClassName REDUCTION_PLAN = ClassName.get(PACKAGE, "ReductionPlan");

    /** Decides whether kernels hand array work to SIMD loops ({@code jdk.incubator.vector} present). */
    public static final ClassName VECTORIZATION = ClassName.get(PACKAGE, "Vectorization");

    /** The SIMD loops of one kernel, generated per kernel, loaded by {@link #VECTORIZATION}. */
    public static final ClassName VECTORIZED_ARG_REDUCTION = ClassName.get(PACKAGE, "VectorizedArgReduction");

    public static final ClassName ARG_ONNX_EXCEPTION = ClassName.get(PACKAGE, "ArgOnnxException");
    public static final ClassName ARG_RESULT = ClassName.get(PACKAGE, "ArgResult");
    /** What a validator accepted: the input shape, the normalised axis, the flags and the output shape. */
    public static final ClassName VALIDATED_CALL = ClassName.get(PACKAGE, "ValidatedCall");
    public static final ClassName BUFFERS = ClassName.get(PACKAGE, "Buffers");
    public static final ClassName NODE_ATTRIBUTES = ClassName.get(PACKAGE, "NodeAttributes");
    public static final ClassName PARALLELISM = ClassName.get(PACKAGE, "Parallelism");
    public static final ClassName PARALLEL_REDUCTION = ClassName.get(PACKAGE, "ParallelReduction");
    public static final ClassName SHAPES = ClassName.get(PACKAGE, "Shapes");

    private RuntimeClasses() {}
}
