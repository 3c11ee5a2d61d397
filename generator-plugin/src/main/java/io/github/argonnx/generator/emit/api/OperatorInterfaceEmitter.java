package io.github.argonnx.generator.emit.api;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.semantics.ArgOperator;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * Emits {@code <base>.ArgReductionOperator}, the interface every generated operator class implements:
 * what they share (op type, version, the attribute setters they all have, parallelism,
 * {@code outputShape}, the {@code apply} forms) and static factories that pick an operator by its ONNX
 * op type, as a model's node names it.
 */
final class OperatorInterfaceEmitter {

    private static final ArrayTypeName LONG_ARRAY = ArrayTypeName.of(TypeName.LONG);
    private static final ArrayTypeName INT_ARRAY = ArrayTypeName.of(TypeName.INT);

    /** A model node's INT attributes by ONNX name, as {@code forNode} takes them. */
    static final TypeName ATTRIBUTE_MAP = ParameterizedTypeName.get(Map.class, String.class, Long.class);

    /** A parameter of an op-type factory after {@code opType}. */
    private record Parameter(TypeName type, String name) {}

    private static final Parameter INT_VERSION = new Parameter(TypeName.INT, "version");
    private static final Parameter INT_OPSET = new Parameter(TypeName.INT, "opset");
    /** ONNX stores opset versions as int64: forNode takes them as read from a model. */
    private static final Parameter LONG_OPSET = new Parameter(TypeName.LONG, "opset");

    private OperatorInterfaceEmitter() {}

    static TypeSpec.Builder commonInterface(GenerationContext context, List<ArgOperator> generated, SharedMembers shared) {
        ClassName self = context.names().operatorInterface();
        ClassName tensor = context.names().tensorClass();
        String implementors = generated.stream().map(a -> "{@link " + a.name() + "}").collect(Collectors.joining(" and "));
        String names = generated.stream().map(ArgOperator::name).collect(Collectors.joining(", "));
        ArgOperator first = generated.get(0);
        TypeSpec.Builder type = TypeSpec.interfaceBuilder(self)
                .addModifiers(Modifier.PUBLIC)
                .addJavadoc("An ONNX arg-reduction operator at one version with its attributes: what $L have in common,\n"
                        + "so that code can hold either and pick one by its op type, as a model's node names it.\n\n"
                        + "<pre>{@code\n"
                        + "ArgReductionOperator op = ArgReductionOperator.forNode(node.getOpType(), opset, attributes);\n"
                        + "ArgResult r = op.apply(x);\n"
                        + "}</pre>\n\n"
                        + "<p>Implementations are thread-safe and their configuration immutable: every setter returns a new instance, of the\n"
                        + "implementing class ({@code $L.latest().axis(1)} is still an {@code $L}). Each class documents\n"
                        + "its attributes, versions and refusals.\n",
                        implementors, first.name(), first.name());

        type.addMethod(opTypeFactory("latest", "The newest version of the operator, with every attribute at its default",
                "latest()", List.of(), generated, self, names));
        type.addMethod(opTypeFactory("version", "The operator version with this number (the opset that introduced it),\n"
                + "with every attribute at its default", "version(version)", List.of(INT_VERSION), generated, self, names));
        type.addMethod(opTypeFactory("forModelOpset", "The operator version in force for a model that imports this "
                + "ai.onnx opset,\nwith every attribute at its default", "forModelOpset(opset)", List.of(INT_OPSET),
                generated, self, names));
        type.addMethod(opTypeFactory("forNode", "The operator version in force for a model that imports this ai.onnx "
                + "opset,\nwith a model node's attributes set", "forNode(opset, attributes)",
                List.of(LONG_OPSET, new Parameter(ATTRIBUTE_MAP, "attributes")), generated, self, names));

        type.addMethod(abstractMethod("opType", "The operator's ONNX {@code op_type}.\n\n@return for example {@code $S}\n",
                first.name()).returns(String.class).build());
        type.addMethod(abstractMethod("version", "The operator version: the opset that introduced it.\n\n@return the version number\n")
                .returns(int.class).build());
        type.addMethod(abstractMethod("attributes", "The attributes set on this operator; the others take the version's defaults.\n\n"
                + "@return the attributes set, by ONNX name\n").returns(RuntimeClasses.NODE_ATTRIBUTES).build());
        for (String attribute : shared.attributes()) {
            String method = GeneratedNames.attributeMethod(attribute);
            type.addMethod(abstractMethod(method, "A copy with attribute {@code $L} set.\n\n"
                    + "@param $L the value\n@return a copy with the attribute set\n"
                    + "@throws $T if this version has no attribute {@code $L} or does not allow the value\n",
                    attribute, method, RuntimeClasses.ARG_ONNX_EXCEPTION, attribute)
                    .returns(self).addParameter(long.class, method).build());
            if (shared.flags().contains(attribute)) {
                type.addMethod(abstractMethod(method, "A copy with flag {@code $L} set to 1 ({@code true}) or 0 ({@code false}).\n\n"
                        + "@param $L the flag\n@return a copy with the attribute set\n"
                        + "@throws $T if this version has no attribute {@code $L}\n",
                        attribute, method, RuntimeClasses.ARG_ONNX_EXCEPTION, attribute)
                        .returns(self).addParameter(boolean.class, method).build());
            }
        }
        type.addMethod(abstractMethod("parallelism", "A copy that runs on these threads; the indices are the same "
                + "on any.\n\n@param parallelism where large inputs are shared out\n@return a copy with it\n"
                + "@throws $T if {@code parallelism} is null\n", RuntimeClasses.ARG_ONNX_EXCEPTION)
                .returns(self).addParameter(RuntimeClasses.PARALLELISM, "parallelism").build());
        type.addMethod(abstractMethod("outputShape", "The output shape for an input of this shape.\n\n"
                + "@param inputShape the input's shape\n@return the output shape\n"
                + "@throws $T if the shape is invalid or the attributes do not fit it\n", RuntimeClasses.ARG_ONNX_EXCEPTION)
                .returns(LONG_ARRAY).addParameter(LONG_ARRAY, "inputShape").varargs().build());
        type.addMethod(abstractMethod("prepare", "This operator bound to an input type and shape, checked once: for many\n"
                + "calls on inputs of one type and shape, each then checking only that its input and output fit.\n\n"
                + "@param type the input's element type\n@param inputShape the input's shape\n@return the prepared operator\n"
                + "@throws $T if an input of that type and shape breaks a rule of this operator version\n",
                RuntimeClasses.ARG_ONNX_EXCEPTION)
                .returns(context.names().preparedOperatorClass()).addParameter(context.names().dataTypeEnum(), "type")
                .addParameter(LONG_ARRAY, "inputShape").varargs().build());
        type.addMethod(abstractMethod("apply", "Runs the operator.\n\n@param input the input tensor\n"
                + "@return the indices and their shape\n@throws $T if the call breaks a rule of this operator version\n",
                RuntimeClasses.ARG_ONNX_EXCEPTION)
                .returns(RuntimeClasses.ARG_RESULT).addParameter(tensor, "input").build());
        type.addMethod(abstractMethod("apply", "Runs the operator into {@code out[outOffset]} onwards.\n\n"
                + "@param input the input tensor\n@param out receives the indices\n@param outOffset where the first "
                + "index goes\n@return the output shape\n@throws $T if the call breaks a rule of this operator "
                + "version or {@code out} has no room\n", RuntimeClasses.ARG_ONNX_EXCEPTION)
                .returns(LONG_ARRAY).addParameter(tensor, "input").addParameter(LONG_ARRAY, "out")
                .addParameter(int.class, "outOffset").build());
        type.addMethod(abstractMethod("apply", "Runs the operator into {@code out} from its position, which stays.\n\n"
                + "@param input the input tensor\n@param out receives the indices\n@return the output shape\n"
                + "@throws $T if the call breaks a rule of this operator version or {@code out} has no room\n",
                RuntimeClasses.ARG_ONNX_EXCEPTION)
                .returns(LONG_ARRAY).addParameter(tensor, "input").addParameter(LongBuffer.class, "out").build());
        type.addMethod(abstractMethod("apply", "Runs the operator into {@code out[outOffset]} onwards, as int indices.\n\n"
                + "@param input the input tensor\n@param out receives the indices\n@param outOffset where the first "
                + "index goes\n@return the output shape\n@throws $T if the call breaks a rule of this operator "
                + "version, {@code out} has no room, or an index would not fit an int\n", RuntimeClasses.ARG_ONNX_EXCEPTION)
                .returns(LONG_ARRAY).addParameter(tensor, "input").addParameter(INT_ARRAY, "out")
                .addParameter(int.class, "outOffset").build());
        type.addMethod(abstractMethod("apply", "Runs the operator into {@code out} from its position, which stays, as int "
                + "indices.\n\n@param input the input tensor\n@param out receives the indices\n@return the output shape\n"
                + "@throws $T if the call breaks a rule of this operator version, {@code out} has no room, or an index\n"
                + "    would not fit an int\n", RuntimeClasses.ARG_ONNX_EXCEPTION)
                .returns(LONG_ARRAY).addParameter(tensor, "input").addParameter(IntBuffer.class, "out").build());
        return type;
    }

    private static MethodSpec.Builder abstractMethod(String name, String doc, Object... args) {
        return MethodSpec.methodBuilder(name).addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT).addJavadoc(doc, args);
    }

    /** A static factory that switches over the generated operators' op types and delegates to the class. */
    private static MethodSpec opTypeFactory(String name, String what, String call, List<Parameter> parameters,
            List<ArgOperator> generated, ClassName self, String names) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addParameter(String.class, "opType");
        StringBuilder doc = new StringBuilder(what + ", chosen by op type.\n\n"
                + "@param opType the ONNX {@code op_type}: " + names + "\n");
        for (Parameter p : parameters) {
            m.addParameter(p.type(), p.name());
            doc.append("@param ").append(p.name()).append(" as the implementing class's {@code ").append(name)
                    .append("} takes it\n");
        }
        doc.append("@return that operator\n@throws $T for an op type this build does not have, or as the class's\n"
                + "    {@code ").append(name).append("} does\n");
        m.addJavadoc(doc.toString(), RuntimeClasses.ARG_ONNX_EXCEPTION);
        m.beginControlFlow("if (opType == null)")
                .addStatement("throw new $T($S)", RuntimeClasses.ARG_ONNX_EXCEPTION, "op type is null (this build has: "
                        + names + ")")
                .endControlFlow();
        CodeBlock.Builder cases = CodeBlock.builder().add("return switch (opType) {\n").indent();
        for (ArgOperator a : generated) {
            cases.add("case $S -> $T.$L;\n", a.name(), new GeneratedNames(self.packageName()).operatorClass(a.spec()), call);
        }
        cases.add("default -> throw new $T($S + opType + $S);\n", RuntimeClasses.ARG_ONNX_EXCEPTION,
                        "unknown op type '", "' (this build has: " + names + ")")
                .unindent().add("};\n");
        return m.addCode(cases.build()).build();
    }

}
