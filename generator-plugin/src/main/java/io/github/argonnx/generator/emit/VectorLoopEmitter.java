package io.github.argonnx.generator.emit;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.model.DataType;
import io.github.argonnx.generator.model.Extremum;
import io.github.argonnx.generator.model.VectorForm;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.lang.model.element.Modifier;

/**
 * Emits the Vector API loops of each kernel that has any: {@code ArgMaxFloatVectorLoops} for
 * {@code ArgMaxFloatKernel}, and so on, as {@link GeneratedFile.Kind#VECTOR_SOURCE} files.
 *
 * <p>Each class implements the runtime's {@code VectorizedArgReduction} for the kernel's storage array.
 * The kernel names the class as a string and {@code Vectorization.load} instantiates it only when the
 * JVM has {@code jdk.incubator.vector}, so the kernels never link against the incubator module. Which
 * layouts get SIMD loops, the vector class and how lanes compare all come from
 * {@link DataType#vectorForm()}.
 */
public final class VectorLoopEmitter implements ArtifactEmitter {

    /** Vectors per block of a contiguous row: one comparison with the running best per block. */
    static final int BLOCK_VECTORS = 16;

    /** Name of the public constant that says from which row length the contiguous loop runs. */
    public static final String MIN_ROW_LENGTH_NAME = "MIN_ROW_LENGTH";

    private static final String SPECIES = "SPECIES";
    private static final String LANES = "LANES";
    private static final String BLOCK = "BLOCK";
    private static final String COLUMN_BLOCK = "COLUMN_BLOCK";

    /** The SIMD class of a kernel, for example {@code io.github.argonnx.kernels.vector.ArgMaxFloatVectorLoops}. */
    public static ClassName className(GenerationContext context, Extremum extremum, DataType type) {
        return ClassName.get(context.vectorPackage(), extremum.operatorName() + type.javaName() + "VectorLoops");
    }

    @Override
    public List<GeneratedFile> emit(GenerationContext context) {
        List<GeneratedFile> files = new ArrayList<>();
        for (KernelTarget target : context.kernelsToGenerate()) {
            if (target.type().vectorForm().any()) {
                TypeSpec loops = new LoopClass(context, target).build();
                files.add(JavaSources.file(GeneratedFile.Kind.VECTOR_SOURCE, context.vectorPackage(), loops,
                        target.provenance(context)));
            }
        }
        return files;
    }

    /** Builds one SIMD class; holds what its methods share. */
    private static final class LoopClass {
        private final GenerationContext context;
        private final KernelTarget target;
        private final Extremum extremum;
        private final DataType type;
        private final VectorForm form;
        private final ClassName vector;
        private final TypeName key;
        private final TypeName array;
        /** The lane-wise method of the extremum: {@code max} or {@code min}. */
        private final String lanewise;

        LoopClass(GenerationContext context, KernelTarget target) {
            this.context = context;
            this.target = target;
            this.extremum = target.extremum();
            this.type = target.type();
            this.form = type.vectorForm();
            this.vector = form.vectorClass();
            this.key = form.keyType();
            this.array = type.storage().arrayType();
            this.lanewise = extremum.vectorExtreme().toLowerCase(Locale.ROOT);
        }

        TypeSpec build() {
            ClassName name = className(context, extremum, type);
            TypeSpec.Builder loops = TypeSpec.classBuilder(name)
                    .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                    .addSuperinterface(ParameterizedTypeName.get(RuntimeClasses.VECTORIZED_ARG_REDUCTION, array))
                    .addJavadoc(classDoc());
            context.generatedAnnotation()
                    .annotation(GenerationContext.GENERATOR_NAME, target.provenance(context))
                    .ifPresent(loops::addAnnotation);
            loops.addField(FieldSpec.builder(form.speciesType(), SPECIES, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer("$T.SPECIES_PREFERRED", vector)
                    .build());
            loops.addField(FieldSpec.builder(TypeName.INT, LANES, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer("$N.length()", SPECIES)
                    .build());
            if (form.contiguous()) {
                loops.addField(FieldSpec.builder(TypeName.INT, BLOCK, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("Elements per block of a row: a block's lane-wise $L costs one comparison with the best so far.\n",
                                extremum.vectorExtreme().toLowerCase(Locale.ROOT))
                        .initializer("$L * $N", BLOCK_VECTORS, LANES)
                        .build());
                loops.addField(FieldSpec.builder(TypeName.INT, MIN_ROW_LENGTH_NAME, Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("Rows shorter than one block are left to the kernel's scalar loop: they have no block to\n"
                                + "read as vectors. From one block on, this loop measured faster.\n")
                        .initializer("$N", BLOCK)
                        .build());
            }
            if (form.strided()) {
                loops.addField(FieldSpec.builder(TypeName.INT, COLUMN_BLOCK, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("Output elements per pass when the reduced axis is not the last one: their running bests\n"
                                + "and indices stay in the L1 cache.\n")
                        .initializer("$L", KernelEmitter.COLUMN_BLOCK)
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
                loops.addMethod(reduceContiguous());
                loops.addMethod(rowLoop(false));
                loops.addMethod(rowLoop(true));
            }
            if (form.strided()) {
                loops.addMethod(reduceStrided());
                loops.addMethod(columnsLoop(false));
                loops.addMethod(columnsLoop(true));
                loops.addMethod(columnLoop(false));
                loops.addMethod(columnLoop(true));
            }
            if (form.contiguous() && form.testsNaN()) {
                loops.addMethod(nanSearch(false));
                loops.addMethod(nanSearch(true));
            }
            form.keyMethods(extremum).forEach(loops::addMethod);
            return loops.build();
        }

        private CodeBlock classDoc() {
            CodeBlock.Builder doc = CodeBlock.builder()
                    .add("The Vector API loops of {@code $L}: $L over $L elements, a vector of\n",
                            KernelEmitter.kernelName(extremum, type), extremum.operatorName(), type.onnxName())
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
            return MethodSpec.methodBuilder("reduceContiguous")
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
                    .beginControlFlow("if (length < $N)", MIN_ROW_LENGTH_NAME)
                    .addStatement("return false")
                    .endControlFlow()
                    .beginControlFlow("if (selectLastIndex)")
                    .addStatement("lastIndices(data, offset, rows, length, out, outOffset)")
                    .nextControlFlow("else")
                    .addStatement("firstIndices(data, offset, rows, length, out, outOffset)")
                    .endControlFlow()
                    .addStatement("return true")
                    .build();
        }

        /**
         * {@code acc = acc.max(next)}, or {@code acc = next.min(acc)}: on x86 the JIT prepares the second
         * operand of a floating-point max and the first of a min for the NaN and -0 rules, so the freshly
         * loaded vector goes there and the accumulator's chain stays short (the other order measured 8%
         * slower on 4096-element float rows; integer lanes do not care).
         */
        private CodeBlock accumulate(String acc, CodeBlock next) {
            return extremum == Extremum.LARGEST
                    ? CodeBlock.of("$L = $L.$L($L)", acc, acc, lanewise, next)
                    : CodeBlock.of("$L = $L.$L($L)", acc, next, lanewise, acc);
        }

        private CodeBlock load(String index) {
            return CodeBlock.of("$T.fromArray($N, data, $L)", vector, SPECIES, index);
        }

        private CodeBlock keys(String index) {
            return form.keys(load(index));
        }

        private static CodeBlock found(String index) {
            return CodeBlock.builder()
                    .addStatement("out[outOffset + row] = $L", index)
                    .addStatement("continue rows")
                    .build();
        }

        /**
         * The row loop, with the whole search of one row inline: the method is then too large to be
         * inlined into the kernel, so the JIT compiles it on its own, vector operations included.
         * Both directions read rows forwards (a backward block loop measured three times slower); the
         * last index comes from letting ties replace the best, then searching its block from the end.
         */
        private MethodSpec rowLoop(boolean last) {
            String lastNaN = "lastNaN(data, start + length) - start";
            CodeBlock.Builder code = CodeBlock.builder()
                    .addStatement("int tail = length % $N", BLOCK);
            if (form.testsNaN()) {
                // a NaN ends its row's search
                code.add("rows:\n");
            }
            code.beginControlFlow("for (int row = 0; row < rows; row++)")
                    .addStatement("int start = offset + row * length")
                    .addStatement("int blocksEnd = start + length - tail")
                    .add("// compared as a scalar: a vector best, updated in the loop, would be boxed by the JIT (JDK 17);\n")
                    .add("// set by the first block, not by the row's first element, whose load each row would wait for\n")
                    .add("// (measured 1.2 times slower on 4096-element rows, 2 times on 1024)\n")
                    .addStatement("$T best = 0", key)
                    .addStatement("int bestBlock = start")
                    .beginControlFlow("for (int b = start; b < blocksEnd; b += $N)", BLOCK)
                    .add("// two accumulators, so that consecutive $L operations do not wait for each other\n", lanewise)
                    .addStatement("$T m0 = $L", vector, keys("b"))
                    .addStatement("$T m1 = $L", vector, keys("b + " + LANES))
                    .beginControlFlow("for (int i = b + 2 * $N; i < b + $N; i += 2 * $N)", LANES, BLOCK, LANES)
                    .addStatement(accumulate("m0", keys("i")))
                    .addStatement(accumulate("m1", keys("i + " + LANES)))
                    .endControlFlow()
                    .addStatement("$T blockBest = m0.$L(m1)", vector, lanewise)
                    .add("// after the first block, rarely true: only when some lane beats$L the best so far$L\n",
                            last ? " or ties" : "", form.testsNaN() ? ", or is NaN" : "")
                    .beginControlFlow("if (b == start || !blockBest.compare($T.$L, best).allTrue())",
                            VectorForm.VECTOR_OPERATORS, last ? extremum.vectorLoses() : extremum.vectorDoesNotBeat())
                    .addStatement("best = blockBest.reduceLanes($T.$L)", VectorForm.VECTOR_OPERATORS, extremum.vectorExtreme());
            if (form.testsNaN()) {
                code.beginControlFlow("if (best != best)")
                        .add(found(last ? lastNaN : "firstNaN(data, b) - start"))
                        .endControlFlow();
            }
            code.addStatement("bestBlock = b")
                    .endControlFlow()
                    .endControlFlow()
                    .add("// the elements after the last whole block, one at a time\n")
                    .addStatement("int bestIndex = -1")
                    .beginControlFlow("for (int i = blocksEnd; i < start + length; i++)")
                    .addStatement("$T candidate = $L", key, form.key(CodeBlock.of("data[i]")));
            if (form.testsNaN()) {
                code.beginControlFlow("if (candidate != candidate)")
                        .add(found(last ? lastNaN : "i - start"))
                        .endControlFlow();
            }
            code.beginControlFlow("if (candidate $L best)", last ? extremum.beatsOrTiesOperator() : extremum.beatsOperator())
                    .addStatement("best = candidate")
                    .addStatement("bestIndex = i")
                    .endControlFlow()
                    .endControlFlow()
                    .beginControlFlow("if (bestIndex >= 0)")
                    .addStatement("out[outOffset + row] = bestIndex - start")
                    .nextControlFlow("else");
            CodeBlock equalLanes = CodeBlock.of("$L.compare($T.EQ, best)", keys("i"), VectorForm.VECTOR_OPERATORS);
            if (last) {
                code.add("// the block that last reached the best holds its last occurrence: find the lane\n")
                        .addStatement("int i = bestBlock + $N - $N", BLOCK, LANES)
                        .addStatement("int lane = $L.lastTrue()", equalLanes)
                        .beginControlFlow("while (lane < 0)")
                        .addStatement("i -= $N", LANES)
                        .addStatement("lane = $L.lastTrue()", equalLanes)
                        .endControlFlow();
            } else {
                code.add("// the block that first reached the best holds its first occurrence: find the lane\n")
                        .addStatement("int i = bestBlock")
                        .addStatement("int lane = $L.firstTrue()", equalLanes)
                        .beginControlFlow("while (lane == $N)", LANES)
                        .addStatement("i += $N", LANES)
                        .addStatement("lane = $L.firstTrue()", equalLanes)
                        .endControlFlow();
            }
            code.addStatement("out[outOffset + row] = i + lane - start")
                    .endControlFlow()
                    .endControlFlow();
            return MethodSpec.methodBuilder(last ? "lastIndices" : "firstIndices")
                    .addJavadoc("Writes the index of the $L element of each of {@code rows} adjacent rows of {@code length}\n",
                            extremum.adjective())
                    .addJavadoc(last ? "elements, the last of equal ones.\n" : "elements, the first of equal ones.\n")
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .addParameter(array, "data")
                    .addParameter(TypeName.INT, "offset")
                    .addParameter(TypeName.INT, "rows")
                    .addParameter(TypeName.INT, "length")
                    .addParameter(ArrayTypeName.of(TypeName.LONG), "out")
                    .addParameter(TypeName.INT, "outOffset")
                    .addCode(code.build())
                    .build();
        }

        private MethodSpec nanSearch(boolean last) {
            MethodSpec.Builder m = MethodSpec.methodBuilder(last ? "lastNaN" : "firstNaN")
                    .addJavadoc(last ? "The last NaN before {@code end}; called only when there is one.\n"
                            : "The first NaN from {@code from} on; called only when there is one.\n")
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(TypeName.INT)
                    .addParameter(array, "data")
                    .addParameter(TypeName.INT, last ? "end" : "from");
            if (last) {
                m.beginControlFlow("for (int i = end - 1; ; i--)");
            } else {
                m.beginControlFlow("for (int i = from; ; i++)");
            }
            return m.beginControlFlow("if (data[i] != data[i])")
                    .addStatement("return i")
                    .endControlFlow()
                    .endControlFlow()
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
            return MethodSpec.methodBuilder("reduceStrided")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(TypeName.BOOLEAN)
                    .addParameter(array, "data")
                    .addParameter(TypeName.INT, "offset")
                    .addParameter(RuntimeClasses.REDUCTION_PLAN, "plan")
                    .addParameter(TypeName.BOOLEAN, "selectLastIndex")
                    .addParameter(ArrayTypeName.of(TypeName.LONG), "out")
                    .addParameter(TypeName.INT, "outOffset")
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
                    .addStatement("lastIndicesInColumns(data, sliceStart + column, inner, axisLength, width, best, bestIndex,$W"
                            + "out, outStart + column)")
                    .nextControlFlow("else")
                    .addStatement("firstIndicesInColumns(data, sliceStart + column, inner, axisLength, width, best, bestIndex,$W"
                            + "out, outStart + column)")
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
                            fromEnd ? "lastIndexInColumn" : "firstIndexInColumn")
                    .endControlFlow();
            return MethodSpec.methodBuilder(fromEnd ? "lastIndicesInColumns" : "firstIndicesInColumns")
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
            MethodSpec.Builder m = MethodSpec.methodBuilder(fromEnd ? "lastIndexInColumn" : "firstIndexInColumn")
                    .addJavadoc("The index of the $L element of one column, as {@link #$N} finds it for whole vectors.\n",
                            extremum.adjective(), fromEnd ? "lastIndicesInColumns" : "firstIndicesInColumns")
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
