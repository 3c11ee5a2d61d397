package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.ElementOrder;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.KernelContract;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The outer-axis entries of a kernel ({@code inner > 1}): {@code reduceStrided}, which reduces a range
 * of columns, and {@code foldRows}, the fold of partial results, with the constants they read. The
 * input is read in memory order, with a running best per output element (column), for a block of
 * columns at a time; each entry hands a block to the loop of its data source's form
 * ({@link ColumnLoop#of}). The scalar loops ({@link ColumnPlainLoop}) are in every kernel: they take
 * buffers, and the columns and the JVMs the word loops leave to them.
 */
final class ColumnEntries {

    private static final String COLUMN_BLOCK = GeneratedNames.COLUMN_BLOCK;

    private final ElementType type;
    private final Extremum extremum;
    private final ElementOrder order;
    private final String vectorizedName;
    private final ColumnPlainLoop scalarLoops;

    /** {@code vectorizedName}: the kernel's field holding its SIMD loops, tried first for array input. */
    ColumnEntries(ElementType type, Extremum extremum, String vectorizedName) {
        this.type = type;
        this.extremum = extremum;
        this.order = ElementOrder.of(type);
        this.vectorizedName = vectorizedName;
        this.scalarLoops = new ColumnPlainLoop(type, extremum);
    }

    /** The kernel's constants of the outer-axis loops. */
    List<FieldSpec> constants() {
        return List.of(FieldSpec.builder(TypeName.INT, COLUMN_BLOCK, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("Output elements handled per pass when the reduced axis is not the last one;\n"
                                + "their running bests and indices stay in the cache, and each row is read as one long stream.\n")
                        .initializer("$L", KernelContract.COLUMN_BLOCK_SIZE)
                        .build(),
                ColumnBlocks.rowsPerPassConstant(KernelContract.ROWS_PER_PASS),
                ColumnBlocks.smallStridedInputConstant());
    }

    /** The methods of one data source, in the order the kernel lists them. */
    List<MethodSpec> methods(DataSource source) {
        ColumnLoop form = ColumnLoop.of(type, extremum, source);
        List<MethodSpec> methods = new ArrayList<>();
        methods.add(reduceStrided(source, form));
        methods.addAll(scalarLoops.loops(source));
        methods.add(foldRows(source, form));
        methods.addAll(scalarLoops.folds(source));
        methods.addAll(form.addedMethods());
        return methods;
    }

    /**
     * The fold entry of partial results: the rows of an outer-axis chunk, taken in order, folded into
     * running bests (keys of this kernel) and global indices that the caller keeps from chunk to chunk.
     */
    private MethodSpec foldRows(DataSource source, ColumnLoop form) {
        TypeName key = order.foldKeyType();
        MethodSpec.Builder m = MethodSpec.methodBuilder(GeneratedNames.FOLD_ROWS)
                .addJavadoc("Folds the rows of a chunk of an outer reduced axis ({@code inner > 1}) into running bests\n")
                .addJavadoc("kept from one chunk to the next: {@code best} holds each output element's best as a fold key\n")
                .addJavadoc("of this kernel, {@code indices} its index along the whole axis; row {@code k} of the chunk has\n")
                .addJavadoc("index {@code indexBase + k}. Every earlier chunk lies before this one, so rows are taken in\n")
                .addJavadoc("order: the strict test keeps the first of equal elements, and with {@code selectLastIndex}\n")
                .addJavadoc("a row replaces every best it is not beaten by. Nothing is allocated.\n\n")
                .addJavadoc("@param data the chunk, {@code plan}'s layout from {@code offset} on\n")
                .addJavadoc("@param offset where the chunk starts in {@code data}\n")
                .addJavadoc("@param plan the chunk's layout: its rows are {@code plan.axisLength()}\n")
                .addJavadoc("@param best each output element's running best; written, not read, when {@code seed}\n")
                .addJavadoc("@param indices each output element's index along the whole axis\n")
                .addJavadoc("@param indexBase the axis index of the chunk's first row\n")
                .addJavadoc("@param seed true for the first chunk: its first row seeds the bests\n")
                .addJavadoc("@param selectLastIndex whether ties go to the last index\n")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(source.dataType(type), "data")
                .addParameter(TypeName.INT, "offset")
                .addParameter(RuntimeClasses.REDUCTION_PLAN, "plan")
                .addParameter(ArrayTypeName.of(key), "best");
        // the SIMD loops fold array chunks only
        boolean vectorFold = source == DataSource.ARRAY;
        if (vectorFold) {
            m.addJavadoc("@param indexScratch the SIMD loops' row places, one per output element, kept from one chunk to\n")
                    .addJavadoc("    the next: -1 where no row of the open group replaced the best; all -1 when {@code seed}\n")
                    .addParameter(ArrayTypeName.of(key), "indexScratch");
        }
        form.addFoldParameters(m);
        m.addParameter(ArrayTypeName.of(TypeName.LONG), "indices")
                .addParameter(TypeName.LONG, "indexBase");
        if (vectorFold) {
            m.addJavadoc("@param openRow the last row folded before, whose group's places {@code indexScratch} holds,\n")
                    .addJavadoc("    or -1; a chunk in another group first has them written to {@code indices}\n")
                    .addParameter(TypeName.LONG, "openRow");
        }
        return m.addParameter(TypeName.BOOLEAN, "seed")
                .addParameter(TypeName.BOOLEAN, "selectLastIndex")
                .addStatement("int rows = plan.axisLength()")
                .addStatement("int inner = plan.inner()")
                .addStatement("int firstRow = seed ? 1 : 0")
                .addCode(vectorFold ? CodeBlock.builder()
                        .add("// the SIMD loops fold the leading whole vectors of columns, the loops below the rest\n")
                        .addStatement("int firstColumn = $N == null ? 0$W: $N.$N(data, offset, plan, best, indexScratch, indices,"
                                + "$WindexBase, openRow, seed, selectLastIndex)", vectorizedName, vectorizedName, GeneratedNames.FOLD_ROWS)
                        .build() : CodeBlock.builder().addStatement("int firstColumn = 0").build())
                .addCode(form.beforeFoldBlocks())
                .beginControlFlow("for (int o = 0; o < plan.outer(); o++)")
                .addStatement("int sliceStart = offset + o * rows * inner")
                .addStatement("int bestStart = o * inner")
                .beginControlFlow("if (seed)")
                .beginControlFlow("for (int i = firstColumn; i < inner; i++)")
                .addStatement("best[bestStart + i] = $L", order.foldKey(source.read(CodeBlock.of("sliceStart + i"))))
                .addStatement("indices[bestStart + i] = indexBase")
                .endControlFlow()
                .endControlFlow()
                .beginControlFlow("for (int column = firstColumn; column < inner; column += $N)", COLUMN_BLOCK)
                .addStatement("int width = $T.min($N, inner - column)", Math.class, COLUMN_BLOCK)
                .beginControlFlow("if (selectLastIndex)")
                .addStatement("$N(data, sliceStart + column, inner, firstRow, rows, width, best, indices,$W"
                        + "bestStart + column, indexBase)", form.foldName(true))
                .nextControlFlow("else")
                .addStatement("$N(data, sliceStart + column, inner, firstRow, rows, width,$L best, indices,$W"
                        + "bestStart + column, indexBase)", form.foldName(false), form.firstFoldArguments())
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .build();
    }

    private MethodSpec reduceStrided(DataSource source, ColumnLoop form) {
        return KernelContract.declare(MethodSpec.methodBuilder(KernelContract.REDUCE_STRIDED)
                .addJavadoc("The reduced axis is not the last one: slice {@code (o, i)} has its elements {@code inner} apart.\n")
                .addJavadoc("Only the columns {@code columnFrom <= i < columnTo} are reduced, $L at a time so that their\n"
                        + "running bests stay in cache.\n",
                        KernelContract.COLUMN_BLOCK_SIZE)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC), source.dataType(type), true, true)
                .addCode(source == DataSource.ARRAY ? CodeBlock.builder()
                        .beginControlFlow("if ($N != null$W&& $N.$N($L))", vectorizedName, vectorizedName,
                                KernelContract.REDUCE_STRIDED,
                                KernelContract.columnArguments("data", "offset", "columnFrom", "columnTo"))
                        .addStatement("return")
                        .endControlFlow()
                        .build() : CodeBlock.of(""))
                .addStatement("int axisLength = plan.axisLength()")
                .addStatement("int inner = plan.inner()")
                .beginControlFlow("if (plan.inputSize() <= $N)", GeneratedNames.SMALL_STRIDED_INPUT)
                .beginControlFlow("for (int o = 0; o < plan.outer(); o++)")
                .beginControlFlow("for (int i = columnFrom; i < columnTo; i++)")
                .addStatement("int start = offset + o * axisLength * inner + i")
                .addStatement("out[outOffset + o * inner + i] = selectLastIndex$W? $N(data, start, inner, axisLength)$W: $N(data, start, inner, axisLength)",
                        GeneratedNames.indexInColumn(true), GeneratedNames.indexInColumn(false))
                .endControlFlow()
                .endControlFlow()
                .addStatement("return")
                .endControlFlow()
                .addStatement("int scratch = $T.min(columnTo - columnFrom, $N)", Math.class, COLUMN_BLOCK)
                .addStatement("$T best = new $T[scratch]", ArrayTypeName.of(order.keyType()), order.keyType())
                .addCode(form.declareScratch(CodeBlock.of("scratch")))
                .beginControlFlow("for (int o = 0; o < plan.outer(); o++)")
                .addStatement("int sliceStart = offset + o * axisLength * inner")
                .addStatement("int outStart = outOffset + o * inner")
                .beginControlFlow("for (int column = columnFrom; column < columnTo; column += $N)", COLUMN_BLOCK)
                .addStatement("int width = $T.min($N, columnTo - column)", Math.class, COLUMN_BLOCK)
                .beginControlFlow("if (selectLastIndex)")
                .addStatement("$N(data, sliceStart + column, inner, axisLength, width, $Lbest, out,$WoutStart + column)",
                        form.loopName(true), form.scratchArguments())
                .nextControlFlow("else")
                .addStatement("$N(data, sliceStart + column, inner, axisLength, width, $Lbest, out,$WoutStart + column)",
                        form.loopName(false), form.scratchArguments())
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .build();
    }
}
