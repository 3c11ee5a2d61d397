package io.github.argonnx.generator.emit.api;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.semantics.ArgOperator;
import java.nio.LongBuffer;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code <base>.PreparedArgReduction}: an operator bound to an input type and shape, validated
 * once by the operator's {@code prepare}. Its calls check only what can change from call to call (the
 * input's type and shape, the output's room and overlap) and then go straight to the kernel the
 * operator chose at {@code prepare} for a single-thread call on an array, or otherwise run the
 * operator class's own static run step, picked by the operator's class.
 */
final class PreparedOperatorEmitter {

    private static final ArrayTypeName LONG_ARRAY = ArrayTypeName.of(TypeName.LONG);
    private static final ClassName ARRAY_KERNEL = RuntimeClasses.PARALLEL_REDUCTION.nestedClass("ArrayKernel");

    private final GenerationContext context;
    private final List<ArgOperator> operators;
    private final ClassName self;
    private final ClassName operatorInterface;
    private final ClassName tensor;
    private final ClassName dataType;
    private final String dataName;

    /** The builder of the prepared class for the generated {@code operators}. */
    PreparedOperatorEmitter(GenerationContext context, List<ArgOperator> operators) {
        this.context = context;
        this.operators = operators;
        this.self = context.names().preparedOperatorClass();
        this.operatorInterface = context.names().operatorInterface();
        this.tensor = context.names().tensorClass();
        this.dataType = context.names().dataTypeEnum();
        ArgOperator first = operators.get(0);
        this.dataName = first.dataInput(first.spec().latest()).name();
    }

    /** The class: its members, each from a builder of its own, in the order it lists them. */
    TypeSpec.Builder build() {
        return TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc(classDoc())
                .addField(operatorInterface, "operator", Modifier.PRIVATE, Modifier.FINAL)
                .addField(String.class, "versionName", Modifier.PRIVATE, Modifier.FINAL)
                .addField(RuntimeClasses.PARALLELISM, "parallelism", Modifier.PRIVATE, Modifier.FINAL)
                .addField(dataType, "dataType", Modifier.PRIVATE, Modifier.FINAL)
                .addField(RuntimeClasses.VALIDATED_CALL, "call", Modifier.PRIVATE, Modifier.FINAL)
                .addField(inputShapeField())
                .addField(LONG_ARRAY, "outputShape", Modifier.PRIVATE, Modifier.FINAL)
                .addField(int.class, "outputSize", Modifier.PRIVATE, Modifier.FINAL)
                .addField(RuntimeClasses.REDUCTION_PLAN, "plan", Modifier.PRIVATE, Modifier.FINAL)
                .addField(boolean.class, "selectLastIndex", Modifier.PRIVATE, Modifier.FINAL)
                .addField(arrayKernelField())
                .addMethod(constructor())
                .addMethod(applyIntoLongs())
                .addMethod(applyIntoLongBuffer())
                .addMethod(requireInput())
                .addMethod(run(context, operators, tensor))
                .addMethod(operatorMethod())
                .addMethod(dataTypeMethod())
                .addMethod(inputShapeMethod())
                .addMethod(outputShapeMethod())
                .addMethod(outputSizeMethod())
                .addMethod(toStringMethod());
    }

    private CodeBlock classDoc() {
        return CodeBlock.of("An operator bound to an input type and shape, checked once, like a prepared statement:\n"
                        + "{@code $T.prepare(type, shape)} validates the call as {@code apply} would and keeps what it\n"
                        + "decided (the plan, the output shape, the kernel of the type, whether threads share it), so that\n"
                        + "each call checks only that its input has that type and shape and that the output has room,\n"
                        + "allocates nothing, and goes from there straight into the type's kernel.\n\n"
                        + "<pre>{@code\n"
                        + "PreparedArgReduction head = ArgMax.latest().axis(1).keepdims(false).prepare(DataType.FLOAT, 1, 10);\n"
                        + "long[] best = new long[1];\n"
                        + "head.apply(Tensor.ofFloat(scores, 1, 10), best, 0);  // for each new batch of scores\n"
                        + "}</pre>\n\n"
                        + "<p>Worth it for many calls on small inputs of one shape, whose fixed cost of checking and\n"
                        + "planning a call is large next to reading them (a classification head, a per-row loop); on\n"
                        + "large inputs the plain {@code apply} costs the same. The indices are exactly those of\n"
                        + "{@code apply}. Immutable and thread-safe; a refusal is an {@link $T} naming the operator\n"
                        + "version, and nothing has been written then.\n",
                        operatorInterface, RuntimeClasses.ARG_ONNX_EXCEPTION);
    }

    private FieldSpec inputShapeField() {
        return FieldSpec.builder(LONG_ARRAY, "inputShape", Modifier.PRIVATE, Modifier.FINAL)
                    .addJavadoc("Kept apart from {@code call} so that each call compares against it without a copy.\n").build();
    }

    private FieldSpec arrayKernelField() {
        return FieldSpec.builder(ParameterizedTypeName.get(ARRAY_KERNEL, ClassName.OBJECT), "arrayKernel",
                            Modifier.PRIVATE, Modifier.FINAL)
                    .addJavadoc("The kernel an array input goes to directly when the calling thread alone reduces it and the\n"
                            + "output is not empty; null otherwise, and such calls take the operator's own run step.\n")
                    .build();
    }

    private MethodSpec constructor() {
        return MethodSpec.constructorBuilder()
                    .addAnnotation(AnnotationSpec.builder(SuppressWarnings.class).addMember("value", "$S", "unchecked").build())
                    .addJavadoc("A call that {@code operator}'s validator has accepted for inputs of {@code dataType}, and the\n"
                            + "kernel that reduces it on the calling thread ({@code null} if it is split over threads or the output\n"
                            + "is empty).\n")
                    .addParameter(operatorInterface, "operator")
                    .addParameter(String.class, "versionName")
                    .addParameter(RuntimeClasses.PARALLELISM, "parallelism")
                    .addParameter(dataType, "dataType")
                    .addParameter(RuntimeClasses.VALIDATED_CALL, "call")
                    .addParameter(ParameterizedTypeName.get(ARRAY_KERNEL, WildcardTypeName.subtypeOf(Object.class)), "singleTaskKernel")
                    .addStatement("this.operator = operator")
                    .addStatement("this.versionName = versionName")
                    .addStatement("this.parallelism = parallelism")
                    .addStatement("this.dataType = dataType")
                    .addStatement("this.call = call")
                    .addStatement("this.inputShape = call.inputShape()")
                    .addStatement("this.outputShape = call.outputShape()")
                    .addStatement("this.outputSize = (int) call.outputElementCount()")
                    .addComment("An empty output has no plan: its calls take the run step, which writes nothing.")
                    .addStatement("this.plan = outputSize == 0 ? null : call.plan()")
                    .addStatement("this.selectLastIndex = call.selectLastIndex()")
                    .addComment("The kernel takes its own array type: the input's type is checked before every call.")
                    .addStatement("this.arrayKernel = ($T) singleTaskKernel", ParameterizedTypeName.get(ARRAY_KERNEL, ClassName.OBJECT))
                    .build();
    }

    private MethodSpec applyIntoLongs() {
        return MethodSpec.methodBuilder("apply")
                    .addJavadoc("Runs the operator into a caller-supplied array: the indices, row-major, go to\n"
                            + "{@code out[outOffset]} onwards. Allocates nothing unless {@code out} shares memory with an\n"
                            + "int64 input.\n\n"
                            + "@param input input '$L', of the prepared type and shape\n"
                            + "@param out receives the indices\n"
                            + "@param outOffset where the first index goes\n"
                            + "@throws $T if the input has another type or shape, or {@code out} has no room for the\n"
                            + "    output from {@code outOffset}; nothing has been written then\n",
                            dataName, RuntimeClasses.ARG_ONNX_EXCEPTION)
                    .addModifiers(Modifier.PUBLIC)
                    .addParameter(tensor, "input")
                    .addParameter(LONG_ARRAY, "out")
                    .addParameter(int.class, "outOffset")
                    .addStatement("requireInput(input)")
                    .addStatement("$T.requireOutputRoom(versionName, outputShape, outputSize, out, outOffset)", RuntimeClasses.BUFFERS)
                    .addStatement("$T array = input.array()", Object.class)
                    .beginControlFlow("if (arrayKernel != null && array != null && array != out)")
                    .addComment("An array that is not the output's cannot overlap it: nothing is left to decide.")
                    .addStatement("arrayKernel.reduce(array, input.arrayOffset(), plan, selectLastIndex, out, outOffset)")
                    .nextControlFlow("else")
                    .addStatement("run(input, out, outOffset)")
                    .endControlFlow()
                    .build();
    }

    private MethodSpec applyIntoLongBuffer() {
        return MethodSpec.methodBuilder("apply")
                    .addJavadoc("Runs the operator into a caller-supplied buffer, heap or direct: the indices, row-major, go to\n"
                            + "{@code out.position()} onwards. The buffer's position and limit are left as they were.\n\n"
                            + "@param input input '$L', of the prepared type and shape\n"
                            + "@param out receives the indices between its position and limit\n"
                            + "@throws $T if the input has another type or shape, or {@code out} is read-only or has\n"
                            + "    too few elements remaining; nothing has been written then\n",
                            dataName, RuntimeClasses.ARG_ONNX_EXCEPTION)
                    .addModifiers(Modifier.PUBLIC)
                    .addParameter(tensor, "input")
                    .addParameter(LongBuffer.class, "out")
                    .addStatement("requireInput(input)")
                    .addStatement("$T.requireOutputRoom(versionName, outputShape, outputSize, out)", RuntimeClasses.BUFFERS)
                    .beginControlFlow("if (out.hasArray())")
                    .addStatement("run(input, out.array(), out.arrayOffset() + out.position())")
                    .nextControlFlow("else if (outputSize > 0)")
                    .addComment("Kernels write arrays: stage the indices, then copy them in with one absolute bulk put.")
                    .addStatement("long[] indices = new long[outputSize]")
                    .addStatement("run(input, indices, 0)")
                    .addStatement("out.put(out.position(), indices)")
                    .endControlFlow()
                    .build();
    }

    private MethodSpec requireInput() {
        return MethodSpec.methodBuilder("requireInput")
                    .addJavadoc("Checks that an input has the prepared type and shape, without copying its shape.\n")
                    .addModifiers(Modifier.PRIVATE)
                    .addParameter(tensor, "input")
                    .beginControlFlow("if (input == null)")
                    .addStatement("throw new $T(versionName + $S)", RuntimeClasses.ARG_ONNX_EXCEPTION, ": input '" + dataName + "' is null")
                    .endControlFlow()
                    .beginControlFlow("if (input.dataType() != dataType || !$T.same(input.dimensions(), inputShape))", RuntimeClasses.SHAPES)
                    .addStatement("throw new $T(versionName + $S + dataType.onnxName() + $S + $T.format(inputShape)$W+ $S"
                            + " + input.dataType().onnxName() + $S + $T.format(input.dimensions())$W+ $S)",
                            RuntimeClasses.ARG_ONNX_EXCEPTION, ": prepared for input '" + dataName + "' of type ", " and shape ",
                            RuntimeClasses.SHAPES, ", but input '" + dataName + "' has type ", " and shape ", RuntimeClasses.SHAPES,
                            " (allowed: that type and shape only; prepare another for this input, or use apply)")
                    .endControlFlow()
                    .build();
    }

    private MethodSpec operatorMethod() {
        return MethodSpec.methodBuilder("operator")
                    .addJavadoc("The operator this was prepared from: its version, attributes and parallelism.\n\n"
                            + "@return the operator\n")
                    .addModifiers(Modifier.PUBLIC)
                    .returns(operatorInterface)
                    .addStatement("return operator")
                    .build();
    }

    private MethodSpec dataTypeMethod() {
        return MethodSpec.methodBuilder("dataType")
                    .addJavadoc("The element type every input must have.\n\n@return the type\n")
                    .addModifiers(Modifier.PUBLIC)
                    .returns(dataType)
                    .addStatement("return dataType")
                    .build();
    }

    private MethodSpec inputShapeMethod() {
        return MethodSpec.methodBuilder("inputShape")
                    .addJavadoc("The shape every input must have.\n\n@return a copy of the shape\n")
                    .addModifiers(Modifier.PUBLIC)
                    .returns(LONG_ARRAY)
                    .addStatement("return inputShape.clone()")
                    .build();
    }

    private MethodSpec outputShapeMethod() {
        return MethodSpec.methodBuilder("outputShape")
                    .addJavadoc("The shape of the indices every call writes.\n\n@return a copy of the shape ({@code []} for a scalar)\n")
                    .addModifiers(Modifier.PUBLIC)
                    .returns(LONG_ARRAY)
                    .addStatement("return outputShape.clone()")
                    .build();
    }

    private MethodSpec outputSizeMethod() {
        return MethodSpec.methodBuilder("outputSize")
                    .addJavadoc("The number of indices every call writes.\n\n@return the output's element count\n")
                    .addModifiers(Modifier.PUBLIC)
                    .returns(int.class)
                    .addStatement("return outputSize")
                    .build();
    }

    private MethodSpec toStringMethod() {
        return MethodSpec.methodBuilder("toString")
                    .addAnnotation(Override.class)
                    .addJavadoc("For example {@code ArgMax-13{axis=1} prepared for float [1, 10]}.\n")
                    .addModifiers(Modifier.PUBLIC)
                    .returns(String.class)
                    .addStatement("return operator + $S + dataType.onnxName() + $S + $T.format(inputShape)",
                            " prepared for ", " ", RuntimeClasses.SHAPES)
                    .build();
    }

    /** The operator class's run step, chosen by the operator's class (final classes: one compare each). */
    private static MethodSpec run(GenerationContext context, List<ArgOperator> operators, ClassName tensor) {
        CodeBlock.Builder code = CodeBlock.builder();
        for (int i = 0; i < operators.size(); i++) {
            ClassName operatorClass = context.names().operatorClass(operators.get(i).spec());
            code.add(i == 0 ? "if ($N instanceof $T) {\n" : "} else if ($N instanceof $T) {\n", "operator", operatorClass)
                    .indent()
                    .addStatement("$T.run(versionName, parallelism, input, call, out, outOffset)", operatorClass)
                    .unindent();
        }
        code.add("} else {\n").indent()
                .addStatement("throw new $T($S + operator)", IllegalStateException.class, "not an operator of this build: ")
                .unindent().add("}\n");
        return MethodSpec.methodBuilder("run")
                .addJavadoc("Writes the indices of a checked input to {@code out[outOffset]} onwards.\n")
                .addModifiers(Modifier.PRIVATE)
                .addParameter(tensor, "input")
                .addParameter(LONG_ARRAY, "out")
                .addParameter(int.class, "outOffset")
                .addCode(code.build())
                .build();
    }
}
