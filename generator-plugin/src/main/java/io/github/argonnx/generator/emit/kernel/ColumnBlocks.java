package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.KernelContract;
import java.util.List;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import javax.lang.model.element.Modifier;

/**
 * What the outer-axis loops share, whatever their element form ({@link ColumnLoop}) and the SIMD
 * classes' ({@link ColumnVectorLoop}): the two signatures every loop over a block of columns has,
 * declared once here as {@link SliceBlocks#declare} does for the slice loops (a loop's own scratch goes
 * before {@code best}); the names of the loops over words; the constants of rows per pass and of small
 * inputs; and the loop over one column.
 */
final class ColumnBlocks {

    private ColumnBlocks() {}

    /** The word loop's name: {@code firstIndicesInColumnWords} or {@code lastIndicesInColumnWords}. */
    static String wordLoopName(boolean fromEnd) {
        return fromEnd ? "lastIndicesInColumnWords" : "firstIndicesInColumnWords";
    }

    /** The word fold's name: {@code foldFirstInColumnWords} or {@code foldLastInColumnWords}. */
    static String wordFoldName(boolean last) {
        return last ? "foldLastInColumnWords" : "foldFirstInColumnWords";
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
        return FieldSpec.builder(TypeName.INT, GeneratedNames.ROWS_PER_PASS, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Rows folded per pass over a block of columns: a column's running best is loaded and\n"
                        + "stored once per pass, not once per row.\n")
                .initializer("$L", rowsPerPass)
                .build();
    }

    /**
     * A private static {@code void name(data, start, stride, axisLength, width, scratch..., best, out, outStart)}:
     * the loop that writes the indices of {@code width} columns, keeping their running bests as {@code key}s.
     */
    static MethodSpec.Builder declareLoop(String name, TypeName dataType, TypeName key, ParameterSpec... scratch) {
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(dataType, "data")
                .addParameter(TypeName.INT, "start")
                .addParameter(TypeName.INT, "stride")
                .addParameter(TypeName.INT, "axisLength")
                .addParameter(TypeName.INT, "width")
                .addParameters(List.of(scratch))
                .addParameter(ArrayTypeName.of(key), "best")
                .addParameter(ArrayTypeName.of(TypeName.LONG), "out")
                .addParameter(TypeName.INT, "outStart");
    }

    /**
     * A private static {@code void name(data, start, stride, firstRow, rows, width, scratch..., best, indices,
     * bestStart, indexBase)}: the fold of rows {@code firstRow} (named as given) to {@code rows - 1} of
     * {@code width} columns into running bests kept as {@code foldKey}s.
     */
    static MethodSpec.Builder declareFold(String name, TypeName dataType, TypeName foldKey, String firstRow,
            ParameterSpec... scratch) {
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(dataType, "data")
                .addParameter(TypeName.INT, "start")
                .addParameter(TypeName.INT, "stride")
                .addParameter(TypeName.INT, firstRow)
                .addParameter(TypeName.INT, "rows")
                .addParameter(TypeName.INT, "width")
                .addParameters(List.of(scratch))
                .addParameter(ArrayTypeName.of(foldKey), "best")
                .addParameter(ArrayTypeName.of(TypeName.LONG), "indices")
                .addParameter(TypeName.INT, "bestStart")
                .addParameter(TypeName.LONG, "indexBase");
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
