package io.github.argonnx.generator.emit;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.java.ExtremumSyntax;
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
 * Emits the Vector API loops of each kernel that has any: {@code ArgMaxFloatVectorLoops} for
 * {@code ArgMaxFloatKernel}, and so on, as {@link GeneratedFile.Kind#VECTOR_SOURCE} files.
 *
 * <p>Each class implements the runtime's {@code VectorizedArgReduction} for the kernel's storage array.
 * The kernel names the class as a string and {@code Vectorization.load} instantiates it only when the
 * JVM has {@code jdk.incubator.vector}, so the kernels never link against the incubator module. Which
 * layouts get SIMD loops, the vector class and how lanes compare all come from
 * {@link VectorForm}; the contiguous row loop is built by {@link VectorRowLoop}.
 */
public final class VectorLoopEmitter extends JavaSourceEmitter {

    /** Vectors per block of a contiguous row: one comparison with the running best per block. */
    static final int BLOCK_VECTORS = 16;

    private static final String SPECIES = GeneratedNames.SPECIES;
    private static final String LANES = GeneratedNames.LANES;
    private static final String BLOCK = GeneratedNames.BLOCK;

    private static final String COLUMN_BLOCK = GeneratedNames.COLUMN_BLOCK;

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        List<JavaSource> files = new ArrayList<>();
        for (KernelTarget target : context.kernelsToGenerate()) {
            if (VectorForm.of(target.type()).any()) {
                files.add(new JavaSource(GeneratedFile.Kind.VECTOR_SOURCE, context.names().vectorPackage(),
                        new LoopClass(context, target).build(), target.provenance(context)));
            }
        }
        return files;
    }

    /** Builds one SIMD class; holds what its methods share. */
    private static final class LoopClass {
        private final GenerationContext context;
        private final Extremum extremum;
        private final ExtremumSyntax syntax;
        private final ElementType type;
        private final VectorForm form;
        private final ClassName vector;
        private final TypeName key;
        private final TypeName array;
        /** The lane-wise method of the extremum: {@code max} or {@code min}. */
        private final String lanewise;

        LoopClass(GenerationContext context, KernelTarget target) {
            this.context = context;
            this.extremum = target.extremum();
            this.syntax = ExtremumSyntax.of(extremum);
            this.type = target.type();
            this.form = VectorForm.of(type);
            this.vector = form.vectorClass();
            this.key = form.keyType();
            this.array = JavaStorage.of(type).arrayType();
            this.lanewise = syntax.lanewise();
        }

        TypeSpec.Builder build() {
            ClassName name = context.names().vectorLoopsClass(extremum, type);
            TypeSpec.Builder loops = TypeSpec.classBuilder(name)
                    .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                    .addSuperinterface(ParameterizedTypeName.get(RuntimeClasses.VECTORIZED_ARG_REDUCTION, array))
                    .addJavadoc(classDoc());
            loops.addField(FieldSpec.builder(form.speciesType(), SPECIES, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer("$T.SPECIES_PREFERRED", vector)
                    .build());
            loops.addField(FieldSpec.builder(TypeName.INT, LANES, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer("$N.length()", SPECIES)
                    .build());
            if (form.contiguous()) {
                loops.addField(FieldSpec.builder(TypeName.INT, BLOCK, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("Elements per block of a row: a block's lane-wise $L costs one comparison with the best so far.\n",
                                lanewise)
                        .initializer("$L * $N", BLOCK_VECTORS, LANES)
                        .build());
                loops.addField(FieldSpec.builder(TypeName.INT, GeneratedNames.MIN_ROW_LENGTH, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("Rows shorter than one block are left to the kernel's scalar loop: they have no block to\n"
                                + "read as vectors. From one block on, a block's comparisons cost less than its elements' scalar ones.\n")
                        .initializer("$N", BLOCK)
                        .build());
            }
            if (form.strided()) {
                loops.addField(FieldSpec.builder(TypeName.INT, COLUMN_BLOCK, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("Output elements per pass when the reduced axis is not the last one: their running bests\n"
                                + "and indices stay in the L1 cache.\n")
                        .initializer("$L", KernelContract.COLUMN_BLOCK_SIZE)
                        .build());
            }
            form.keyConstants().forEach(loops::addField);
            loops.addMethod(MethodSpec.constructorBuilder()
                    .addJavadoc("Called by {@code Vectorization.load}, only when the JVM has the Vector API.\n")
                    .addModifiers(Modifier.PUBLIC)
                    .build());
            loops.addMethod(MethodSpec.methodBuilder("arrayType")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(ParameterizedTypeName.get(ClassName.get(Class.class), array))
                    .addStatement("return $T.class", array)
                    .build());
            if (form.contiguous()) {
                VectorRowLoop rowLoop = new VectorRowLoop(type, extremum);
                loops.addMethod(reduceContiguous());
                loops.addMethod(rowLoop.loop(false));
                loops.addMethod(rowLoop.loop(true));
            }
            if (form.strided()) {
                loops.addMethod(reduceStrided());
                loops.addMethod(columnsLoop(false));
                loops.addMethod(columnsLoop(true));
                loops.addMethod(columnLoop(false));
                loops.addMethod(columnLoop(true));
            }
            if (form.contiguous() && form.testsNaN()) {
                loops.addMethod(VectorRowLoop.knownNaNSearch(type, false));
                loops.addMethod(VectorRowLoop.knownNaNSearch(type, true));
            }
            form.keyMethods(extremum).forEach(loops::addMethod);
            return loops;
        }

        private CodeBlock keys(String index) {
            return form.keysAt(index);
        }

        private CodeBlock classDoc() {
            CodeBlock.Builder doc = CodeBlock.builder()
                    .add("The Vector API loops of {@code $L}: $L over $L elements, a vector of\n",
                            context.names().kernelClass(extremum, type).simpleName(), extremum.operatorName(), type.onnxName())
                    .add("elements at a time, with exactly the indices of the kernel's scalar loops.\n")
                    .add("\n<p>Compiled apart from the kernels, with {@code jdk.incubator.vector}, and instantiated by\n")
                    .add("{@code Vectorization.load} only when the JVM has that module; the kernel runs its scalar loops\n")
                    .add("when this class is absent or declines.\n")
                    .add("\n<p>$L\n", form.description());
            if (form.contiguous()) {
                doc.add("\n<p>Contiguous rows ({@code inner == 1}) are all reduced in one call, so that the row loop and the\n")
                        .add("vector operations compile as one unit. A row is read in blocks; the first block's lane-wise\n")
                        .add("$L, reduced across lanes, is the first best; after it, only a block whose lane-wise $L\n",
                                lanewise, lanewise)
                        .add("beats the best so far is reduced, and at the end only the block that first\n")
                        .add("reached the best is read again, for the lane that holds it. For the last index, a block that\n")
                        .add("ties the best also replaces it, and that block is searched from its end.\n");
            }
            if (form.strided()) {
                doc.add("\n<p>Outer-axis reductions ({@code inner > 1}) read rows in memory order and keep a running best\n")
                        .add("and index per column, a vector of columns at a time; indices are kept in lanes of the data's\n")
                        .add("own type, so that one comparison mask selects both.\n");
            }
            return doc.build();
        }

        // ---- contiguous rows --------------------------------------------------------------------

        private MethodSpec reduceContiguous() {
            return MethodSpec.methodBuilder(KernelContract.REDUCE_CONTIGUOUS)
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(TypeName.BOOLEAN)
                    .addParameter(array, "data")
                    .addParameter(TypeName.INT, "offset")
                    .addParameter(TypeName.INT, "rows")
                    .addParameter(TypeName.INT, "length")
                    .addParameter(TypeName.BOOLEAN, "selectLastIndex")
                    .addParameter(ArrayTypeName.of(TypeName.LONG), "out")
                    .addParameter(TypeName.INT, "outOffset")
                    .beginControlFlow("if (length < $N)", GeneratedNames.MIN_ROW_LENGTH)
                    .addStatement("return false")
                    .endControlFlow()
                    .beginControlFlow("if (selectLastIndex)")
                    .addStatement("$N(data, offset, rows, length, out, outOffset)", GeneratedNames.indicesInRows(true))
                    .nextControlFlow("else")
                    .addStatement("$N(data, offset, rows, length, out, outOffset)", GeneratedNames.indicesInRows(false))
                    .endControlFlow()
                    .addStatement("return true")
                    .build();
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
}
