package io.github.argonnx.generator.emit.topk;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.JavaSourceEmitter;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.VersionSpec;
import io.github.argonnx.generator.semantics.OperatorFamily;
import io.github.argonnx.generator.semantics.TopKSemantics;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code PreparedTopK}, what {@code TopK.prepare(type, k, shape)} returns: a call checked once, whose
 * calls check only the input's type and shape and the outputs' room, and whose kernel works in arrays the
 * prepared call keeps (the kernel's {@code Scratch}), so that a call on the calling thread allocates nothing.
 */
public final class PreparedTopKEmitter extends JavaSourceEmitter {

    private static final ClassName EXCEPTION = TopKOperatorEmitter.EXCEPTION;
    private static final TypeName LONGS = ArrayTypeName.of(TypeName.LONG);

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        List<JavaSource> files = new ArrayList<>();
        for (OperatorSpec op : context.operatorsToGenerate(OperatorFamily.TOP_K)) {
            List<VersionSpec> versions = context.versionsToGenerate(op);
            if (versions.isEmpty()) {
                continue;
            }
            String input = TopKSemantics.ONNX.dataInput(versions.get(0)).name();
            files.add(new JavaSource(GeneratedFile.Kind.MAIN_SOURCE, context.basePackage(),
                    prepared(context, op, input), context.provenance(op)));
        }
        return files;
    }

    private static TypeSpec.Builder prepared(GenerationContext context, OperatorSpec op, String input) {
        ClassName self = context.names().preparedTopKClass(op);
        ClassName operator = context.names().operatorClass(op);
        ClassName call = operator.nestedClass("Call");
        ClassName dataType = context.names().dataTypeEnum();
        ClassName tensor = context.names().tensorClass();
        return TypeSpec.classBuilder(self)
                .addJavadoc("$L bound to an input type and shape and to k, checked once, like a prepared statement:\n"
                        + "{@code $L.prepare(type, k, shape)} checks the call as {@code apply} would and keeps what it decided\n"
                        + "(the plan, the output shape) and the arrays the kernel works in, so that each call checks only that\n"
                        + "its input has that type and shape and that the outputs have room, and allocates nothing.\n\n"
                        + "<pre>{@code\n"
                        + "Prepared$L top5 = $L.latest().axis(1).prepare(DataType.FLOAT, 5, 1, 1000);\n"
                        + "float[] scores = new float[5];\n"
                        + "int[] classes = new int[5];\n"
                        + "top5.apply(Tensor.ofFloat(logits, 1, 1000), scores, classes, 0);  // for each new batch of logits\n"
                        + "}</pre>\n\n"
                        + "<p>The outputs are exactly those of {@code apply}. <b>Not thread-safe</b>: its calls share the\n"
                        + "arrays it keeps, so prepare one per thread (preparing is cheap next to a large call). A call that\n"
                        + "the operator's {@code parallelism} splits over threads gives each task arrays of its own. A\n"
                        + "refusal is an {@link $T} naming the operator version, and nothing has been written then.\n",
                        op.name(), op.name(), op.name(), op.name(), EXCEPTION)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addField(operator, "operator", Modifier.PRIVATE, Modifier.FINAL)
                .addField(String.class, "versionName", Modifier.PRIVATE, Modifier.FINAL)
                .addField(RuntimeClasses.PARALLELISM, "parallelism", Modifier.PRIVATE, Modifier.FINAL)
                .addField(dataType, "dataType", Modifier.PRIVATE, Modifier.FINAL)
                .addField(LONGS, "inputShape", Modifier.PRIVATE, Modifier.FINAL)
                .addField(call, "call", Modifier.PRIVATE, Modifier.FINAL)
                .addField(FieldSpec.builder(Object.class, "scratch", Modifier.PRIVATE, Modifier.FINAL)
                        .addJavadoc("The kernel's working arrays for this call; null when the output is empty.\n").build())
                .addField(FieldSpec.builder(Object.class, "stagedValues", Modifier.PRIVATE)
                        .addJavadoc("Where the kernel writes first when it cannot write to the caller's arrays (int indices, an\n"
                                + "output that is the input's own array): made by the first such call, kept for the next.\n").build())
                .addField(LONGS, "stagedIndices", Modifier.PRIVATE)
                .addMethod(MethodSpec.constructorBuilder()
                        .addJavadoc("A call that {@code operator} has checked for inputs of {@code dataType} and {@code inputShape}, and the\n"
                                + "kernel's scratch for it.\n")
                        .addParameter(operator, "operator")
                        .addParameter(String.class, "versionName")
                        .addParameter(RuntimeClasses.PARALLELISM, "parallelism")
                        .addParameter(dataType, "dataType")
                        .addParameter(LONGS, "inputShape")
                        .addParameter(call, "call")
                        .addParameter(Object.class, "scratch")
                        .addStatement("this.operator = operator")
                        .addStatement("this.versionName = versionName")
                        .addStatement("this.parallelism = parallelism")
                        .addStatement("this.dataType = dataType")
                        .addStatement("this.inputShape = inputShape")
                        .addStatement("this.call = call")
                        .addStatement("this.scratch = scratch")
                        .build())
                .addMethod(apply(tensor, operator, LONGS, "int64 indices", false))
                .addMethod(apply(tensor, operator, ArrayTypeName.of(TypeName.INT), "indices as ints (every index fits: an axis "
                        + "holds at most {@link Integer#MAX_VALUE} elements)", true))
                .addMethod(requireInput(tensor, input))
                .addMethod(getter("operator", operator, "The operator this was prepared from: its version, attributes and "
                        + "parallelism.", "operator"))
                .addMethod(getter("dataType", dataType, "The element type every input must have.", "dataType"))
                .addMethod(getter("inputShape", LONGS, "The shape every input must have, a copy.", "inputShape.clone()"))
                .addMethod(getter("outputShape", LONGS, "The shape of the values and the indices every call writes, a copy.",
                        "call.shape().clone()"))
                .addMethod(getter("outputSize", TypeName.INT, "The number of values, and of indices, every call writes.",
                        "call.count()"))
                .addMethod(getter("k", TypeName.INT, "The number of elements each slice gives.", "call.k()"))
                .addMethod(MethodSpec.methodBuilder("toString")
                        .addAnnotation(Override.class)
                        .addJavadoc("For example {@code TopK-24{axis=1} prepared for float [1, 1000], k = 5}.\n")
                        .addModifiers(Modifier.PUBLIC)
                        .returns(String.class)
                        .addStatement("return operator + \" prepared for \" + dataType.onnxName() + \" \" + $T.format(inputShape) "
                                + "+ \", k = \" + call.k()", RuntimeClasses.SHAPES)
                        .build());
    }

    /** One {@code apply} form: indices as {@code long[]} or, staged, as {@code int[]}. */
    private static MethodSpec apply(ClassName tensor, ClassName operator, TypeName indicesType, String indicesDoc,
            boolean staged) {
        MethodSpec.Builder method = MethodSpec.methodBuilder("apply")
                .addJavadoc("Writes the k best elements along the axis to {@code values} and their indices to {@code indices},\n"
                        + "both from {@code outOffset}, best first, in the output layout of {@code apply}. A call that the\n"
                        + "operator's parallelism leaves on the calling thread allocates nothing$L.\n\n"
                        + "@param input the input, of the prepared type and shape\n"
                        + "@param values an array of the input type's storage ({@code float[]} for float, {@code short[]} for\n"
                        + "    float16 bits, ...)\n@param indices receives the $L\n@param outOffset where the first value and index go\n"
                        + "@throws $T if the input has another type or shape, or an output is of the wrong type or has no\n"
                        + "    room from {@code outOffset}; nothing has been written then\n",
                        staged ? " after the first call with int indices" : ", unless an output is the input's own array", indicesDoc, EXCEPTION)
                .addModifiers(Modifier.PUBLIC)
                .addParameter(tensor, "input")
                .addParameter(Object.class, "values")
                .addParameter(indicesType, "indices")
                .addParameter(TypeName.INT, "outOffset")
                .addStatement("requireInput(input)")
                .addStatement("$T.requireOutputs(versionName, dataType, call, values, indices, outOffset)", operator);
        if (staged) {
            method.beginControlFlow("if (stagedIndices == null && call.count() > 0)")
                    .addComment("the kernel writes int64 indices: arrays made once, for every later call")
                    .addStatement("stagedValues = $T.newValues(dataType, call.count())", operator)
                    .addStatement("stagedIndices = new long[call.count()]")
                    .endControlFlow();
        }
        return method.addStatement("$T.write(versionName, parallelism, input, call, values, indices, outOffset, scratch, stagedValues,\n"
                        + "stagedIndices)", operator)
                .build();
    }

    /** {@code requireInput}: the prepared type and shape, compared without a copy. */
    private static MethodSpec requireInput(ClassName tensor, String input) {
        return MethodSpec.methodBuilder("requireInput")
                .addJavadoc("Checks that an input has the prepared type and shape, without copying its shape.\n")
                .addModifiers(Modifier.PRIVATE)
                .addParameter(tensor, "input")
                .beginControlFlow("if (input == null)")
                .addStatement("throw new $T(versionName + $S)", EXCEPTION, ": input '" + input + "' is null")
                .endControlFlow()
                .beginControlFlow("if (input.dataType() != dataType || !$T.same(input.dimensions(), inputShape))", RuntimeClasses.SHAPES)
                .addStatement("throw new $T(versionName + \": prepared for input '$L' of type \" + dataType.onnxName() + \" and shape \" "
                        + "+ $T.format(inputShape)\n+ \", but input '$L' has type \" + input.dataType().onnxName() + \" and shape \" "
                        + "+ $T.format(input.dimensions())\n+ \" (allowed: that type and shape only; prepare another for this input, "
                        + "or use apply)\")", EXCEPTION, input, RuntimeClasses.SHAPES, input, RuntimeClasses.SHAPES)
                .endControlFlow()
                .build();
    }

    private static MethodSpec getter(String name, TypeName type, String doc, String value) {
        return MethodSpec.methodBuilder(name)
                .addJavadoc(doc + "\n\n@return the value\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(type)
                .addStatement("return $L", value)
                .build();
    }
}
