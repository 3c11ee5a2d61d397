package io.github.argonnx.generator.emit.tests;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.JavaSourceEmitter;
import io.github.argonnx.generator.emit.JavaText;
import io.github.argonnx.generator.java.Comparison;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaLiterals;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.AttributeConstraint;
import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.ExampleSpec;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.TensorLiteral;
import io.github.argonnx.generator.model.VersionSpec;
import io.github.argonnx.generator.semantics.ArgOperator;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;
import io.github.argonnx.generator.semantics.OperatorFamily;

/**
 * Emits JUnit 5 tests from the specs' worked examples: one class per (operator, element type), with a
 * test per example and operator version.
 *
 * <p>An example runs on a type when the type holds every input value exactly (so the 2x2 examples run
 * on all twelve types and the random float examples on float and double only), at every version that
 * has the attributes the example sets and accepts the type, not only at the example's own opset. Each
 * test feeds the input as an array and as little-endian {@code raw_data} in a direct buffer through the
 * public API, and compares with the outputs written in the spec.
 */
public final class ExampleTestEmitter extends JavaSourceEmitter {

    private static final ClassName TEST = ClassName.get("org.junit.jupiter.api", "Test");
    private static final ClassName DISPLAY_NAME = ClassName.get("org.junit.jupiter.api", "DisplayName");
    private static final ClassName ASSERTIONS = ClassName.get("org.junit.jupiter.api", "Assertions");
    private static final ArrayTypeName LONG_ARRAY = ArrayTypeName.of(TypeName.LONG);

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        List<JavaSource> files = new ArrayList<>();
        for (OperatorSpec op : context.operatorsToGenerate(OperatorFamily.ARG_REDUCTION)) {
            if (context.versionsToGenerate(op).isEmpty()) {
                continue;
            }
            ArgOperator arg = new ArgOperator(op);
            for (ElementType type : context.typesToGenerate(op)) {
                testClass(context, arg, type).ifPresent(t -> files.add(new JavaSource(GeneratedFile.Kind.TEST_SOURCE,
                        context.names().examplesPackage(), t, op.name() + ".yaml examples, " + type.onnxName())));
            }
        }
        return files;
    }

    private Optional<TypeSpec.Builder> testClass(GenerationContext context, ArgOperator arg, ElementType type) {
        OperatorSpec op = arg.spec();
        ClassName self = context.names().examplesTestClass(op, type);
        ClassName operator = context.names().operatorClass(op);
        TypeSpec.Builder test = TypeSpec.classBuilder(self).addModifiers(Modifier.FINAL);
        List<String> skipped = new ArrayList<>();
        int tests = 0;
        for (ExampleSpec example : op.examples()) {
            TensorLiteral input = singleInput(arg, example);
            if (!input.values().stream().allMatch(v -> type.holdsExactly(input.type(), v))) {
                skipped.add(example.name());
                continue;
            }
            List<VersionSpec> versions = versionsFor(context, arg, example, type, input);
            if (versions.isEmpty()) {
                continue;
            }
            String field = GeneratedNames.exampleDataField(example.name());
            test.addField(FieldSpec.builder(JavaStorage.of(type).arrayType(), field, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("Input '$L' of $L ($L values as $L), shape $L$L.\n", JavaText.comment(input.name()),
                            JavaText.comment(example.name()),
                            input.type().onnxName(), type.onnxName(), input.shape(),
                            Comparison.of(type) == Comparison.SIXTEEN_BIT_FLOAT
                                    && input.values().size() <= 16
                                    ? ": " + String.join(", ", input.values()) : "")
                    .initializer(arrayLiteral(type, input))
                    .build());
            TensorLiteral output = example.outputs().get(0);
            for (VersionSpec v : versions) {
                test.addMethod(testMethod(arg, example, v, type, operator, field, input, output));
                tests++;
            }
        }
        if (tests == 0) {
            return Optional.empty();
        }
        test.addJavadoc("The worked examples of {@code $L.yaml} on {@code $L} inputs, at every version of $L that has the\n"
                + "attributes an example sets and accepts $L; expected outputs as the spec writes them.\n", op.name(),
                type.onnxName(), op.name(), type.onnxName());
        if (!skipped.isEmpty()) {
            test.addJavadoc("\n<p>Left out, as $L cannot hold their inputs exactly: $L.\n", type.onnxName(),
                    JavaText.comment(String.join(", ", skipped)));
        }
        test.addMethod(checkMethod(context, type, operator));
        test.addMethod(rawDataMethod(type));
        return Optional.of(test);
    }

    private static TensorLiteral singleInput(ArgOperator arg, ExampleSpec example) {
        if (example.inputs().size() != 1 || example.outputs().size() != 1) {
            throw new IllegalArgumentException(arg.name() + " example " + example.name() + " at " + example.location()
                    + ": expected one input and one output, found " + example.inputs().size() + " and "
                    + example.outputs().size());
        }
        return example.inputs().get(0);
    }

    /** The generated versions that have every attribute the example sets, allow its values and accept the type. */
    private static List<VersionSpec> versionsFor(GenerationContext context, ArgOperator arg, ExampleSpec example,
            ElementType type, TensorLiteral input) {
        List<VersionSpec> result = new ArrayList<>();
        for (VersionSpec v : context.versionsToGenerate(arg.spec())) {
            boolean fits = v.allowedTypes(arg.dataInput(v)).contains(type)
                    && !(arg.dataInput(v).nonEmpty() && input.elementCount() == 0);
            for (Map.Entry<String, Long> a : example.attributes().entrySet()) {
                Optional<AttributeSpec> spec = v.attribute(a.getKey());
                fits &= spec.isPresent() && !(spec.get().constraint().orElse(null)
                        instanceof AttributeConstraint.AllowedValues allowed && !allowed.values().contains(a.getValue()));
            }
            if (fits) {
                result.add(v);
            }
        }
        return result;
    }

    private static MethodSpec testMethod(ArgOperator arg, ExampleSpec example, VersionSpec v, ElementType type,
            ClassName operator, String field, TensorLiteral input, TensorLiteral output) {
        CodeBlock.Builder op = CodeBlock.builder().add("$T.version($L)", operator, v.sinceVersion());
        // Attributes in the operator's order: the example's map has none, and output must be deterministic.
        for (AttributeSpec a : arg.allAttributes()) {
            Long value = example.attributes().get(a.name());
            if (value != null) {
                op.add(".$L($L)", GeneratedNames.attributeMethod(a.name()), value);
            }
        }
        return MethodSpec.methodBuilder(GeneratedNames.exampleTestMethod(example.name(), v))
                .addAnnotation(TEST)
                .addAnnotation(com.palantir.javapoet.AnnotationSpec.builder(DISPLAY_NAME)
                        .addMember("value", "$L", JavaText.literal(example.name() + " (opset " + example.opset()
                                + ") as " + arg.versionName(v) + ", " + type.onnxName()))
                        .build())
                .addStatement("check($L,$W$N,$W$L,$W$L,$W$L)", op.build(), field, longs(input.shape()),
                        longs(output.shape()), longValues(output))
                .build();
    }

    private static MethodSpec checkMethod(GenerationContext context, ElementType type, ClassName operator) {
        ClassName tensor = context.names().tensorClass();
        ClassName dataType = context.names().dataTypeEnum();
        return MethodSpec.methodBuilder("check")
                .addJavadoc("Runs the operator on the data as an array and as raw_data, and checks shape and indices.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(operator, "op")
                .addParameter(JavaStorage.of(type).arrayType(), "data")
                .addParameter(LONG_ARRAY, "inputShape")
                .addParameter(LONG_ARRAY, "expectedShape")
                .addParameter(LONG_ARRAY, "expectedIndices")
                .addStatement("$T.assertArrayEquals(expectedShape, op.outputShape(inputShape), $S)", ASSERTIONS,
                        "outputShape")
                .addStatement("$T fromArray = op.apply($T.$L(data, inputShape))", RuntimeClasses.ARG_RESULT, tensor,
                        GeneratedNames.tensorFactory(type))
                .addStatement("$T.assertArrayEquals(expectedShape, fromArray.shape(), $S)", ASSERTIONS, "shape, array input")
                .addStatement("$T.assertArrayEquals(expectedIndices, fromArray.indices(), $S)", ASSERTIONS,
                        "indices, array input")
                .addStatement("$T fromRawData = op.apply($T.ofRawData($T.$L, rawData(data), inputShape))",
                        RuntimeClasses.ARG_RESULT, tensor, dataType, type.name())
                .addStatement("$T.assertArrayEquals(expectedShape, fromRawData.shape(), $S)", ASSERTIONS,
                        "shape, raw_data input")
                .addStatement("$T.assertArrayEquals(expectedIndices, fromRawData.indices(), $S)", ASSERTIONS,
                        "indices, raw_data input")
                .build();
    }

    private static MethodSpec rawDataMethod(ElementType type) {
        MethodSpec.Builder m = MethodSpec.methodBuilder("rawData")
                .addJavadoc("The values in ONNX raw_data layout (little-endian), in a direct buffer, written by the JDK.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(ByteBuffer.class)
                .addParameter(JavaStorage.of(type).arrayType(), "data")
                .addStatement("$T raw = $T.allocateDirect(data.length * $L).order($T.LITTLE_ENDIAN)", ByteBuffer.class,
                        ByteBuffer.class, type.byteWidth(), ByteOrder.class);
        m.addStatement("raw.$L().put(data)", JavaStorage.of(type).rawDataViewMethod().orElse("duplicate"));
        return m.addStatement("return raw").build();
    }

    private static CodeBlock arrayLiteral(ElementType type, TensorLiteral input) {
        // $W lets JavaPoet wrap long arrays at its column limit.
        return CodeBlock.of("{$L}", input.values().stream()
                .map(v -> CodeBlock.of("$L", JavaLiterals.literal(type, input.type(), v)))
                .collect(CodeBlock.joining(",$W")));
    }

    private static CodeBlock longs(List<Long> values) {
        return CodeBlock.of("new long[] {$L}", values.stream().map(String::valueOf).collect(Collectors.joining(", ")));
    }

    private static CodeBlock longValues(TensorLiteral output) {
        return CodeBlock.of("new long[] {$L}", output.values().stream()
                .map(v -> JavaLiterals.literal(ElementType.INT64, output.type(), v)).collect(Collectors.joining(", ")));
    }
}
