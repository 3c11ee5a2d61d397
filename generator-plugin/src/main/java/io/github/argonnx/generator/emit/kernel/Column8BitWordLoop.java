package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.ElementOrder;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.LoopFamily;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.Arrays;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The outer-axis loop of an 8-bit kernel (int8, uint8) over an array, without the Vector API: eight
 * adjacent columns are read at a time as one {@code long}, and their running bests are kept as
 * <em>normalized</em> bytes (see {@link EightBitWords}) in a byte array read and written eight
 * at a time through the same view, which JDK 17 runs faster than a {@code long[]} of words
 * ({@code ArgOnnxBenchmark}, uint8 outer axes). One word test per row tells
 * which of the eight columns the row beats; only those are updated, byte by byte, with their index.
 * The columns after the last whole word go to the scalar column loop.
 *
 * <p>Each byte's test is the kernel's strict test, and rows are taken in the same order as in the
 * scalar loop (from the first for the first index, from the last for the last index), so the indices
 * are those of the scalar loop.
 *
 * <p>The fold of partial results ({@code foldRows}) reads its running bests, fold keys in a byte
 * array, eight columns at a time with the same view; rows come in order there, so its last-index
 * loop replaces every byte its best does not beat.
 */
final class Column8BitWordLoop implements ColumnLoop {

    private static final String RAISE = "raiseBeatenColumns";
    private static final String LOW_BITS = EightBitWords.hex(EightBitWords.LOW_BITS);
    private static final String TOP_BITS = EightBitWords.hex(EightBitWords.TOP_BITS);

    private final ElementType type;
    private final Extremum extremum;
    private final EightBitWords words;

    Column8BitWordLoop(ElementType type, Extremum extremum) {
        if (LoopFamily.of(type) != LoopFamily.EIGHT_BIT_WORDS) {
            throw new IllegalArgumentException("loops over words of columns read 8-bit elements, not " + type.onnxName());
        }
        this.type = type;
        this.extremum = extremum;
        this.words = new EightBitWords(type, extremum);
    }

    @Override
    public String loopName(boolean fromEnd) {
        return ColumnBlocks.wordLoopName(fromEnd);
    }

    @Override
    public String foldName(boolean last) {
        return ColumnBlocks.wordFoldName(last);
    }

    /** The running bests of a block's whole words, as normalized bytes. */
    @Override
    public CodeBlock declareScratch(CodeBlock size) {
        return CodeBlock.of("$T bestBytes = new $T[$L];\n", byte[].class, byte.class, size);
    }

    @Override
    public String scratchArguments() {
        return "bestBytes, ";
    }

    @Override
    public List<MethodSpec> addedMethods() {
        return List.of(loop(false), loop(true), fold(false), fold(true), raise());
    }

    /**
     * What turns a word of fold keys into the stored bytes: fold keys of 8-bit types are signed bytes in
     * value order ({@code ElementOrder.foldKey}), the stored bits with the sign bit flipped for uint8.
     */
    private long foldKeyToStored() {
        return type.isUnsigned() ? EightBitWords.TOP_BITS : 0;
    }

    private CodeBlock normalizedWord(String at) {
        return normalized(CodeBlock.of("(long) $N.get(data, $L)", EightBitWords.WORD_VIEW, at));
    }

    /** A word of stored bytes, normalized; the flip is its own inverse, so also a normalized word, stored. */
    private CodeBlock normalized(CodeBlock word) {
        return xor(word, words.flipByte() * EightBitWords.ONES);
    }

    private MethodSpec loop(boolean fromEnd) {
        MethodSpec.Builder m = ColumnBlocks.declareLoop(loopName(fromEnd), DataSource.ARRAY.dataType(type), ElementOrder.of(type).keyType(),
                        ParameterSpec.builder(ArrayTypeName.of(TypeName.BYTE), "bestBytes").build())
                .addJavadoc("For {@code width} slices that start at adjacent positions from {@code start} and have their\n")
                .addJavadoc("elements {@code stride} apart, writes the index of each one's $L element to\n",
                        extremum.adjective())
                .addJavadoc("{@code out[outStart + i]}, eight columns per word: {@code bestBytes} holds their running\n")
                .addJavadoc("bests as normalized bytes, {@code best} serves the scalar loop for the columns after the\n")
                .addJavadoc("last whole word.\n")
                .addJavadoc(fromEnd
                        ? "Rows are taken from the last to the first, so the strict test keeps the last of equal elements.\n"
                        : "Rows are taken in memory order, and the strict test keeps the first of equal elements.\n")
                .addStatement("int wordColumns = width & -$T.BYTES", Long.class)
                .addStatement("int first = $L", fromEnd ? "axisLength - 1" : "0")
                .addStatement("int firstRow = start + first * stride")
                .beginControlFlow("for (int i = 0; i < wordColumns; i += $T.BYTES)", Long.class)
                .addStatement("$N.set(bestBytes, i, $L)", EightBitWords.WORD_VIEW, normalizedWord("firstRow + i"))
                .endControlFlow()
                .addStatement("$T.fill(out, outStart, outStart + wordColumns, first)", Arrays.class)
                .beginControlFlow(fromEnd ? "for (int k = first - 1; k >= 0; k--)" : "for (int k = 1; k < axisLength; k++)")
                .addStatement("int row = start + k * stride")
                .beginControlFlow("for (int i = 0; i < wordColumns; i += $T.BYTES)", Long.class)
                .addStatement("long bestWord = (long) $N.get(bestBytes, i)", EightBitWords.WORD_VIEW)
                .addStatement("long word = (long) $N.get(data, row + i)", EightBitWords.WORD_VIEW)
                .addComment("the low seven bits and the top bit of each byte of 255 minus the normalized best")
                .addStatement("long beaten = $N(word,$W~bestWord & $L,$W~bestWord & $L)$W& $L", EightBitWords.BEATEN,
                        LOW_BITS, TOP_BITS, TOP_BITS)
                .beginControlFlow("if (beaten != 0)")
                .addStatement("$N.set(bestBytes, i,$W$N(bestWord, $L, beaten, k, out, outStart + i))",
                        EightBitWords.WORD_VIEW, RAISE, normalized(CodeBlock.of("word")))
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .beginControlFlow("if (wordColumns < width)")
                .addStatement("$N(data, start + wordColumns, stride, axisLength, width - wordColumns, best,$Wout, outStart + wordColumns)",
                        GeneratedNames.indicesInColumns(fromEnd))
                .endControlFlow();
        return m.build();
    }

    private MethodSpec fold(boolean last) {
        long keyToNormalized = foldKeyToStored() ^ (words.flipByte() * EightBitWords.ONES);
        MethodSpec.Builder m = ColumnBlocks.declareFold(foldName(last), DataSource.ARRAY.dataType(type), ElementOrder.of(type).foldKeyType(),
                        "firstRow")
                .addJavadoc("For {@code width} columns from {@code start} whose elements are {@code stride} apart, folds\n")
                .addJavadoc("rows {@code firstRow} to {@code rows - 1} into {@code best} and {@code indices} from {@code bestStart}\n")
                .addJavadoc("on, eight columns per word; $L. The columns after\n", last
                        ? "a row replaces each best it is not beaten by, so the last of equal elements is kept"
                        : "a row replaces each best it strictly beats, so the first of equal elements is kept")
                .addJavadoc("the last whole word go to {@link #$N}.\n", GeneratedNames.foldInColumns(last))
                .addStatement("int wordColumns = width & -$T.BYTES", Long.class)
                .beginControlFlow("for (int k = firstRow; k < rows; k++)")
                .addStatement("int row = start + k * stride")
                .beginControlFlow("for (int i = 0; i < wordColumns; i += $T.BYTES)", Long.class)
                .addStatement("long bestWord = $L", xor(CodeBlock.of("(long) $N.get(best, bestStart + i)",
                        EightBitWords.WORD_VIEW), keyToNormalized))
                .addStatement("long word = (long) $N.get(data, row + i)", EightBitWords.WORD_VIEW);
        CodeBlock normalizedWord = normalized(CodeBlock.of("word"));
        if (last) {
            // the bytes whose best beats the row's byte: the word test with the two sides swapped (it takes
            // stored bytes on its left)
            m.addStatement("long normalized = $L", normalizedWord)
                    .addStatement("long replaced = ~$N($L,$W~normalized & $L,$W~normalized & $L)$W& $L",
                            EightBitWords.BEATEN, normalized(CodeBlock.of("bestWord")), LOW_BITS, TOP_BITS, TOP_BITS);
        } else {
            m.addStatement("long replaced = $N(word,$W~bestWord & $L,$W~bestWord & $L)$W& $L", EightBitWords.BEATEN,
                    LOW_BITS, TOP_BITS, TOP_BITS);
        }
        return m.beginControlFlow("if (replaced != 0)")
                .addStatement("long raised = $N(bestWord, $L, replaced,$WindexBase + k, indices, bestStart + i)", RAISE,
                        last ? CodeBlock.of("normalized") : normalizedWord)
                .addStatement("$N.set(best, bestStart + i, $L)", EightBitWords.WORD_VIEW,
                        xor(CodeBlock.of("raised"), keyToNormalized))
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .beginControlFlow("if (wordColumns < width)")
                .addStatement("$N(data, start + wordColumns, stride, firstRow, rows, width - wordColumns, best, indices,$W"
                        + "bestStart + wordColumns, indexBase)", GeneratedNames.foldInColumns(last))
                .endControlFlow()
                .build();
    }

    /** {@code value ^ constant}, or {@code value} alone when the constant is 0. */
    private static CodeBlock xor(CodeBlock value, long constant) {
        return constant == 0 ? value : CodeBlock.of("$L ^ $L", value, EightBitWords.hex(constant));
    }

    private MethodSpec raise() {
        return MethodSpec.methodBuilder(RAISE)
                .addJavadoc("Replaces, in {@code bestWord}, each byte whose bit 7 is set in {@code beaten} by that byte of\n")
                .addJavadoc("{@code normalized}, and writes {@code index} as the index of its column, from {@code outAt} on.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.LONG)
                .addParameter(TypeName.LONG, "bestWord")
                .addParameter(TypeName.LONG, "normalized")
                .addParameter(TypeName.LONG, "beaten")
                .addParameter(TypeName.LONG, "index")
                .addParameter(ArrayTypeName.of(TypeName.LONG), "out")
                .addParameter(TypeName.INT, "outAt")
                .beginControlFlow("do")
                .addStatement("int topBit = $T.numberOfTrailingZeros(beaten)", Long.class)
                .addStatement("long column = 0xFFL << (topBit - 7)")
                .addStatement("bestWord = (bestWord & ~column) | (normalized & column)")
                .addStatement("out[outAt + (topBit >>> 3)] = index")
                .addStatement("beaten &= beaten - 1")
                .endControlFlow("while (beaten != 0)")
                .addStatement("return bestWord")
                .build();
    }
}
