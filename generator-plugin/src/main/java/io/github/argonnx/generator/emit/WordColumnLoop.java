package io.github.argonnx.generator.emit;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.ElementOrder;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.Arrays;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The outer-axis loop of an 8-bit kernel (int8, uint8) over an array, without the Vector API: eight
 * adjacent columns are read at a time as one {@code long}, and their running bests are kept as one
 * word of <em>normalized</em> bytes (see {@link WordScreenedSliceLoop}). One word test per row tells
 * which of the eight columns the row beats; only those are updated, byte by byte, with their index.
 * The columns after the last whole word go to the scalar column loop.
 *
 * <p>Each byte's test is the kernel's strict test, and rows are taken in the same order as in the
 * scalar loop (from the first for the first index, from the last for the last index), so the indices
 * are those of the scalar loop.
 */
final class WordColumnLoop {

    private static final String RAISE = "raiseBeatenColumns";

    private final ElementType type;
    private final Extremum extremum;
    private final WordScreenedSliceLoop sliceLoop;

    WordColumnLoop(ElementType type, Extremum extremum) {
        this.type = type;
        this.extremum = extremum;
        this.sliceLoop = new WordScreenedSliceLoop(type, extremum);
    }

    /** The word loop's name: {@code firstIndicesInColumnWords} or {@code lastIndicesInColumnWords}. */
    static String name(boolean fromEnd) {
        return fromEnd ? "lastIndicesInColumnWords" : "firstIndicesInColumnWords";
    }

    /** The methods this loop adds to the kernel. */
    List<MethodSpec> methods() {
        return List.of(loop(false), loop(true), raise());
    }

    private CodeBlock flipWord() {
        return CodeBlock.of("$L", WordScreenedSliceLoop.hex(sliceLoop.flipByte() * WordScreenedSliceLoop.ONES));
    }

    private CodeBlock normalizedWord(String at) {
        CodeBlock read = CodeBlock.of("(long) $N.get(data, $L)", WordScreenedSliceLoop.WORD_VIEW, at);
        return sliceLoop.flipByte() == 0 ? read : CodeBlock.of("$L ^ $L", read, flipWord());
    }

    private MethodSpec loop(boolean fromEnd) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(name(fromEnd))
                .addJavadoc("For {@code width} slices that start at adjacent positions from {@code start} and have their\n")
                .addJavadoc("elements {@code stride} apart, writes the index of each one's $L element to\n",
                        extremum.adjective())
                .addJavadoc("{@code out[outStart + i]}, eight columns per word: {@code bestWords} holds their running\n")
                .addJavadoc("bests as normalized bytes, {@code best} serves the scalar loop for the columns after the\n")
                .addJavadoc("last whole word.\n")
                .addJavadoc(fromEnd
                        ? "Rows are taken from the last to the first, so the strict test keeps the last of equal elements.\n"
                        : "Rows are taken in memory order, and the strict test keeps the first of equal elements.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(DataSource.ARRAY.dataType(type), "data")
                .addParameter(TypeName.INT, "start")
                .addParameter(TypeName.INT, "stride")
                .addParameter(TypeName.INT, "axisLength")
                .addParameter(TypeName.INT, "width")
                .addParameter(ArrayTypeName.of(TypeName.LONG), "bestWords")
                .addParameter(ArrayTypeName.of(ElementOrder.of(type).keyType()), "best")
                .addParameter(ArrayTypeName.of(TypeName.LONG), "out")
                .addParameter(TypeName.INT, "outStart")
                .addStatement("int wordColumns = width & -$T.BYTES", Long.class)
                .addStatement("int first = $L", fromEnd ? "axisLength - 1" : "0")
                .addStatement("int firstRow = start + first * stride")
                .beginControlFlow("for (int i = 0; i < wordColumns; i += $T.BYTES)", Long.class)
                .addStatement("bestWords[i >>> 3] = $L", normalizedWord("firstRow + i"))
                .endControlFlow()
                .addStatement("$T.fill(out, outStart, outStart + wordColumns, first)", Arrays.class)
                .beginControlFlow(fromEnd ? "for (int k = first - 1; k >= 0; k--)" : "for (int k = 1; k < axisLength; k++)")
                .addStatement("int row = start + k * stride")
                .beginControlFlow("for (int i = 0; i < wordColumns; i += $T.BYTES)", Long.class)
                .addStatement("long bestWord = bestWords[i >>> 3]")
                .addStatement("long word = (long) $N.get(data, row + i)", WordScreenedSliceLoop.WORD_VIEW)
                .addComment("the low seven bits and the top bit of each byte of 255 minus the normalized best")
                .addStatement("long beaten = $N(word,$W~bestWord & $L,$W~bestWord & $L)$W& $L", WordScreenedSliceLoop.BEATEN,
                        WordScreenedSliceLoop.hex(WordScreenedSliceLoop.LOW_BITS),
                        WordScreenedSliceLoop.hex(WordScreenedSliceLoop.TOP_BITS),
                        WordScreenedSliceLoop.hex(WordScreenedSliceLoop.TOP_BITS))
                .beginControlFlow("if (beaten != 0)")
                .addStatement("bestWords[i >>> 3] =$W$N(bestWord, $L, beaten, k, out, outStart + i)", RAISE,
                        sliceLoop.flipByte() == 0 ? CodeBlock.of("word") : CodeBlock.of("word ^ $L", flipWord()))
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .beginControlFlow("if (wordColumns < width)")
                .addStatement("$N(data, start + wordColumns, stride, axisLength, width - wordColumns, best,$Wout, outStart + wordColumns)",
                        GeneratedNames.indicesInColumns(fromEnd))
                .endControlFlow();
        return m.build();
    }

    private MethodSpec raise() {
        return MethodSpec.methodBuilder(RAISE)
                .addJavadoc("Replaces, in {@code bestWord}, each byte whose bit 7 is set in {@code beaten} by that byte of\n")
                .addJavadoc("{@code normalized}, and writes {@code k} as the index of its column, from {@code outAt} on.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.LONG)
                .addParameter(TypeName.LONG, "bestWord")
                .addParameter(TypeName.LONG, "normalized")
                .addParameter(TypeName.LONG, "beaten")
                .addParameter(TypeName.INT, "k")
                .addParameter(ArrayTypeName.of(TypeName.LONG), "out")
                .addParameter(TypeName.INT, "outAt")
                .beginControlFlow("do")
                .addStatement("int topBit = $T.numberOfTrailingZeros(beaten)", Long.class)
                .addStatement("long column = 0xFFL << (topBit - 7)")
                .addStatement("bestWord = (bestWord & ~column) | (normalized & column)")
                .addStatement("out[outAt + (topBit >>> 3)] = k")
                .addStatement("beaten &= beaten - 1")
                .endControlFlow("while (beaten != 0)")
                .addStatement("return bestWord")
                .build();
    }
}
