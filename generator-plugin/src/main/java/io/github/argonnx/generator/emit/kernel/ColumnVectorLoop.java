package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.KernelContract;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.java.VectorForm;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The outer-axis loops of a SIMD class ({@code inner > 1}): rows are read in memory order, with a
 * running best and index per column, a vector of columns at a time.
 *
 * <p>Each pass over a block of columns folds {@link VectorForm#columnRowsPerPass} rows: a vector's best
 * and index are loaded once, compared with that many rows (each read as a sequential stream), and
 * stored once. Indices are held in lanes of the data's own type, so that one comparison mask selects
 * both; they count rows within a group of {@link VectorForm#indexGroup} rows, and at the end of each
 * group the columns whose best moved in it get their axis index written out.
 */
final class ColumnVectorLoop {

    private static final String SPECIES = GeneratedNames.SPECIES;
    private static final String LANES = GeneratedNames.LANES;
    private static final String COLUMN_BLOCK = GeneratedNames.COLUMN_BLOCK;
    private static final String INDEX_GROUP = GeneratedNames.INDEX_GROUP;
    private static final String ROWS_PER_PASS = GeneratedNames.ROWS_PER_PASS;
    private static final String INDEX_SPECIES = GeneratedNames.INDEX_SPECIES;

    private final ElementType type;
    private final Extremum extremum;
    private final VectorForm form;
    private final ClassName vector;
    private final TypeName key;
    private final TypeName array;

    ColumnVectorLoop(ElementType type, Extremum extremum) {
        this.type = type;
        this.extremum = extremum;
        this.form = VectorForm.of(type);
        this.vector = form.vectorClass();
        this.key = form.keyType();
        this.array = JavaStorage.of(type).arrayType();
    }

    /** For the SIMD class's documentation: how its outer-axis loops work. */
    static CodeBlock classDoc() {
        return CodeBlock.builder()
                .add("\n<p>Outer-axis reductions ({@code inner > 1}) read rows in memory order and keep a running best\n")
                .add("and index per column, a vector of columns at a time, folding several rows per load and store\n")
                .add("of the running bests. Indices are kept in lanes of the data's own type, so that one comparison\n")
                .add("mask selects both; they count rows within a group short enough for those lanes.\n")
                .build();
    }

    /** The SIMD class's constants of the outer-axis loops. */
    List<FieldSpec> constants() {
        List<FieldSpec> constants = new ArrayList<>(List.of(
                FieldSpec.builder(TypeName.INT, COLUMN_BLOCK, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("Output elements per pass when the reduced axis is not the last one: their running bests\n"
                                + "and indices stay in the cache, and each row is read as one long stream.\n")
                        .initializer("$L", KernelContract.COLUMN_BLOCK_SIZE)
                        .build(),
                FieldSpec.builder(TypeName.INT, INDEX_GROUP, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("Rows per group: an index lane holds a row's place in its group, from -1 (none yet)\n"
                                + "to {@code INDEX_GROUP - 1}, every one exact in a $L lane.\n", key)
                        .initializer("$L", form.indexGroup())
                        .build(),
                ColumnBlocks.rowsPerPassConstant(form.columnRowsPerPass()),
                ColumnBlocks.smallStridedInputConstant()));
        if (form.writesPlacesAsVectors()) {
            constants.add(FieldSpec.builder(VectorForm.indexSpeciesType(), INDEX_SPECIES, Modifier.PRIVATE,
                            Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("The places of a group's rows, widened to {@code long} lanes of the same vector size, become\n"
                            + "axis indices a vector at a time.\n")
                    .initializer(VectorForm.indexSpecies())
                    .build());
        }
        return constants;
    }

    /** The methods, in the order the SIMD class lists them. */
    List<MethodSpec> methods() {
        return List.of(reduceStrided(), columnsLoop(false), columnsLoop(true), oneRowInColumns(false),
                new VectorGroupIndices(type).method(), columnLoop(false), columnLoop(true), foldRows(), foldInColumns(false),
                foldInColumns(true), oneRowInColumns(true));
    }

    private MethodSpec foldRows() {
        return MethodSpec.methodBuilder(GeneratedNames.FOLD_ROWS)
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(TypeName.INT)
                .addParameter(array, "data")
                .addParameter(TypeName.INT, "offset")
                .addParameter(RuntimeClasses.REDUCTION_PLAN, "plan")
                .addParameter(ArrayTypeName.of(key), "best")
                .addParameter(ArrayTypeName.of(key), "indexScratch")
                .addParameter(ArrayTypeName.of(TypeName.LONG), "indices")
                .addParameter(TypeName.LONG, "indexBase")
                .addParameter(TypeName.LONG, "openRow")
                .addParameter(TypeName.BOOLEAN, "seed")
                .addParameter(TypeName.BOOLEAN, "selectLastIndex")
                .beginControlFlow("if ($L)", EntryWatch.FOLD.isOff())
                .addStatement("return 0")
                .endControlFlow()
                .addCode(EntryWatch.FOLD.before())
                .addStatement("int rows = plan.axisLength()")
                .addStatement("int inner = plan.inner()")
                .addStatement("int vectorColumns = inner / $N * $N", LANES, LANES)
                .addStatement("int firstRow = seed ? 1 : 0")
                .beginControlFlow("for (int o = 0; o < plan.outer(); o++)")
                .addStatement("int sliceStart = offset + o * rows * inner")
                .addStatement("int bestStart = o * inner")
                .beginControlFlow("if (seed)")
                .beginControlFlow("for (int c = 0; c < vectorColumns; c += $N)", LANES)
                .addStatement("$L.intoArray(best, bestStart + c)", keys("sliceStart + c"))
                .endControlFlow()
                .beginControlFlow("for (int c = 0; c < vectorColumns; c++)")
                .addStatement("indices[bestStart + c] = indexBase")
                .endControlFlow()
                .endControlFlow()
                .beginControlFlow("for (int column = 0; column < vectorColumns; column += $N)", COLUMN_BLOCK)
                .addStatement("int width = $T.min($N, vectorColumns - column)", Math.class, COLUMN_BLOCK)
                .beginControlFlow("if (selectLastIndex)")
                .addStatement("$N(data, sliceStart + column, inner, firstRow, rows, width, best, indexScratch, indices,$W"
                        + "bestStart + column, indexBase, openRow)", GeneratedNames.foldInColumns(true))
                .nextControlFlow("else")
                .addStatement("$N(data, sliceStart + column, inner, firstRow, rows, width, best, indexScratch, indices,$W"
                        + "bestStart + column, indexBase, openRow)", GeneratedNames.foldInColumns(false))
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .addStatement(EntryWatch.FOLD.after())
                .addStatement("return vectorColumns")
                .build();
    }

    /**
     * The fold over {@code width} columns (whole vectors), rows {@code firstRow} to {@code rows - 1} in
     * memory order. Rows are grouped by their axis index, {@code INDEX_GROUP} to a group, and the lanes
     * of {@code bestIndex} hold row places in the open group from one chunk to the next: a chunk of
     * few rows then costs no more per row than one reduction of the whole axis. One method per
     * direction, as the column loops: with both in one, the JIT stops inlining a key mapping in the
     * second one it compiles.
     */
    private MethodSpec foldInColumns(boolean last) {
        CodeBlock.Builder code = CodeBlock.builder()
                .beginControlFlow("if (openRow >= 0 && openRow / $N != (indexBase + firstRow) / $N)", INDEX_GROUP, INDEX_GROUP)
                .addStatement("$N(bestIndex, bestStart, width, openRow / $N * $N, indices, bestStart)",
                        GeneratedNames.WRITE_GROUP_INDICES, INDEX_GROUP, INDEX_GROUP)
                .endControlFlow()
                .addStatement("int k = firstRow")
                .beginControlFlow("while (k < rows)")
                .add("// the chunk row where k's group starts, before the chunk if the group is open: k - group is k's place\n")
                .addStatement("int group = k - (int) ((indexBase + k) % $N)", INDEX_GROUP)
                .addStatement("int groupEnd = (int) $T.min(rows, (long) group + $N)", Math.class, INDEX_GROUP)
                .beginControlFlow("for (; k + $N <= groupEnd; k += $N)", ROWS_PER_PASS, ROWS_PER_PASS)
                .add(foldPass(form.columnRowsPerPass(), last))
                .endControlFlow()
                .beginControlFlow("for (; k < groupEnd; k++)")
                .addStatement(oneRowCall(last, "width", "bestStart"))
                .endControlFlow()
                .beginControlFlow("if (groupEnd < rows)")
                .addStatement("$N(bestIndex, bestStart, width, indexBase + group, indices, bestStart)",
                        GeneratedNames.WRITE_GROUP_INDICES)
                .endControlFlow()
                .endControlFlow();
        return MethodSpec.methodBuilder(GeneratedNames.foldInColumns(last))
                .addJavadoc("For {@code width} columns from {@code start} whose elements are {@code stride} apart, folds\n")
                .addJavadoc("rows {@code firstRow} to {@code rows - 1} into {@code best} and {@code indices} from\n")
                .addJavadoc("{@code bestStart} on: $L.\n", last
                        ? "a row replaces every best it is not beaten by, so the last of equal elements is kept"
                        : "a row replaces a best it strictly beats, so the first of equal elements is kept")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(array, "data")
                .addParameter(TypeName.INT, "start")
                .addParameter(TypeName.INT, "stride")
                .addParameter(TypeName.INT, "firstRow")
                .addParameter(TypeName.INT, "rows")
                .addParameter(TypeName.INT, "width")
                .addParameter(ArrayTypeName.of(key), "best")
                .addParameter(ArrayTypeName.of(key), "bestIndex")
                .addParameter(ArrayTypeName.of(TypeName.LONG), "indices")
                .addParameter(TypeName.INT, "bestStart")
                .addParameter(TypeName.LONG, "indexBase")
                .addParameter(TypeName.LONG, "openRow")
                .addCode(code.build())
                .build();
    }

    /**
     * One pass of the fold over whole vectors of columns, rows {@code k} to {@code k + rows - 1} in
     * memory order; for the last index a row replaces every best that does not beat it.
     */
    private CodeBlock foldPass(int rows, boolean last) {
        return passOver(rows, " + ", "width", "bestStart + c", last);
    }

    private CodeBlock keys(String index) {
        return form.keysAt(index);
    }

    private MethodSpec reduceStrided() {
        return KernelContract.declare(MethodSpec.methodBuilder(KernelContract.REDUCE_STRIDED)
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(TypeName.BOOLEAN), array, true, true)
                .addStatement("int inner = plan.inner()")
                .addStatement("int axisLength = plan.axisLength()")
                .beginControlFlow("if (columnTo - columnFrom < $N || plan.inputSize() <= $N || $L)", LANES,
                        GeneratedNames.SMALL_STRIDED_INPUT, EntryWatch.STRIDED.isOff())
                .addStatement("return false")
                .endControlFlow()
                .addCode(EntryWatch.STRIDED.before())
                .addStatement("int scratch = $T.min(columnTo - columnFrom, $N) / $N * $N", Math.class, COLUMN_BLOCK, LANES, LANES)
                .addStatement("$T best = new $T[scratch]", ArrayTypeName.of(key), key)
                .addStatement("$T bestIndex = new $T[scratch]", ArrayTypeName.of(key), key)
                .beginControlFlow("for (int o = 0; o < plan.outer(); o++)")
                .addStatement("int sliceStart = offset + o * axisLength * inner")
                .addStatement("int outStart = outOffset + o * inner")
                .beginControlFlow("for (int column = columnFrom; column < columnTo; column += $N)", COLUMN_BLOCK)
                .addStatement("int width = $T.min($N, columnTo - column)", Math.class, COLUMN_BLOCK)
                .beginControlFlow("if (selectLastIndex)")
                .addStatement("$N(data, sliceStart + column, inner, axisLength, width, best, bestIndex,$W"
                        + "out, outStart + column)", GeneratedNames.indicesInColumns(true))
                .nextControlFlow("else")
                .addStatement("$N(data, sliceStart + column, inner, axisLength, width, best, bestIndex,$W"
                        + "out, outStart + column)", GeneratedNames.indicesInColumns(false))
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .addStatement(EntryWatch.STRIDED.after())
                .addStatement("return true")
                .build();
    }

    /**
     * One pass over the whole vectors of columns, folding {@code rows} rows: from {@code row} on in
     * memory order, or from {@code row} back for the last index, a row replacing only a best it
     * strictly beats.
     */
    private CodeBlock pass(int rows, boolean fromEnd) {
        return passOver(rows, fromEnd ? " - " : " + ", "vectorWidth", "c", false);
    }

    /**
     * A pass over {@code width} columns (whole vectors) that folds {@code rows} rows, {@code row} and on in
     * {@code step} (" + " or " - "), into the running bests at {@code best[bestAt]}. The index vectors are
     * made before the loop; inside it, nothing lives from one vector of columns to the next (a vector
     * carried across iterations would be boxed by the JIT on JDK 17). Each step keeps the row taken first
     * unless the other beats it ({@code tieToLater}: unless the first strictly beats the other), a choice
     * that is associative: where {@link VectorForm#meetsRowsInTree}, the rows meet in pairs, then pairs of
     * pairs, and only their winner meets the running best, half as many dependent steps as one row after
     * the other.
     */
    private CodeBlock passOver(int rows, String step, String width, String bestAt, boolean tieToLater) {
        CodeBlock.Builder code = CodeBlock.builder()
                .addStatement("int row = start + k * stride");
        for (int r = 0; r < rows; r++) {
            code.addStatement("$T index$L = $T.broadcast($N, $L)", vector, r, vector, SPECIES,
                    form.indexLane(CodeBlock.of(r == 0 ? "k - group" : "k" + step + r + " - group")));
        }
        code.beginControlFlow("for (int c = 0; c < $L; c += $N)", width, LANES);
        if (!form.meetsRowsInTree()) {
            // one row after the other against the running best
            code.addStatement("$T bestSoFar = $T.fromArray($N, best, $L)", vector, vector, SPECIES, bestAt)
                    .addStatement("$T indexSoFar = $T.fromArray($N, bestIndex, $L)", vector, vector, SPECIES, bestAt);
            String previous = "SoFar";
            for (int r = 0; r < rows; r++) {
                code.addStatement("$T best$L = $L", vector, r, keys(rowPosition(r, step)));
                String result = r == rows - 1 ? "Now" : "SoFarTo" + r;
                code.add(merge(previous, String.valueOf(r), result, tieToLater));
                previous = result;
            }
            return stored(code, bestAt);
        }
        List<String> winners = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            code.addStatement("$T best$L = $L", vector, r, keys(rowPosition(r, step)));
            winners.add(String.valueOf(r));
        }
        // rows 0 to 7 as runs 0to1, 2to3, ..., then 0to3, 4to7, then 0to7 (a run is named by its first and last row)
        while (winners.size() > 1) {
            List<String> next = new ArrayList<>();
            for (int i = 0; i + 1 < winners.size(); i += 2) {
                String first = winners.get(i);
                String[] secondRows = winners.get(i + 1).split("to");
                String run = first.split("to")[0] + "to" + secondRows[secondRows.length - 1];
                code.add(merge(first, winners.get(i + 1), run, tieToLater));
                next.add(run);
            }
            if (winners.size() % 2 == 1) {
                next.add(winners.get(winners.size() - 1));
            }
            winners = next;
        }
        code.addStatement("$T bestSoFar = $T.fromArray($N, best, $L)", vector, vector, SPECIES, bestAt)
                .addStatement("$T indexSoFar = $T.fromArray($N, bestIndex, $L)", vector, vector, SPECIES, bestAt)
                .add(merge("SoFar", winners.get(0), "Now", tieToLater));
        return stored(code, bestAt);
    }

    private static String rowPosition(int r, String step) {
        return r == 0 ? "row + c" : "row" + step + (r == 1 ? "stride" : r + " * stride") + " + c";
    }

    /** The end of a pass's loop body: the new bests and indices stored, the loop closed. */
    private static CodeBlock stored(CodeBlock.Builder code, String bestAt) {
        return code.addStatement("bestNow.intoArray(best, $L)", bestAt)
                .addStatement("indexNow.intoArray(bestIndex, $L)", bestAt)
                .endControlFlow()
                .build();
    }

    /**
     * One step of {@link #passOver}: {@code best<result>} and {@code index<result>} from the winners of
     * {@code first} (the rows taken first) and {@code second}. The side a tie keeps stays wherever the
     * other does not beat it.
     */
    private CodeBlock merge(String first, String second, String result, boolean tieToLater) {
        String kept = tieToLater ? second : first;
        String other = tieToLater ? first : second;
        return CodeBlock.builder()
                .addStatement("$T keeps$L = $L", form.maskType(), result,
                        form.doesNotBeat(CodeBlock.of("best$L", other), CodeBlock.of("best$L", kept), extremum))
                .addStatement("$T best$L = best$L.blend(best$L, keeps$L)", vector, result, other, kept, result)
                .addStatement("$T index$L = index$L.blend(index$L, keeps$L)", vector, result, other, kept, result)
                .build();
    }

    private static CodeBlock oneRowCall(boolean replaceOnTie, String width, String bestStart) {
        return CodeBlock.of("$N(data, start, stride, k, group, $L, best, $L, bestIndex)",
                GeneratedNames.oneRowInColumns(replaceOnTie), width, bestStart);
    }

    /**
     * The rows left over after the passes of several rows, one per call: a method of its own, because
     * inside a column loop, whose passes the JIT compiles first, this code is cold, and there the JIT
     * may leave a key mapping un-inlined (the 16-bit floats' {@code laneKeys}: {@code
     * NodeCountInliningCutoff} once the method's graph is large) and box every vector it touches. Called with scalars and arrays, it is compiled with its vector operations intrinsified.
     * The strict step serves both directions of the column loops and the fold of the first index.
     */
    private MethodSpec oneRowInColumns(boolean replaceOnTie) {
        return MethodSpec.methodBuilder(GeneratedNames.oneRowInColumns(replaceOnTie))
                .addJavadoc("Folds row {@code k} of {@code width} columns from {@code start} into {@code best} from\n")
                .addJavadoc("{@code bestStart} on and {@code bestIndex}: a best moves only where the row $L.\n",
                        replaceOnTie ? "is not beaten by it" : "strictly beats it")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(array, "data")
                .addParameter(TypeName.INT, "start")
                .addParameter(TypeName.INT, "stride")
                .addParameter(TypeName.INT, "k")
                .addParameter(TypeName.INT, "group")
                .addParameter(TypeName.INT, "width")
                .addParameter(ArrayTypeName.of(key), "best")
                .addParameter(TypeName.INT, "bestStart")
                .addParameter(ArrayTypeName.of(key), "bestIndex")
                .addCode(foldPass(1, replaceOnTie))
                .build();
    }

    private MethodSpec columnsLoop(boolean fromEnd) {
        // the seed is a place of the first group like any other, so its index is written with the group's
        CodeBlock seedPlace = fromEnd ? CodeBlock.of("$T.min(axisLength, $N) - 1", Math.class, INDEX_GROUP) : CodeBlock.of("0");
        CodeBlock.Builder code = CodeBlock.builder()
                .addStatement("int vectorWidth = width / $N * $N", LANES, LANES)
                .addStatement("int firstRow = $L", fromEnd ? "axisLength - 1" : "0")
                .addStatement("int rowStart = start + firstRow * stride")
                .add("// the first row seeds the bests, at its place in the first group\n")
                .beginControlFlow("for (int c = 0; c < vectorWidth; c += $N)", LANES)
                .addStatement("$L.intoArray(best, c)", keys("rowStart + c"))
                .addStatement("$T.broadcast($N, $L).intoArray(bestIndex, c)", vector, SPECIES, form.indexLane(seedPlace))
                .endControlFlow();
        if (fromEnd) {
            code.add("// groups from the end; a group holds rows group to groupEnd - 1, taken from the last\n")
                    .addStatement("int k = firstRow - 1")
                    .addStatement("int groupEnd = axisLength")
                    .beginControlFlow("while (groupEnd > 0)")
                    .addStatement("int group = groupEnd - $T.min(groupEnd, $N)", Math.class, INDEX_GROUP)
                    .beginControlFlow("for (; k - $N >= group - 1; k -= $N)", ROWS_PER_PASS, ROWS_PER_PASS)
                    .add(pass(form.columnRowsPerPass(), true))
                    .endControlFlow()
                    .beginControlFlow("for (; k >= group; k--)")
                    .addStatement(oneRowCall(false, "vectorWidth", "0"))
                    .endControlFlow()
                    .addStatement("$N(bestIndex, 0, vectorWidth, group, out, outStart)", GeneratedNames.WRITE_GROUP_INDICES)
                    .addStatement("groupEnd = group")
                    .endControlFlow();
        } else {
            code.add("// groups from the first row; a group holds rows group to groupEnd - 1\n")
                    .addStatement("int k = firstRow + 1")
                    .addStatement("int group = 0")
                    .beginControlFlow("while (group < axisLength)")
                    .addStatement("int groupEnd = group + $T.min(axisLength - group, $N)", Math.class, INDEX_GROUP)
                    .beginControlFlow("for (; k + $N <= groupEnd; k += $N)", ROWS_PER_PASS, ROWS_PER_PASS)
                    .add(pass(form.columnRowsPerPass(), false))
                    .endControlFlow()
                    .beginControlFlow("for (; k < groupEnd; k++)")
                    .addStatement(oneRowCall(false, "vectorWidth", "0"))
                    .endControlFlow()
                    .addStatement("$N(bestIndex, 0, vectorWidth, group, out, outStart)", GeneratedNames.WRITE_GROUP_INDICES)
                    .addStatement("group = groupEnd")
                    .endControlFlow();
        }
        code.add("// the columns left over after whole vectors, one at a time\n")
                .beginControlFlow("for (int c = vectorWidth; c < width; c++)")
                .addStatement("out[outStart + c] = $N(data, start + c, stride, axisLength)",
                        GeneratedNames.indexInColumn(fromEnd))
                .endControlFlow();
        return MethodSpec.methodBuilder(GeneratedNames.indicesInColumns(fromEnd))
                .addJavadoc("For {@code width} columns from {@code start} whose elements are {@code stride} apart, writes\n")
                .addJavadoc("the index of each one's $L element to {@code out[outStart + c]}; {@code best} and\n",
                        extremum.adjective())
                .addJavadoc("{@code bestIndex} hold the running bests and their places in the current group of rows.\n")
                .addJavadoc(fromEnd ? "Rows are taken from the last to the first, so the strict test keeps the last of equal elements.\n"
                        : "Rows are taken in memory order, and the strict test keeps the first of equal elements.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(array, "data")
                .addParameter(TypeName.INT, "start")
                .addParameter(TypeName.INT, "stride")
                .addParameter(TypeName.INT, "axisLength")
                .addParameter(TypeName.INT, "width")
                .addParameter(ArrayTypeName.of(key), "best")
                .addParameter(ArrayTypeName.of(key), "bestIndex")
                .addParameter(ArrayTypeName.of(TypeName.LONG), "out")
                .addParameter(TypeName.INT, "outStart")
                .addCode(code.build())
                .build();
    }

    private MethodSpec columnLoop(boolean fromEnd) {
        return ColumnBlocks.indexInColumn(array, key, index -> form.key(DataSource.ARRAY.read(index)),
                        (candidate, best) -> form.beatsOne(candidate, best, extremum), fromEnd)
                .addJavadoc("The index of the $L element of one column, as {@link #$N} finds it for whole vectors.\n",
                        extremum.adjective(), GeneratedNames.indicesInColumns(fromEnd))
                .build();
    }
}
