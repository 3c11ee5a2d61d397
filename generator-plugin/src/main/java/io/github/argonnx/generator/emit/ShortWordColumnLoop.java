package io.github.argonnx.generator.emit;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.ElementOrder;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The outer-axis loop of a 16-bit kernel over an array, without the Vector API, on JDK 22 and later:
 * each column keeps, beside its running best, the word screen of the elements that beat it (the
 * contiguous loops' {@code screenOf}), and {@code ShortWords.ColumnScreens} screens a whole row four
 * columns per long at a time, in a loop C2 vectorizes. Only the columns of a row that pass are read as
 * keys and tested with the kernel's strict test; a column that the row beats gets the new best's
 * screen. Rows are taken in the scalar loop's order (from the first for the first index, from the last
 * for the last index), so the indices are those of the scalar loop. Before JDK 22 there are no column
 * screens, and the scalar column loop takes the block; so do the columns after the last whole word.
 *
 * <p>The fold of a streaming accumulator's chunks does the same for the first index, with each
 * column's screen kept beside its running best from one chunk to the next ({@code Bests.screens}, one
 * {@code ColumnScreens} per block of columns). The last index's fold, where a row replaces every best
 * it ties, takes the scalar fold: a screen passes only what beats.
 */
final class ShortWordColumnLoop {

    private final ElementType type;
    private final Extremum extremum;
    private final ElementOrder order;

    /** Whether a type's kernels take this loop (and its fold's running screens): the 16-bit types. */
    static boolean appliesTo(ElementType type) {
        return SixteenBitSliceLoop.appliesTo(type);
    }

    ShortWordColumnLoop(ElementType type, Extremum extremum) {
        if (!appliesTo(type)) {
            throw new IllegalArgumentException("column screens read 16-bit elements, not " + type.onnxName());
        }
        this.type = type;
        this.extremum = extremum;
        this.order = ElementOrder.of(type);
    }

    /** The methods this loop adds to the kernel. */
    List<MethodSpec> methods() {
        return List.of(loop(false), loop(true), fold());
    }

    /** The declaration of the scratch, once per call: null before JDK 22. */
    static CodeBlock scratch(CodeBlock size) {
        return CodeBlock.builder()
                .addStatement("$T screens = $T.isAvailable()$W? new $T($L)$W: null", RuntimeClasses.COLUMN_SCREENS,
                        RuntimeClasses.SHORT_WORDS, RuntimeClasses.COLUMN_SCREENS, size)
                .build();
    }

    /** The first index's fold of a block of columns, rows in order, each column against its running screen. */
    private MethodSpec fold() {
        TypeName key = order.foldKeyType();
        String scalarFold = GeneratedNames.foldInColumns(false);
        return MethodSpec.methodBuilder(WordColumnLoop.foldName(false))
                .addJavadoc("{@link #$N} with a word screen per column, kept in {@code screens} from one chunk to the\n",
                        scalarFold)
                .addJavadoc("next and set from the chunk's first row when it is the {@code seed}; {@code screens} is null\n")
                .addJavadoc("before JDK 22.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(short[].class, "data")
                .addParameter(TypeName.INT, "start")
                .addParameter(TypeName.INT, "stride")
                .addParameter(TypeName.INT, "firstRow")
                .addParameter(TypeName.INT, "rows")
                .addParameter(TypeName.INT, "width")
                .addParameter(RuntimeClasses.COLUMN_SCREENS, "screens")
                .addParameter(TypeName.BOOLEAN, "seed")
                .addParameter(ArrayTypeName.of(key), "best")
                .addParameter(ArrayTypeName.of(TypeName.LONG), "indices")
                .addParameter(TypeName.INT, "bestStart")
                .addParameter(TypeName.LONG, "indexBase")
                .beginControlFlow("if (screens == null)")
                .addStatement("$N(data, start, stride, firstRow, rows, width, best, indices, bestStart, indexBase)", scalarFold)
                .addStatement("return")
                .endControlFlow()
                .addStatement("int words = width >>> 2")
                .addStatement("int wordColumns = 4 * words")
                .beginControlFlow("if (seed)")
                .beginControlFlow("for (int i = 0; i < wordColumns; i++)")
                .addStatement("screens.set(i, $N(data[start + i]))", SixteenBitSliceLoop.SCREEN_OF)
                .endControlFlow()
                .endControlFlow()
                .beginControlFlow("for (int k = firstRow; k < rows; k++)")
                .addStatement("int row = start + k * stride")
                .beginControlFlow("if (screens.screenRow(data, row, words) != 0)")
                .addCode(passingColumns(key, order.foldKey(CodeBlock.of("data[row + i]")), "best[bestStart + i]",
                        "indices[bestStart + i] = indexBase + k"))
                .endControlFlow()
                .endControlFlow()
                .addComment("the screens outlive the chunk: they must not keep its array alive")
                .addStatement("screens.release()")
                .beginControlFlow("if (wordColumns < width)")
                .addStatement("$N(data, start + wordColumns, stride, firstRow, rows, width - wordColumns, best, indices,$W"
                        + "bestStart + wordColumns, indexBase)", scalarFold)
                .endControlFlow()
                .build();
    }

    /**
     * The columns of the row just screened that pass: each one's {@code candidate} tested against
     * {@code best} and, where it beats it, stored there with its index ({@code storeIndex}) and screen.
     */
    private CodeBlock passingColumns(TypeName key, CodeBlock candidateKey, String best, String storeIndex) {
        return CodeBlock.builder()
                .beginControlFlow("for (int w = 0; w < words; w++)")
                .beginControlFlow("for (long lanes = screens.passingLanes(w); lanes != 0; lanes &= lanes - 1)")
                .add("// lane j of the word is column 4w + j; its top bit is bit 16j + 15\n")
                .addStatement("int i = 4 * w + ($T.numberOfTrailingZeros(lanes) >>> 4)", Long.class)
                .addStatement("$T candidate = $L", key, candidateKey)
                .beginControlFlow("if ($L)", order.strictlyBeats(CodeBlock.of("candidate"), CodeBlock.of(best), extremum))
                .addStatement("$L = candidate", best)
                .addStatement("$L", storeIndex)
                .addStatement("screens.set(i, $N(data[row + i]))", SixteenBitSliceLoop.SCREEN_OF)
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .build();
    }

    private MethodSpec loop(boolean fromEnd) {
        TypeName key = order.keyType();
        CodeBlock keyAt = order.key(CodeBlock.of("data[row + i]"));
        MethodSpec.Builder m = MethodSpec.methodBuilder(WordColumnLoop.name(fromEnd))
                .addJavadoc("{@link #$N} with a word screen per column: each row is screened four columns per long,\n",
                        GeneratedNames.indicesInColumns(fromEnd))
                .addJavadoc("and only the columns that pass are tested; {@code screens} is null before JDK 22.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(short[].class, "data")
                .addParameter(TypeName.INT, "start")
                .addParameter(TypeName.INT, "stride")
                .addParameter(TypeName.INT, "axisLength")
                .addParameter(TypeName.INT, "width")
                .addParameter(RuntimeClasses.COLUMN_SCREENS, "screens")
                .addParameter(ArrayTypeName.of(key), "best")
                .addParameter(ArrayTypeName.of(TypeName.LONG), "out")
                .addParameter(TypeName.INT, "outStart")
                .beginControlFlow("if (screens == null)")
                .addStatement("$N(data, start, stride, axisLength, width, best, out, outStart)",
                        GeneratedNames.indicesInColumns(fromEnd))
                .addStatement("return")
                .endControlFlow()
                .addStatement("int words = width >>> 2")
                .addStatement("int wordColumns = 4 * words")
                .addStatement("int firstRead = $L", fromEnd ? "axisLength - 1" : "0")
                .addStatement("int firstRow = start + firstRead * stride")
                .beginControlFlow("for (int i = 0; i < wordColumns; i++)")
                .addStatement("best[i] = $L", order.key(CodeBlock.of("data[firstRow + i]")))
                .addStatement("screens.set(i, $N(data[firstRow + i]))", SixteenBitSliceLoop.SCREEN_OF)
                .addStatement("out[outStart + i] = firstRead")
                .endControlFlow()
                .beginControlFlow(fromEnd ? "for (int k = firstRead - 1; k >= 0; k--)" : "for (int k = 1; k < axisLength; k++)")
                .addStatement("int row = start + k * stride")
                .beginControlFlow("if (screens.screenRow(data, row, words) != 0)")
                .addCode(passingColumns(key, keyAt, "best[i]", "out[outStart + i] = k"))
                .endControlFlow()
                .endControlFlow()
                .beginControlFlow("if (wordColumns < width)")
                .addStatement("$N(data, start + wordColumns, stride, axisLength, width - wordColumns, best, out,$WoutStart + wordColumns)",
                        GeneratedNames.indicesInColumns(fromEnd))
                .endControlFlow();
        return m.build();
    }
}
