package io.github.argonnx.generator.emit.topk;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.WildcardTypeName;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.KernelTarget;
import io.github.argonnx.generator.java.Comparison;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.semantics.OperatorFamily;
import java.util.Optional;
import java.util.SortedSet;
import java.util.function.Function;
import javax.lang.model.element.Modifier;

/**
 * The generated TopK class's way into its kernels: {@code run}, the one switch per call from the input's type
 * to its kernel (split over threads by {@code ParallelTopK}, and k = 1 through the type's ArgMax or ArgMin
 * kernel where that kernel gives exactly TopK's answer), {@code scratch}, a kernel's working arrays for a
 * prepared call, and {@code valuesClass}, the values' array class.
 */
final class TopKRun {

    private static final TypeName LONGS = ArrayTypeName.of(TypeName.LONG);

    private TopKRun() {}

    /**
     * {@code run}: writes a checked call's outputs from {@code outOffset}; the caller has excluded an empty
     * output and outputs that overlap the input.
     */
    static MethodSpec run(GenerationContext context, OperatorSpec op, SortedSet<ElementType> types, ClassName call) {
        MethodSpec.Builder method = MethodSpec.methodBuilder("run")
                .addJavadoc("Writes a checked call's values and indices from {@code outOffset}, for an output that is not\n"
                        + "empty and does not overlap the input: for every {@code apply} and for {@link $T}. A call that\n"
                        + "one thread runs works in {@code scratch} when it is not null (the type's kernel's {@code Scratch}\n"
                        + "for this call).\n", context.names().preparedTopKClass(op))
                .addModifiers(Modifier.STATIC)
                .addParameter(String.class, "context")
                .addParameter(RuntimeClasses.PARALLELISM, "parallelism")
                .addParameter(context.names().tensorClass(), "data")
                .addParameter(call, "call")
                .addParameter(Object.class, "values")
                .addParameter(LONGS, "indices")
                .addParameter(TypeName.INT, "outOffset")
                .addParameter(Object.class, "scratch")
                .addStatement("$T plan = call.plan()", RuntimeClasses.REDUCTION_PLAN)
                .addStatement("int k = call.k()")
                .addStatement("boolean largest = call.largest()")
                .addStatement("$T workers = $T.of($T.class, $T.class).state(parallelism)", RuntimeClasses.WORKERS,
                        RuntimeClasses.FACES, RuntimeClasses.PARALLELISM, RuntimeClasses.WORKERS)
                .beginControlFlow("switch (data.dataType())");
        for (ElementType t : types) {
            method.addCode("case $L -> {\n$>", t.name()).addCode(runType(context, t)).addCode("$<}\n");
        }
        method.addCode("default -> throw new $T(\"no kernel for \" + data.dataType());\n", IllegalStateException.class);
        return method.endControlFlow().build();
    }

    private static CodeBlock runType(GenerationContext context, ElementType t) {
        JavaStorage storage = JavaStorage.of(t);
        ClassName kernel = context.names().topKKernelClass(t);
        ClassName scratch = TopKKernelContract.scratchClass(kernel);
        TypeName array = storage.arrayType();
        CodeBlock.Builder code = CodeBlock.builder()
                .beginControlFlow("if (!data.hasArray())")
                .addStatement("$T.$N(($T) data.buffer(), 0, plan, 0, plan.inner(), k, largest, ($T) scratch, ($T) values, indices, outOffset)",
                        kernel, GeneratedNames.TOP_K, storage.bufferType(), scratch, array);
        Optional<ClassName> max = argKernel(context, t, Extremum.LARGEST);
        Optional<ClassName> min = argKernel(context, t, Extremum.SMALLEST);
        if (max.isPresent() && min.isPresent()) {
            code.nextControlFlow("else if (k == 1 && largest)")
                    .add("// $L\n", largestComment(t))
                    .add(argScan(t, max.get(), kernel));
            code.nextControlFlow("else if (k == 1)")
                    .add("// $L\n", "the first of the smallest, with no NaN to put last: exactly ArgMin's index, from its scan")
                    .add(argScan(t, min.get(), kernel));
        } else if (max.isPresent()) {
            code.nextControlFlow("else if (k == 1 && largest)")
                    .add("// $L\n", largestComment(t))
                    .add(argScan(t, max.get(), kernel));
        } else if (min.isPresent()) {
            code.nextControlFlow("else if (k == 1 && !largest)")
                    .add("// $L\n", "the first of the smallest, with no NaN to put last: exactly ArgMin's index, from its scan")
                    .add(argScan(t, min.get(), kernel));
        }
        return code.nextControlFlow("else")
                .addStatement("int tasks = $T.tasksFor(workers, plan, $L, false)", RuntimeClasses.TASK_COUNT, t.byteWidth())
                .beginControlFlow("if (tasks > 1)")
                .addStatement("$T.<$T, $T>run(context, workers, tasks, (d, o, p, f, t, v, i, at) -> $T.$N(d, o, p, f, t, k, largest, "
                        + "null, v, i, at),\n($T) data.array(), data.arrayOffset(), plan, k, ($T) values, indices, outOffset)",
                        RuntimeClasses.PARALLEL_TOP_K, array, array, kernel, GeneratedNames.TOP_K, array, array)
                .nextControlFlow("else")
                .addStatement("$T.$N(($T) data.array(), data.arrayOffset(), plan, 0, plan.inner(), k, largest, ($T) scratch,\n"
                        + "($T) values, indices, outOffset)", kernel, GeneratedNames.TOP_K, array, scratch, array)
                .endControlFlow()
                .endControlFlow()
                .build();
    }

    /**
     * The arg-reduction kernel of this extremum and type when the plugin generates it and its answer for
     * k = 1 is TopK's: always for the largest (NaN first, the first index of equals); for the smallest only
     * where no NaN exists, since ArgMin's NaN wins where TopK's smallest puts NaN last.
     */
    private static Optional<ClassName> argKernel(GenerationContext context, ElementType t, Extremum extremum) {
        if (extremum == Extremum.SMALLEST && Comparison.of(t).hasNaN()) {
            return Optional.empty();
        }
        for (KernelTarget target : context.kernelsToGenerate(OperatorFamily.ARG_REDUCTION)) {
            if (target.type() == t && target.extremum() == extremum) {
                return Optional.of(context.names().kernelClass(extremum, t));
            }
        }
        return Optional.empty();
    }

    private static String largestComment(ElementType t) {
        return "the first of the largest" + (Comparison.of(t).hasNaN() ? ", NaN first" : "") + ": exactly ArgMax's index, from its scan";
    }

    /** The arg kernel's first index per slice (split as ArgMax splits it), then the values at those indices. */
    private static CodeBlock argScan(ElementType t, ClassName argKernel, ClassName topKKernel) {
        TypeName array = JavaStorage.of(t).arrayType();
        return CodeBlock.builder()
                .addStatement("int tasks = $T.tasksFor(workers, plan, $L, $T.isEnabled())", RuntimeClasses.TASK_COUNT, t.byteWidth(),
                        RuntimeClasses.VECTOR_SUPPORT)
                .beginControlFlow("if (tasks > 1)")
                .addStatement("$T.reduce(context, workers, tasks, $T::reduceColumns, ($T) data.array(), data.arrayOffset(), plan, false,\n"
                        + "indices, outOffset)", RuntimeClasses.PARALLEL_REDUCTION, argKernel, array)
                .nextControlFlow("else")
                .addStatement("$T.reduce(($T) data.array(), data.arrayOffset(), plan, false, indices, outOffset)", argKernel, array)
                .endControlFlow()
                .addStatement("$T.valuesAt(($T) data.array(), data.arrayOffset(), plan, indices, ($T) values, outOffset)",
                        topKKernel, array, array)
                .build();
    }

    /** {@code scratch}: the type's kernel's working arrays for a call, which a prepared call keeps. */
    static MethodSpec scratch(GenerationContext context, SortedSet<ElementType> types, ClassName dataType, ClassName call) {
        MethodSpec.Builder method = MethodSpec.methodBuilder("scratch")
                .addJavadoc("The working arrays of the kernel of {@code type} for {@code call}, for a prepared call to reuse.\n")
                .addModifiers(Modifier.STATIC)
                .returns(Object.class)
                .addParameter(dataType, "type")
                .addParameter(call, "call")
                .beginControlFlow("switch (type)");
        for (ElementType t : types) {
            method.addCode("case $L -> {\n$>return new $T(call.plan(), call.k());\n$<}\n", t.name(),
                    TopKKernelContract.scratchClass(context.names().topKKernelClass(t)));
        }
        method.addCode("default -> throw new $T(\"no kernel for \" + type);\n", IllegalStateException.class);
        return method.endControlFlow().build();
    }

    /** {@code valuesClass}: the array class of a type's values, compared without allocating an array. */
    static MethodSpec valuesClass(SortedSet<ElementType> types, ClassName dataType) {
        return classOfType("valuesClass", Object.class, types, dataType, JavaStorage::arrayType, Modifier.STATIC);
    }

    /** {@code valuesBufferClass}: the NIO buffer class of a type's values. */
    static MethodSpec valuesBufferClass(SortedSet<ElementType> types, ClassName dataType) {
        return classOfType("valuesBufferClass", java.nio.Buffer.class, types, dataType, JavaStorage::bufferType,
                Modifier.PRIVATE, Modifier.STATIC);
    }

    /** A switch over the data types that returns the class {@code storageClass} gives each type's storage. */
    private static MethodSpec classOfType(String name, Class<?> bound, SortedSet<ElementType> types,
            ClassName dataType, Function<JavaStorage, TypeName> storageClass, Modifier... modifiers) {
        MethodSpec.Builder method = MethodSpec.methodBuilder(name)
                .addModifiers(modifiers)
                .returns(ParameterizedTypeName.get(ClassName.get(Class.class), WildcardTypeName.subtypeOf(bound)))
                .addParameter(dataType, "type")
                .beginControlFlow("switch (type)");
        for (ElementType t : types) {
            method.addCode("case $L -> {\n$>return $T.class;\n$<}\n", t.name(), storageClass.apply(JavaStorage.of(t)));
        }
        method.addCode("default -> throw new $T(\"no kernel for \" + type);\n", IllegalStateException.class);
        return method.endControlFlow().build();
    }

    /** {@code putValues}: staged values into a caller's buffer of the type, from its position, with one bulk put. */
    static MethodSpec putValues(SortedSet<ElementType> types, ClassName dataType) {
        MethodSpec.Builder method = MethodSpec.methodBuilder("putValues")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(dataType, "type")
                .addParameter(java.nio.Buffer.class, "values")
                .addParameter(Object.class, "staged")
                .beginControlFlow("switch (type)");
        for (ElementType t : types) {
            JavaStorage storage = JavaStorage.of(t);
            method.addCode("case $L -> ", t.name())
                    .addStatement("(($T) values).put(values.position(), ($T) staged)", storage.bufferType(), storage.arrayType());
        }
        method.addCode("default -> throw new $T(\"no kernel for \" + type);\n", IllegalStateException.class);
        return method.endControlFlow().build();
    }
}
