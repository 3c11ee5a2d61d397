package io.github.argonnx.generator.emit.topk;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.VersionArms;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.VersionSpec;
import io.github.argonnx.generator.semantics.TopKSemantics;
import java.util.List;
import java.util.SortedSet;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * The calls of the generated TopK class: {@code outputShape}, the {@code apply} forms, the checks of an input
 * and k by version, and the one switch per call from the input's element type to its kernel.
 */
final class TopKCalls {

    private static final ClassName EXCEPTION = TopKOperatorEmitter.EXCEPTION;
    private static final ClassName TOP_K_RESULT = ClassName.get(RuntimeClasses.PACKAGE, "TopKResult");
    private static final ClassName SHAPES = ClassName.get(RuntimeClasses.INTERNAL_PACKAGE, "Shapes");
    private static final TypeName LONGS = ArrayTypeName.of(TypeName.LONG);

    private TopKCalls() {}

    static void add(TypeSpec.Builder type, GenerationContext context, OperatorSpec op, List<VersionSpec> versions) {
        ClassName tensor = context.names().tensorClass();
        ClassName dataType = context.names().dataTypeEnum();
        VersionSpec first = versions.get(0);
        String input = TopKSemantics.ONNX.dataInput(first).name();
        long axisDefault = first.attribute("axis").flatMap(a -> a.defaultValue().isPresent()
                ? java.util.Optional.of(a.defaultValue().getAsLong()) : java.util.Optional.empty()).orElse(-1L);
        ClassName call = ClassName.get(context.basePackage(), op.name(), "Call");
        type.addType(TypeSpec.recordBuilder(call)
                .addJavadoc("A call the checks accepted: the outputs' shape and element count, the plan, k and the direction.\n")
                .recordConstructor(MethodSpec.constructorBuilder()
                        .addParameter(LONGS, "shape")
                        .addParameter(TypeName.INT, "count")
                        .addParameter(RuntimeClasses.REDUCTION_PLAN, "plan")
                        .addParameter(TypeName.INT, "k")
                        .addParameter(TypeName.BOOLEAN, "largest")
                        .build())
                .build());
        type.addMethod(checkType(context, op, versions, dataType, input));
        type.addMethod(MethodSpec.methodBuilder("validate")
                .addModifiers(Modifier.PRIVATE)
                .returns(call)
                .addParameter(tensor, "data")
                .addParameter(TypeName.LONG, "k")
                .beginControlFlow("if (data == null)")
                .addStatement("throw new $T(versionName + $S)", EXCEPTION, ": input '" + input + "' is null")
                .endControlFlow()
                .addStatement("return check(data.dataType(), data.dimensions(), k)")
                .build());
        type.addMethod(MethodSpec.methodBuilder("check")
                .addJavadoc("Checks a call on an input of this type and shape with this k, as every {@code apply} and {@code prepare} do.\n")
                .addModifiers(Modifier.PRIVATE)
                .returns(call)
                .addParameter(dataType, "type")
                .addParameter(LONGS, "shape")
                .addParameter(TypeName.LONG, "k")
                .addStatement("checkType(versionName, version, type)")
                .addStatement("int rank = shape.length")
                .addStatement("long axis = attributes.get($S, $LL)", "axis", axisDefault)
                .beginControlFlow("if (rank == 0)")
                .addStatement("throw new $T(versionName + $S)", EXCEPTION, ": input '" + input
                        + "' is a scalar (rank 0), which has no axis to take the k best along (reshape it to [1])")
                .endControlFlow()
                .beginControlFlow("if (axis < -rank || axis > rank - 1)")
                .addStatement("throw new $T(versionName + \": attribute 'axis' = \" + axis + \" is out of range for input '$L' of "
                        + "rank \" + rank\n+ \" (shape \" + $T.format(shape) + \"); allowed: [\" + (-rank) + \", \" + (rank - 1) + \"]\")",
                        EXCEPTION, input, SHAPES)
                .endControlFlow()
                .addStatement("int normalized = (int) (axis < 0 ? axis + rank : axis)")
                .addStatement("long axisLength = shape[normalized]")
                .beginControlFlow("if (k < 0 || k > axisLength)")
                .addStatement("throw new $T(versionName + \": k = \" + k + \" is \" + (k < 0 ? \"negative\" : \"larger than the length "
                        + "of axis \" + normalized)\n+ \" of input '$L' (shape \" + $T.format(shape) + \"); allowed: 0 to \" + axisLength)",
                        EXCEPTION, input, SHAPES)
                .endControlFlow()
                .addStatement("long[] outputShape = shape.clone()")
                .addStatement("outputShape[normalized] = k")
                .addStatement("long count = $T.elementCount(versionName + \": outputs\", outputShape)", SHAPES)
                .beginControlFlow("if (count > $T.MAX_VALUE - 8)", Integer.class)
                .addStatement("throw new $T(versionName + \": outputs of shape \" + $T.format(outputShape) + \" hold \" + count\n"
                        + "+ \" elements, more than a Java array holds\")", EXCEPTION, SHAPES)
                .endControlFlow()
                .addComment("an empty output has nothing to compute, and an empty input has no plan")
                .addStatement("return new $T(outputShape, (int) count, count == 0 ? null : $T.plan(shape, normalized), (int) k, "
                        + "attributes.get($S, 1L) == 1L)", call, SHAPES, "largest")
                .build());
        type.addMethod(MethodSpec.methodBuilder("kOf")
                .addJavadoc("k as a call gives it: version 1 keeps its attribute, which a call must match when it is set.\n")
                .addModifiers(Modifier.PRIVATE)
                .returns(TypeName.LONG)
                .addParameter(TypeName.LONG, "k")
                .beginControlFlow("if (attributes.isSet($S) && attributes.get($S, k) != k)", "k", "k")
                .addStatement("throw new $T(versionName + \": k = \" + k + \" differs from attribute 'k' = \" + attributes.get($S, k)\n"
                        + "+ \" (pass the attribute's value, or leave the attribute unset)\")", EXCEPTION, "k")
                .endControlFlow()
                .addStatement("return k")
                .build());
        type.addMethod(MethodSpec.methodBuilder("outputShape")
                .addJavadoc("The shape of both outputs for an input of this shape and this k: the input's shape with the\n"
                        + "axis replaced by k.\n\n@param data the input\n@param k the number of elements to take\n"
                        + "@return a new array of the dimensions\n@throws $T if the operator refuses the input or k\n", EXCEPTION)
                .addModifiers(Modifier.PUBLIC)
                .returns(LONGS)
                .addParameter(tensor, "data")
                .addParameter(TypeName.LONG, "k")
                .addStatement("return validate(data, kOf(k)).shape().clone()")
                .build());
        TypeName result = ParameterizedTypeName.get(TOP_K_RESULT, tensor);
        type.addMethod(MethodSpec.methodBuilder("apply")
                .addJavadoc("The k best elements along the axis and their indices, best first.\n\n"
                        + "@param data the input {@code $L}\n@param k the number of elements to take (the input {@code K} from "
                        + "version 10; in version 1 the attribute {@code k}, which this must match when it is set)\n"
                        + "@return the values, a tensor of the input's type, the int64 indices and their shape\n"
                        + "@throws $T if the input's type is not accepted, the axis is out of range or k is negative or\n"
                        + "    larger than the axis\n", input, EXCEPTION)
                .addModifiers(Modifier.PUBLIC)
                .returns(result)
                .addParameter(tensor, "data")
                .addParameter(TypeName.LONG, "k")
                .addStatement("$T call = validate(data, kOf(k))", call)
                .addStatement("Object values = newValues(data.dataType(), call.count())")
                .addStatement("long[] indices = new long[call.count()]")
                .beginControlFlow("if (call.count() > 0)")
                .addStatement("run(versionName, parallelism, data, call, values, indices, 0, null)")
                .endControlFlow()
                .addComment("the result takes the arrays just filled, which nothing else holds: the call allocates its outputs")
                .addStatement("return result(wrap(data.dataType(), values, call.shape()), indices, call.shape().clone())")
                .build());
        type.addMethod(MethodSpec.methodBuilder("result")
                .addJavadoc("A result over the given values, indices and shape, without a copy: the caller hands them over.\n")
                .addAnnotation(AnnotationSpec.builder(SuppressWarnings.class).addMember("value", "$S", "unchecked").build())
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(result)
                .addParameter(tensor, "values")
                .addParameter(LONGS, "indices")
                .addParameter(LONGS, "shape")
                .addComment("the face is of the raw TopKResult; the values it wraps are the tensor given")
                .addStatement("return ($T) $T.of($T.class, $T.class)\n.wrap(new $T(values, indices, shape))", result, RuntimeClasses.FACES,
                        TOP_K_RESULT, RuntimeClasses.TOP_K_VALUES_AND_INDICES, RuntimeClasses.TOP_K_VALUES_AND_INDICES)
                .build());
        type.addMethod(MethodSpec.methodBuilder("apply")
                .addJavadoc("The k best elements, with k the attribute {@code k} of version 1.\n\n@param data the input {@code $L}\n"
                        + "@return the values, indices and their shape\n"
                        + "@throws $T if the version takes k as an input, or the attribute is not set\n", input, EXCEPTION)
                .addModifiers(Modifier.PUBLIC)
                .returns(result)
                .addParameter(tensor, "data")
                .beginControlFlow("if (!attributes.isSet($S))", "k")
                .addStatement("throw new $T(versionName + \": k is not set: pass it to apply(data, k)\" + (version == 1 ? \" or set the "
                        + "attribute with k(long)\" : \" (input 'K')\"))", EXCEPTION)
                .endControlFlow()
                .addStatement("return apply(data, attributes.get($S, 0L))", "k")
                .build());
        type.addMethod(TopKOutputs.applyInto(context, input, call, LONGS, "int64 indices"));
        type.addMethod(TopKOutputs.applyInto(context, input, call, ArrayTypeName.of(TypeName.INT), "indices as ints (every index fits: an axis "
                + "holds at most {@link Integer#MAX_VALUE} elements)"));
        type.addMethod(TopKOutputs.applyIntoBuffers(context, input, call));
        type.addMethod(TopKOutputs.prepare(context, op, input, call));
        type.addMethod(TopKOutputs.requireOutputs(dataType, call));
        type.addMethod(TopKOutputs.write(context, call));
        SortedSet<ElementType> types = context.typesToGenerate(op);
        type.addMethod(TopKRun.run(context, op, types, call));
        type.addMethod(TopKRun.scratch(context, types, dataType, call));
        type.addMethod(TopKRun.valuesClass(types, dataType));
        type.addMethod(TopKRun.valuesBufferClass(types, dataType));
        type.addMethod(TopKRun.putValues(types, dataType));
        type.addMethod(typeSwitch("newValues", context, types, dataType, call));
        type.addMethod(typeSwitch("wrap", context, types, dataType, call));
        type.addMethod(MethodSpec.methodBuilder("toString")
                .addAnnotation(Override.class)
                .addJavadoc("For example {@code TopK-11{axis=1}}.\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(String.class)
                .addStatement("return versionName + attributes")
                .build());
        type.addMethod(MethodSpec.methodBuilder("equals")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(TypeName.BOOLEAN)
                .addParameter(Object.class, "other")
                .addStatement("return other instanceof $T that && version == that.version && attributes.equals(that.attributes)",
                        context.names().operatorClass(op))
                .build());
        type.addMethod(MethodSpec.methodBuilder("hashCode")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(TypeName.INT)
                .addStatement("return 31 * version + attributes.hashCode()")
                .build());
    }

    private static MethodSpec checkType(GenerationContext context, OperatorSpec op, List<VersionSpec> versions,
            ClassName dataType, String input) {
        CodeBlock.Builder body = CodeBlock.builder()
                .beginControlFlow("if (type == null)")
                .addStatement("throw new $T(versionName + $S)", EXCEPTION, ": input '" + input + "' has no element type (null)")
                .endControlFlow()
                .addStatement("String allowed")
                .beginControlFlow("switch (version)");
        VersionArms arms = new VersionArms();
        for (VersionSpec v : versions) {
            SortedSet<ElementType> types = context.typesToGenerate(v);
            String cases = types.stream().map(Enum::name).collect(Collectors.joining(", "));
            String text = types.stream().map(ElementType::onnxName).collect(Collectors.joining(", "));
            CodeBlock.Builder arm = CodeBlock.builder();
            if (!types.isEmpty()) {
                arm.beginControlFlow("switch (type)")
                        .add("case $L -> {\n$>return;\n$<}\n", cases)
                        .add("default -> {\n$>$<}\n")
                        .endControlFlow();
            }
            arms.add(v.sinceVersion(), arm.addStatement("allowed = $S", text).build());
        }
        body.add(arms.cases()).add("default -> throw new $T(\"no version \" + version);\n", IllegalStateException.class)
                .endControlFlow()
                .addStatement("throw new $T(versionName + \": input '$L' has element type \" + type.onnxName() + \", which \" + versionName\n"
                        + "+ \" does not accept (allowed: \" + allowed + \")\")", EXCEPTION, input);
        return MethodSpec.methodBuilder("checkType")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(String.class, "versionName")
                .addParameter(TypeName.INT, "version")
                .addParameter(dataType, "type")
                .addCode(body.build())
                .build();
    }

    /** One switch from the element type: to a new values array, or a values tensor. */
    private static MethodSpec typeSwitch(String name, GenerationContext context, SortedSet<ElementType> types,
            ClassName dataType, ClassName call) {
        // newValues is package-private: the prepared class stages values in arrays it makes once
        MethodSpec.Builder method = MethodSpec.methodBuilder(name).addModifiers(Modifier.STATIC);
        if (!name.equals("newValues")) {
            method.addModifiers(Modifier.PRIVATE);
        }
        switch (name) {
            case "newValues" -> method.returns(Object.class).addParameter(dataType, "type").addParameter(TypeName.INT, "count");
            default -> method.returns(context.names().tensorClass()).addParameter(dataType, "type")
                    .addParameter(Object.class, "values").addParameter(LONGS, "shape");
        }
        method.beginControlFlow("switch (type)");
        for (ElementType t : types) {
            JavaStorage storage = JavaStorage.of(t);
            method.addCode("case $L -> ", t.name());
            switch (name) {
                case "newValues" -> method.addCode("{\n$>return new $L[count];\n$<}\n", storage.primitive());
                default -> method.addCode("{\n$>return $T.$N(($T) values, shape);\n$<}\n", context.names().tensorClass(),
                        GeneratedNames.tensorFactory(t), storage.arrayType());
            }
        }
        method.addCode("default -> throw new $T(\"no kernel for \" + type);\n", IllegalStateException.class);
        method.endControlFlow();
        return method.build();
    }
}
