package io.github.argonnx.generator.emit.api;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.JavaText;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.VersionSpec;
import io.github.argonnx.generator.semantics.ArgOperator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.StringJoiner;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * Emits the public operator classes, {@code <base>.ArgMax} and {@code <base>.ArgMin}: immutable,
 * builder-style values holding an operator version and the attributes set, which validate a call with
 * the version's validator and then run the kernel for the input's type, chosen by one switch per call.
 *
 * <p>One builder per class: it builds the class's state, setters and value methods, a method per
 * member, and takes the static factories from {@link OperatorFactoryMethods} and the methods that run
 * it on an input from {@link OperatorCallMethods}. The calls run one way, from
 * {@link OperatorApiEmitter} to this builder to its member builders, which share {@link VersionSwitch}
 * and call nothing back.
 */
final class OperatorClassEmitter {

    private final GenerationContext context;
    private final ArgOperator arg;
    private final OperatorSpec op;
    private final List<VersionSpec> versions;
    private final SharedMembers shared;
    private final ClassName self;
    private final VersionSpec latest;
    private final String versionList;

    /** The builder of {@code arg}'s class, for its generated {@code versions}. */
    OperatorClassEmitter(GenerationContext context, ArgOperator arg, List<VersionSpec> versions, SharedMembers shared) {
        this.context = context;
        this.arg = arg;
        this.op = arg.spec();
        this.versions = versions;
        this.shared = shared;
        this.self = context.names().operatorClass(op);
        this.latest = versions.get(versions.size() - 1);
        this.versionList = versions.stream().map(v -> String.valueOf(v.sinceVersion())).collect(Collectors.joining(", "));
    }

    /** The class: its members, each from a builder of its own, in the order it lists them. */
    TypeSpec.Builder build() {
        return TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(context.names().operatorInterface())
                .addJavadoc(classDoc(context, arg, versions))
                .addField(operatorField())
                .addField(latestVersionField())
                .addField(latestKnownOpsetField())
                .addField(versionsTextField())
                .addField(int.class, "version", Modifier.PRIVATE, Modifier.FINAL)
                .addField(versionNameField())
                .addField(RuntimeClasses.NODE_ATTRIBUTES, "attributes", Modifier.PRIVATE, Modifier.FINAL)
                .addField(RuntimeClasses.PARALLELISM, "parallelism", Modifier.PRIVATE, Modifier.FINAL)
                .addField(lastCallField())
                .addMethod(constructor())
                .addMethod(constructorWithParallelism())
                .addMethod(parallelism())
                .addMethods(OperatorFactoryMethods.methods(arg, versions, self))
                .addMethod(opType())
                .addMethod(version())
                .addMethod(attributes())
                .addMethods(setters())
                .addMethod(with())
                .addMethod(withAttributes())
                .addMethods(new OperatorCallMethods(context, arg, versions).methods())
                .addMethod(equalsMethod())
                .addMethod(hashCodeMethod())
                .addMethod(toStringMethod());
    }

    private FieldSpec operatorField() {
        return FieldSpec.builder(String.class, "OPERATOR", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer("$S", op.name()).build();
    }

    private FieldSpec latestVersionField() {
        return FieldSpec.builder(int.class, "LATEST_VERSION", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("The newest version of $L here: {@link #latest()} uses it.\n", op.name())
                    .initializer("$L", latest.sinceVersion()).build();
    }

    private FieldSpec latestKnownOpsetField() {
        return FieldSpec.builder(int.class, "LATEST_KNOWN_OPSET", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("The newest ai.onnx opset {@link #forModelOpset(int)} resolves ({@code latest_known_opset} in\n"
                            + "$L.yaml): the specs list every version of $L up to it, the newest being $L-$L.\n",
                            op.name(), op.name(), op.name(), op.latest().sinceVersion())
                    .initializer("$L", op.latestKnownOpset()).build();
    }

    private FieldSpec versionsTextField() {
        return FieldSpec.builder(String.class, "VERSIONS_TEXT", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer("$S", versionList).build();
    }

    private FieldSpec versionNameField() {
        return FieldSpec.builder(String.class, "versionName", Modifier.PRIVATE, Modifier.FINAL)
                    .addJavadoc("For example {@code $L-$L}: every message starts with it, and a call builds none.\n",
                            op.name(), op.latest().sinceVersion())
                    .build();
    }

    private FieldSpec lastCallField() {
        return FieldSpec.builder(RuntimeClasses.CHECKED_CALL, "lastCall", Modifier.PRIVATE)
                    .addJavadoc("The last call checked, or null: calls on inputs of its type and shape skip the checks. Not\n"
                            + "volatile: the value is immutable, and a thread that misses it only checks again.\n")
                    .build();
    }

    private MethodSpec constructor() {
        return MethodSpec.constructorBuilder()
                    .addModifiers(Modifier.PRIVATE)
                    .addParameter(int.class, "version")
                    .addParameter(RuntimeClasses.NODE_ATTRIBUTES, "attributes")
                    .addStatement("this(version, attributes, $T.commonPool())", RuntimeClasses.PARALLELISM)
                    .build();
    }

    private MethodSpec constructorWithParallelism() {
        return MethodSpec.constructorBuilder()
                    .addModifiers(Modifier.PRIVATE)
                    .addParameter(int.class, "version")
                    .addParameter(RuntimeClasses.NODE_ATTRIBUTES, "attributes")
                    .addParameter(RuntimeClasses.PARALLELISM, "parallelism")
                    .addStatement("this.version = version")
                    .addStatement("this.versionName = OPERATOR + $S + version", "-")
                    .addStatement("this.attributes = attributes")
                    .addStatement("this.parallelism = parallelism")
                    .build();
    }

    private MethodSpec parallelism() {
        return MethodSpec.methodBuilder("parallelism")
                    .addAnnotation(Override.class)
                    .addJavadoc("A copy that runs on these threads: by default large inputs are shared with the common\n"
                            + "{@code ForkJoinPool}; {@link $T#singleThread()} keeps every call on the calling thread.\n"
                            + "The indices are the same either way. Not an ONNX attribute: {@code equals} ignores it.\n",
                            RuntimeClasses.PARALLELISM)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(self)
                    .addParameter(RuntimeClasses.PARALLELISM, "parallelism")
                    .beginControlFlow("if (parallelism == null)")
                    .addStatement("throw new $T(versionName + $S)", RuntimeClasses.ARG_ONNX_EXCEPTION,
                            ": the parallelism (argument 'parallelism') is null; Parallelism.singleThread() keeps every"
                                    + " call on the calling thread")
                    .endControlFlow()
                    .addStatement("return new $T(version, attributes, parallelism)", self)
                    .build();
    }

    private MethodSpec opType() {
        return MethodSpec.methodBuilder("opType")
                    .addAnnotation(Override.class)
                    .addJavadoc("The ONNX {@code op_type}, {@code $S}.\n\n@return the operator's name\n", op.name())
                    .addModifiers(Modifier.PUBLIC)
                    .returns(String.class)
                    .addStatement("return OPERATOR")
                    .build();
    }

    private MethodSpec version() {
        return MethodSpec.methodBuilder("version")
                    .addAnnotation(Override.class)
                    .addJavadoc("The operator version: the opset that introduced it ($L).\n\n@return the version number\n", versionList)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(int.class)
                    .addStatement("return version")
                    .build();
    }

    private MethodSpec attributes() {
        return MethodSpec.methodBuilder("attributes")
                    .addAnnotation(Override.class)
                    .addJavadoc("The attributes set on this operator; the others take the version's defaults.\n\n"
                            + "@return the attributes set, by ONNX name\n")
                    .addModifiers(Modifier.PUBLIC)
                    .returns(RuntimeClasses.NODE_ATTRIBUTES)
                    .addStatement("return attributes")
                    .build();
    }

    private MethodSpec with() {
        return MethodSpec.methodBuilder("with")
                    .addJavadoc("A copy with the attribute set, once this version's validator has accepted it on its own.\n")
                    .addModifiers(Modifier.PRIVATE)
                    .returns(self)
                    .addParameter(String.class, "attribute")
                    .addParameter(long.class, "value")
                    .addCode(VersionSwitch.of(context, op, versions, "checkAttribute(attribute, value)", false))
                    .addStatement("return new $T(version, attributes.with(attribute, value), parallelism)", self)
                    .build();
    }

    private MethodSpec withAttributes() {
        return MethodSpec.methodBuilder("withAttributes")
                    .addJavadoc("A copy with exactly these attributes set, once this version's validator has accepted each.\n")
                    .addModifiers(Modifier.PRIVATE)
                    .returns(self)
                    .addParameter(RuntimeClasses.NODE_ATTRIBUTES, "set")
                    .addCode(VersionSwitch.of(context, op, versions, "checkAttributes(set)", false))
                    .addStatement("return new $T(version, set, parallelism)", self)
                    .build();
    }

    private MethodSpec equalsMethod() {
        return MethodSpec.methodBuilder("equals")
                    .addAnnotation(Override.class)
                    .addJavadoc("Equal when the version and the attributes set are equal.\n")
                    .addModifiers(Modifier.PUBLIC)
                    .returns(boolean.class)
                    .addParameter(Object.class, "other")
                    .addStatement("return other instanceof $T that && version == that.version && attributes.equals(that.attributes)", self)
                    .build();
    }

    private MethodSpec hashCodeMethod() {
        return MethodSpec.methodBuilder("hashCode")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(int.class)
                    .addStatement("return 31 * version + attributes.hashCode()")
                    .build();
    }

    private MethodSpec toStringMethod() {
        List<String> names = arg.allAttributes().stream().map(AttributeSpec::name).toList();
        MethodSpec.Builder m = MethodSpec.methodBuilder("toString")
                    .addAnnotation(Override.class)
                    .addJavadoc("For example {@code $L-$L{axis=1, keepdims=0}}: the version and the attributes set, in the\n"
                            + "ONNX attribute order ($L) whatever order they were set in (a setter chain or\n"
                            + "{@code forNode}'s map), so that equal operators print alike.\n",
                            op.name(), latest.sinceVersion(), String.join(", ", names))
                    .addModifiers(Modifier.PUBLIC)
                    .returns(String.class)
                    .addStatement("$T text = new $T($S, versionName + $S, $S)", StringJoiner.class, StringJoiner.class,
                            ", ", "{", "}");
        for (String name : names) {
            m.addStatement("attributes.value($S).ifPresent(value -> text.add($S + value))", name, name + "=");
        }
        return m.addStatement("return text.toString()").build();
    }

    /** The attribute setters, and the boolean form of each flag's. */
    private List<MethodSpec> setters() {
        List<MethodSpec> setters = new ArrayList<>();
        for (AttributeSpec a : arg.allAttributes()) {
            setters.addAll(setters(a));
        }
        return setters;
    }

    private static CodeBlock classDoc(GenerationContext context, ArgOperator arg, List<VersionSpec> versions) {
        OperatorSpec op = arg.spec();
        VersionSpec latest = versions.get(versions.size() - 1);
        String name = op.name();
        // A small worked example: [[2, 1], [3, 10]] along axis 1.
        double[][] rows = {{2, 1}, {3, 10}};
        String indices = Arrays.stream(rows).map(row -> arg.extremum().prefers(row[1], row[0]) ? "1" : "0")
                .collect(Collectors.joining(", ", "{", "}"));
        CodeBlock.Builder doc = CodeBlock.builder()
                .add("ONNX {@code $L}: the indices of the $L elements of a tensor along an axis, for versions $L.\n\n",
                        name, arg.selects(), versions.stream().map(arg::versionName).collect(Collectors.joining(", ")))
                .add("<p>$L\n\n", JavaText.javadoc(arg.documentText(latest.summary())))
                .add("<pre>{@code\n")
                .add("Tensor x = Tensor.ofFloat(new float[] {2, 1, 3, 10}, 2, 2);  // [[2, 1], [3, 10]]\n")
                .add("ArgResult r = $L.latest().axis(1).keepdims(false).apply(x);\n", name)
                .add("long[] indices = r.indices();  // $L\n", indices)
                .add("long[] shape = r.shape();      // {2}\n")
                .add("ArgResult same = $L.forModelOpset(17).axis(-1).keepdims(0).apply(x);  // $L-$L is in force at opset 17\n",
                        name, name, op.versionAt(17).map(VersionSpec::sinceVersion).orElse(latest.sinceVersion()))
                .add("}</pre>\n\n")
                .add("<p>Pick the version with {@link #latest()}, {@link #version(int)} (a version number: $L) or\n",
                        versions.stream().map(v -> String.valueOf(v.sinceVersion())).collect(Collectors.joining(", ")))
                .add("{@link #forModelOpset(int)} (the version in force for a model's ai.onnx opset import). Attributes\n")
                .add("not set take the version's defaults. Every setter returns a new instance: an instance's\n")
                .add("configuration (version, attributes, parallelism) never changes, and instances are thread-safe\n")
                .add("and can be shared. The one thing a call leaves behind is a cache of the last call validated\n")
                .add("(its input type and shape), so that a repeat on the same type and shape skips the checks; it is\n")
                .add("safe to race on and never changes a result or a refusal.\n\n")
                .add("<p>Every call is checked against the version's definition before anything runs (element type,\n")
                .add("attributes, axis range, empty inputs, output room); a refusal is an {@link $T} naming the\n",
                        RuntimeClasses.ARG_ONNX_EXCEPTION)
                .add("operator version, what is wrong, the value given and what is allowed. Ties resolve to the\n")
                .add("first index, or the last with {@code select_last_index} = 1. A NaN beats every number, as in the\n")
                .add("ONNX reference: the index of the first NaN (or the last) is the answer wherever there is one.\n");
        return doc.build();
    }

    private List<MethodSpec> setters(AttributeSpec a) {
        List<MethodSpec> setters = new ArrayList<>();
        boolean inInterface = shared.attributes().contains(a.name());
        String method = GeneratedNames.attributeMethod(a.name());
        List<VersionSpec> with = arg.versionsWith(a.name());
        String versionsWith = with.stream().map(arg::versionName).collect(Collectors.joining(", "));
        boolean everywhere = with.size() == arg.spec().versions().size();
        String doc = JavaText.javadoc(arg.documentText(a.doc()));
        MethodSpec.Builder setter = MethodSpec.methodBuilder(method);
        if (inInterface) {
            setter.addAnnotation(Override.class);
        }
        setters.add(setter
                .addJavadoc("A copy with attribute {@code $L} set$L: $L\n\n"
                        + "<p>Exists in $L$L.\n\n"
                        + "@param $L the value\n"
                        + "@return a copy of this operator with the attribute set\n"
                        + "@throws $T if this version has no attribute {@code $L} or does not allow the value\n",
                        a.name(), a.defaultValue().isPresent() ? " (default " + a.defaultValue().getAsLong() + ")" : "",
                        doc, everywhere ? "every version" : versionsWith,
                        a.name().equals(arg.axisAttribute()) ? "; its range, [-r, r-1] for an input of rank r, is "
                                + "checked when the input is known" : "",
                        method, RuntimeClasses.ARG_ONNX_EXCEPTION, a.name())
                .addModifiers(Modifier.PUBLIC)
                .returns(self)
                .addParameter(long.class, method)
                .addStatement("return with($S, $N)", a.name(), method)
                .build());
        if (arg.isFlag(a.name())) {
            MethodSpec.Builder flag = MethodSpec.methodBuilder(method);
            if (shared.flags().contains(a.name())) {
                flag.addAnnotation(Override.class);
            }
            setters.add(flag
                    .addJavadoc("A copy with attribute {@code $L} set to 1 ({@code true}) or 0 ({@code false}); see\n"
                            + "{@link #$L(long)}.\n\n"
                            + "@param $L the flag\n"
                            + "@return a copy of this operator with the attribute set\n"
                            + "@throws $T if this version has no attribute {@code $L}\n",
                            a.name(), method, method, RuntimeClasses.ARG_ONNX_EXCEPTION, a.name())
                    .addModifiers(Modifier.PUBLIC)
                    .returns(self)
                    .addParameter(boolean.class, method)
                    .addStatement("return with($S, $N ? 1L : 0L)", a.name(), method)
                    .build());
        }
        return setters;
    }
}
