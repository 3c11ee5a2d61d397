package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.ElementOrder;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.KernelContract;
import io.github.argonnx.generator.java.LoopFamily;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.List;

/**
 * The outer-axis loop of a 16-bit kernel over an array, without the Vector API, on JDK 22 and later:
 * each column keeps, beside its running best, the word screen of the elements that beat it (the
 * kernel's {@code screenOf}, {@link SixteenBitScreen}), and {@code ShortWords.ColumnScreens} screens a group of rows
 * ({@code ColumnScreens.groupRows}: one at first, up to eight) four columns per long at a time, in a
 * loop C2 vectorizes. Only the words where some row of the group passes are then taken row by row, in
 * the scalar loop's order (from the first for the first index, from the last for the last index): each
 * passing column is read as a key and tested with the kernel's strict test, and one that the row beats
 * gets the new best's screen. A best only rises, so a screen set before the group passes every element
 * that beats a best raised within it; the indices are those of the scalar loop. Before JDK 22 there are
 * no column screens, and the scalar column loop takes the block; so do the columns after the last
 * whole word.
 *
 * <p>The fold of a streaming accumulator's chunks does the same for the first index, with each
 * column's screen kept beside its running best from one chunk to the next ({@code Bests.screens}, one
 * {@code ColumnScreens} per block of columns). The last index's fold, where a row replaces every best
 * it ties, takes the scalar fold: a screen passes only what beats.
 */
final class Column16BitWordLoop implements ColumnLoop {

    private final ElementType type;
    private final Extremum extremum;
    private final ElementOrder order;

    Column16BitWordLoop(ElementType type, Extremum extremum) {
        if (LoopFamily.of(type) != LoopFamily.SIXTEEN_BIT_WORDS) {
            throw new IllegalArgumentException("column screens read 16-bit elements, not " + type.onnxName());
        }
        this.type = type;
        this.extremum = extremum;
        this.order = ElementOrder.of(type);
    }

    /** The loop by groups of rows, which hands short axes on. */
    @Override
    public String loopName(boolean fromEnd) {
        return groupedName(fromEnd);
    }

    /** The first index's fold by groups of rows; the last index's takes the scalar fold. */
    @Override
    public String foldName(boolean last) {
        return last ? GeneratedNames.foldInColumns(true) : groupedFoldName();
    }

    /** The column screens, once per call: null before JDK 22. */
    @Override
    public CodeBlock declareScratch(CodeBlock size) {
        return CodeBlock.builder()
                .addStatement("$T screens = $T.isAvailable()$W? new $T($L)$W: null", RuntimeClasses.COLUMN_SCREENS,
                        RuntimeClasses.SHORT_WORDS, RuntimeClasses.COLUMN_SCREENS, size)
                .build();
    }

    @Override
    public String scratchArguments() {
        return "screens, ";
    }

    /** The running bests' screens, which the caller keeps from one chunk to the next. */
    @Override
    public void addFoldParameters(MethodSpec.Builder foldRows) {
        foldRows.addJavadoc("@param screens the running bests' word screens, one per block of $L columns of every slice\n",
                        KernelContract.COLUMN_BLOCK_SIZE)
                .addJavadoc("    (block {@code o * blocks + column / $L}), which the first index's fold keeps; null before JDK 22\n",
                        KernelContract.COLUMN_BLOCK_SIZE)
                .addParameter(ArrayTypeName.of(RuntimeClasses.COLUMN_SCREENS), "screens");
    }

    /** The blocks of columns per slice, which number the screens. */
    @Override
    public CodeBlock beforeFoldBlocks() {
        return CodeBlock.of("int blocks = (inner + $N - 1) / $N;\n", GeneratedNames.COLUMN_BLOCK, GeneratedNames.COLUMN_BLOCK);
    }

    /** The block's screens and the seed flag. */
    @Override
    public CodeBlock firstFoldArguments() {
        return CodeBlock.of("$Wscreens == null ? null : screens[o * blocks + column / $N],$Wseed,", GeneratedNames.COLUMN_BLOCK);
    }

    @Override
    public List<MethodSpec> addedMethods() {
        return List.of(loop(false), groupedLoop(false), loop(true), groupedLoop(true), fold(), groupedFold());
    }

    /** The first index's fold of a block of columns, rows in order, each column against its running screen. */
    private MethodSpec fold() {
        String scalarFold = GeneratedNames.foldInColumns(false);
        return foldMethod(ColumnBlocks.wordFoldName(false))
                .addJavadoc("{@link #$N} with a word screen per column, kept in {@code screens} from one chunk to the\n",
                        scalarFold)
                .addJavadoc("next and set from the chunk's first row when it is the {@code seed}; {@code screens} is null\n")
                .addJavadoc("before JDK 22.\n")
                .beginControlFlow("if (screens == null)")
                .addStatement("$N(data, start, stride, firstRow, rows, width, best, indices, bestStart, indexBase)", scalarFold)
                .addStatement("return")
                .endControlFlow()
                .addCode(seedOfFold())
                .beginControlFlow("for (int k = firstRow; k < rows; k++)")
                .addCode(screenedRow(foldUpdate()))
                .endControlFlow()
                .addCode(endOfFold())
                .build();
    }

    /** {@link #fold} by groups of rows, as {@link #groupedLoop}: the fold a block of columns is handed to. */
    private MethodSpec groupedFold() {
        return foldMethod(groupedFoldName())
                .addJavadoc("{@link #$N} by groups of rows where the rows taken along the whole axis are enough for them:\n",
                        ColumnBlocks.wordFoldName(false))
                .addJavadoc("each group is screened four columns per long, and only the words where some row passes are\n")
                .addJavadoc("taken row by row.\n")
                .addComment("chunks before groups pay and JDK 17 take the row fold, a method of its own as the row loop is")
                .beginControlFlow("if (screens == null || $T.groupRows(indexBase + rows - 1) == 1)",
                        RuntimeClasses.COLUMN_SCREENS)
                .addStatement("$N(data, start, stride, firstRow, rows, width, screens, seed, best, indices, bestStart,$W"
                        + "indexBase)", ColumnBlocks.wordFoldName(false))
                .addStatement("return")
                .endControlFlow()
                .addCode(seedOfFold())
                .beginControlFlow("for (int low = firstRow, high; low < rows; low = high + 1)")
                .addStatement("high = $T.min(low + $T.groupRows(indexBase + low), rows) - 1", Math.class,
                        RuntimeClasses.COLUMN_SCREENS)
                .addCode(screenedGroup(false, foldUpdate()))
                .endControlFlow()
                .addCode(endOfFold())
                .build();
    }

    /** The first index's fold a block of columns is handed to: the one by groups of rows, as {@link #groupedName}. */
    static String groupedFoldName() {
        return "foldFirstInColumnGroups";
    }

    private MethodSpec.Builder foldMethod(String name) {
        return ColumnBlocks.declareFold(name, TypeName.get(short[].class), order.foldKeyType(), "firstRow",
                ParameterSpec.builder(RuntimeClasses.COLUMN_SCREENS, "screens").build(),
                ParameterSpec.builder(TypeName.BOOLEAN, "seed").build());
    }

    /** The fold's words, and the first chunk's first row setting the screens. */
    private static CodeBlock seedOfFold() {
        return CodeBlock.builder()
                .addStatement("int words = width >>> 2")
                .addStatement("int wordColumns = 4 * words")
                .beginControlFlow("if (seed)")
                .beginControlFlow("for (int i = 0; i < wordColumns; i++)")
                .addStatement("screens.set(i, $N(data[start + i]))", SixteenBitScreen.SCREEN_OF)
                .endControlFlow()
                .endControlFlow()
                .build();
    }

    /** The chunk let go of, and the columns after the last whole word folded by the scalar fold. */
    private static CodeBlock endOfFold() {
        return CodeBlock.builder()
                .add("// the screens outlive the chunk: they must not keep its array alive\n")
                .addStatement("screens.release()")
                .beginControlFlow("if (wordColumns < width)")
                .addStatement("$N(data, start + wordColumns, stride, firstRow, rows, width - wordColumns, best, indices,$W"
                        + "bestStart + wordColumns, indexBase)", GeneratedNames.foldInColumns(false))
                .endControlFlow()
                .build();
    }

    private CodeBlock foldUpdate() {
        return laneUpdate(order.foldKeyType(), order.foldKey(CodeBlock.of("data[row + i]")), "best[bestStart + i]",
                "indices[bestStart + i] = indexBase + k");
    }

    /**
     * Rows {@code low} to {@code high} screened at once, then the words where some row passes taken row
     * by row ({@code fromEnd}: from {@code high} down), each passing column of row {@code k} tested and
     * updated by {@code update}; a group of one row is {@link #screenedRow}.
     */
    private CodeBlock screenedGroup(boolean fromEnd, CodeBlock update) {
        return CodeBlock.builder()
                .beginControlFlow("if (low == high)")
                .addStatement("int k = low")
                .add(screenedRow(update))
                .nextControlFlow("else if (screens.screenRows(data, start + low * stride, stride, high - low + 1, words) != 0)")
                .add("// a word where some row of the group passes is screened again in each row\n")
                .beginControlFlow("for (int w = 0; w < words; w++)")
                .beginControlFlow("if (screens.passingLanes(w) == 0)")
                .addStatement("continue")
                .endControlFlow()
                .beginControlFlow(fromEnd ? "for (int k = high; k >= low; k--)" : "for (int k = low; k <= high; k++)")
                .addStatement("int row = start + k * stride")
                .beginControlFlow("for (long lanes = screens.lanesInRow(data, row, w); lanes != 0; lanes &= lanes - 1)")
                .add(update)
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .build();
    }

    /** Row {@code k} screened alone, and each column that passes tested ({@code update}). */
    private static CodeBlock screenedRow(CodeBlock update) {
        return CodeBlock.builder()
                .addStatement("int row = start + k * stride")
                .beginControlFlow("if (screens.screenRow(data, row, words) != 0)")
                .beginControlFlow("for (int w = 0; w < words; w++)")
                .beginControlFlow("for (long lanes = screens.passingLanes(w); lanes != 0; lanes &= lanes - 1)")
                .add(update)
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .build();
    }

    /** The test of the column of {@code lanes}' lowest lane in row {@code k}, and where it beats, its update. */
    private CodeBlock laneUpdate(TypeName key, CodeBlock candidateKey, String best, String storeIndex) {
        return CodeBlock.builder()
                .add("// lane j of the word is column 4w + j; its top bit is bit 16j + 15\n")
                .addStatement("int i = 4 * w + ($T.numberOfTrailingZeros(lanes) >>> 4)", Long.class)
                .addStatement("$T candidate = $L", key, candidateKey)
                .beginControlFlow("if ($L)", order.strictlyBeats(CodeBlock.of("candidate"), CodeBlock.of(best), extremum))
                .addStatement("$L = candidate", best)
                .addStatement("$L", storeIndex)
                .addStatement("screens.set(i, $N(data[row + i]))", SixteenBitScreen.SCREEN_OF)
                .endControlFlow()
                .build();
    }

    private MethodSpec loop(boolean fromEnd) {
        TypeName key = order.keyType();
        return loopMethod(ColumnBlocks.wordLoopName(fromEnd), fromEnd)
                .addJavadoc("{@link #$N} with a word screen per column: each row is screened four columns per long, and\n",
                        GeneratedNames.indicesInColumns(fromEnd))
                .addJavadoc("only the columns that pass are tested; {@code screens} is null before JDK 22.\n")
                .beginControlFlow("if (screens == null)")
                .addStatement("$N(data, start, stride, axisLength, width, best, out, outStart)",
                        GeneratedNames.indicesInColumns(fromEnd))
                .addStatement("return")
                .endControlFlow()
                .addCode(firstRowOfLoop(key, fromEnd))
                .beginControlFlow(fromEnd ? "for (int k = firstRead - 1; k >= 0; k--)" : "for (int k = 1; k < axisLength; k++)")
                .addCode(screenedRow(loopUpdate()))
                .endControlFlow()
                .addCode(remainingColumnsOfLoop(fromEnd))
                .build();
    }

    /** The loop of {@link #loop} by groups of rows ({@code ColumnScreens.groupRows}). */
    private MethodSpec groupedLoop(boolean fromEnd) {
        TypeName key = order.keyType();
        return loopMethod(groupedName(fromEnd), fromEnd)
                .addJavadoc("{@link #$N} by groups of rows where the axis is long enough for them: each group is screened\n",
                        ColumnBlocks.wordLoopName(fromEnd))
                .addJavadoc("four columns per long, and only the words where some row passes are taken row by row.\n")
                .addComment("shorter axes and JDK 17 take the row loop, a method of its own: beside the groups' code")
                .addComment("the JIT compiles it less well (ArgOnnxBenchmark, int16 outer axes)")
                .beginControlFlow("if (screens == null || $T.groupRows(axisLength) == 1)", RuntimeClasses.COLUMN_SCREENS)
                .addStatement("$N(data, start, stride, axisLength, width, screens, best, out, outStart)",
                        ColumnBlocks.wordLoopName(fromEnd))
                .addStatement("return")
                .endControlFlow()
                .addCode(firstRowOfLoop(key, fromEnd))
                .beginControlFlow(fromEnd ? "for (int high = firstRead - 1, low; high >= 0; high = low - 1)"
                        : "for (int low = 1, high; low < axisLength; low = high + 1)")
                .addStatement(fromEnd ? "low = $T.max(high + 1 - $T.groupRows(firstRead - high), 0)"
                        : "high = $T.min(low + $T.groupRows(low), axisLength) - 1", Math.class, RuntimeClasses.COLUMN_SCREENS)
                .addCode(screenedGroup(fromEnd, loopUpdate()))
                .endControlFlow()
                .addCode(remainingColumnsOfLoop(fromEnd))
                .build();
    }

    private CodeBlock loopUpdate() {
        return laneUpdate(order.keyType(), order.key(CodeBlock.of("data[row + i]")), "best[i]", "out[outStart + i] = k");
    }

    /** The loop a block of columns is handed to: the one by groups of rows, which hands short axes on. */
    static String groupedName(boolean fromEnd) {
        return fromEnd ? "lastIndicesInColumnGroups" : "firstIndicesInColumnGroups";
    }

    private MethodSpec.Builder loopMethod(String name, boolean fromEnd) {
        return ColumnBlocks.declareLoop(name, TypeName.get(short[].class), order.keyType(),
                ParameterSpec.builder(RuntimeClasses.COLUMN_SCREENS, "screens").build());
    }

    /** The first row read (the first, or the last for the last index) seeds every whole word's columns. */
    private CodeBlock firstRowOfLoop(TypeName key, boolean fromEnd) {
        return CodeBlock.builder()
                .addStatement("int words = width >>> 2")
                .addStatement("int wordColumns = 4 * words")
                .addStatement("int firstRead = $L", fromEnd ? "axisLength - 1" : "0")
                .addStatement("int firstRow = start + firstRead * stride")
                .beginControlFlow("for (int i = 0; i < wordColumns; i++)")
                .addStatement("best[i] = $L", order.key(CodeBlock.of("data[firstRow + i]")))
                .addStatement("screens.set(i, $N(data[firstRow + i]))", SixteenBitScreen.SCREEN_OF)
                .addStatement("out[outStart + i] = firstRead")
                .endControlFlow()
                .build();
    }

    private CodeBlock remainingColumnsOfLoop(boolean fromEnd) {
        return CodeBlock.builder()
                .beginControlFlow("if (wordColumns < width)")
                .addStatement("$N(data, start + wordColumns, stride, axisLength, width - wordColumns, best, out,$WoutStart + wordColumns)",
                        GeneratedNames.indicesInColumns(fromEnd))
                .endControlFlow()
                .build();
    }
}
