package io.github.argonnx.generator.emit;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.KernelContract;
import io.github.argonnx.generator.java.VectorForm;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The outer-axis loops of a SIMD class ({@code inner > 1}): rows are read in memory order, with a
 * running best and index per column, a vector of columns at a time.
 */
final class VectorColumnLoop {

    private static final String SPECIES = GeneratedNames.SPECIES;
    private static final String LANES = GeneratedNames.LANES;
    private static final String COLUMN_BLOCK = GeneratedNames.COLUMN_BLOCK;

    private final Extremum extremum;
    private final VectorForm form;
    private final ClassName vector;
    private final TypeName key;
    private final TypeName array;

    VectorColumnLoop(ElementType type, Extremum extremum) {
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
                .add("and index per column, a vector of columns at a time; indices are kept in lanes of the data's\n")
                .add("own type, so that one comparison mask selects both.\n")
                .build();
    }

    /** The SIMD class's constant for the number of columns per pass. */
    FieldSpec blockConstant() {
        return FieldSpec.builder(TypeName.INT, COLUMN_BLOCK, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Output elements per pass when the reduced axis is not the last one: their running bests\n"
                        + "and indices stay in the L1 cache.\n")
                .initializer("$L", KernelContract.COLUMN_BLOCK_SIZE)
                .build();
    }

    /** The methods, in the order the SIMD class lists them. */
    List<MethodSpec> methods() {
        return List.of(reduceStrided(), columnsLoop(false), columnsLoop(true), columnLoop(false), columnLoop(true));
    }

    private CodeBlock keys(String index) {
        return form.keysAt(index);
    }

    // ---- outer reduced axis -------------------------------------------------------------------

    private MethodSpec reduceStrided() {
        CodeBlock.Builder decline = CodeBlock.builder();
        form.stridedAxisLimit().ifPresentOrElse(
                limit -> decline.add("// indices are kept in $L lanes, exact up to $L\n", key, limit)
                        .beginControlFlow("if (inner < $N || axisLength > $L)", LANES, limit),
                () -> decline.beginControlFlow("if (inner < $N)", LANES));
        decline.addStatement("return false").endControlFlow();
        return KernelContract.declare(MethodSpec.methodBuilder(KernelContract.REDUCE_STRIDED)
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(TypeName.BOOLEAN), array, true)
                .addStatement("int inner = plan.inner()")
                .addStatement("int axisLength = plan.axisLength()")
                .addCode(decline.build())
                .addStatement("int scratch = $T.min(inner, $N) / $N * $N", Math.class, COLUMN_BLOCK, LANES, LANES)
                .addStatement("$T best = new $T[scratch]", ArrayTypeName.of(key), key)
                .addStatement("$T bestIndex = new $T[scratch]", ArrayTypeName.of(key), key)
                .beginControlFlow("for (int o = 0; o < plan.outer(); o++)")
                .addStatement("int sliceStart = offset + o * axisLength * inner")
                .addStatement("int outStart = outOffset + o * inner")
                .beginControlFlow("for (int column = 0; column < inner; column += $N)", COLUMN_BLOCK)
                .addStatement("int width = $T.min($N, inner - column)", Math.class, COLUMN_BLOCK)
                .beginControlFlow("if (selectLastIndex)")
                .addStatement("$N(data, sliceStart + column, inner, axisLength, width, best, bestIndex,$W"
                        + "out, outStart + column)", GeneratedNames.indicesInColumns(true))
                .nextControlFlow("else")
                .addStatement("$N(data, sliceStart + column, inner, axisLength, width, best, bestIndex,$W"
                        + "out, outStart + column)", GeneratedNames.indicesInColumns(false))
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .addStatement("return true")
                .build();
    }

    private MethodSpec columnsLoop(boolean fromEnd) {
        CodeBlock.Builder code = CodeBlock.builder()
                .addStatement("int vectorWidth = width / $N * $N", LANES, LANES)
                .addStatement("int firstRow = $L", fromEnd ? "axisLength - 1" : "0")
                .addStatement("int rowStart = start + firstRow * stride")
                .beginControlFlow("for (int c = 0; c < vectorWidth; c += $N)", LANES)
                .addStatement("$L.intoArray(best, c)", keys("rowStart + c"))
                .addStatement("$T.broadcast($N, $L).intoArray(bestIndex, c)", vector, SPECIES,
                        form.indexLane(CodeBlock.of("firstRow")))
                .endControlFlow();
        if (fromEnd) {
            code.beginControlFlow("for (int k = axisLength - 2; k >= 0; k--)");
        } else {
            code.beginControlFlow("for (int k = 1; k < axisLength; k++)");
        }
        code.addStatement("int row = start + k * stride")
                .addStatement("$T index = $T.broadcast($N, $L)", vector, vector, SPECIES, form.indexLane(CodeBlock.of("k")))
                .beginControlFlow("for (int c = 0; c < vectorWidth; c += $N)", LANES)
                .addStatement("$T candidate = $L", vector, keys("row + c"))
                .addStatement("$T b = $T.fromArray($N, best, c)", vector, vector, SPECIES)
                .addStatement("$T beats = $L", form.maskType(), form.beats(CodeBlock.of("candidate"), CodeBlock.of("b"), extremum))
                .addStatement("b.blend(candidate, beats).intoArray(best, c)")
                .addStatement("$T.fromArray($N, bestIndex, c).blend(index, beats).intoArray(bestIndex, c)", vector, SPECIES)
                .endControlFlow()
                .endControlFlow()
                .beginControlFlow("for (int c = 0; c < vectorWidth; c++)")
                .addStatement("out[outStart + c] = (long) bestIndex[c]")
                .endControlFlow()
                .add("// the columns left over after whole vectors, one at a time\n")
                .beginControlFlow("for (int c = vectorWidth; c < width; c++)")
                .addStatement("out[outStart + c] = $N(data, start + c, stride, axisLength)",
                        GeneratedNames.indexInColumn(fromEnd))
                .endControlFlow();
        return MethodSpec.methodBuilder(GeneratedNames.indicesInColumns(fromEnd))
                .addJavadoc("For {@code width} columns from {@code start} whose elements are {@code stride} apart, writes\n")
                .addJavadoc("the index of each one's $L element to {@code out[outStart + c]}; {@code best} and\n",
                        extremum.adjective())
                .addJavadoc("{@code bestIndex} hold the running bests and their indices.\n")
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
        MethodSpec.Builder m = MethodSpec.methodBuilder(GeneratedNames.indexInColumn(fromEnd))
                .addJavadoc("The index of the $L element of one column, as {@link #$N} finds it for whole vectors.\n",
                        extremum.adjective(), GeneratedNames.indicesInColumns(fromEnd))
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.INT)
                .addParameter(array, "data")
                .addParameter(TypeName.INT, "start")
                .addParameter(TypeName.INT, "stride")
                .addParameter(TypeName.INT, "axisLength");
        if (fromEnd) {
            m.addStatement("$T best = $L", key, form.key(CodeBlock.of("data[start + (axisLength - 1) * stride]")))
                    .addStatement("int bestIndex = axisLength - 1")
                    .beginControlFlow("for (int k = axisLength - 2; k >= 0; k--)");
        } else {
            m.addStatement("$T best = $L", key, form.key(CodeBlock.of("data[start]")))
                    .addStatement("int bestIndex = 0")
                    .beginControlFlow("for (int k = 1; k < axisLength; k++)");
        }
        return m.addStatement("$T candidate = $L", key, form.key(CodeBlock.of("data[start + k * stride]")))
                .beginControlFlow("if ($L)", form.beatsOne(CodeBlock.of("candidate"), CodeBlock.of("best"), extremum))
                .addStatement("best = candidate")
                .addStatement("bestIndex = k")
                .endControlFlow()
                .endControlFlow()
                .addStatement("return bestIndex")
                .build();
    }
}
