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
 * {@code (data, offset, plan, selectLastIndex, out, outOffset)}, declared and passed on from here; the
 * column-range forms ({@link #REDUCE_COLUMNS}, {@link #REDUCE_STRIDED}) take {@code columnFrom, columnTo}
 * after {@code plan}.
 */
public final class KernelContract {

    /** The public entry points of a kernel. */
    public static final String REDUCE = "reduce";

    /**
     * The public entry of a kernel's array form for a range of output columns ({@code i} of
     * {@code o * inner + i}) of every slice: the kernel's side of a split of the columns over threads.
     */
    public static final String REDUCE_COLUMNS = "reduceColumns";

    /** The loops for a contiguous reduced axis ({@code inner == 1}), in kernels and SIMD classes. */
    public static final String REDUCE_CONTIGUOUS = "reduceContiguous";

    /**
     * The public entry of a kernel for contiguous slices searched against a rival per slice (the
     * running best of a streaming accumulator, for a chunk after it): a slice's first index where its
     * best strictly beats the rival, -1 where it need not be reported.
     */
    public static final String FIRST_INDICES_BEATING = "firstIndicesBeating";

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

    private static final Parameter PLAN = new Parameter("plan", RuntimeClasses.REDUCTION_PLAN);

    /** The column range of the column-range forms: {@code [columnFrom, columnTo)} of {@code plan.inner()}. */
    private static final List<Parameter> COLUMNS = List.of(
            new Parameter("columnFrom", TypeName.INT), new Parameter("columnTo", TypeName.INT));

    /** Every parameter after {@code plan} (and the column range), in order. */
    private static final List<Parameter> AFTER_PLAN = List.of(
            new Parameter("selectLastIndex", TypeName.BOOLEAN),
            new Parameter("out", ArrayTypeName.of(TypeName.LONG)),
            new Parameter("outOffset", TypeName.INT));

    private KernelContract() {}

    /**
     * The parameters for {@code data} of type {@code dataType}: all of them, or without {@code offset}
     * for a buffer, whose position says where the tensor starts; with the column range or without.
     */
    public static List<Parameter> parameters(TypeName dataType, boolean withOffset, boolean withColumns) {
        List<Parameter> parameters = new ArrayList<>();
        parameters.add(new Parameter("data", dataType));
        if (withOffset) {
            parameters.add(OFFSET);
        }
        parameters.add(PLAN);
        if (withColumns) {
            parameters.addAll(COLUMNS);
        }
        parameters.addAll(AFTER_PLAN);
        return parameters;
    }

    /** Declares the parameters on {@code method}. */
    public static MethodSpec.Builder declare(MethodSpec.Builder method, TypeName dataType, boolean withOffset,
            boolean withColumns) {
        for (Parameter p : parameters(dataType, withOffset, withColumns)) {
            method.addParameter(p.type(), p.name());
        }
        return method;
    }

    /**
     * Passes the parameters without the column range on, each under its own name, with {@code data}
     * and {@code offset} as given.
     *
     * @param breakBeforeOut whether the line may wrap before {@code out}, for calls too long for one line
     */
    public static CodeBlock arguments(String data, String offset, boolean breakBeforeOut) {
        return arguments(data, offset, PLAN.name(), breakBeforeOut);
    }

    /**
     * Passes the parameters with the column range on, with {@code data}, {@code offset} and the range
     * as given.
     */
    public static CodeBlock columnArguments(String data, String offset, String columnFrom, String columnTo) {
        return arguments(data, offset, PLAN.name() + ", " + columnFrom + ", " + columnTo, true);
    }

    private static CodeBlock arguments(String data, String offset, String planAndColumns, boolean breakBeforeOut) {
        List<String> names = AFTER_PLAN.stream().map(Parameter::name).toList();
        String out = String.join(", ", names.subList(1, names.size()));
        return CodeBlock.of(breakBeforeOut ? "$L, $L, $L, $L,$W$L" : "$L, $L, $L, $L, $L", data, offset,
                planAndColumns, names.get(0), out);
    }
}
