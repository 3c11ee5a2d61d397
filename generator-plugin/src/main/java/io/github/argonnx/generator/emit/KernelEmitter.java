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
import io.github.argonnx.generator.model.ElementOrder;
import io.github.argonnx.generator.model.Extremum;
import io.github.argonnx.generator.model.VectorForm;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.lang.model.element.Modifier;

/**
 * Emits one kernel class per (operator, element type): {@code ArgMaxFloatKernel}, {@code ArgMinUint64Kernel}, ...
 *
 * <p>Each kernel has the two public {@code reduce} methods of the kernel contract (array and NIO
 * buffer) and, behind them, two loops per form: one for a contiguous reduced axis ({@code inner == 1})
 * and one that walks an outer axis in memory order with a running best per output element. Everything
 * that differs between element types comes from {@link DataType#storage()} and {@link DataType#order()}.
 */
public final class KernelEmitter implements ArtifactEmitter {

    /** Output elements one pass of the outer-axis loop handles; keeps its running bests in L1 cache. */
    static final int COLUMN_BLOCK = 1024;

    private static final String COLUMN_BLOCK_NAME = "COLUMN_BLOCK";

    /**
     * Elements per block of the IEEE contiguous loop: one NaN check per block. A multiple of
     * {@link #UNROLL}; small enough that searching a block again is cheap.
     */
    static final int NAN_SCREEN_BLOCK = 512;

    private static final String NAN_SCREEN_BLOCK_NAME = "NAN_SCREEN_BLOCK";

    /** Elements the IEEE contiguous loop reads per step; their products feed {@link #SCREENS} sums. */
    private static final int UNROLL = 8;

    /** Independent NaN-screen sums: enough that their additions never wait for each other. */
    private static final int SCREENS = 4;

    private static final String VECTORIZED_NAME = "VECTORIZED";

    /** The class name of the kernel for an operator and type, for example {@code ArgMaxFloat16Kernel}. */
    public static String kernelName(Extremum extremum, DataType type) {
        return extremum.operatorName() + type.javaName() + "Kernel";
    }

    @Override
    public List<GeneratedFile> emit(GenerationContext context) {
        List<GeneratedFile> files = new ArrayList<>();
        for (KernelTarget target : context.kernelsToGenerate()) {
            TypeSpec kernel = new KernelClass(context, target).build();
            files.add(JavaSources.file(GeneratedFile.Kind.MAIN_SOURCE, context.kernelPackage(), kernel,
                    target.provenance(context)));
        }
        return files;
    }

    /** Where kernel code reads elements from: a primitive array with an offset, or an NIO buffer. */
    private enum Source {
        ARRAY,
        BUFFER;

        TypeName dataType(DataType type) {
            return this == ARRAY ? type.storage().arrayType() : type.storage().bufferType();
        }

        CodeBlock read(CodeBlock index) {
            return this == ARRAY ? CodeBlock.of("data[$L]", index) : CodeBlock.of("data.get($L)", index);
        }
    }

    /** Builds one kernel class; holds what every method of it shares. */
    private static final class KernelClass {
        private final GenerationContext context;
        private final KernelTarget target;
        private final Extremum extremum;
        private final DataType type;
        private final ElementOrder order;
        private final VectorForm vectorForm;
        private final ClassName className;
        private final String adjective;
        private final String firstIndexName;
        private final String lastIndexName;
        private final String firstIndicesName;
        private final String lastIndicesName;

        KernelClass(GenerationContext context, KernelTarget target) {
            this.context = context;
            this.target = target;
            this.extremum = target.extremum();
            this.type = target.type();
            this.order = type.order();
            this.vectorForm = type.vectorForm();
            this.className = ClassName.get(context.kernelPackage(), kernelName(extremum, type));
            this.adjective = extremum.adjective();
            String what = capitalize(adjective);
            this.firstIndexName = "firstIndexOf" + what;
            this.lastIndexName = "lastIndexOf" + what;
            this.firstIndicesName = "firstIndicesOf" + what;
            this.lastIndicesName = "lastIndicesOf" + what;
        }

        TypeSpec build() {
            TypeSpec.Builder kernel = TypeSpec.classBuilder(className)
                    .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                    .addJavadoc(classDoc());
            context.generatedAnnotation()
                    .annotation(GenerationContext.GENERATOR_NAME, target.provenance(context))
                    .ifPresent(kernel::addAnnotation);
            kernel.addField(FieldSpec.builder(TypeName.INT, COLUMN_BLOCK_NAME, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("Output elements handled per pass when the reduced axis is not the last one;\n"
                            + "their running bests and indices stay in the L1 cache.\n")
                    .initializer("$L", COLUMN_BLOCK)
                    .build());
            if (vectorForm.any()) {
                kernel.addField(FieldSpec.builder(
                                ParameterizedTypeName.get(RuntimeClasses.VECTORIZED_ARG_REDUCTION, type.storage().arrayType()),
                                VECTORIZED_NAME, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("SIMD loops for array input, or null without the Vector API: then the JIT drops every use.\n")
                        .addJavadoc("Named, not linked: the class is compiled apart, with {@code jdk.incubator.vector};\n")
                        .addJavadoc("this kernel's class loader loads it, wherever this kernel was loaded from.\n")
                        .initializer("$T.load($T.class,$W$S,$W$T.class)", RuntimeClasses.VECTORIZATION, className,
                                VectorLoopEmitter.className(context, extremum, type).reflectionName(),
                                type.storage().arrayType())
                        .build());
            }
            if (order.needsNaNTest()) {
                kernel.addField(FieldSpec.builder(TypeName.INT, NAN_SCREEN_BLOCK_NAME, Modifier.PRIVATE, Modifier.STATIC,
                                Modifier.FINAL)
                        .addJavadoc("Elements per block of the contiguous loops: one NaN check per block.\n")
                        .initializer("$L", NAN_SCREEN_BLOCK)
                        .build());
            }
            kernel.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
            kernel.addMethod(arrayEntry());
            kernel.addMethod(bufferEntry());
            for (Source source : Source.values()) {
                kernel.addMethod(reduceContiguous(source));
                kernel.addMethod(indexInSlice(source));
                if (order.needsNaNTest()) {
                    kernel.addMethod(screenedSliceLoop(source, false));
                    kernel.addMethod(screenedSliceLoop(source, true));
                    kernel.addMethod(nanSearch(source, false));
                    kernel.addMethod(nanSearch(source, true));
                } else {
                    kernel.addMethod(sliceLoop(source, false));
                    kernel.addMethod(sliceLoop(source, true));
                }
                kernel.addMethod(reduceStrided(source));
                kernel.addMethod(columnLoop(source, false));
                kernel.addMethod(columnLoop(source, true));
            }
            order.keyMethod(extremum).ifPresent(kernel::addMethod);
            return kernel.build();
        }

        private CodeBlock classDoc() {
            return CodeBlock.builder()
                    .add("$L over $L elements: for each slice along the reduced axis, the index of its $L element.\n",
                            extremum.operatorName(), type.onnxName(), adjective)
                    .add("\n<p>Ties give the first index, or the last with {@code selectLastIndex}.\n$L\n", order.description())
                    .add("The running best starts as the slice's first element, never a sentinel; indices are int64.\n")
                    .add(order.beatsExplanation(extremum).map(text -> text + "\n").orElse(""))
                    .add("\n<p>The input is read as {@code [outer, axisLength, inner]} ({@link $T}). With {@code inner == 1}\n",
                            RuntimeClasses.REDUCTION_PLAN)
                    .add("each slice is contiguous and is scanned on its own; otherwise the input is read in memory\n")
                    .add("order, row by row, keeping a running best for up to $L output elements at a time.\n",
                            COLUMN_BLOCK)
                    .add("Nothing proportional to the input is allocated.\n")
                    .build();
        }

        // ---- public entry points -------------------------------------------------------------

        private MethodSpec.Builder entry(Source source) {
            MethodSpec.Builder m = MethodSpec.methodBuilder("reduce")
                    .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                    .addParameter(source.dataType(type), "data");
            if (source == Source.ARRAY) {
                m.addParameter(TypeName.INT, "offset");
            }
            return m.addParameter(RuntimeClasses.REDUCTION_PLAN, "plan")
                    .addParameter(TypeName.BOOLEAN, "selectLastIndex")
                    .addParameter(ArrayTypeName.of(TypeName.LONG), "out")
                    .addParameter(TypeName.INT, "outOffset");
        }

        private CodeBlock entryDoc(Source source) {
            CodeBlock.Builder doc = CodeBlock.builder()
                    .add("Writes, for each of the {@code plan.outputSize()} slices, the index of its $L element to\n", adjective)
                    .add("{@code out[outOffset + o * plan.inner() + i]}.\n\n");
            if (source == Source.ARRAY) {
                doc.add("@param data the elements; the tensor starts at {@code data[offset]}\n")
                        .add("@param offset where the tensor starts in {@code data}\n");
            } else {
                doc.add("@param data the elements, read at absolute positions from {@code data.position()} on;\n")
                        .add("    the buffer's position and limit are not changed\n");
            }
            return doc.add("@param plan the tensor viewed as {@code [outer, axisLength, inner]}\n")
                    .add("@param selectLastIndex whether ties (and several NaNs) give the last index instead of the first\n")
                    .add("@param out receives the int64 indices\n")
                    .add("@param outOffset where the first index goes in {@code out}\n")
                    .add("@throws IndexOutOfBoundsException if {@code data} or {@code out} is too small for the plan;\n")
                    .add("    nothing has been written then\n")
                    .build();
        }

        private MethodSpec arrayEntry() {
            return entry(Source.ARRAY)
                    .addJavadoc(entryDoc(Source.ARRAY))
                    .addStatement("$T.checkFromIndexSize(offset, plan.inputSize(), data.length)", Objects.class)
                    .addStatement("$T.checkFromIndexSize(outOffset, plan.outputSize(), out.length)", Objects.class)
                    .addCode(dispatchOnLayout())
                    .build();
        }

        private MethodSpec bufferEntry() {
            return entry(Source.BUFFER)
                    .addJavadoc(entryDoc(Source.BUFFER))
                    .addStatement("int offset = data.position()")
                    .addStatement("$T.checkFromIndexSize(offset, plan.inputSize(), data.limit())", Objects.class)
                    .addStatement("$T.checkFromIndexSize(outOffset, plan.outputSize(), out.length)", Objects.class)
                    .beginControlFlow("if (data.hasArray())")
                    .addComment("a heap buffer: reduce its backing array, which is faster than reading through the buffer")
                    .addStatement("reduce(data.array(), data.arrayOffset() + offset, plan, selectLastIndex,$Wout, outOffset)")
                    .addStatement("return")
                    .endControlFlow()
                    .addCode(dispatchOnLayout())
                    .build();
        }

        private CodeBlock dispatchOnLayout() {
            return CodeBlock.builder()
                    .beginControlFlow("if (plan.inner() == 1)")
                    .addStatement("reduceContiguous(data, offset, plan.outer(), plan.axisLength(), selectLastIndex,$Wout, outOffset)")
                    .nextControlFlow("else")
                    .addStatement("reduceStrided(data, offset, plan, selectLastIndex, out, outOffset)")
                    .endControlFlow()
                    .build();
        }

        // ---- contiguous reduced axis (inner == 1) -----------------------------------------------

        private MethodSpec reduceContiguous(Source source) {
            return MethodSpec.methodBuilder("reduceContiguous")
                    .addJavadoc("The reduced axis is the last one: slice {@code o} is {@code axisLength} adjacent elements.\n")
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .addParameter(source.dataType(type), "data")
                    .addParameter(TypeName.INT, "offset")
                    .addParameter(TypeName.INT, "slices")
                    .addParameter(TypeName.INT, "axisLength")
                    .addParameter(TypeName.BOOLEAN, "selectLastIndex")
                    .addParameter(ArrayTypeName.of(TypeName.LONG), "out")
                    .addParameter(TypeName.INT, "outOffset")
                    .addCode(source == Source.ARRAY && vectorForm.contiguous() ? CodeBlock.builder()
                            .add("// all rows in one call: the SIMD class's row loop and vector code compile as one unit\n")
                            .beginControlFlow("if ($N != null$W&& $N.reduceContiguous(data, offset, slices, axisLength, selectLastIndex, out, outOffset))",
                                    VECTORIZED_NAME, VECTORIZED_NAME)
                            .addStatement("return")
                            .endControlFlow()
                            .build() : CodeBlock.of(""))
                    .beginControlFlow("for (int o = 0; o < slices; o++)")
                    .addStatement("out[outOffset + o] =$WindexInSlice(data, offset + o * axisLength, axisLength, selectLastIndex)")
                    .endControlFlow()
                    .build();
        }

        private MethodSpec indexInSlice(Source source) {
            return MethodSpec.methodBuilder("indexInSlice")
                    .addJavadoc("Index of the $L element of the {@code length} elements from {@code start}.\n", adjective)
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(TypeName.LONG)
                    .addParameter(source.dataType(type), "data")
                    .addParameter(TypeName.INT, "start")
                    .addParameter(TypeName.INT, "length")
                    .addParameter(TypeName.BOOLEAN, "selectLastIndex")
                    .addStatement("return selectLastIndex$W? $N(data, start, length)$W: $N(data, start, length)",
                            lastIndexName, firstIndexName)
                    .build();
        }

        /**
         * The scalar loop over one contiguous slice. The last index is found by walking backwards with
         * the same strict test: as the ONNX reference flips the axis, the element seen first wins.
         */
        private MethodSpec sliceLoop(Source source, boolean fromEnd) {
            TypeName key = order.keyType();
            MethodSpec.Builder m = MethodSpec.methodBuilder(fromEnd ? lastIndexName : firstIndexName)
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(TypeName.LONG)
                    .addParameter(source.dataType(type), "data")
                    .addParameter(TypeName.INT, "start")
                    .addParameter(TypeName.INT, "length");
            if (fromEnd) {
                m.addJavadoc("Walks the slice from its end: the same strict test then keeps the last of equal elements.\n")
                        .addStatement("int last = length - 1")
                        .addStatement("$T best = $L", key, order.key(source.read(CodeBlock.of("start + last"))))
                        .addStatement("long bestIndex = last")
                        .beginControlFlow("for (int k = last - 1; k >= 0; k--)");
            } else {
                m.addJavadoc("Walks the slice from its start: a strict test keeps the first of equal elements.\n")
                        .addStatement("$T best = $L", key, order.key(source.read(CodeBlock.of("start"))))
                        .addStatement("long bestIndex = 0")
                        .beginControlFlow("for (int k = 1; k < length; k++)");
            }
            return m.addStatement("$T candidate = $L", key, order.key(source.read(CodeBlock.of("start + k"))))
                    .beginControlFlow("if ($L)", order.beats(CodeBlock.of("candidate"), CodeBlock.of("best"), extremum))
                    .addStatement("best = candidate")
                    .addStatement("bestIndex = k")
                    .endControlFlow()
                    .endControlFlow()
                    .addStatement("return bestIndex")
                    .build();
        }

        /**
         * The contiguous loop for IEEE types. The plain loop's test needs two branches per element (one
         * for the order, one for NaN); this one reads blocks {@value #UNROLL} elements at a time with the
         * ordered test alone, which a NaN fails, and keeps sums of products of the elements beside it,
         * which a NaN turns into NaN. Only a block whose sums end as NaN is searched for a NaN, and the
         * first NaN found (the last, walking from the end) is the answer.
         */
        private MethodSpec screenedSliceLoop(Source source, boolean fromEnd) {
            TypeName key = order.keyType();
            ClassName boxed = type.storage().boxedType();
            CodeBlock best = CodeBlock.of("best");
            MethodSpec.Builder m = MethodSpec.methodBuilder(fromEnd ? lastIndexName : firstIndexName)
                    .addJavadoc(fromEnd
                            ? "Walks the slice from its end: a strict test keeps the last of equal elements, and the\n"
                                    + "last NaN is the answer as soon as it is seen.\n"
                            : "Walks the slice from its start: a strict test keeps the first of equal elements, and the\n"
                                    + "first NaN is the answer as soon as it is seen.\n")
                    .addJavadoc("\n<p>Whole blocks are read $L elements at a time with the ordered test alone, which a NaN\n", UNROLL)
                    .addJavadoc("fails; beside it, sums of products of the elements are kept, which a NaN turns into NaN.\n")
                    .addJavadoc("Only a block whose sums end as NaN is searched for one (infinities or overflow can also\n")
                    .addJavadoc("make them NaN: the search then finds none). One branch per element instead of two.\n")
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(TypeName.LONG)
                    .addParameter(source.dataType(type), "data")
                    .addParameter(TypeName.INT, "start")
                    .addParameter(TypeName.INT, "length");
            String firstElement = fromEnd ? "start + length - 1" : "start";
            m.addStatement("int bestAt = $L", firstElement)
                    .addStatement("$T best = $L", key, source.read(CodeBlock.of("bestAt")))
                    .beginControlFlow("if ($T.isNaN(best))", boxed)
                    .addStatement("return bestAt - start")
                    .endControlFlow();
            // Elements [start, to) remain walking down; [from, end) walking up.
            if (fromEnd) {
                m.addComment("blocks end at the slice's end: the element read first cannot beat itself")
                        .addStatement("int to = start + length")
                        .beginControlFlow("for (; to - start >= $N; to -= $N)", NAN_SCREEN_BLOCK_NAME, NAN_SCREEN_BLOCK_NAME)
                        .addStatement("int blockStart = to - $N", NAN_SCREEN_BLOCK_NAME);
            } else {
                m.addStatement("int end = start + length")
                        .addComment("blocks start at the slice's start: the first element read again cannot beat itself")
                        .addStatement("int from = start")
                        .beginControlFlow("for (; end - from >= $N; from += $N)", NAN_SCREEN_BLOCK_NAME, NAN_SCREEN_BLOCK_NAME)
                        .addStatement("int blockEnd = from + $N", NAN_SCREEN_BLOCK_NAME);
            }
            for (int s = 0; s < SCREENS; s++) {
                m.addStatement("$T screen$L = 0", key, s);
            }
            if (fromEnd) {
                m.beginControlFlow("for (int k = to - $L; k >= blockStart; k -= $L)", UNROLL, UNROLL);
            } else {
                m.beginControlFlow("for (int k = from; k < blockEnd; k += $L)", UNROLL);
            }
            for (int u = 0; u < UNROLL; u++) {
                int lane = fromEnd ? UNROLL - 1 - u : u;
                m.addStatement("$T c$L = $L", key, lane, source.read(offsetFromK(lane)));
            }
            for (int s = 0; s < SCREENS; s++) {
                m.addStatement("screen$L += c$L * c$L", s, s, s + SCREENS);
            }
            for (int u = 0; u < UNROLL; u++) {
                int lane = fromEnd ? UNROLL - 1 - u : u;
                m.beginControlFlow("if ($L)", order.strictlyBeats(CodeBlock.of("c$L", lane), best, extremum))
                        .addStatement("best = c$L", lane)
                        .addStatement("bestAt = $L", offsetFromK(lane))
                        .endControlFlow();
            }
            m.endControlFlow();
            CodeBlock sum = CodeBlock.of(IntStream.range(0, SCREENS)
                    .mapToObj(i -> "screen" + i).collect(Collectors.joining(" + ")));
            m.beginControlFlow("if ($T.isNaN($L))", boxed, sum)
                    .addStatement(fromEnd ? "int nan = lastNaN(data, blockStart, to)" : "int nan = firstNaN(data, from, blockEnd)")
                    .beginControlFlow("if (nan >= 0)")
                    .addStatement("return nan - start")
                    .endControlFlow()
                    .endControlFlow()
                    .endControlFlow();
            m.beginControlFlow(fromEnd ? "for (int k = to - 1; k >= start; k--)" : "for (int k = from; k < end; k++)")
                    .addStatement("$T candidate = $L", key, source.read(CodeBlock.of("k")))
                    .beginControlFlow("if ($L)", order.strictlyBeats(CodeBlock.of("candidate"), best, extremum))
                    .addStatement("best = candidate")
                    .addStatement("bestAt = k")
                    .nextControlFlow("else if ($T.isNaN(candidate))", boxed)
                    .addStatement("return k - start")
                    .endControlFlow()
                    .endControlFlow();
            return m.addStatement("return bestAt - start").build();
        }

        private static CodeBlock offsetFromK(int lane) {
            return lane == 0 ? CodeBlock.of("k") : CodeBlock.of("k + $L", lane);
        }

        /** The first (or last) NaN among the elements {@code [from, to)}, or -1 if there is none. */
        private MethodSpec nanSearch(Source source, boolean fromEnd) {
            MethodSpec.Builder m = MethodSpec.methodBuilder(fromEnd ? "lastNaN" : "firstNaN")
                    .addJavadoc("The $L NaN among the elements {@code [from, to)}, or -1 if there is none.\n",
                            fromEnd ? "last" : "first")
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(TypeName.INT)
                    .addParameter(source.dataType(type), "data")
                    .addParameter(TypeName.INT, "from")
                    .addParameter(TypeName.INT, "to");
            return m.beginControlFlow(fromEnd ? "for (int k = to - 1; k >= from; k--)" : "for (int k = from; k < to; k++)")
                    .beginControlFlow("if ($T.isNaN($L))", type.storage().boxedType(), source.read(CodeBlock.of("k")))
                    .addStatement("return k")
                    .endControlFlow()
                    .endControlFlow()
                    .addStatement("return -1")
                    .build();
        }

        // ---- outer reduced axis (inner > 1) ------------------------------------------------------

        private MethodSpec reduceStrided(Source source) {
            return MethodSpec.methodBuilder("reduceStrided")
                    .addJavadoc("The reduced axis is not the last one: slice {@code (o, i)} has its elements {@code inner} apart.\n")
                    .addJavadoc("Columns are taken $L at a time so their running bests stay in cache.\n", COLUMN_BLOCK)
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .addParameter(source.dataType(type), "data")
                    .addParameter(TypeName.INT, "offset")
                    .addParameter(RuntimeClasses.REDUCTION_PLAN, "plan")
                    .addParameter(TypeName.BOOLEAN, "selectLastIndex")
                    .addParameter(ArrayTypeName.of(TypeName.LONG), "out")
                    .addParameter(TypeName.INT, "outOffset")
                    .addCode(source == Source.ARRAY && vectorForm.strided() ? CodeBlock.builder()
                            .beginControlFlow("if ($N != null$W&& $N.reduceStrided(data, offset, plan, selectLastIndex, out, outOffset))",
                                    VECTORIZED_NAME, VECTORIZED_NAME)
                            .addStatement("return")
                            .endControlFlow()
                            .build() : CodeBlock.of(""))
                    .addStatement("int axisLength = plan.axisLength()")
                    .addStatement("int inner = plan.inner()")
                    .addStatement("$T best = new $T[$T.min(inner, $N)]",
                            ArrayTypeName.of(order.keyType()), order.keyType(), Math.class, COLUMN_BLOCK_NAME)
                    .beginControlFlow("for (int o = 0; o < plan.outer(); o++)")
                    .addStatement("int sliceStart = offset + o * axisLength * inner")
                    .addStatement("int outStart = outOffset + o * inner")
                    .beginControlFlow("for (int column = 0; column < inner; column += $N)", COLUMN_BLOCK_NAME)
                    .addStatement("int width = $T.min($N, inner - column)", Math.class, COLUMN_BLOCK_NAME)
                    .beginControlFlow("if (selectLastIndex)")
                    .addStatement("$N(data, sliceStart + column, inner, axisLength, width, best, out,$WoutStart + column)",
                            lastIndicesName)
                    .nextControlFlow("else")
                    .addStatement("$N(data, sliceStart + column, inner, axisLength, width, best, out,$WoutStart + column)",
                            firstIndicesName)
                    .endControlFlow()
                    .endControlFlow()
                    .endControlFlow()
                    .build();
        }

        /**
         * The scalar loop over {@code width} adjacent slices (columns) whose elements are {@code stride}
         * apart: rows are read in order, the running best index of column {@code i} lives in {@code out}.
         */
        private MethodSpec columnLoop(Source source, boolean fromEnd) {
            TypeName key = order.keyType();
            MethodSpec.Builder m = MethodSpec.methodBuilder(fromEnd ? lastIndicesName : firstIndicesName)
                    .addJavadoc("For {@code width} slices that start at adjacent positions from {@code start} and have their\n")
                    .addJavadoc("elements {@code stride} apart, writes the index of each one's $L element to\n", adjective)
                    .addJavadoc("{@code out[outStart + i]}; {@code best} holds the running best of each slice.\n")
                    .addJavadoc(fromEnd
                            ? "Rows are taken from the last to the first, so the strict test keeps the last of equal elements.\n"
                            : "Rows are taken in memory order, and the strict test keeps the first of equal elements.\n")
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .addParameter(source.dataType(type), "data")
                    .addParameter(TypeName.INT, "start")
                    .addParameter(TypeName.INT, "stride")
                    .addParameter(TypeName.INT, "axisLength")
                    .addParameter(TypeName.INT, "width")
                    .addParameter(ArrayTypeName.of(key), "best")
                    .addParameter(ArrayTypeName.of(TypeName.LONG), "out")
                    .addParameter(TypeName.INT, "outStart");
            if (fromEnd) {
                m.addStatement("int last = axisLength - 1")
                        .addStatement("int lastRow = start + last * stride")
                        .beginControlFlow("for (int i = 0; i < width; i++)")
                        .addStatement("best[i] = $L", order.key(source.read(CodeBlock.of("lastRow + i"))))
                        .addStatement("out[outStart + i] = last")
                        .endControlFlow()
                        .beginControlFlow("for (int k = last - 1; k >= 0; k--)");
            } else {
                m.beginControlFlow("for (int i = 0; i < width; i++)")
                        .addStatement("best[i] = $L", order.key(source.read(CodeBlock.of("start + i"))))
                        .addStatement("out[outStart + i] = 0")
                        .endControlFlow()
                        .beginControlFlow("for (int k = 1; k < axisLength; k++)");
            }
            return m.addStatement("int row = start + k * stride")
                    .beginControlFlow("for (int i = 0; i < width; i++)")
                    .addStatement("$T candidate = $L", key, order.key(source.read(CodeBlock.of("row + i"))))
                    .beginControlFlow("if ($L)", order.beats(CodeBlock.of("candidate"), CodeBlock.of("best[i]"), extremum))
                    .addStatement("best[i] = candidate")
                    .addStatement("out[outStart + i] = k")
                    .endControlFlow()
                    .endControlFlow()
                    .endControlFlow()
                    .build();
        }

        private static String capitalize(String s) {
            return Character.toUpperCase(s.charAt(0)) + s.substring(1);
        }
    }
}
