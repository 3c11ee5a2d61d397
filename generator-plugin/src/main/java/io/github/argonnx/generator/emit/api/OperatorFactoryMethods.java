package io.github.argonnx.generator.emit.api;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.VersionSpec;
import io.github.argonnx.generator.semantics.ArgOperator;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * The static factories of a generated operator class ({@code latest}, {@code version}, {@code forModelOpset},
 * {@code forNode}): how a caller picks an operator version, by its number or by a model's opset import.
 */
final class OperatorFactoryMethods {

    private OperatorFactoryMethods() {}

    /** The factories of the operator class {@code self}, for the generated {@code versions}, in the order it lists them. */
    static List<MethodSpec> methods(ArgOperator arg, List<VersionSpec> versions, ClassName self) {
        return List.of(latest(arg, versions, self), version(arg, versions, self), modelOpsetHint(arg, versions),
                forModelOpset(arg, versions, self), forNode(arg, self));
    }

    private static MethodSpec latest(ArgOperator arg, List<VersionSpec> versions, ClassName self) {
        VersionSpec latest = versions.get(versions.size() - 1);
        String name = arg.name();
        return MethodSpec.methodBuilder("latest")
                .addJavadoc("$L-$L, the newest version, with every attribute at its default.\n\n"
                        + "@return that version, with no attribute set\n"
                        + "@throws $T if the argonnx-runtime on the class path is not the one this code was generated for\n",
                        name, latest.sinceVersion(), RuntimeClasses.ARG_ONNX_EXCEPTION)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addStatement("return version(LATEST_VERSION)")
                .build();
    }

    private static MethodSpec version(ArgOperator arg, List<VersionSpec> versions, ClassName self) {
        String name = arg.name();
        String cases = versions.stream().map(v -> String.valueOf(v.sinceVersion())).collect(Collectors.joining(", "));
        Set<Integer> generated = versions.stream().map(VersionSpec::sinceVersion).collect(Collectors.toSet());
        String leftOut = arg.spec().versions().stream().map(VersionSpec::sinceVersion).filter(v -> !generated.contains(v))
                .map(String::valueOf).collect(Collectors.joining(", "));
        MethodSpec.Builder m = MethodSpec.methodBuilder("version")
                .addJavadoc("The operator version with this number (the opset that introduced it), with every attribute\n"
                        + "at its default.\n\n"
                        + "@param version one of $L: a version of $L, not a model's opset import (for that, use\n"
                        + "    {@link #forModelOpset(int)})\n"
                        + "@return that version, with no attribute set\n"
                        + "@throws $T for any other number (naming the versions, and what {@code forModelOpset} gives\n"
                        + "    for it), or if the argonnx-runtime on the class path is not the one this code was\n"
                        + "    generated for\n", cases, name, RuntimeClasses.ARG_ONNX_EXCEPTION)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addParameter(int.class, "version")
                .addComment("first, before anything else of the runtime links: a mismatched runtime fails here, named")
                .addStatement("$T.require($L, $T.class)", RuntimeClasses.RUNTIME_VERSION, RuntimeClasses.API_LEVEL, self)
                .beginControlFlow("switch (version)")
                .beginControlFlow("case $L ->", cases)
                .addStatement("return new $T(version, $T.none())", self, RuntimeClasses.NODE_ATTRIBUTES)
                .endControlFlow();
        if (!leftOut.isEmpty()) {
            // A version the specs have but this subset left out: say so, rather than that it does not exist.
            m.addStatement("case $L -> throw new $T(OPERATOR + $S + version + $S + VERSIONS_TEXT\n+ $S)", leftOut,
                    RuntimeClasses.ARG_ONNX_EXCEPTION, "-", " is not in this build (versions here: ",
                    "; the plugin's <versions> selects them)");
        }
        return m.addStatement("default -> throw new $T(OPERATOR + $S + version + $S + VERSIONS_TEXT\n+ $S + modelOpsetHint(version))",
                        RuntimeClasses.ARG_ONNX_EXCEPTION, " has no version ", " (versions: ",
                        "; each is in force from its opset until the next)")
                .endControlFlow()
                .build();
    }

    /**
     * The end of {@code version(n)}'s refusal: a number that is not a version is most often a model's opset,
     * so the message names the call for that and the version it gives.
     */
    private static MethodSpec modelOpsetHint(ArgOperator arg, List<VersionSpec> versions) {
        String name = arg.name();
        List<VersionSpec> all = new ArrayList<>(arg.spec().versions());
        java.util.Collections.reverse(all);
        Set<Integer> generated = versions.stream().map(VersionSpec::sinceVersion).collect(Collectors.toSet());
        int first = all.get(all.size() - 1).sinceVersion();
        MethodSpec.Builder m = MethodSpec.methodBuilder("modelOpsetHint")
                .addJavadoc("For a number that is not a version of $L: how to take it as a model's opset, if it is one.\n",
                        name)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(String.class)
                .addParameter(int.class, "opset")
                .beginControlFlow("if (opset < $L || opset > LATEST_KNOWN_OPSET)", first)
                .addStatement("return $S", "")
                .endControlFlow()
                .addStatement("String call = $S + opset + $S", "; for a model's opset import use " + name + ".forModelOpset(",
                        ")");
        // Every spec version, newest first, as forModelOpset resolves them.
        for (VersionSpec v : all) {
            boolean oldest = v == all.get(all.size() - 1);
            if (!oldest) {
                m.beginControlFlow("if (opset >= $L)", v.sinceVersion());
            }
            m.addStatement("return call + $S", generated.contains(v.sinceVersion())
                    ? ", which selects " + arg.versionName(v)
                    : ", which selects " + arg.versionName(v) + " (not in this build)");
            if (!oldest) {
                m.endControlFlow();
            }
        }
        return m.build();
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
                m.addStatement("return version($L)", v.sinceVersion());
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
        int first = arg.spec().versions().get(0).sinceVersion();
        return MethodSpec.methodBuilder("forNode")
                .addJavadoc("The operator version in force for a model that imports this ai.onnx opset, with a model node's\n"
                        + "attributes set: what an ONNX interpreter builds from a {@code NodeProto} with op type {@code $S}.\n\n"
                        + "@param opset the model's {@code opset_import} version for the ai.onnx domain, an int64 as ONNX\n"
                        + "    stores it (an {@code int} widens to it); the range {@link #forModelOpset(int)} takes\n"
                        + "@param attributes the node's INT attributes by ONNX name ({@code axis}, {@code keepdims}, ...);\n"
                        + "    those not given take the version's defaults\n"
                        + "@return the version in force, with those attributes set\n"
                        + "@throws $T if the opset has no version of $L (naming the opset, also past the {@code int}\n"
                        + "    range), the map or an entry in it is null, or the version has no such attribute or does not\n"
                        + "    allow the value (its own message, as the setters give it)\n", name,
                        RuntimeClasses.ARG_ONNX_EXCEPTION, name)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addParameter(long.class, "opset")
                .addParameter(OperatorInterfaceEmitter.ATTRIBUTE_MAP, "attributes")
                .beginControlFlow("if (opset != (int) opset)")
                .addComment("past int: no opset is known there; refused by its value, never by a truncated one")
                .addStatement("throw new $T(OPERATOR + $S + opset + $S + LATEST_KNOWN_OPSET\n+ $S)",
                        RuntimeClasses.ARG_ONNX_EXCEPTION, ": no version is known for opset ", " (known opsets: " + first + " to ",
                        "; the first version of " + name + " is " + name + "-" + first + ")")
                .endControlFlow()
                .addStatement("$T operator = forModelOpset((int) opset)", self)
                .addStatement("return operator.withAttributes($T.of(operator.versionName, attributes))",
                        RuntimeClasses.NODE_ATTRIBUTES)
                .build();
    }
}
