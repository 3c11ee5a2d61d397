package io.github.argonnx.generator.emit;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.OperatorApiEmitter.SharedMembers;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.VersionSpec;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * Emits the public operator classes, {@code <base>.ArgMax} and {@code <base>.ArgMin}: immutable,
 * builder-style values holding an operator version and the attributes set, which validate a call with
 * the version's validator and then run the kernel for the input's type, chosen by one switch per call.
 */
final class OperatorClassEmitter {

    private static final ArrayTypeName LONG_ARRAY = ArrayTypeName.of(TypeName.LONG);
    private static final ArrayTypeName INT_ARRAY = ArrayTypeName.of(TypeName.INT);

    private OperatorClassEmitter() {}

    static TypeSpec.Builder operatorClass(GenerationContext context, ArgOperator arg, List<VersionSpec> versions,
            SharedMembers shared) {
        OperatorSpec op = arg.spec();
        ClassName self = OperatorApiEmitter.className(context, op);
        VersionSpec latest = versions.get(versions.size() - 1);
        String versionList = versions.stream().map(v -> String.valueOf(v.sinceVersion())).collect(Collectors.joining(", "));

        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addSuperinterface(OperatorApiEmitter.interfaceName(context))
                .addJavadoc(classDoc(context, arg, versions));

        type.addField(FieldSpec.builder(String.class, "OPERATOR", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$S", op.name()).build());
        type.addField(FieldSpec.builder(int.class, "LATEST_VERSION", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The newest version of $L here: {@link #latest()} uses it.\n", op.name())
                .initializer("$L", latest.sinceVersion()).build());
        type.addField(FieldSpec.builder(int.class, "LATEST_KNOWN_OPSET", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The newest ai.onnx opset {@link #forModelOpset(int)} resolves ({@code latest_known_opset} in\n"
                        + "$L.yaml): the specs list every version of $L up to it, the newest being $L-$L.\n",
                        op.name(), op.name(), op.name(), op.latest().sinceVersion())
                .initializer("$L", op.latestKnownOpset()).build());
        type.addField(FieldSpec.builder(String.class, "VERSIONS_TEXT", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$S", versionList).build());
        type.addField(int.class, "version", Modifier.PRIVATE, Modifier.FINAL);
        type.addField(RuntimeClasses.NODE_ATTRIBUTES, "attributes", Modifier.PRIVATE, Modifier.FINAL);
        type.addField(RuntimeClasses.PARALLELISM, "parallelism", Modifier.PRIVATE, Modifier.FINAL);

        type.addMethod(MethodSpec.constructorBuilder()
                .addModifiers(Modifier.PRIVATE)
                .addParameter(int.class, "version")
                .addParameter(RuntimeClasses.NODE_ATTRIBUTES, "attributes")
                .addStatement("this(version, attributes, $T.commonPool())", RuntimeClasses.PARALLELISM)
                .build());
        type.addMethod(MethodSpec.constructorBuilder()
                .addModifiers(Modifier.PRIVATE)
                .addParameter(int.class, "version")
                .addParameter(RuntimeClasses.NODE_ATTRIBUTES, "attributes")
                .addParameter(RuntimeClasses.PARALLELISM, "parallelism")
                .addStatement("this.version = version")
                .addStatement("this.attributes = attributes")
                .addStatement("this.parallelism = parallelism")
                .build());
        type.addMethod(MethodSpec.methodBuilder("parallelism")
                .addAnnotation(Override.class)
                .addJavadoc("A copy that runs on these threads: by default large inputs are shared with the common\n"
                        + "{@code ForkJoinPool}; {@link $T#singleThread()} keeps every call on the calling thread.\n"
                        + "The indices are the same either way. Not an ONNX attribute: {@code equals} ignores it.\n",
                        RuntimeClasses.PARALLELISM)
                .addModifiers(Modifier.PUBLIC)
                .returns(self)
                .addParameter(RuntimeClasses.PARALLELISM, "parallelism")
                .addStatement("return new $T(version, attributes, $T.requireNonNull(parallelism, $S))",
                        self, java.util.Objects.class, "parallelism")
                .build());

        type.addMethod(MethodSpec.methodBuilder("latest")
                .addJavadoc("$L-$L, the newest version, with every attribute at its default.\n\n"
                        + "@return that version, with no attribute set\n"
                        + "@throws $T if the argonnx-runtime on the class path is not the one this code was generated for\n",
                        op.name(), latest.sinceVersion(), RuntimeClasses.ARG_ONNX_EXCEPTION)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addStatement("return opset(LATEST_VERSION)")
                .build());
        type.addMethod(opset(arg, versions, self));
        type.addMethod(forModelOpset(arg, versions, self));
        type.addMethod(forNode(arg, self));
        type.addMethod(MethodSpec.methodBuilder("opType")
                .addAnnotation(Override.class)
                .addJavadoc("The ONNX {@code op_type}, {@code $S}.\n\n@return the operator's name\n", op.name())
                .addModifiers(Modifier.PUBLIC)
                .returns(String.class)
                .addStatement("return OPERATOR")
                .build());
        type.addMethod(MethodSpec.methodBuilder("version")
                .addAnnotation(Override.class)
                .addJavadoc("The operator version: the opset that introduced it ($L).\n\n@return the version number\n", versionList)
                .addModifiers(Modifier.PUBLIC)
                .returns(int.class)
                .addStatement("return version")
                .build());
        type.addMethod(MethodSpec.methodBuilder("attributes")
                .addAnnotation(Override.class)
                .addJavadoc("The attributes set on this operator; the others take the version's defaults.\n\n"
                        + "@return the attributes set, by ONNX name\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(RuntimeClasses.NODE_ATTRIBUTES)
                .addStatement("return attributes")
                .build());

        for (AttributeSpec a : arg.allAttributes()) {
            addSetters(type, arg, a, self, shared);
        }
        type.addMethod(MethodSpec.methodBuilder("with")
                .addJavadoc("A copy with the attribute set, once this version's validator has accepted it on its own.\n")
                .addModifiers(Modifier.PRIVATE)
                .returns(self)
                .addParameter(String.class, "attribute")
                .addParameter(long.class, "value")
                .addCode(perVersion(context, op, versions, "checkAttribute(attribute, value)", false))
                .addStatement("return new $T(version, attributes.with(attribute, value), parallelism)", self)
                .build());
        type.addMethod(MethodSpec.methodBuilder("withAttributes")
                .addJavadoc("A copy with exactly these attributes set, once this version's validator has accepted each.\n")
                .addModifiers(Modifier.PRIVATE)
                .returns(self)
                .addParameter(RuntimeClasses.NODE_ATTRIBUTES, "set")
                .addCode(perVersion(context, op, versions, "checkAttributes(set)", false))
                .addStatement("return new $T(version, set, parallelism)", self)
                .build());

        String dataName = arg.dataInput(latest).name();
        type.addMethod(MethodSpec.methodBuilder("outputShape")
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
                .addCode(perVersion(context, op, versions, "resolve(inputShape, attributes).outputShape()", true))
                .build());

        ClassName tensor = context.names().tensorClass();
        type.addMethod(MethodSpec.methodBuilder("apply")
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
                .addStatement("return $T.compute(call.outputShape(), indices -> run(input, call, indices, 0))",
                        RuntimeClasses.ARG_RESULT)
                .build());
        type.addMethod(MethodSpec.methodBuilder("apply")
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
                .addStatement("$T.requireOutputRoom(versionName(), call.outputShape(), call.outputElementCount(), out, outOffset)",
                        RuntimeClasses.BUFFERS)
                .addStatement("run(input, call, out, outOffset)")
                .addStatement("return call.outputShape()")
                .build());
        type.addMethod(MethodSpec.methodBuilder("apply")
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
                .addStatement("$T.requireOutputRoom(versionName(), call.outputShape(), call.outputElementCount(), out)",
                        RuntimeClasses.BUFFERS)
                .beginControlFlow("if (out.hasArray())")
                .addStatement("run(input, call, out.array(), out.arrayOffset() + out.position())")
                .nextControlFlow("else if (call.outputElementCount() > 0)")
                .addComment("Kernels write arrays: stage the indices, then copy them in with one absolute bulk put.")
                .addStatement("out.put(out.position(), indices(input, call))")
                .endControlFlow()
                .addStatement("return call.outputShape()")
                .build());
        type.addMethod(MethodSpec.methodBuilder("apply")
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
                .addStatement("$T.requireOutputRoom(versionName(), call, out, outOffset)", RuntimeClasses.BUFFERS)
                .beginControlFlow("if (call.outputElementCount() > 0)")
                .addStatement("$T.copyIndices(indices(input, call), out, outOffset)", RuntimeClasses.BUFFERS)
                .endControlFlow()
                .addStatement("return call.outputShape()")
                .build());
        type.addMethod(MethodSpec.methodBuilder("apply")
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
                .addStatement("$T.requireOutputRoom(versionName(), call, out)", RuntimeClasses.BUFFERS)
                .beginControlFlow("if (call.outputElementCount() > 0)")
                .addStatement("$T.copyIndices(indices(input, call), out)", RuntimeClasses.BUFFERS)
                .endControlFlow()
                .addStatement("return call.outputShape()")
                .build());

        type.addMethod(MethodSpec.methodBuilder("validate")
                .addJavadoc("Checks a call with this version's validator.\n")
                .addModifiers(Modifier.PRIVATE)
                .returns(RuntimeClasses.VALIDATED_CALL)
                .addParameter(tensor, "input")
                .beginControlFlow("if (input == null)")
                .addStatement("throw new $T(versionName() + $S)", RuntimeClasses.ARG_ONNX_EXCEPTION,
                        ": input '" + dataName + "' is null")
                .endControlFlow()
                .addCode(perVersion(context, op, versions, "validate(input.dataType(), input.shape(), attributes)", true))
                .build());
        type.addMethod(MethodSpec.methodBuilder("indices")
                .addJavadoc("The indices of a validated call with a non-empty output, in an array of their own.\n")
                .addModifiers(Modifier.PRIVATE)
                .returns(LONG_ARRAY)
                .addParameter(tensor, "input")
                .addParameter(RuntimeClasses.VALIDATED_CALL, "call")
                .addStatement("long[] indices = new long[(int) call.outputElementCount()]")
                .addStatement("runKernel(input, call, indices, 0)")
                .addStatement("return indices")
                .build());
        type.addMethod(MethodSpec.methodBuilder("run")
                .addJavadoc("Writes a validated call's indices to {@code out[outOffset]} onwards.\n")
                .addModifiers(Modifier.PRIVATE)
                .addParameter(tensor, "input")
                .addParameter(RuntimeClasses.VALIDATED_CALL, "call")
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
                .addStatement("long[] indices = indices(input, call)")
                .addStatement("$T.arraycopy(indices, 0, out, outOffset, indices.length)", System.class)
                .addStatement("return")
                .endControlFlow()
                .addStatement("runKernel(input, call, out, outOffset)")
                .build());
        type.addMethod(runKernel(context, arg));
        type.addMethod(MethodSpec.methodBuilder("versionName")
                .addModifiers(Modifier.PRIVATE)
                .returns(String.class)
                .addStatement("return OPERATOR + $S + version", "-")
                .build());

        type.addMethod(MethodSpec.methodBuilder("equals")
                .addAnnotation(Override.class)
                .addJavadoc("Equal when the version and the attributes set are equal.\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(boolean.class)
                .addParameter(Object.class, "other")
                .addStatement("return other instanceof $T that && version == that.version && attributes.equals(that.attributes)", self)
                .build());
        type.addMethod(MethodSpec.methodBuilder("hashCode")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(int.class)
                .addStatement("return 31 * version + attributes.hashCode()")
                .build());
        type.addMethod(MethodSpec.methodBuilder("toString")
                .addAnnotation(Override.class)
                .addJavadoc("For example {@code $L-$L{axis=1, keepdims=0}}: the version and the attributes set.\n",
                        op.name(), latest.sinceVersion())
                .addModifiers(Modifier.PUBLIC)
                .returns(String.class)
                .addStatement("return versionName() + attributes")
                .build());
        return type;
    }

    private static CodeBlock classDoc(GenerationContext context, ArgOperator arg, List<VersionSpec> versions) {
        OperatorSpec op = arg.spec();
        VersionSpec latest = versions.get(versions.size() - 1);
        String name = op.name();
        // A small worked example: [[2, 1], [3, 10]] along axis 1.
        String indices = arg.extremum() == Extremum.LARGEST ? "{0, 1}" : "{1, 0}";
        CodeBlock.Builder doc = CodeBlock.builder()
                .add("ONNX {@code $L}: the indices of the $L elements of a tensor along an axis, for versions $L.\n\n",
                        name, arg.selects(), versions.stream().map(arg::versionName).collect(Collectors.joining(", ")))
                .add("<p>$L\n\n", arg.javadocText(latest.summary()))
                .add("<pre>{@code\n")
                .add("Tensor x = Tensor.ofFloat(new float[] {2, 1, 3, 10}, 2, 2);  // [[2, 1], [3, 10]]\n")
                .add("ArgResult r = $L.latest().axis(1).keepdims(false).apply(x);\n", name)
                .add("long[] indices = r.indices();  // $L\n", indices)
                .add("long[] shape = r.shape();      // {2}\n")
                .add("ArgResult same = $L.forModelOpset(17).axis(-1).keepdims(0).apply(x);  // $L-$L is in force at opset 17\n",
                        name, name, op.versionAt(17).map(VersionSpec::sinceVersion).orElse(latest.sinceVersion()))
                .add("}</pre>\n\n")
                .add("<p>Pick the version with {@link #latest()}, {@link #opset(int)} (a version number: $L) or\n",
                        versions.stream().map(v -> String.valueOf(v.sinceVersion())).collect(Collectors.joining(", ")))
                .add("{@link #forModelOpset(int)} (the version in force for a model's ai.onnx opset import). Attributes\n")
                .add("not set take the version's defaults. Every setter returns a new instance: instances are\n")
                .add("immutable, thread-safe and can be shared; the {@code apply} methods hold no state between calls.\n\n")
                .add("<p>Every call is checked against the version's definition before anything runs (element type,\n")
                .add("attributes, axis range, empty inputs, output room); a refusal is an {@link $T} naming the\n",
                        RuntimeClasses.ARG_ONNX_EXCEPTION)
                .add("operator version, what is wrong, the value given and what is allowed. Ties resolve to the\n")
                .add("first index, or the last with {@code select_last_index} = 1. A NaN beats every number, as in the\n")
                .add("ONNX reference: the index of the first NaN (or the last) is the answer wherever there is one.\n");
        return doc.build();
    }

    private static MethodSpec opset(ArgOperator arg, List<VersionSpec> versions, ClassName self) {
        String name = arg.name();
        String cases = versions.stream().map(v -> String.valueOf(v.sinceVersion())).collect(Collectors.joining(", "));
        return MethodSpec.methodBuilder("opset")
                .addJavadoc("The operator version introduced at this opset, with every attribute at its default.\n\n"
                        + "@param version one of $L: a version of $L, not a model's opset import (for that, use\n"
                        + "    {@link #forModelOpset(int)})\n"
                        + "@return that version, with no attribute set\n"
                        + "@throws $T for any other number, or if the argonnx-runtime on the class path is not the one\n"
                        + "    this code was generated for\n", cases, name, RuntimeClasses.ARG_ONNX_EXCEPTION)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addParameter(int.class, "version")
                .addComment("first, before anything else of the runtime links: a mismatched runtime fails here, named")
                .addStatement("$T.require($L, $T.class)", RuntimeClasses.RUNTIME_VERSION, RuntimeClasses.API_LEVEL, self)
                .beginControlFlow("switch (version)")
                .beginControlFlow("case $L ->", cases)
                .addStatement("return new $T(version, $T.none())", self, RuntimeClasses.NODE_ATTRIBUTES)
                .endControlFlow()
                .addStatement("default -> throw new $T(OPERATOR + $S + version + $S + VERSIONS_TEXT\n+ $S + version + $S)",
                        RuntimeClasses.ARG_ONNX_EXCEPTION, " has no version ", " (versions: ",
                        "; each is in force from its opset until the next); for the version in force at a model's "
                                + "opset import use " + name + ".forModelOpset(", ")")
                .endControlFlow()
                .build();
    }

    private static MethodSpec forModelOpset(ArgOperator arg, List<VersionSpec> versions, ClassName self) {
        String name = arg.name();
        int first = arg.spec().versions().get(0).sinceVersion();
        MethodSpec.Builder m = MethodSpec.methodBuilder("forModelOpset")
                .addJavadoc("The operator version in force for a model that imports this ai.onnx opset: the newest version\n"
                        + "whose opset is not above it (for example opset 17 gives $L-$L).\n\n"
                        + "@param opset the model's {@code opset_import} version for the ai.onnx domain, $L to\n"
                        + "    {@link #LATEST_KNOWN_OPSET}\n"
                        + "@return the version in force, with no attribute set\n"
                        + "@throws $T if the opset is outside that range, or the version in force was not generated\n",
                        name, arg.spec().versionAt(17).map(VersionSpec::sinceVersion).orElse(first), first,
                        RuntimeClasses.ARG_ONNX_EXCEPTION)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addParameter(int.class, "opset")
                .beginControlFlow("if (opset < $L || opset > LATEST_KNOWN_OPSET)", first)
                .addStatement("throw new $T(OPERATOR + $S + opset + $S + LATEST_KNOWN_OPSET\n+ $S)",
                        RuntimeClasses.ARG_ONNX_EXCEPTION, ": no version is known for opset ", " (known opsets: " + first + " to ",
                        "; the first version of " + name + " is " + name + "-" + first + ")")
                .endControlFlow();
        // Every spec version, newest first: a version outside the selection is refused, not silently replaced.
        List<VersionSpec> all = new ArrayList<>(arg.spec().versions());
        java.util.Collections.reverse(all);
        Set<Integer> generated = versions.stream().map(VersionSpec::sinceVersion).collect(Collectors.toSet());
        for (VersionSpec v : all) {
            boolean oldest = v == all.get(all.size() - 1);
            if (!oldest) {
                m.beginControlFlow("if (opset >= $L)", v.sinceVersion());
            }
            if (generated.contains(v.sinceVersion())) {
                m.addStatement("return opset($L)", v.sinceVersion());
            } else {
                m.addStatement("throw new $T(OPERATOR + $S + opset + $S)", RuntimeClasses.ARG_ONNX_EXCEPTION,
                        ": opset ", " has " + arg.versionName(v) + " in force, which this build does not include");
            }
            if (!oldest) {
                m.endControlFlow();
            }
        }
        return m.build();
    }

    private static MethodSpec forNode(ArgOperator arg, ClassName self) {
        String name = arg.name();
        return MethodSpec.methodBuilder("forNode")
                .addJavadoc("The operator version in force for a model that imports this ai.onnx opset, with a model node's\n"
                        + "attributes set: what an ONNX interpreter builds from a {@code NodeProto} with op type {@code $S}.\n\n"
                        + "@param opset the model's {@code opset_import} version for the ai.onnx domain, as\n"
                        + "    {@link #forModelOpset(int)} takes it\n"
                        + "@param attributes the node's INT attributes by ONNX name ({@code axis}, {@code keepdims}, ...);\n"
                        + "    those not given take the version's defaults\n"
                        + "@return the version in force, with those attributes set\n"
                        + "@throws $T if the opset has no version of $L, the map or an entry in it is null, or the\n"
                        + "    version has no such attribute or does not allow the value (its own message, as the\n"
                        + "    setters give it)\n", name, RuntimeClasses.ARG_ONNX_EXCEPTION, name)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addParameter(int.class, "opset")
                .addParameter(OperatorInterfaceEmitter.ATTRIBUTE_MAP, "attributes")
                .addStatement("$T operator = forModelOpset(opset)", self)
                .addStatement("return operator.withAttributes($T.of(operator.versionName(), attributes))",
                        RuntimeClasses.NODE_ATTRIBUTES)
                .build();
    }

    private static void addSetters(TypeSpec.Builder type, ArgOperator arg, AttributeSpec a, ClassName self,
            SharedMembers shared) {
        boolean inInterface = shared.attributes().contains(a.name());
        String method = GeneratedNames.attributeMethod(a.name());
        List<VersionSpec> with = arg.versionsWith(a.name());
        String versionsWith = with.stream().map(arg::versionName).collect(Collectors.joining(", "));
        boolean everywhere = with.size() == arg.spec().versions().size();
        String doc = arg.javadocText(a.doc());
        MethodSpec.Builder setter = MethodSpec.methodBuilder(method);
        if (inInterface) {
            setter.addAnnotation(Override.class);
        }
        type.addMethod(setter
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
            type.addMethod(flag
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
    }

    /** A switch over the version that calls {@code validatorCall} on its validator (and returns its value). */
    private static CodeBlock perVersion(GenerationContext context, OperatorSpec op, List<VersionSpec> versions,
            String validatorCall, boolean returns) {
        CodeBlock.Builder code = CodeBlock.builder()
                .add(returns ? "return switch (version) {\n" : "switch (version) {\n")
                .indent();
        for (VersionSpec v : versions) {
            code.add("case $L -> $T.$L;\n", v.sinceVersion(), context.names().validatorClass(op, v), validatorCall);
        }
        code.add("default -> throw new $T($S + version);\n", IllegalStateException.class, "no validator for version ")
                .unindent()
                .add("}$L\n", returns ? ";" : "");
        return code.build();
    }

    private static MethodSpec runKernel(GenerationContext context, ArgOperator arg) {
        OperatorSpec op = arg.spec();
        ClassName tensor = context.names().tensorClass();
        SortedSet<ElementType> kernels = context.typesToGenerate(op);
        MethodSpec.Builder m = MethodSpec.methodBuilder("runKernel")
                .addJavadoc("Runs the kernel for the input's type on a validated call with a non-empty output that does not\n"
                        + "overlap the input: one switch per call, none per element.\n")
                .addModifiers(Modifier.PRIVATE)
                .addParameter(tensor, "input")
                .addParameter(RuntimeClasses.VALIDATED_CALL, "call")
                .addParameter(LONG_ARRAY, "out")
                .addParameter(int.class, "outOffset")
                .addStatement("$T plan = call.plan()", RuntimeClasses.REDUCTION_PLAN)
                .addStatement("boolean last = call.selectLastIndex()")
                .beginControlFlow("switch (input.dataType())");
        for (ElementType t : kernels) {
            ClassName kernel = OperatorApiEmitter.kernelClassName(context, op, t);
            m.beginControlFlow("case $L ->", t.name())
                    .beginControlFlow("if (input.hasArray())")
                    .addStatement("$T.reduce(versionName(), parallelism, $T::reduce, ($T) input.array(),$Winput.arrayOffset(), plan, last, out, outOffset)",
                            RuntimeClasses.PARALLEL_REDUCTION, kernel, JavaStorage.of(t).arrayType())
                    .nextControlFlow("else")
                    .addStatement("$T.reduce(($T) input.buffer(), plan, last, out, outOffset)", kernel, JavaStorage.of(t).bufferType())
                    .endControlFlow()
                    .endControlFlow();
        }
        if (kernels.size() < ElementType.values().length) {
            m.addStatement("default -> throw new $T(versionName() + $S + input.dataType().onnxName() + $S)",
                    RuntimeClasses.ARG_ONNX_EXCEPTION, ": this build has no ", " kernel (generated for: "
                            + kernels.stream().map(ElementType::onnxName).collect(Collectors.joining(", ")) + ")");
        }
        m.endControlFlow();
        return m.build();
    }
}
