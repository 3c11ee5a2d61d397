package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.ElementOrder;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.KernelContract;
import io.github.argonnx.generator.java.LoopFamily;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import javax.lang.model.element.Modifier;

/**
 * The outer-axis loops of a kernel ({@code inner > 1}): the input is read in memory order, with a
 * running best per output element (column), for a block of columns at a time. Each pass over the
 * block folds {@link KernelContract#ROWS_PER_PASS} rows, so that a column's best is loaded and stored
 * once per pass, and those rows are read side by side as sequential streams.
 */
final class ColumnPlainLoop {

    private static final String COLUMN_BLOCK = GeneratedNames.COLUMN_BLOCK;
    private static final String ROWS_PER_PASS = GeneratedNames.ROWS_PER_PASS;

    private final ElementType type;
    private final Extremum extremum;
    private final ElementOrder order;
    private final String vectorizedName;
    /** Which loop over words of columns, if any, array input takes. */
    private final LoopFamily family;

    /** {@code vectorizedName}: the kernel's field holding its SIMD loops, tried first for array input. */
    ColumnPlainLoop(ElementType type, Extremum extremum, String vectorizedName) {
        this.type = type;
        this.extremum = extremum;
        this.order = ElementOrder.of(type);
        this.vectorizedName = vectorizedName;
        this.family = LoopFamily.of(type);
    }

    /** The kernel's constants of the outer-axis loops. */
    List<FieldSpec> constants() {
        return List.of(FieldSpec.builder(TypeName.INT, COLUMN_BLOCK, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("Output elements handled per pass when the reduced axis is not the last one;\n"
                                + "their running bests and indices stay in the cache, and each row is read as one long stream.\n")
                        .initializer("$L", KernelContract.COLUMN_BLOCK_SIZE)
                        .build(),
                rowsPerPassConstant(KernelContract.ROWS_PER_PASS),
                smallStridedInputConstant());
    }

    /** Outer-axis inputs reduced a column at a time, without scratch; the SIMD classes share it. */
    static FieldSpec smallStridedInputConstant() {
        return FieldSpec.builder(TypeName.INT, GeneratedNames.SMALL_STRIDED_INPUT, Modifier.PRIVATE, Modifier.STATIC,
                        Modifier.FINAL)
                .addJavadoc("Outer-axis inputs of at most this many elements are reduced one column at a time: nothing\n"
                        + "is allocated per call, and the whole input stays in the L1 cache anyway.\n")
                .initializer("$L", KernelContract.SMALL_STRIDED_INPUT)
                .build();
    }

    /** Rows folded per pass over a block of columns, a kernel's or a SIMD class's. */
    static FieldSpec rowsPerPassConstant(int rowsPerPass) {
        return FieldSpec.builder(TypeName.INT, ROWS_PER_PASS, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Rows folded per pass over a block of columns: a column's running best is loaded and\n"
                        + "stored once per pass, not once per row.\n")
                .initializer("$L", rowsPerPass)
                .build();
    }

    /** The methods of one data source, in the order the kernel lists them. */
    List<MethodSpec> methods(DataSource source) {
        List<MethodSpec> methods = new ArrayList<>(List.of(reduceStrided(source), columnLoop(source, false),
                columnLoop(source, true), oneColumn(source, false), oneColumn(source, true),
                foldRows(source), foldInColumns(source, false), foldInColumns(source, true)));
        if (readsWords(source)) {
            methods.addAll(new Column8BitWordLoop(type, extremum).methods());
        }
        if (screensWords(source)) {
            methods.addAll(new Column16BitWordLoop(type, extremum).methods());
        }
        return methods;
    }

    /** Whether the blocks of columns go to the loop over words of eight columns ({@link Column8BitWordLoop}). */
    private boolean readsWords(DataSource source) {
        return family == LoopFamily.EIGHT_BIT_WORDS && source == DataSource.ARRAY;
    }

    /**
     * Whether the blocks of columns go to the loop with a word screen per column, JDK 22 and later
     * ({@link Column16BitWordLoop}).
     */
    private boolean screensWords(DataSource source) {
        return family == LoopFamily.SIXTEEN_BIT_WORDS && source == DataSource.ARRAY;
    }

    /** The scratch a word loop takes before {@code best}, as the argument list's text: empty for the scalar loop. */
    private String wordScratch(DataSource source) {
        return readsWords(source) ? "bestBytes, " : screensWords(source) ? "screens, " : "";
    }

    /**
     * The fold entry of partial results: the rows of an outer-axis chunk, taken in order, folded into
     * running bests (keys of this kernel) and global indices that the caller keeps from chunk to chunk.
     */
    private MethodSpec foldRows(DataSource source) {
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
        if (screensWords(source)) {
            m.addJavadoc("@param screens the running bests' word screens, one per block of $L columns of every slice\n",
                            KernelContract.COLUMN_BLOCK_SIZE)
                    .addJavadoc("    (block {@code o * blocks + column / $L}), which the first index's fold keeps; null before JDK 22\n",
                            KernelContract.COLUMN_BLOCK_SIZE)
                    .addParameter(ArrayTypeName.of(RuntimeClasses.COLUMN_SCREENS), "screens");
        }
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
                .addCode(screensWords(source)
                        ? CodeBlock.of("int blocks = (inner + $N - 1) / $N;\n", COLUMN_BLOCK, COLUMN_BLOCK)
                        : CodeBlock.of(""))
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
                        + "bestStart + column, indexBase)", blockFold(source, true))
                .nextControlFlow("else")
                .addStatement("$N(data, sliceStart + column, inner, firstRow, rows, width,$L best, indices,$W"
                        + "bestStart + column, indexBase)", blockFold(source, false), firstFoldScreens(source))
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .build();
    }

    /**
     * The fold over {@code width} adjacent columns, rows {@code k} to {@code rows - 1} in memory order,
     * {@link KernelContract#ROWS_PER_PASS} per load and store of a column's best.
     */
    private MethodSpec foldInColumns(DataSource source, boolean last) {
        TypeName key = order.foldKeyType();
        return ColumnBlocks.declareFold(GeneratedNames.foldInColumns(last), source.dataType(type), key, "k")
                .addJavadoc("For {@code width} columns from {@code start} whose elements are {@code stride} apart, folds\n")
                .addJavadoc("rows {@code k} to {@code rows - 1} into {@code best} and {@code indices} from\n")
                .addJavadoc("{@code bestStart} on; $L.\n", last
                        ? "a row replaces a best it is not beaten by, so the last of equal elements is kept"
                        : "a row replaces a best it strictly beats, so the first of equal elements is kept")
                .beginControlFlow("for (; k + $N <= rows; k += $N)", ROWS_PER_PASS, ROWS_PER_PASS)
                .addCode(pass(source, KernelContract.ROWS_PER_PASS, false, last, true, "bestStart + i",
                        "indices[bestStart + i] = indexBase + at"))
                .endControlFlow()
                .beginControlFlow("for (; k < rows; k++)")
                .addCode(pass(source, 1, false, last, true, "bestStart + i", "indices[bestStart + i] = indexBase + at"))
                .endControlFlow()
                .build();
    }

    private MethodSpec reduceStrided(DataSource source) {
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
                .addCode(readsWords(source)
                        ? CodeBlock.of("$T bestBytes = new $T[scratch];\n", byte[].class, byte.class)
                        : screensWords(source)
                        ? Column16BitWordLoop.scratch(CodeBlock.of("scratch"))
                        : CodeBlock.of(""))
                .beginControlFlow("for (int o = 0; o < plan.outer(); o++)")
                .addStatement("int sliceStart = offset + o * axisLength * inner")
                .addStatement("int outStart = outOffset + o * inner")
                .beginControlFlow("for (int column = columnFrom; column < columnTo; column += $N)", COLUMN_BLOCK)
                .addStatement("int width = $T.min($N, columnTo - column)", Math.class, COLUMN_BLOCK)
                .beginControlFlow("if (selectLastIndex)")
                .addStatement("$N(data, sliceStart + column, inner, axisLength, width, $Lbest, out,$WoutStart + column)",
                        blockLoop(source, true), wordScratch(source))
                .nextControlFlow("else")
                .addStatement("$N(data, sliceStart + column, inner, axisLength, width, $Lbest, out,$WoutStart + column)",
                        blockLoop(source, false), wordScratch(source))
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .build();
    }

    /** The loop that takes a block of columns: over words of columns where it applies, else the scalar one. */
    private String blockLoop(DataSource source, boolean fromEnd) {
        return readsWords(source) ? Column8BitWordLoop.name(fromEnd)
                : screensWords(source) ? Column16BitWordLoop.groupedName(fromEnd)
                : GeneratedNames.indicesInColumns(fromEnd);
    }

    /** What the first index's word fold of a block takes before {@code best}: its block's screens and the seed flag. */
    private CodeBlock firstFoldScreens(DataSource source) {
        return screensWords(source)
                ? CodeBlock.of("$Wscreens == null ? null : screens[o * blocks + column / $N],$Wseed,", COLUMN_BLOCK)
                : CodeBlock.of("");
    }

    /**
     * The fold of a block of columns: over words of eight columns, or with word screens for the first
     * index, where they apply; else the scalar one.
     */
    private String blockFold(DataSource source, boolean last) {
        return readsWords(source) ? Column8BitWordLoop.foldName(last)
                : screensWords(source) && !last ? Column16BitWordLoop.groupedFoldName()
                : GeneratedNames.foldInColumns(last);
    }

    /**
     * One pass over the block's columns, folding {@code rows} rows: from row {@code k} on in memory
     * order, or from row {@code k} back ({@code fromEnd}). A row replaces a column's best when it beats
     * it, or with {@code replaceOnTie} also when it is not beaten by it (the last index, rows in order).
     * A column's best, {@code best[slot]}, is written back with {@code storeIndex} (which assigns its
     * index from {@code at}) only when one of the rows replaced it: the column loops keep the bests of
     * one block ({@code slot} {@code i}), the fold those of every output element ({@code bestStart + i})
     * as fold keys ({@code foldKeys}, {@link ElementOrder#foldKey}).
     */
    private CodeBlock pass(DataSource source, int rows, boolean fromEnd, boolean replaceOnTie, boolean foldKeys,
            String slot, String storeIndex) {
        TypeName key = foldKeys ? order.foldKeyType() : order.keyType();
        Function<CodeBlock, CodeBlock> keyOf = foldKeys ? order::foldKey : order::key;
        String step = fromEnd ? " - " : " + ";
        CodeBlock candidate = CodeBlock.of("candidate");
        CodeBlock replaces = replaceOnTie
                ? CodeBlock.of("!($L)", order.beats(CodeBlock.of("b"), candidate, extremum))
                : order.beats(candidate, CodeBlock.of("b"), extremum);
        CodeBlock.Builder code = CodeBlock.builder()
                .addStatement("int row = start + k * stride")
                .beginControlFlow("for (int i = 0; i < width; i++)")
                .addStatement("$T b = best[$L]", key, slot)
                .addStatement("int at = -1");
        for (int r = 0; r < rows; r++) {
            String position = r == 0 ? "row + i" : "row" + step + (r == 1 ? "stride" : r + " * stride") + " + i";
            code.addStatement(r == 0 ? "$T candidate = $L" : "candidate = $L",
                            r == 0 ? new Object[] {key, keyOf.apply(source.read(CodeBlock.of(position)))}
                                    : new Object[] {keyOf.apply(source.read(CodeBlock.of(position)))})
                    .beginControlFlow("if ($L)", replaces)
                    .addStatement("b = candidate")
                    .addStatement("at = $L", r == 0 ? "k" : "k" + step + r)
                    .endControlFlow();
        }
        return code.beginControlFlow("if (at >= 0)")
                .addStatement("best[$L] = b", slot)
                .addStatement("$L", storeIndex)
                .endControlFlow()
                .endControlFlow()
                .build();
    }

    /**
     * The scalar loop over {@code width} adjacent slices (columns) whose elements are {@code stride}
     * apart: rows are read in order, the running best index of column {@code i} lives in {@code out}.
     */
    private MethodSpec columnLoop(DataSource source, boolean fromEnd) {
        TypeName key = order.keyType();
        MethodSpec.Builder m = ColumnBlocks.declareLoop(GeneratedNames.indicesInColumns(fromEnd), source.dataType(type), key)
                .addJavadoc("For {@code width} slices that start at adjacent positions from {@code start} and have their\n")
                .addJavadoc("elements {@code stride} apart, writes the index of each one's $L element to\n", extremum.adjective())
                .addJavadoc("{@code out[outStart + i]}; {@code best} holds the running best of each slice.\n")
                .addJavadoc(fromEnd
                        ? "Rows are taken from the last to the first, so the strict test keeps the last of equal elements.\n"
                        : "Rows are taken in memory order, and the strict test keeps the first of equal elements.\n");
        if (fromEnd) {
            m.addStatement("int last = axisLength - 1")
                    .addStatement("int lastRow = start + last * stride")
                    .beginControlFlow("for (int i = 0; i < width; i++)")
                    .addStatement("best[i] = $L", order.key(source.read(CodeBlock.of("lastRow + i"))))
                    .addStatement("out[outStart + i] = last")
                    .endControlFlow()
                    .addStatement("int k = last - 1")
                    .beginControlFlow("for (; k - $N >= -1; k -= $N)", ROWS_PER_PASS, ROWS_PER_PASS)
                    .addCode(pass(source, KernelContract.ROWS_PER_PASS, true, false, false, "i", "out[outStart + i] = at"))
                    .endControlFlow()
                    .beginControlFlow("for (; k >= 0; k--)");
        } else {
            m.beginControlFlow("for (int i = 0; i < width; i++)")
                    .addStatement("best[i] = $L", order.key(source.read(CodeBlock.of("start + i"))))
                    .addStatement("out[outStart + i] = 0")
                    .endControlFlow()
                    .addStatement("int k = 1")
                    .beginControlFlow("for (; k + $N <= axisLength; k += $N)", ROWS_PER_PASS, ROWS_PER_PASS)
                    .addCode(pass(source, KernelContract.ROWS_PER_PASS, false, false, false, "i", "out[outStart + i] = at"))
                    .endControlFlow()
                    .beginControlFlow("for (; k < axisLength; k++)");
        }
        return m.addCode(pass(source, 1, fromEnd, false, false, "i", "out[outStart + i] = at"))
                .endControlFlow()
                .build();
    }

    /**
     * The index of the extreme of one column, walked alone with its running best in a local: for small
     * inputs, where the block loops' scratch would cost more than it saves.
     */
    private MethodSpec oneColumn(DataSource source, boolean fromEnd) {
        return indexInColumn(source.dataType(type), order.keyType(),
                        index -> order.key(source.read(index)),
                        (candidate, best) -> order.beats(candidate, best, extremum), fromEnd)
                .addJavadoc("The index of the $L element of the column of {@code axisLength} elements {@code stride}\n",
                        extremum.adjective())
                .addJavadoc("apart from {@code start}, the $L of equal ones.\n", fromEnd ? "last" : "first")
                .build();
    }

    /**
     * The one loop over a single column, for the kernels and the SIMD classes alike: a private static
     * {@code int} method of {@code (data, start, stride, axisLength)} returning the index of the
     * column's extreme. {@code keyAt} gives the key of the element at an index expression, {@code beats}
     * the strict test of a candidate key against the best; the caller adds the documentation.
     */
    static MethodSpec.Builder indexInColumn(TypeName dataType, TypeName key, Function<CodeBlock, CodeBlock> keyAt,
            BinaryOperator<CodeBlock> beats, boolean fromEnd) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(GeneratedNames.indexInColumn(fromEnd))
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.INT)
                .addParameter(dataType, "data")
                .addParameter(TypeName.INT, "start")
                .addParameter(TypeName.INT, "stride")
                .addParameter(TypeName.INT, "axisLength");
        if (fromEnd) {
            m.addStatement("$T best = $L", key, keyAt.apply(CodeBlock.of("start + (axisLength - 1) * stride")))
                    .addStatement("int bestIndex = axisLength - 1")
                    .beginControlFlow("for (int k = axisLength - 2; k >= 0; k--)");
        } else {
            m.addStatement("$T best = $L", key, keyAt.apply(CodeBlock.of("start")))
                    .addStatement("int bestIndex = 0")
                    .beginControlFlow("for (int k = 1; k < axisLength; k++)");
        }
        return m.addStatement("$T candidate = $L", key, keyAt.apply(CodeBlock.of("start + k * stride")))
                .beginControlFlow("if ($L)", beats.apply(CodeBlock.of("candidate"), CodeBlock.of("best")))
                .addStatement("best = candidate")
                .addStatement("bestIndex = k")
                .endControlFlow()
                .endControlFlow()
                .addStatement("return bestIndex");
    }
}
