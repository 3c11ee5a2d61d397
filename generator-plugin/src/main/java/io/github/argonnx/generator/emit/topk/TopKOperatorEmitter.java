package io.github.argonnx.generator.emit.topk;

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
import io.github.argonnx.generator.emit.VersionArms;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.VersionSpec;
import io.github.argonnx.generator.semantics.OperatorFamily;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * Emits the public class of each TopK-family operator ({@code <base>.TopK}): the factories by version, model
 * opset and node, the attribute setters, and the checks of every attribute by version, the same refusals
 * ArgMax's versions give. The calls ({@code apply}, {@code outputShape}) come from {@link TopKCalls}.
 */
public final class TopKOperatorEmitter extends JavaSourceEmitter {

    static final ClassName NODE_ATTRIBUTES = ClassName.get(RuntimeClasses.PACKAGE, "NodeAttributes");
    static final ClassName EXCEPTION = ClassName.get(RuntimeClasses.PACKAGE, "ArgOnnxException");

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        List<JavaSource> files = new ArrayList<>();
        for (OperatorSpec op : context.operatorsToGenerate(OperatorFamily.TOP_K)) {
            List<VersionSpec> versions = context.versionsToGenerate(op);
            if (versions.isEmpty()) {
                continue;
            }
            files.add(new JavaSource(GeneratedFile.Kind.MAIN_SOURCE, context.basePackage(),
                    operatorClass(context, op, versions), context.provenance(op)));
        }
        return files;
    }

    private static TypeSpec.Builder operatorClass(GenerationContext context, OperatorSpec op, List<VersionSpec> versions) {
        ClassName self = context.names().operatorClass(op);
        String numbers = versions.stream().map(v -> String.valueOf(v.sinceVersion())).collect(Collectors.joining(", "));
        int latest = versions.get(versions.size() - 1).sinceVersion();
        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("The ONNX operator $L: the k largest or smallest elements along an axis, and their indices.\n\n"
                        + "<p>Immutable and thread-safe: every setter returns a new instance. Versions: $L. The\n"
                        + "outputs are always sorted, best first (equal elements: the lower index first; NaN is\n"
                        + "larger than every number; -0 and +0 are equal), also with {@code sorted(false)}, which\n"
                        + "leaves the order to the implementation. Large inputs are shared over threads\n"
                        + "({@code parallelism}); {@code prepare} binds the operator to an input type, shape and k for\n"
                        + "many calls. Every refusal is an {@link $T}.\n",
                        op.name(), numbers, EXCEPTION)
                .addField(constant(TypeName.get(String.class), "OPERATOR", CodeBlock.of("$S", op.name()), false))
                .addField(constant(TypeName.INT, "LATEST_VERSION", CodeBlock.of("$L", latest), true).toBuilder()
                        .addJavadoc("The newest version generated, the one {@link #latest()} gives.\n").build())
                .addField(constant(TypeName.INT, "LATEST_KNOWN_OPSET", CodeBlock.of("$L", op.latestKnownOpset()), true).toBuilder()
                        .addJavadoc("The newest ai.onnx opset the spec is known to be complete up to: the highest that\n"
                                + "{@link #forModelOpset(int)} takes.\n").build())
                .addField(constant(TypeName.get(String.class), "VERSIONS_TEXT", CodeBlock.of("$S", numbers), false))
                .addField(TypeName.INT, "version", Modifier.PRIVATE, Modifier.FINAL)
                .addField(TypeName.get(String.class), "versionName", Modifier.PRIVATE, Modifier.FINAL)
                .addField(NODE_ATTRIBUTES, "attributes", Modifier.PRIVATE, Modifier.FINAL)
                .addField(RuntimeClasses.PARALLELISM, "parallelism", Modifier.PRIVATE, Modifier.FINAL)
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(Modifier.PRIVATE)
                        .addParameter(TypeName.INT, "version")
                        .addParameter(NODE_ATTRIBUTES, "attributes")
                        .addParameter(RuntimeClasses.PARALLELISM, "parallelism")
                        .addStatement("this.version = version")
                        .addStatement("this.versionName = OPERATOR + \"-\" + version")
                        .addStatement("this.attributes = attributes")
                        .addStatement("this.parallelism = parallelism")
                        .build())
                .addMethod(parallelism(self));
        factories(type, self, op, versions, numbers);
        setters(type, self);
        type.addMethod(checkAttribute(op, versions));
        TopKCalls.add(type, context, op, versions);
        return type;
    }

    /** {@code parallelism(Parallelism)}: a copy that runs on these threads, as ArgMax's does. */
    private static MethodSpec parallelism(ClassName self) {
        return MethodSpec.methodBuilder("parallelism")
                .addJavadoc("A copy that runs on these threads: by default large inputs are shared with the common\n"
                        + "{@code ForkJoinPool}, by output slices or by columns of an outer axis; {@link $T#singleThread()}\n"
                        + "keeps every call on the calling thread. The outputs are the same either way. Not an ONNX\n"
                        + "attribute: {@code equals} ignores it.\n\n@param parallelism the threads calls may use\n"
                        + "@return a copy of this operator that uses them\n@throws $T if {@code parallelism} is null\n",
                        RuntimeClasses.PARALLELISM, EXCEPTION)
                .addModifiers(Modifier.PUBLIC)
                .returns(self)
                .addParameter(RuntimeClasses.PARALLELISM, "parallelism")
                .beginControlFlow("if (parallelism == null)")
                .addStatement("throw new $T(versionName + $S)", EXCEPTION, ": the parallelism (argument 'parallelism') is null; "
                        + "Parallelism.singleThread() keeps every call on the calling thread")
                .endControlFlow()
                .addStatement("return new $T(version, attributes, parallelism)", self)
                .build();
    }

    private static FieldSpec constant(TypeName type, String name, CodeBlock value, boolean isPublic) {
        return FieldSpec.builder(type, name, isPublic ? Modifier.PUBLIC : Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer(value).build();
    }

    private static void factories(TypeSpec.Builder type, ClassName self, OperatorSpec op, List<VersionSpec> versions,
            String numbers) {
        type.addMethod(MethodSpec.methodBuilder("latest")
                .addJavadoc("The newest version, $L-$L, with every attribute at its default.\n\n@return that version\n",
                        op.name(), versions.get(versions.size() - 1).sinceVersion())
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addStatement("return version(LATEST_VERSION)")
                .build());
        type.addMethod(MethodSpec.methodBuilder("version")
                .addJavadoc("The operator version with this number (the opset that introduced it).\n\n"
                        + "@param version one of $L\n@return that version, with no attribute set\n"
                        + "@throws $T for any other number, naming the versions\n", numbers, EXCEPTION)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addParameter(TypeName.INT, "version")
                .addComment("first, before anything else of the runtime links: a mismatched runtime fails here, named")
                .addStatement("$T.require($L, $T.class)", RuntimeClasses.RUNTIME_VERSION, RuntimeClasses.API_LEVEL, self)
                .beginControlFlow("switch (version)")
                .addCode("case $L -> {\n", numbers)
                .addStatement("$>return new $T(version, $T.none(), $T.commonPool())$<", self, NODE_ATTRIBUTES, RuntimeClasses.PARALLELISM)
                .addCode("}\n")
                .addCode("default -> throw new $T(OPERATOR + \" has no version \" + version + \" (versions: \" + VERSIONS_TEXT\n"
                        + "        + \"; each is in force from its opset until the next)\" + modelOpsetHint(version));\n", EXCEPTION)
                .endControlFlow()
                .build());
        CodeBlock.Builder hint = CodeBlock.builder()
                .beginControlFlow("if (opset < 1 || opset > LATEST_KNOWN_OPSET)")
                .addStatement("return \"\"")
                .endControlFlow()
                .addStatement("String call = \"; for a model's opset import use $L.forModelOpset(\" + opset + \")\"", op.name());
        CodeBlock.Builder inForce = CodeBlock.builder()
                .beginControlFlow("if (opset < 1 || opset > LATEST_KNOWN_OPSET)")
                .addStatement("throw new $T(OPERATOR + \": no version is known for opset \" + opset + \" (known opsets: 1 to \" "
                        + "+ LATEST_KNOWN_OPSET\n+ \"; the first version of $L is $L-$L)\")", EXCEPTION, op.name(), op.name(),
                        versions.get(0).sinceVersion())
                .endControlFlow();
        for (int i = versions.size() - 1; i >= 0; i--) {
            int v = versions.get(i).sinceVersion();
            hint.beginControlFlow("if (opset >= $L)", v)
                    .addStatement("return call + \", which selects $L-$L\"", op.name(), v)
                    .endControlFlow();
            inForce.beginControlFlow("if (opset >= $L)", v).addStatement("return version($L)", v).endControlFlow();
        }
        hint.addStatement("return \"\"");
        inForce.addStatement("throw new $T(OPERATOR + \": opset \" + opset + \" comes before the first version generated, $L-$L\")",
                EXCEPTION, op.name(), versions.get(0).sinceVersion());
        type.addMethod(MethodSpec.methodBuilder("modelOpsetHint")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(String.class)
                .addParameter(TypeName.INT, "opset")
                .addCode(hint.build())
                .build());
        type.addMethod(MethodSpec.methodBuilder("forModelOpset")
                .addJavadoc("The operator version in force for a model that imports this ai.onnx opset: the newest version\n"
                        + "whose opset is not above it.\n\n@param opset the model's {@code opset_import} version, 1 to "
                        + "{@link #LATEST_KNOWN_OPSET}\n@return the version in force, with no attribute set\n"
                        + "@throws $T if the opset is outside that range\n", EXCEPTION)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addParameter(TypeName.INT, "opset")
                .addCode(inForce.build())
                .build());
        type.addMethod(MethodSpec.methodBuilder("forNode")
                .addJavadoc("The operator version in force for a model's opset, with a node's INT attributes set.\n\n"
                        + "@param opset the model's {@code opset_import} version, an int64 as ONNX stores it (an {@code int}\n"
                        + "    widens to it); the range {@link #forModelOpset(int)} takes\n"
                        + "@param attributes the node's attributes by ONNX name; those not given take their defaults\n"
                        + "@return the version in force, with those attributes set\n"
                        + "@throws $T if the opset has no version (naming the opset, also past the {@code int} range),\n"
                        + "    or the version has no such attribute or does not allow the value\n", EXCEPTION)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addParameter(TypeName.LONG, "opset")
                .addParameter(ParameterizedTypeName.get(Map.class, String.class, Long.class), "attributes")
                .beginControlFlow("if (opset != (int) opset)")
                .addComment("past int: no opset is known there; refused by its value, never by a truncated one")
                .addStatement("throw new $T(OPERATOR + $S + opset + $S + LATEST_KNOWN_OPSET + $S)", EXCEPTION,
                        ": no version is known for opset ", " (known opsets: 1 to ", ")")
                .endControlFlow()
                .addStatement("$T operator = forModelOpset((int) opset)", self)
                .addStatement("$T given = $T.of(operator.versionName, attributes)", NODE_ATTRIBUTES, NODE_ATTRIBUTES)
                .beginControlFlow("for (String name : given.names())")
                .addStatement("operator = operator.with(name, given.get(name, 0))")
                .endControlFlow()
                .addStatement("return operator")
                .build());
        type.addMethod(MethodSpec.methodBuilder("forNode")
                .addJavadoc("As {@link #forNode(long, Map)}, for a node read with its op type: a reader of nodes passes every\n"
                        + "node's fields alike, as to {@code ArgReductionOperator.forNode}.\n\n"
                        + "@param opType the node's {@code op_type}, which must be {@code TopK}\n"
                        + "@param opset as {@link #forNode(long, Map)} takes it\n"
                        + "@param attributes as {@link #forNode(long, Map)} takes them\n"
                        + "@return the version in force, with those attributes set\n"
                        + "@throws $T if the op type is not TopK, or as {@link #forNode(long, Map)} throws\n", EXCEPTION)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addParameter(String.class, "opType")
                .addParameter(TypeName.LONG, "opset")
                .addParameter(ParameterizedTypeName.get(Map.class, String.class, Long.class), "attributes")
                .beginControlFlow("if (!OPERATOR.equals(opType))")
                .addStatement("throw new $T($S + opType + $S)", EXCEPTION, "op type '", "' is not TopK (TopK.forNode builds TopK nodes)")
                .endControlFlow()
                .addStatement("return forNode(opset, attributes)")
                .build());
    }

    private static void setters(TypeSpec.Builder type, ClassName self) {
        type.addMethod(getter("opType", String.class, "The ONNX {@code op_type}.", "OPERATOR"));
        type.addMethod(getter("version", int.class, "The operator version: the opset that introduced it.", "version"));
        type.addMethod(MethodSpec.methodBuilder("attributes")
                .addJavadoc("The attributes set on this operator; the others take the version's defaults.\n\n"
                        + "@return the attributes set, by ONNX name\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(NODE_ATTRIBUTES)
                .addStatement("return attributes")
                .build());
        type.addMethod(setter(self, "axis", TypeName.LONG, "axis", "the axis to take the k best along, in [-r, r-1]; checked when "
                + "the input is known", "axis"));
        type.addMethod(setter(self, "k", TypeName.LONG, "k", "the attribute {@code k} of version 1, the number of elements to "
                + "take; later versions take k as an input, the argument of {@code apply}", "k"));
        type.addMethod(setter(self, "largest", TypeName.BOOLEAN, "largest", "whether to take the largest elements (the default) "
                + "or the smallest; from version 11", "largest ? 1L : 0L"));
        type.addMethod(setter(self, "sorted", TypeName.BOOLEAN, "sorted", "whether the outputs must be sorted (the default); "
                + "from version 11. They are sorted either way", "sorted ? 1L : 0L"));
        type.addMethod(MethodSpec.methodBuilder("with")
                .addModifiers(Modifier.PRIVATE)
                .returns(self)
                .addParameter(String.class, "name")
                .addParameter(TypeName.LONG, "value")
                .addStatement("checkAttribute(versionName, version, name, value)")
                .addStatement("return new $T(version, attributes.with(name, value), parallelism)", self)
                .build());
    }

    private static MethodSpec getter(String name, Class<?> type, String doc, String field) {
        return MethodSpec.methodBuilder(name)
                .addJavadoc(doc + "\n\n@return the value\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(type)
                .addStatement("return $L", field)
                .build();
    }

    private static MethodSpec setter(ClassName self, String method, TypeName type, String onnxName, String doc, String value) {
        return MethodSpec.methodBuilder(method)
                .addJavadoc("A copy with attribute {@code $L} set: $L.\n\n@param $L the value\n"
                        + "@return a copy of this operator with the attribute set\n"
                        + "@throws $T if this version has no attribute {@code $L} or does not allow the value\n",
                        onnxName, doc, method, EXCEPTION, onnxName)
                .addModifiers(Modifier.PUBLIC)
                .returns(self)
                .addParameter(type, method)
                .addStatement("return with($S, $L)", onnxName, value)
                .build();
    }

    /** Per version and attribute: whether it exists there and allows the value. */
    private static MethodSpec checkAttribute(OperatorSpec op, List<VersionSpec> versions) {
        VersionArms arms = new VersionArms();
        for (VersionSpec v : versions) {
            String names = v.attributes().stream().map(AttributeSpec::name).collect(Collectors.joining(", "));
            CodeBlock.Builder body = CodeBlock.builder().beginControlFlow("switch (name)");
            for (AttributeSpec a : v.attributes()) {
                body.add("case $S -> {\n$>", a.name());
                if (a.name().equals("k")) {
                    body.beginControlFlow("if (value < 0)")
                            .addStatement("throw new $T(versionName + \": attribute 'k' = \" + value + \" is negative (allowed: "
                                    + ">= 0)\")", EXCEPTION)
                            .endControlFlow();
                } else if (a.name().equals("largest") || a.name().equals("sorted")) {
                    body.beginControlFlow("if (value != 0 && value != 1)")
                            .addStatement("throw new $T(versionName + \": attribute '$L' = \" + value + \" is not allowed in \" "
                                    + "+ versionName + \" (allowed: 0, 1)\")", EXCEPTION, a.name())
                            .endControlFlow();
                }
                body.add("$<}\n");
            }
            for (String other : List.of("k", "largest", "sorted")) {
                if (v.attribute(other).isEmpty()) {
                    String where = versions.stream().filter(w -> w.attribute(other).isPresent())
                            .map(w -> w.sinceVersion() > v.sinceVersion() ? "it was introduced in " + op.name() + "-" + w.sinceVersion()
                                    : "it exists up to " + op.name() + "-" + w.sinceVersion() + ", later versions take k as an input")
                            .findFirst().orElse("no generated version has it");
                    body.add("case $S -> throw new $T(versionName + \": attribute '$L' (set to \" + value + \") does not exist in "
                            + "\" + versionName + \": $L (\" + versionName + \" has attributes: $L)\");\n",
                            other, EXCEPTION, other, where, names);
                }
            }
            body.add("default -> throw new $T(versionName + \": attribute '\" + name + \"' (set to \" + value + \") does not "
                    + "exist in \" + versionName + \" (\" + versionName + \" has attributes: $L)\");\n", EXCEPTION, names);
            arms.add(v.sinceVersion(), body.endControlFlow().build());
        }
        CodeBlock body = CodeBlock.builder()
                .beginControlFlow("switch (version)")
                .add(arms.cases())
                .add("default -> throw new $T(\"no version \" + version);\n", IllegalStateException.class)
                .endControlFlow()
                .build();
        return MethodSpec.methodBuilder("checkAttribute")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(String.class, "versionName")
                .addParameter(TypeName.INT, "version")
                .addParameter(String.class, "name")
                .addParameter(TypeName.LONG, "value")
                .addCode(body)
                .build();
    }
}
