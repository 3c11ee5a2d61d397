package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.JavaSourceEmitter;
import io.github.argonnx.generator.emit.KernelTarget;
import io.github.argonnx.generator.java.ElementOrder;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.KernelContract;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.lang.model.element.Modifier;
import io.github.argonnx.generator.semantics.OperatorFamily;

/**
 * Emits one kernel class per (operator, element type): {@code ArgMaxFloatKernel}, {@code ArgMinUint64Kernel}, ...
 *
 * <p>Each kernel has the two public {@code reduce} methods of the kernel contract (array and NIO
 * buffer) and, behind them, two loops per form: one for a contiguous reduced axis ({@code inner == 1})
 * and one that walks an outer axis in memory order with a running best per output element. Everything
 * that differs between element types comes from {@link JavaStorage} and {@link ElementOrder}; the
 * contiguous loops come from the type's {@link SliceLoop}, the outer-axis loops from {@link ColumnEntries}, which
 * hands each data source's blocks of columns to its {@link ColumnLoop}: both pick their builder by the type's
 * {@link io.github.argonnx.generator.java.LoopFamily}.
 */
public final class KernelEmitter extends JavaSourceEmitter {

    private static final String VECTORIZED_NAME = GeneratedNames.VECTORIZED;

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        List<JavaSource> files = new ArrayList<>();
        for (KernelTarget target : context.kernelsToGenerate(OperatorFamily.ARG_REDUCTION)) {
            files.add(new JavaSource(GeneratedFile.Kind.MAIN_SOURCE, context.names().kernelPackage(),
                    new KernelClass(context, target).build(), target.provenance(context)));
        }
        return files;
    }

    /** Builds one kernel class; holds what every method of it shares. */
    private static final class KernelClass {
        private final GenerationContext context;
        private final Extremum extremum;
        private final ElementType type;
        private final ElementOrder order;
        private final SliceLoop sliceLoop;
        private final ColumnEntries columnEntries;
        private final ClassName className;
        private final String adjective;
        private final String firstIndexName;
        private final String lastIndexName;

        KernelClass(GenerationContext context, KernelTarget target) {
            this.context = context;
            this.extremum = target.extremum();
            this.type = target.type();
            this.order = ElementOrder.of(type);
            this.sliceLoop = SliceLoop.of(type, extremum);
            this.columnEntries = new ColumnEntries(type, extremum, VECTORIZED_NAME);
            this.className = context.names().kernelClass(extremum, type);
            this.adjective = extremum.adjective();
            this.firstIndexName = GeneratedNames.indexInSlice(extremum, false);
            this.lastIndexName = GeneratedNames.indexInSlice(extremum, true);
        }

        TypeSpec.Builder build() {
            TypeSpec.Builder kernel = TypeSpec.classBuilder(className)
                    .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                    .addJavadoc(classDoc());
            columnEntries.constants().forEach(kernel::addField);
            kernel.addField(FieldSpec.builder(
                            ParameterizedTypeName.get(RuntimeClasses.VECTORIZED_ARG_REDUCTION, JavaStorage.of(type).arrayType()),
                            VECTORIZED_NAME, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("SIMD loops for array input, or null without the Vector API: then the JIT drops every use.\n")
                    .addJavadoc("Named, not linked: the class is compiled apart, with {@code jdk.incubator.vector};\n")
                    .addJavadoc("this kernel's class loader loads it, wherever this kernel was loaded from.\n")
                    .initializer("$T.load($T.class,$W$S,$W$T.class)", RuntimeClasses.VECTOR_SUPPORT, className,
                            context.names().vectorLoopsClass(extremum, type).reflectionName(),
                            JavaStorage.of(type).arrayType())
                    .build());
            kernel.addFields(sliceLoop.constants());
            kernel.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
            kernel.addMethod(arrayEntry());
            kernel.addMethod(columnsEntry());
            kernel.addMethod(bufferEntry());
            for (DataSource source : DataSource.values()) {
                kernel.addMethod(reduceContiguous(source));
                kernel.addMethod(indexInSlice(source));
                kernel.addMethods(sliceLoop.methods(source));
                kernel.addMethods(columnEntries.methods(source));
            }
            order.keyMethod(extremum).ifPresent(kernel::addMethod);
            order.foldKeyMethod(extremum).ifPresent(kernel::addMethod);
            kernel.addMethods(sliceLoop.sharedMethods());
            return kernel;
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
                            KernelContract.COLUMN_BLOCK_SIZE)
                    .add("Nothing proportional to the input is allocated.\n")
                    .build();
        }

        // ---- public entry points -------------------------------------------------------------

        private MethodSpec.Builder entry(DataSource source) {
            return KernelContract.declare(MethodSpec.methodBuilder(KernelContract.REDUCE)
                    .addModifiers(Modifier.PUBLIC, Modifier.STATIC), source.dataType(type), source == DataSource.ARRAY, false);
        }

        private CodeBlock entryDoc(DataSource source) {
            CodeBlock.Builder doc = CodeBlock.builder()
                    .add("Writes, for each of the {@code plan.outputSize()} slices, the index of its $L element to\n", adjective)
                    .add("{@code out[outOffset + o * plan.inner() + i]}.\n\n");
            if (source == DataSource.ARRAY) {
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
            return entry(DataSource.ARRAY)
                    .addJavadoc(entryDoc(DataSource.ARRAY))
                    .addStatement("$T.checkFromIndexSize(offset, plan.inputSize(), data.length)", Objects.class)
                    .addStatement("$T.checkFromIndexSize(outOffset, plan.outputSize(), out.length)", Objects.class)
                    .addCode(dispatchOnLayout("0", "plan.inner()"))
                    .build();
        }

        /**
         * The array entry for a range of columns: what a split of the output columns over threads calls,
         * each thread with its own range, so that no thread's share needs a merge.
         */
        private MethodSpec columnsEntry() {
            return KernelContract.declare(MethodSpec.methodBuilder(KernelContract.REDUCE_COLUMNS)
                            .addModifiers(Modifier.PUBLIC, Modifier.STATIC), DataSource.ARRAY.dataType(type), true, true)
                    .addJavadoc("Writes, for the slices {@code (o, i)} with {@code columnFrom <= i < columnTo} of every\n")
                    .addJavadoc("{@code o}, the index of the $L element to {@code out[outOffset + o * plan.inner() + i]};\n",
                            adjective)
                    .addJavadoc("the other output elements are not written. With {@code [0, plan.inner())} it is\n")
                    .addJavadoc("{@link #$N}.\n\n", KernelContract.REDUCE)
                    .addJavadoc("@param data the elements; the tensor starts at {@code data[offset]}\n")
                    .addJavadoc("@param offset where the tensor starts in {@code data}\n")
                    .addJavadoc("@param plan the tensor viewed as {@code [outer, axisLength, inner]}\n")
                    .addJavadoc("@param columnFrom the first column reduced\n")
                    .addJavadoc("@param columnTo the column after the last one reduced\n")
                    .addJavadoc("@param selectLastIndex whether ties (and several NaNs) give the last index instead of the first\n")
                    .addJavadoc("@param out receives the int64 indices\n")
                    .addJavadoc("@param outOffset where the index of slice {@code (0, 0)} goes in {@code out}\n")
                    .addJavadoc("@throws IndexOutOfBoundsException if {@code data} or {@code out} is too small for the plan,\n")
                    .addJavadoc("    or the columns are not a range of {@code [0, plan.inner())}; nothing has been written then\n")
                    .addStatement("$T.checkFromIndexSize(offset, plan.inputSize(), data.length)", Objects.class)
                    .addStatement("$T.checkFromIndexSize(outOffset, plan.outputSize(), out.length)", Objects.class)
                    .addStatement("$T.checkFromToIndex(columnFrom, columnTo, plan.inner())", Objects.class)
                    .beginControlFlow("if (columnFrom == columnTo)")
                    .addStatement("return")
                    .endControlFlow()
                    .addCode(dispatchOnLayout("columnFrom", "columnTo"))
                    .build();
        }

        private MethodSpec bufferEntry() {
            return entry(DataSource.BUFFER)
                    .addJavadoc(entryDoc(DataSource.BUFFER))
                    .addStatement("int offset = data.position()")
                    .addStatement("$T.checkFromIndexSize(offset, plan.inputSize(), data.limit())", Objects.class)
                    .addStatement("$T.checkFromIndexSize(outOffset, plan.outputSize(), out.length)", Objects.class)
                    .beginControlFlow("if (data.hasArray())")
                    .addComment("a heap buffer: reduce its backing array, which is faster than reading through the buffer")
                    .addStatement("$N($L)", KernelContract.REDUCE,
                            KernelContract.arguments("data.array()", "data.arrayOffset() + offset", true))
                    .addStatement("return")
                    .endControlFlow()
                    .addCode(dispatchOnLayout("0", "plan.inner()"))
                    .build();
        }

        /** Contiguous slices have one column, which a non-empty range holds; outer axes take the range. */
        private CodeBlock dispatchOnLayout(String columnFrom, String columnTo) {
            return CodeBlock.builder()
                    .beginControlFlow("if (plan.inner() == 1)")
                    .addStatement("$N(data, offset, plan.outer(), plan.axisLength(), selectLastIndex,$Wout, outOffset)",
                            KernelContract.REDUCE_CONTIGUOUS)
                    .nextControlFlow("else")
                    .addStatement("$N($L)", KernelContract.REDUCE_STRIDED,
                            KernelContract.columnArguments("data", "offset", columnFrom, columnTo))
                    .endControlFlow()
                    .build();
        }

        // ---- contiguous reduced axis (inner == 1) -----------------------------------------------

        private MethodSpec reduceContiguous(DataSource source) {
            return MethodSpec.methodBuilder(KernelContract.REDUCE_CONTIGUOUS)
                    .addJavadoc("The reduced axis is the last one: slice {@code o} is {@code axisLength} adjacent elements.\n")
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .addParameter(source.dataType(type), "data")
                    .addParameter(TypeName.INT, "offset")
                    .addParameter(TypeName.INT, "slices")
                    .addParameter(TypeName.INT, "axisLength")
                    .addParameter(TypeName.BOOLEAN, "selectLastIndex")
                    .addParameter(ArrayTypeName.of(TypeName.LONG), "out")
                    .addParameter(TypeName.INT, "outOffset")
                    .addCode(source == DataSource.ARRAY ? CodeBlock.builder()
                            .add("// all rows in one call: the SIMD class's row loop and vector code compile as one unit\n")
                            .beginControlFlow("if ($N != null$W&& $N.$N(data, offset, slices, axisLength, selectLastIndex, out, outOffset))",
                                    VECTORIZED_NAME, VECTORIZED_NAME, KernelContract.REDUCE_CONTIGUOUS)
                            .addStatement("return")
                            .endControlFlow()
                            .build() : CodeBlock.of(""))
                    .addCode(sliceLoop.beforeSlices())
                    .beginControlFlow("for (int o = 0; o < slices; o++)")
                    .addStatement("out[outOffset + o] =$WindexInSlice(data, offset + o * axisLength, axisLength, selectLastIndex)")
                    .endControlFlow()
                    .build();
        }

        private MethodSpec indexInSlice(DataSource source) {
            return SliceBlocks.declare("indexInSlice", source, type)
                    .addJavadoc("Index of the $L element of the {@code length} elements from {@code start}.\n", adjective)
                    .addParameter(TypeName.BOOLEAN, "selectLastIndex")
                    .addStatement("return selectLastIndex$W? $N(data, start, length)$W: $N(data, start, length)",
                            lastIndexName, firstIndexName)
                    .build();
        }
    }
}
