package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.ElementOrder;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.KernelContract;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.List;
import java.util.function.Function;

/**
 * The scalar outer-axis loops of a kernel, for either data source: a block of columns read row by row
 * in memory order, each pass folding {@link KernelContract#ROWS_PER_PASS} rows, so that a column's
 * best is loaded and stored once per pass, and those rows are read side by side as sequential
 * streams; and one column alone, for small inputs. As a {@link ColumnLoop}, the form of the types
 * without a loop over words of columns, and of buffers. Every kernel has these loops: the word loops
 * hand them the columns after the last whole word, and the JVMs they do not run on.
 */
final class ColumnPlainLoop implements ColumnLoop {

    private static final String ROWS_PER_PASS = GeneratedNames.ROWS_PER_PASS;

    private final ElementType type;
    private final Extremum extremum;
    private final ElementOrder order;

    ColumnPlainLoop(ElementType type, Extremum extremum) {
        this.type = type;
        this.extremum = extremum;
        this.order = ElementOrder.of(type);
    }

    @Override
    public String loopName(boolean fromEnd) {
        return GeneratedNames.indicesInColumns(fromEnd);
    }

    @Override
    public String foldName(boolean last) {
        return GeneratedNames.foldInColumns(last);
    }

    /** The loops over blocks of columns and over one column, from the first and from the last row. */
    List<MethodSpec> loops(DataSource source) {
        return List.of(columnLoop(source, false), columnLoop(source, true), oneColumn(source, false), oneColumn(source, true));
    }

    /** The folds of a block of columns, for the first and for the last index. */
    List<MethodSpec> folds(DataSource source) {
        return List.of(foldInColumns(source, false), foldInColumns(source, true));
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
        return ColumnBlocks.indexInColumn(source.dataType(type), order.keyType(),
                        index -> order.key(source.read(index)),
                        (candidate, best) -> order.beats(candidate, best, extremum), fromEnd)
                .addJavadoc("The index of the $L element of the column of {@code axisLength} elements {@code stride}\n",
                        extremum.adjective())
                .addJavadoc("apart from {@code start}, the $L of equal ones.\n", fromEnd ? "last" : "first")
                .build();
    }
}
