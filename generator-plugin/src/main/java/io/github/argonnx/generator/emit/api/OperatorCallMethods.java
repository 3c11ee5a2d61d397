package io.github.argonnx.generator.emit.api;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.WildcardTypeName;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.KernelContract;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.VersionSpec;
import io.github.argonnx.generator.semantics.ArgOperator;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.List;
import java.util.SortedSet;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * The methods of a generated operator class that take an input ({@code outputShape} and the
 * {@code apply} overloads) and the private steps they share: validate the call with the version's
 * validator, then run the kernel for the input's type into the caller's array or buffer.
 */
final class OperatorCallMethods {

    private static final ArrayTypeName LONG_ARRAY = ArrayTypeName.of(TypeName.LONG);
    private static final ArrayTypeName INT_ARRAY = ArrayTypeName.of(TypeName.INT);

    private final GenerationContext context;
    private final ArgOperator arg;
    private final OperatorSpec op;
    private final List<VersionSpec> versions;
    private final String dataName;
    private final ClassName tensor;

    /** The builder of the methods for the generated {@code versions} of {@code arg}. */
    OperatorCallMethods(GenerationContext context, ArgOperator arg, List<VersionSpec> versions) {
        this.context = context;
        this.arg = arg;
        this.op = arg.spec();
        this.versions = versions;
        this.dataName = arg.dataInput(versions.get(versions.size() - 1)).name();
        this.tensor = context.names().tensorClass();
    }

    /** The methods, in the order the operator class lists them. */
    List<MethodSpec> methods() {
        return List.of(outputShape(), applyToResult(), applyIntoLongs(), applyIntoLongBuffer(), applyIntoInts(),
                applyIntoIntBuffer(), validate(), prepare(context, arg, versions, dataName), indices(), run(),
                runKernel(context, arg), singleTaskKernel(context, arg));
    }

    private MethodSpec outputShape() {
        return MethodSpec.methodBuilder("outputShape")
                .addAnnotation(Override.class)
                .addJavadoc("The shape of the output for an input of this shape, as ONNX shape inference gives it: the\n"
                            + "input shape with the reduced dimension set to 1 ({@code keepdims} = 1) or removed.\n\n"
                            + "@param inputShape the shape of input '$L'\n"
                            + "@return the output shape ({@code []} for a scalar)\n"
                            + "@throws $T if the shape is invalid or the attributes do not fit it (axis out of range,\n"
                            + "    a scalar, an empty reduced dimension, ...), as {@link #apply(Tensor)} would\n",
                            dataName, RuntimeClasses.ARG_ONNX_EXCEPTION)
                .addModifiers(Modifier.PUBLIC)
                .returns(LONG_ARRAY)
                .addParameter(LONG_ARRAY, "inputShape")
                .varargs()
                .addCode(VersionSwitch.of(context, op, versions, "resolve(inputShape, attributes).outputShape()", true))
                .build();
    }

    private MethodSpec applyToResult() {
        return MethodSpec.methodBuilder("apply")
                .addAnnotation(Override.class)
                .addJavadoc("Runs the operator.\n\n"
                            + "@param input input '$L'\n"
                            + "@return the indices and their shape\n"
                            + "@throws $T if the call breaks a rule of this operator version; nothing has run then\n",
                            dataName, RuntimeClasses.ARG_ONNX_EXCEPTION)
                .addModifiers(Modifier.PUBLIC)
                .returns(RuntimeClasses.ARG_RESULT)
                .addParameter(tensor, "input")
                .addStatement("$T call = validate(input)", RuntimeClasses.VALIDATED_CALL)
                .addStatement("return $T.of($T.class, $T.class).wrap($T.compute(call.outputShape(),$W"
                        + "indices -> run(versionName, parallelism, input, call, indices, 0)))", RuntimeClasses.FACES,
                        RuntimeClasses.ARG_RESULT, RuntimeClasses.OUTPUT_INDICES, RuntimeClasses.OUTPUT_INDICES)
                .build();
    }

    private MethodSpec applyIntoLongs() {
        return MethodSpec.methodBuilder("apply")
                .addAnnotation(Override.class)
                .addJavadoc("Runs the operator into a caller-supplied array: the indices, row-major, go to\n"
                            + "{@code out[outOffset]} onwards.\n\n"
                            + "@param input input '$L'\n"
                            + "@param out receives the indices\n"
                            + "@param outOffset where the first index goes\n"
                            + "@return the output shape\n"
                            + "@throws $T if the call breaks a rule of this operator version, or {@code out} has no room\n"
                            + "    for the output from {@code outOffset}; nothing has been written then\n",
                            dataName, RuntimeClasses.ARG_ONNX_EXCEPTION)
                .addModifiers(Modifier.PUBLIC)
                .returns(LONG_ARRAY)
                .addParameter(tensor, "input")
                .addParameter(LONG_ARRAY, "out")
                .addParameter(int.class, "outOffset")
                .addStatement("$T call = validate(input)", RuntimeClasses.VALIDATED_CALL)
                .addStatement("$T.requireOutputRoom(versionName, call, out, outOffset)",
                            RuntimeClasses.BUFFERS)
                .addStatement("run(versionName, parallelism, input, call, out, outOffset)")
                .addStatement("return call.outputShape()")
                .build();
    }

    private MethodSpec applyIntoLongBuffer() {
        return MethodSpec.methodBuilder("apply")
                .addAnnotation(Override.class)
                .addJavadoc("Runs the operator into a caller-supplied buffer, heap or direct: the indices, row-major, go to\n"
                            + "{@code out.position()} onwards. The buffer's position and limit are left as they were.\n\n"
                            + "@param input input '$L'\n"
                            + "@param out receives the indices between its position and limit\n"
                            + "@return the output shape\n"
                            + "@throws $T if the call breaks a rule of this operator version, or {@code out} is read-only\n"
                            + "    or has too few elements remaining; nothing has been written then\n",
                            dataName, RuntimeClasses.ARG_ONNX_EXCEPTION)
                .addModifiers(Modifier.PUBLIC)
                .returns(LONG_ARRAY)
                .addParameter(tensor, "input")
                .addParameter(LongBuffer.class, "out")
                .addStatement("$T call = validate(input)", RuntimeClasses.VALIDATED_CALL)
                .addStatement("$T.requireOutputRoom(versionName, call, out)",
                            RuntimeClasses.BUFFERS)
                .beginControlFlow("if (out.hasArray())")
                .addStatement("run(versionName, parallelism, input, call, out.array(), out.arrayOffset() + out.position())")
                .nextControlFlow("else if (call.outputElementCount() > 0)")
                .addComment("Kernels write arrays: stage the indices, then copy them in with one absolute bulk put.")
                .addStatement("out.put(out.position(), indices(versionName, parallelism, input, call))")
                .endControlFlow()
                .addStatement("return call.outputShape()")
                .build();
    }

    private MethodSpec applyIntoInts() {
        return MethodSpec.methodBuilder("apply")
                .addAnnotation(Override.class)
                .addJavadoc("Runs the operator into a caller-supplied int array, for code that indexes Java arrays with\n"
                            + "them: the indices, row-major, go to {@code out[outOffset]} onwards.\n\n"
                            + "@param input input '$L'\n"
                            + "@param out receives the indices\n"
                            + "@param outOffset where the first index goes\n"
                            + "@return the output shape\n"
                            + "@throws $T if the call breaks a rule of this operator version, {@code out} has no room\n"
                            + "    for the output from {@code outOffset}, or an index could exceed {@link Integer#MAX_VALUE};\n"
                            + "    nothing has been written then\n",
                            dataName, RuntimeClasses.ARG_ONNX_EXCEPTION)
                .addModifiers(Modifier.PUBLIC)
                .returns(LONG_ARRAY)
                .addParameter(tensor, "input")
                .addParameter(INT_ARRAY, "out")
                .addParameter(int.class, "outOffset")
                .addStatement("$T call = validate(input)", RuntimeClasses.VALIDATED_CALL)
                .addStatement("$T.requireOutputRoom(versionName, call, out, outOffset)", RuntimeClasses.BUFFERS)
                .beginControlFlow("if (call.outputElementCount() > 0)")
                .addStatement("$T.copyIndices(indices(versionName, parallelism, input, call), out, outOffset)", RuntimeClasses.BUFFERS)
                .endControlFlow()
                .addStatement("return call.outputShape()")
                .build();
    }

    private MethodSpec applyIntoIntBuffer() {
        return MethodSpec.methodBuilder("apply")
                .addAnnotation(Override.class)
                .addJavadoc("Runs the operator into a caller-supplied int buffer, heap or direct: the indices, row-major,\n"
                            + "go to {@code out.position()} onwards. The buffer's position and limit are left as they were.\n\n"
                            + "@param input input '$L'\n"
                            + "@param out receives the indices between its position and limit\n"
                            + "@return the output shape\n"
                            + "@throws $T if the call breaks a rule of this operator version, {@code out} is read-only\n"
                            + "    or has too few elements remaining, or an index could exceed {@link Integer#MAX_VALUE};\n"
                            + "    nothing has been written then\n",
                            dataName, RuntimeClasses.ARG_ONNX_EXCEPTION)
                .addModifiers(Modifier.PUBLIC)
                .returns(LONG_ARRAY)
                .addParameter(tensor, "input")
                .addParameter(IntBuffer.class, "out")
                .addStatement("$T call = validate(input)", RuntimeClasses.VALIDATED_CALL)
                .addStatement("$T.requireOutputRoom(versionName, call, out)", RuntimeClasses.BUFFERS)
                .beginControlFlow("if (call.outputElementCount() > 0)")
                .addStatement("$T.copyIndices(indices(versionName, parallelism, input, call), out)", RuntimeClasses.BUFFERS)
                .endControlFlow()
                .addStatement("return call.outputShape()")
                .build();
    }

    private MethodSpec validate() {
        return MethodSpec.methodBuilder("validate")
                .addJavadoc("Checks a call with this version's validator, unless the last call checked had the input's\n"
                            + "type and shape: the checks depend on nothing else.\n")
                .addModifiers(Modifier.PRIVATE)
                .returns(RuntimeClasses.VALIDATED_CALL)
                .addParameter(tensor, "input")
                .beginControlFlow("if (input == null)")
                .addStatement("throw new $T(versionName + $S)", RuntimeClasses.ARG_ONNX_EXCEPTION,
                            ": input '" + dataName + "' is null")
                .endControlFlow()
                .addStatement("$T last = lastCall", RuntimeClasses.CHECKED_CALL)
                .addStatement("$T checked = last == null ? null : last.callFor(input.dataType(), input.dimensions())",
                            RuntimeClasses.VALIDATED_CALL)
                .beginControlFlow("if (checked != null)")
                .addStatement("return checked")
                .endControlFlow()
                .addCode("$T call = switch (version) {\n", RuntimeClasses.VALIDATED_CALL)
                .addCode(VersionSwitch.cases(context, op, versions,
                            "validate(input.dataType(), input.dimensions(), attributes)"))
                .addCode("};\n")
                .addStatement("lastCall = new $T(input.dataType(), call)", RuntimeClasses.CHECKED_CALL)
                .addStatement("return call")
                .build();
    }

    private MethodSpec indices() {
        return MethodSpec.methodBuilder("indices")
                .addJavadoc("The indices of a validated call with a non-empty output, in an array of their own.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(LONG_ARRAY)
                .addParameters(runParameters(tensor))
                .addStatement("long[] indices = new long[(int) call.outputElementCount()]")
                .addStatement("runKernel(context, parallelism, input, call, indices, 0)")
                .addStatement("return indices")
                .build();
    }

    private MethodSpec run() {
        return MethodSpec.methodBuilder("run")
                .addJavadoc("Writes a validated call's indices to {@code out[outOffset]} onwards: for every {@code apply}\n"
                            + "and for the prepared calls of {@link $T}.\n", context.names().preparedOperatorClass())
                .addModifiers(Modifier.STATIC)
                .addParameters(runParameters(tensor))
                .addParameter(LONG_ARRAY, "out")
                .addParameter(int.class, "outOffset")
                .beginControlFlow("if (call.outputElementCount() == 0)")
                .addComment("A zero-length dimension that is not reduced: the output is empty, nothing to read.")
                .addStatement("return")
                .endControlFlow()
                .beginControlFlow("if ($T.mayOverlap(input.array(), input.arrayOffset(), input.elementCount(), input.buffer(),"
                            + "$Wout, outOffset, call.outputElementCount()))", RuntimeClasses.BUFFERS)
                .addComment("The output may be the int64 input's own memory: the kernel would overwrite elements it has")
                .addComment("yet to read, so it writes to an array of its own first.")
                .addStatement("long[] indices = indices(context, parallelism, input, call)")
                .addStatement("$T.arraycopy(indices, 0, out, outOffset, indices.length)", System.class)
                .addStatement("return")
                .endControlFlow()
                .addStatement("runKernel(context, parallelism, input, call, out, outOffset)")
                .build();
    }

    /**
     * The kernel's array form a prepared call runs itself: chosen once, at {@code prepare}, so that each
     * call goes from the prepared object straight into the kernel, without the type's switch.
     */
    private static MethodSpec singleTaskKernel(GenerationContext context, ArgOperator arg) {
        OperatorSpec op = arg.spec();
        SortedSet<ElementType> kernels = context.typesToGenerate(op);
        ClassName arrayKernel = RuntimeClasses.PARALLEL_REDUCTION.nestedClass("ArrayKernel");
        MethodSpec.Builder m = MethodSpec.methodBuilder("singleTaskKernel")
                .addJavadoc("The array form of the kernel for inputs of {@code type} when the calling thread alone reduces\n"
                        + "{@code plan}, as {@code runKernel} would decide; null when such a call is split over threads.\n")
                .addModifiers(Modifier.STATIC)
                .returns(ParameterizedTypeName.get(arrayKernel, WildcardTypeName.subtypeOf(Object.class)))
                .addParameter(RuntimeClasses.PARALLELISM, "parallelism")
                .addParameter(context.names().dataTypeEnum(), "type")
                .addParameter(RuntimeClasses.REDUCTION_PLAN, "plan")
                .addCode(workers())
                .addCode("return switch (type) {\n");
        CodeBlock.Builder cases = CodeBlock.builder().indent();
        for (ElementType t : kernels) {
            TypeName kernelType = ParameterizedTypeName.get(arrayKernel, JavaStorage.of(t).arrayType());
            cases.add("case $L -> $L > 1$W? null$W: ($T) $T::reduce;\n", t.name(), tasksFor(t), kernelType,
                    context.names().kernelClass(Extremum.of(op), t));
        }
        if (kernels.size() < ElementType.values().length) {
            cases.add("default -> null;\n");
        }
        return m.addCode(cases.unindent().build()).addCode("};\n").build();
    }

    /** How many tasks an array input of type {@code t} is split into, over {@code parallelism} and {@code plan}. */
    private static CodeBlock tasksFor(ElementType t) {
        // every type's kernel runs SIMD loops for every layout when the runtime has turned them on
        return CodeBlock.of("$T.tasksFor(workers, plan, $L, $T.isEnabled())", RuntimeClasses.TASK_COUNT, t.byteWidth(),
                RuntimeClasses.VECTOR_SUPPORT);
    }

    /** {@code workers}, the {@code Workers} of {@code parallelism}: what the internal runtime splits a call by. */
    private static CodeBlock workers() {
        return CodeBlock.of("$T workers = $T.of($T.class, $T.class).state(parallelism);\n", RuntimeClasses.WORKERS,
                RuntimeClasses.FACES, RuntimeClasses.PARALLELISM, RuntimeClasses.WORKERS);
    }

    private static MethodSpec runKernel(GenerationContext context, ArgOperator arg) {
        OperatorSpec op = arg.spec();
        ClassName tensor = context.names().tensorClass();
        SortedSet<ElementType> kernels = context.typesToGenerate(op);
        MethodSpec.Builder m = MethodSpec.methodBuilder("runKernel")
                .addJavadoc("Runs the kernel for the input's type on a validated call with a non-empty output that does not\n"
                        + "overlap the input: one switch per call, none per element. An array input that one thread\n"
                        + "reduces goes straight to the kernel's static method.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameters(runParameters(tensor))
                .addParameter(LONG_ARRAY, "out")
                .addParameter(int.class, "outOffset")
                .addStatement("$T plan = call.plan()", RuntimeClasses.REDUCTION_PLAN)
                .addCode(workers())
                .addStatement("boolean last = call.selectLastIndex()")
                .beginControlFlow("switch (input.dataType())");
        for (ElementType t : kernels) {
            ClassName kernel = context.names().kernelClass(Extremum.of(op), t);
            TypeName array = JavaStorage.of(t).arrayType();
            m.beginControlFlow("case $L ->", t.name())
                    .beginControlFlow("if (input.hasArray())")
                    .addStatement("int tasks = $L", tasksFor(t))
                    .beginControlFlow("if (tasks > 1)")
                    .addStatement("$T.reduce(context, workers, tasks, $T::$N, ($T) input.array(),$Winput.arrayOffset(), plan, last, out, outOffset)",
                            RuntimeClasses.PARALLEL_REDUCTION, kernel, KernelContract.REDUCE_COLUMNS, array)
                    .nextControlFlow("else")
                    .addStatement("$T.reduce(($T) input.array(), input.arrayOffset(), plan, last, out, outOffset)", kernel, array)
                    .endControlFlow()
                    .nextControlFlow("else")
                    .addStatement("$T.reduce(($T) input.buffer(), plan, last, out, outOffset)", kernel, JavaStorage.of(t).bufferType())
                    .endControlFlow()
                    .endControlFlow();
        }
        if (kernels.size() < ElementType.values().length) {
            m.addStatement("default -> throw new $T(context + $S + input.dataType().onnxName() + $S)",
                    RuntimeClasses.ARG_ONNX_EXCEPTION, ": this build has no ", " kernel (generated for: "
                            + kernels.stream().map(ElementType::onnxName).collect(Collectors.joining(", ")) + ")");
        }
        m.endControlFlow();
        return m.build();
    }
    /** The parameters the static run steps share: what to name in messages, the threads, the input, the call. */
    private static List<ParameterSpec> runParameters(ClassName tensor) {
        return List.of(ParameterSpec.builder(String.class, "context").build(),
                ParameterSpec.builder(RuntimeClasses.PARALLELISM, "parallelism").build(),
                ParameterSpec.builder(tensor, "input").build(),
                ParameterSpec.builder(RuntimeClasses.VALIDATED_CALL, "call").build());
    }

    /** {@code prepare(type, shape)}: the call checked once, bound to the kernel of the type. */
    private static MethodSpec prepare(GenerationContext context, ArgOperator arg, List<VersionSpec> versions, String dataName) {
        OperatorSpec op = arg.spec();
        ClassName prepared = context.names().preparedOperatorClass();
        SortedSet<ElementType> kernels = context.typesToGenerate(op);
        MethodSpec.Builder m = MethodSpec.methodBuilder("prepare")
                .addAnnotation(Override.class)
                .addJavadoc("This operator bound to an input type and shape, checked once as a call would be: its calls\n"
                        + "check only that an input has that type and shape and that the output has room.\n\n"
                        + "@param type the element type of input '$L'\n"
                        + "@param inputShape the shape of input '$L' (copied)\n"
                        + "@return the prepared operator, immutable and thread-safe\n"
                        + "@throws $T if an input of that type and shape breaks a rule of this operator version,\n"
                        + "    as {@link #apply(Tensor)} would say, or holds more elements than an array can\n",
                        dataName, dataName, RuntimeClasses.ARG_ONNX_EXCEPTION)
                .addModifiers(Modifier.PUBLIC)
                .returns(prepared)
                .addParameter(context.names().dataTypeEnum(), "type")
                .addParameter(LONG_ARRAY, "inputShape")
                .varargs()
                .addCode("$T call = switch (version) {\n", RuntimeClasses.VALIDATED_CALL)
                .addCode(VersionSwitch.cases(context, op, versions, "validate(type, inputShape, attributes)"))
                .addCode("};\n");
        m.addStatement("$T inputShapeCopy = call.inputShape()", LONG_ARRAY)
                .addStatement("$T.requireAddressable(versionName + $S, inputShapeCopy,$W$T.elementCount($S, inputShapeCopy))",
                        RuntimeClasses.BUFFERS, ": input '" + dataName + "'", RuntimeClasses.SHAPES, "input '" + dataName + "'");
        if (kernels.size() < ElementType.values().length) {
            m.beginControlFlow("switch (type)")
                    .addCode("case $L -> { }\n", kernels.stream().map(ElementType::name).collect(Collectors.joining(", ")))
                    .addStatement("default -> throw new $T(versionName + $S + type.onnxName() + $S)",
                            RuntimeClasses.ARG_ONNX_EXCEPTION, ": this build has no ", " kernel (generated for: "
                                    + kernels.stream().map(ElementType::onnxName).collect(Collectors.joining(", ")) + ")")
                    .endControlFlow();
        }
        return m.addComment("An empty output has no plan and nothing to reduce: its calls take the run step, which returns at once.")
                .addStatement("return new $T(this, versionName, parallelism, type, call,$Wcall.outputElementCount() == 0 ? null"
                        + "$W: singleTaskKernel(parallelism, type, call.plan()))", prepared).build();
    }
}
