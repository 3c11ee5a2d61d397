package io.github.argonnx.generator.emit.api;

import com.palantir.javapoet.ArrayTypeName;
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
import io.github.argonnx.generator.emit.JavaText;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.AttributeConstraint;
import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.ParameterSpec;
import io.github.argonnx.generator.model.VersionSpec;
import io.github.argonnx.generator.semantics.ArgOperator;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;
import io.github.argonnx.generator.semantics.OperatorFamily;

/**
 * Emits one validator per (operator, version), {@code <base>.internal.validation.ArgMaxV13Validator} and so on:
 * the version's type constraint, its attributes (existence, allowed values, the axis range), its input
 * rules ({@code non_empty}) and its output shape, each refusal an {@code ArgOnnxException} naming the
 * operator version, what is wrong, the value given and what is allowed.
 */
public final class ValidatorEmitter extends JavaSourceEmitter {

    private static final ArrayTypeName LONG_ARRAY = ArrayTypeName.of(TypeName.LONG);

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        List<JavaSource> files = new ArrayList<>();
        for (OperatorSpec op : context.operatorsToGenerate(OperatorFamily.ARG_REDUCTION)) {
            ArgOperator arg = new ArgOperator(op);
            for (VersionSpec v : context.versionsToGenerate(op)) {
                files.add(new JavaSource(GeneratedFile.Kind.MAIN_SOURCE, context.names().validationPackage(),
                        validator(context, arg, v), op.name() + ".yaml, " + arg.versionName(v)));
            }
        }
        return files;
    }

    private TypeSpec.Builder validator(GenerationContext context, ArgOperator arg, VersionSpec v) {
        OperatorSpec op = arg.spec();
        String name = arg.versionName(v);
        ClassName self = context.names().validatorClass(op, v);
        ClassName dataType = context.names().dataTypeEnum();
        ParameterSpec data = arg.dataInput(v);
        List<ElementType> allowed = arg.allowedTypesInDocumentOrder(v);

        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc(classDoc(arg, v, allowed));

        type.addField(FieldSpec.builder(String.class, "NAME", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The operator version, as messages name it.\n")
                .initializer("$S", name)
                .build());
        type.addField(FieldSpec.builder(int.class, "SINCE_VERSION", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The opset version that introduced $L.\n", name)
                .initializer("$L", v.sinceVersion())
                .build());
        CodeBlock typeList = allowed.stream().map(t -> CodeBlock.of("$T.$L", dataType, t.name()))
                .collect(CodeBlock.joining(",$W"));
        type.addField(FieldSpec.builder(ParameterizedTypeName.get(ClassName.get(Set.class), dataType), "DATA_TYPES",
                        Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$T.unmodifiableSet($T.of($L))", Collections.class, EnumSet.class, typeList)
                .build());
        type.addField(FieldSpec.builder(String.class, "DATA_TYPES_TEXT", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .initializer("$S", allowed.stream().map(ElementType::tensorTypeName).collect(Collectors.joining(", ")))
                .build());
        type.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());

        type.addMethod(MethodSpec.methodBuilder("dataTypes")
                .addJavadoc("The element types $L accepts for input '$L'.\n\n@return an unmodifiable set\n", name, data.name())
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(ParameterizedTypeName.get(ClassName.get(Set.class), dataType))
                .addStatement("return DATA_TYPES")
                .build());
        type.addMethod(MethodSpec.methodBuilder("accepts")
                .addJavadoc("Whether $L accepts the element type for input '$L'.\n\n@param type an element type\n"
                        + "@return whether it is in the type constraint\n", name, data.name())
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(boolean.class)
                .addParameter(dataType, "type")
                .addStatement("return DATA_TYPES.contains(type)")
                .build());
        type.addMethod(checkType(arg, v, dataType, data, allowed));
        type.addMethod(checkAttribute(arg, v));
        type.addMethod(MethodSpec.methodBuilder("checkAttributes")
                .addJavadoc("Checks every attribute set, each on its own, as {@link #checkAttribute} does.\n\n"
                        + "@param attributes the attributes set on the node\n"
                        + "@throws $T at the first attribute $L does not have or whose value it does not allow\n",
                        RuntimeClasses.ARG_ONNX_EXCEPTION, name)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(RuntimeClasses.NODE_ATTRIBUTES, "attributes")
                .beginControlFlow("for (String attribute : attributes.names())")
                .addStatement("checkAttribute(attribute, attributes.value(attribute).getAsLong())")
                .endControlFlow()
                .build());
        type.addMethod(resolve(arg, v, data));
        type.addMethod(MethodSpec.methodBuilder("validate")
                .addJavadoc("Checks a whole call, the input's element type first, then as {@link #resolve} does.\n\n"
                        + "@param type the element type of input '$L'\n"
                        + "@param inputShape its shape\n"
                        + "@param attributes the attributes set on the node; the others take their defaults\n"
                        + "@return the validated call, with the output shape\n"
                        + "@throws $T naming the first rule of $L the call breaks\n",
                        data.name(), RuntimeClasses.ARG_ONNX_EXCEPTION, name)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(RuntimeClasses.VALIDATED_CALL)
                .addParameter(dataType, "type")
                .addParameter(LONG_ARRAY, "inputShape")
                .addParameter(RuntimeClasses.NODE_ATTRIBUTES, "attributes")
                .addStatement("checkType(type)")
                .addStatement("return resolve(inputShape, attributes)")
                .build());
        return type;
    }

    private static CodeBlock classDoc(ArgOperator arg, VersionSpec v, List<ElementType> allowed) {
        String name = arg.versionName(v);
        ParameterSpec data = arg.dataInput(v);
        CodeBlock.Builder doc = CodeBlock.builder()
                .add("Checks calls of $L (ONNX {@code $L}, since opset $L) against its definition, before anything runs.\n\n",
                        name, arg.name(), v.sinceVersion())
                .add("<p>$L\n\n", JavaText.javadoc(arg.documentText(v.summary())))
                .add("<p>Input {@code $L}: element types $L$L.\n", data.name(),
                        allowed.stream().map(ElementType::onnxName).collect(Collectors.joining(", ")),
                        data.nonEmpty() ? "; must not be empty" : "")
                .add("Attributes:\n<ul>\n");
        for (AttributeSpec a : v.attributes()) {
            doc.add("<li>{@code $L} (default $L$L): $L\n", a.name(),
                    a.defaultValue().isPresent() ? String.valueOf(a.defaultValue().getAsLong()) : "none, required",
                    a.constraint().orElse(null) instanceof AttributeConstraint.AllowedValues allowedValues
                            ? "; one of " + join(allowedValues.values()) : "",
                    JavaText.javadoc(arg.documentText(a.doc())));
        }
        doc.add("</ul>\n");
        if (!arg.statesAxisRange(v)) {
            doc.add("\n<p>The definition states no range for {@code $L}; an axis outside {@code [-r, r-1]} names no\n"
                    + "dimension, so the reduction is undefined and such axes are refused as in later versions.\n",
                    arg.axisAttribute());
        }
        return doc.build();
    }

    private static MethodSpec checkType(ArgOperator arg, VersionSpec v, ClassName dataType, ParameterSpec data,
            List<ElementType> allowed) {
        String name = arg.versionName(v);
        MethodSpec.Builder m = MethodSpec.methodBuilder("checkType")
                .addJavadoc("Checks that $L accepts the element type of input '$L'.\n\n"
                        + "@param type the element type of the input\n"
                        + "@throws $T if the type is null or not in the type constraint\n",
                        name, data.name(), RuntimeClasses.ARG_ONNX_EXCEPTION)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(dataType, "type")
                .beginControlFlow("if (type == null)")
                .addStatement("throw new $T(NAME + $S)", RuntimeClasses.ARG_ONNX_EXCEPTION,
                        ": input '" + data.name() + "' has no element type (null)")
                .endControlFlow()
                .beginControlFlow("if (DATA_TYPES.contains(type))")
                .addStatement("return")
                .endControlFlow();
        // Types a later version accepts: say which, so that the fix is one call away.
        CodeBlock.Builder later = CodeBlock.builder();
        for (ElementType t : ElementType.values()) {
            if (allowed.contains(t)) {
                continue;
            }
            OptionalInt since = arg.firstLaterVersionAccepting(v, t);
            if (since.isPresent()) {
                later.add("case $L -> $S;\n", t.name(), "; " + t.onnxName() + " is accepted from " + arg.name() + "-"
                        + since.getAsInt() + " on (" + arg.name() + ".version(" + since.getAsInt() + "))");
            }
        }
        CodeBlock laterCases = later.build();
        if (laterCases.isEmpty()) {
            m.addStatement("String hint = $S", "");
        } else {
            m.addCode("String hint = switch (type) {\n$>$L", laterCases)
                    .addCode("default -> $S;\n$<};\n", "");
        }
        m.addStatement("throw new $T(NAME + $S + type.onnxName() + $S + NAME + $S + DATA_TYPES_TEXT + $S + hint)",
                RuntimeClasses.ARG_ONNX_EXCEPTION, ": input '" + data.name() + "' has element type ", ", which ",
                " does not accept (allowed: ", ")");
        return m.build();
    }

    private static MethodSpec checkAttribute(ArgOperator arg, VersionSpec v) {
        String name = arg.versionName(v);
        String has = v.attributes().stream().map(AttributeSpec::name).collect(Collectors.joining(", "));
        String hasText = " (" + name + " has " + (has.isEmpty() ? "no attributes" : "attributes: " + has) + ")";
        MethodSpec.Builder m = MethodSpec.methodBuilder("checkAttribute")
                .addJavadoc("Checks one attribute on its own: that $L has it and, where its definition lists the allowed\n"
                        + "values, that the value is one of them. The range of {@code $L} depends on the input's rank and\n"
                        + "is checked by {@link #resolve}.\n\n"
                        + "@param attribute the attribute's ONNX name\n"
                        + "@param value its value\n"
                        + "@throws $T if $L has no such attribute or does not allow the value\n",
                        name, arg.axisAttribute(), RuntimeClasses.ARG_ONNX_EXCEPTION, name)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(String.class, "attribute")
                .addParameter(long.class, "value")
                .beginControlFlow("switch (attribute)");
        for (AttributeSpec a : v.attributes()) {
            if (a.constraint().orElse(null) instanceof AttributeConstraint.AllowedValues allowed) {
                String condition = allowed.values().stream().map(x -> "value != " + x + "L")
                        .collect(Collectors.joining(" && "));
                m.beginControlFlow("case $S ->", a.name())
                        .beginControlFlow("if ($L)", condition)
                        .addStatement("throw new $T(NAME + $S + value + $S + NAME + $S)", RuntimeClasses.ARG_ONNX_EXCEPTION,
                                ": attribute '" + a.name() + "' = ", " is not allowed in ",
                                " (allowed: " + join(allowed.values()) + ")")
                        .endControlFlow()
                        .endControlFlow();
            } else {
                String why = a.name().equals(arg.axisAttribute())
                        ? "its range depends on the rank of input '" + arg.dataInput(v).name() + "'"
                        : "the definition does not restrict its values";
                m.addCode("case $S -> {\n$>// Any value: $L.\n$<}\n", a.name(), why);
            }
        }
        for (AttributeSpec a : arg.allAttributes()) {
            if (v.attribute(a.name()).isEmpty()) {
                m.addStatement("case $S -> throw new $T(NAME + $S + value + $S)", a.name(),
                        RuntimeClasses.ARG_ONNX_EXCEPTION, ": attribute '" + a.name() + "' (set to ",
                        ") does not exist in " + name + ": " + arg.whereAttributeExists(v, a.name()) + hasText);
            }
        }
        m.addStatement("default -> throw new $T(NAME + $S + attribute + $S + value + $S)",
                RuntimeClasses.ARG_ONNX_EXCEPTION, ": attribute '", "' (set to ",
                ") does not exist in " + name + hasText);
        m.endControlFlow();
        return m.build();
    }

    private static MethodSpec resolve(ArgOperator arg, VersionSpec v, ParameterSpec data) {
        String name = arg.versionName(v);
        String axis = arg.axisAttribute();
        String input = "input '" + data.name() + "'";
        MethodSpec.Builder m = MethodSpec.methodBuilder("resolve")
                .addJavadoc("Checks the attributes against an input shape and infers the output shape: the input shape\n"
                        + "with the reduced dimension set to 1 ({@code keepdims} = 1) or removed.\n\n"
                        + "<p>In order: the shape is valid; each attribute exists with an allowed value; the input is not\n"
                        + "a scalar and {@code $L} is in {@code [-r, r-1]}, r = rank($L)$L; the reduced dimension is not\n"
                        + "empty. A zero-length dimension that is not reduced gives an empty output$L.\n\n"
                        + "@param inputShape the shape of input '$L'\n"
                        + "@param attributes the attributes set on the node; the others take their defaults\n"
                        + "@return the validated call, with the output shape\n"
                        + "@throws $T naming the first rule of $L the call breaks\n",
                        axis, data.name(), data.nonEmpty() ? "; the input is not empty" : "",
                        data.nonEmpty() ? " in other versions; " + name + " refuses every empty input" : "",
                        data.name(), RuntimeClasses.ARG_ONNX_EXCEPTION, name)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(RuntimeClasses.VALIDATED_CALL)
                .addParameter(LONG_ARRAY, "inputShape")
                .addParameter(RuntimeClasses.NODE_ATTRIBUTES, "attributes")
                .addStatement("$T.requireValidShape(NAME + $S, inputShape)", RuntimeClasses.SHAPES, ": " + input)
                .beginControlFlow("if (attributes == null)")
                .addStatement("throw new $T(NAME + $S)", RuntimeClasses.ARG_ONNX_EXCEPTION, ": attributes are null")
                .endControlFlow()
                .addStatement("checkAttributes(attributes)");
        for (AttributeSpec a : v.attributes()) {
            String local = GeneratedNames.attributeMethod(a.name());
            if (a.defaultValue().isPresent()) {
                m.addStatement("long $N = attributes.get($S, $LL)", local, a.name(), a.defaultValue().getAsLong());
            } else {
                m.beginControlFlow("if (!attributes.isSet($S))", a.name())
                        .addStatement("throw new $T(NAME + $S)", RuntimeClasses.ARG_ONNX_EXCEPTION,
                                ": attribute '" + a.name() + "' is required and has no default")
                        .endControlFlow()
                        .addStatement("long $N = attributes.value($S).getAsLong()", local, a.name());
            }
        }
        String axisLocal = GeneratedNames.attributeMethod(axis);
        boolean stated = arg.statesAxisRange(v);
        m.addStatement("int rank = inputShape.length");
        m.beginControlFlow("if (rank == 0)")
                .addComment("[-r, r-1] is [-0, -1] for a scalar: no axis at all.")
                .addStatement("throw new $T(NAME + $S + $N + $S)", RuntimeClasses.ARG_ONNX_EXCEPTION,
                        ": " + input + " is a scalar (rank 0), which has no axis to reduce: attribute '" + axis + "' = ",
                        axisLocal,
                        (stated ? " must be in [-r, r-1] with r = rank(" + data.name() + ")" : " would have to name a dimension, in [-r, r-1] with r = rank(" + data.name() + ")")
                                + ", and [-0, -1] holds no axis (reshape the input to [1] to reduce one element)")
                .endControlFlow();
        String undefined = stated ? "" : " (" + name + "'s definition states no range for '" + axis
                + "', but an axis outside it names no dimension, so the reduction is undefined)";
        m.beginControlFlow("if ($N < -rank || $N > rank - 1)", axisLocal, axisLocal)
                .addStatement("throw new $T(NAME + $S + $N + $S + rank + $S + $T.format(inputShape)\n+ $S + (-rank) + $S + (rank - 1) + $S)",
                        RuntimeClasses.ARG_ONNX_EXCEPTION, ": attribute '" + axis + "' = ", axisLocal,
                        " is out of range for " + input + " of rank ", " (shape ", RuntimeClasses.SHAPES,
                        "); allowed: [", ", ", "]" + undefined)
                .endControlFlow();
        m.addStatement("int normalizedAxis = $T.normalizeAxis($N, rank)", RuntimeClasses.SHAPES, axisLocal);
        // the more specific refusal first: an empty reduced dimension, then (version 11) any empty input
        m.beginControlFlow("if (inputShape[normalizedAxis] == 0)")
                .addStatement("throw new $T(NAME + $S + $T.format(inputShape) + $S + $N + $S)",
                        RuntimeClasses.ARG_ONNX_EXCEPTION, ": " + input + " has shape ", RuntimeClasses.SHAPES,
                        ": the reduced axis ", axisLocal, " has length 0, and an empty slice has no " + arg.selects()
                                + " element (allowed: a reduced dimension of length >= 1)")
                .endControlFlow();
        if (data.nonEmpty()) {
            m.beginControlFlow("if ($T.elementCount(NAME + $S, inputShape) == 0)", RuntimeClasses.SHAPES, ": " + input)
                    .addStatement("throw new $T(NAME + $S + $T.format(inputShape) + $S)", RuntimeClasses.ARG_ONNX_EXCEPTION,
                            ": " + input + " must not be empty in " + name + ", but its shape ", RuntimeClasses.SHAPES,
                            " has no elements" + emptyAllowedElsewhere(arg, v))
                    .endControlFlow();
        }
        String keepdims = v.attribute(arg.semantics().keepdims()).isPresent()
                ? GeneratedNames.attributeMethod(arg.semantics().keepdims()) + " == 1" // ONNX counts any other value as 0
                : "true";
        String selectLast = v.attribute(arg.semantics().selectLastIndex()).isPresent()
                ? GeneratedNames.attributeMethod(arg.semantics().selectLastIndex()) + " != 0"
                : "false";
        m.addStatement("return new $T(inputShape, normalizedAxis, $L, $L)", RuntimeClasses.VALIDATED_CALL, keepdims, selectLast);
        return m.build();
    }

    private static String emptyAllowedElsewhere(ArgOperator arg, VersionSpec v) {
        List<String> others = arg.spec().versions().stream()
                .filter(w -> w != v && !arg.dataInput(w).nonEmpty())
                .map(arg::versionName)
                .toList();
        return others.isEmpty() ? "" : " (" + String.join(", ", others)
                + " allow an empty input whose reduced dimension is not empty)";
    }

    private static String join(List<Long> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
