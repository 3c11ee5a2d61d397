package io.github.argonnx.generator.java;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;

/**
 * The kernel contract: how a reduction is handed to a kernel, to its private layout loops and to its
 * SIMD class ({@code runtime.VectorizedArgReduction.reduceStrided}). One parameter list,
 * {@code (data, offset, plan, selectLastIndex, out, outOffset)}, declared and passed on from here.
 */
public final class KernelContract {

    /** The public entry points of a kernel. */
    public static final String REDUCE = "reduce";

    /** The loops for a contiguous reduced axis ({@code inner == 1}), in kernels and SIMD classes. */
    public static final String REDUCE_CONTIGUOUS = "reduceContiguous";

    /** The loops for an outer reduced axis ({@code inner > 1}), in kernels and SIMD classes. */
    public static final String REDUCE_STRIDED = "reduceStrided";

    /**
     * Output elements one pass of an outer-axis loop handles, in kernels and SIMD classes alike: their
     * running bests and indices stay in the cache, and each row's part is one long sequential read.
     */
    public static final int COLUMN_BLOCK_SIZE = 4096;

    /**
     * Rows a kernel's outer-axis loop folds per pass over its block of columns: a running best is
     * loaded and stored once per pass, not once per row. A SIMD class's count depends on how its lanes
     * compare ({@link VectorForm#columnRowsPerPass}).
     */
    public static final int ROWS_PER_PASS = 4;

    /**
     * Outer-axis inputs of at most this many elements are reduced one column at a time, with the running
     * best in a local: nothing is allocated per call, and the whole input stays in the L1 cache anyway.
     */
    public static final int SMALL_STRIDED_INPUT = 4096;

    /** One parameter of the contract. */
    public record Parameter(String name, TypeName type) {}

    private static final Parameter OFFSET = new Parameter("offset", TypeName.INT);

    /** Every parameter after {@code data} and {@code offset}, in order. */
    private static final List<Parameter> AFTER_DATA = List.of(
            new Parameter("plan", RuntimeClasses.REDUCTION_PLAN),
            new Parameter("selectLastIndex", TypeName.BOOLEAN),
            new Parameter("out", ArrayTypeName.of(TypeName.LONG)),
            new Parameter("outOffset", TypeName.INT));

    private KernelContract() {}

    /**
     * The parameters for {@code data} of type {@code dataType}: all of them, or without {@code offset}
     * for a buffer, whose position says where the tensor starts.
     */
    public static List<Parameter> parameters(TypeName dataType, boolean withOffset) {
        List<Parameter> parameters = new ArrayList<>();
        parameters.add(new Parameter("data", dataType));
        if (withOffset) {
            parameters.add(OFFSET);
        }
        parameters.addAll(AFTER_DATA);
        return parameters;
    }

    /** Declares the parameters on {@code method}. */
    public static MethodSpec.Builder declare(MethodSpec.Builder method, TypeName dataType, boolean withOffset) {
        for (Parameter p : parameters(dataType, withOffset)) {
            method.addParameter(p.type(), p.name());
        }
        return method;
    }

    /**
     * Passes the parameters on, each under its own name, with {@code data} and {@code offset} as given.
     *
     * @param breakBeforeOut whether the line may wrap before {@code out}, for calls too long for one line
     */
    public static CodeBlock arguments(String data, String offset, boolean breakBeforeOut) {
        List<String> names = AFTER_DATA.stream().map(Parameter::name).toList();
        String plan = String.join(", ", names.subList(0, 2));
        String out = String.join(", ", names.subList(2, names.size()));
        return CodeBlock.of(breakBeforeOut ? "$L, $L, $L,$W$L" : "$L, $L, $L, $L", data, offset, plan, out);
    }
}
