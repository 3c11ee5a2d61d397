package io.github.argonnx.generator.java;

import com.palantir.javapoet.ClassName;

/**
 * The hand-written runtime core that generated code refers to, in two fixed packages: the API that users
 * call ({@link #PACKAGE}) and what only generated code calls ({@link #INTERNAL_PACKAGE}).
 */
public final class RuntimeClasses {

    /** The runtime's API package: the types users name. */
    public static final String PACKAGE = "io.github.argonnx.runtime";

    /** The runtime's internal package: exported for generated code in any package, not API. */
    public static final String INTERNAL_PACKAGE = "io.github.argonnx.internal.runtime";

    /**
     * The argonnx-runtime API level generated code is written for, checked by {@link #RUNTIME_VERSION}
     * before anything else of the runtime is used. Raise it, together with the runtime's, whenever generated
     * code starts to call something an earlier runtime lacks or the runtime changes what generated code calls.
     */
    public static final int API_LEVEL = 5;

    /** {@code RuntimeVersion.require(level, generatedClass)}: the stable first call of generated entry points. */
    public static final ClassName RUNTIME_VERSION = ClassName.get(PACKAGE, "RuntimeVersion");

    /** {@code ReductionPlan(outer, axisLength, inner)}: the geometry kernels reduce over. */
    public static final ClassName REDUCTION_PLAN = ClassName.get(INTERNAL_PACKAGE, "ReductionPlan");

    /**
     * Decides whether kernels hand array work to SIMD loops ({@code jdk.incubator.vector} present); the API's
     * {@code Vectorization} shows users its status alone.
     */
    public static final ClassName VECTOR_SUPPORT = ClassName.get(INTERNAL_PACKAGE, "VectorSupport");

    /** The SIMD loops of one kernel, generated per kernel, loaded by {@link #VECTOR_SUPPORT}. */
    public static final ClassName VECTORIZED_ARG_REDUCTION = ClassName.get(INTERNAL_PACKAGE, "VectorizedArgReduction");

    /** Turns an entry of a SIMD class off when the JIT compiled it with its vectors as objects. */
    public static final ClassName VECTOR_LOOP_WATCH = ClassName.get(INTERNAL_PACKAGE, "VectorLoopWatch");

    /** The SIMD screen of a TopK kernel's contiguous slices, generated per type, loaded by {@link #VECTOR_SUPPORT}. */
    public static final ClassName VECTORIZED_TOP_K_SCREEN = ClassName.get(INTERNAL_PACKAGE, "VectorizedTopKScreen");

    /** Screens of 16-bit elements read four per long, where the JVM can (JDK 22 and later). */
    public static final ClassName SHORT_WORDS = ClassName.get(INTERNAL_PACKAGE, "ShortWords");
    /** The word screens of a row of columns, one per column, for the 16-bit outer-axis loops. */
    public static final ClassName COLUMN_SCREENS = SHORT_WORDS.nestedClass("ColumnScreens");
    public static final ClassName SHORT_WORDS_ELEMENTS = SHORT_WORDS.nestedClass("Elements");

    public static final ClassName ARG_ONNX_EXCEPTION = ClassName.get(PACKAGE, "ArgOnnxException");
    public static final ClassName ARG_RESULT = ClassName.get(PACKAGE, "ArgResult");
    /** What a validator accepted: the input shape, the normalised axis, the flags and the output shape. */
    public static final ClassName VALIDATED_CALL = ClassName.get(INTERNAL_PACKAGE, "ValidatedCall");
    public static final ClassName CHECKED_CALL = ClassName.get(INTERNAL_PACKAGE, "CheckedCall");
    public static final ClassName BUFFERS = ClassName.get(INTERNAL_PACKAGE, "Buffers");
    public static final ClassName NODE_ATTRIBUTES = ClassName.get(PACKAGE, "NodeAttributes");
    public static final ClassName PARALLELISM = ClassName.get(PACKAGE, "Parallelism");
    /** The executor, threads and task size a {@link #PARALLELISM} wraps, for the internal runtime. */
    public static final ClassName WORKERS = ClassName.get(INTERNAL_PACKAGE, "Workers");
    /** {@code TaskCount.tasksFor(workers, plan, elementBytes, simdLoops)}: how many tasks a call takes. */
    public static final ClassName TASK_COUNT = ClassName.get(INTERNAL_PACKAGE, "TaskCount");
    public static final ClassName PARALLEL_REDUCTION = ClassName.get(INTERNAL_PACKAGE, "ParallelReduction");
    /** Splits a TopK call over threads by output slices or columns. */
    public static final ClassName PARALLEL_TOP_K = ClassName.get(INTERNAL_PACKAGE, "ParallelTopK");
    public static final ClassName SHAPES = ClassName.get(INTERNAL_PACKAGE, "Shapes");

    /** How partial results key, store and read the elements of one type; generated per type. */
    public static final ClassName ELEMENT_KEYS = ClassName.get(INTERNAL_PACKAGE, "ElementKeys");
    /** What partial results belong to: operator, version, type, attributes, full input shape. */
    public static final ClassName PARTIAL_SIGNATURE = ClassName.get(PACKAGE, "PartialSignature");
    public static final ClassName ARG_PARTIAL = ClassName.get(PACKAGE, "ArgPartial");
    public static final ClassName ARG_ACCUMULATOR = ClassName.get(PACKAGE, "ArgAccumulator");
    public static final ClassName TOP_K_RESULT = ClassName.get(PACKAGE, "TopKResult");
    public static final ClassName TOP_K_PARTIAL = ClassName.get(PACKAGE, "TopKPartial");
    public static final ClassName TOP_K_ACCUMULATOR = ClassName.get(PACKAGE, "TopKAccumulator");
    /** Finds a TopK chunk's best elements for an accumulation; generated code implements it with {@code apply}. */
    public static final ClassName TOP_K_CHUNK = ClassName.get(INTERNAL_PACKAGE, "TopKChunk");
    /** A finished TopK partial's outputs: the values' bits, the indices and their shape. */
    public static final ClassName TOP_K_OUTPUT = ClassName.get(INTERNAL_PACKAGE, "TopKOutput");
    /** Storage arrays as bits and back, exact. */
    public static final ClassName STORED_BITS = ClassName.get(INTERNAL_PACKAGE, "StoredBits");
    /** What a {@code TopKPartial} or an {@code ArgPartial} wraps. */
    public static final ClassName PARTIAL_STATE = ClassName.get(INTERNAL_PACKAGE, "PartialState");
    /** Folds an outer-axis chunk into an accumulator's running bests; generated per element type. */
    public static final ClassName CHUNK_FOLD = ClassName.get(INTERNAL_PACKAGE, "ChunkFold");
    /** An accumulator's running bests in a kernel's form; generated per element type. */
    public static final ClassName RUNNING_BESTS = ClassName.get(INTERNAL_PACKAGE, "RunningBests");

    /** What a {@link #PARTIAL_SIGNATURE} wraps: generated code builds it from the element keys and call. */
    public static final ClassName REDUCTION_SIGNATURE = ClassName.get(INTERNAL_PACKAGE, "ReductionSignature");
    /** What an {@link #ARG_ACCUMULATOR} wraps: generated code feeds it chunks in a kernel's form. */
    public static final ClassName ACCUMULATION = ClassName.get(INTERNAL_PACKAGE, "Accumulation");
    /** Indices filled in place, which an {@link #ARG_RESULT} wraps without a copy. */
    public static final ClassName OUTPUT_INDICES = ClassName.get(INTERNAL_PACKAGE, "OutputIndices");
    /** A TopK call's filled outputs, which a {@code TopKResult} wraps without a copy. */
    public static final ClassName TOP_K_VALUES_AND_INDICES = ClassName.get(INTERNAL_PACKAGE, "TopKValuesAndIndices");

    /**
     * {@code Faces.of(apiType, stateType)}: how generated code turns internal state into the API type that
     * wraps it ({@code wrap}) and back ({@code state}), the API types showing users no internal type.
     */
    public static final ClassName FACES = ClassName.get(INTERNAL_PACKAGE, "Faces");

    private RuntimeClasses() {}
}
