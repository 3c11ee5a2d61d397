package io.github.argonnx.generator.emit.topk;

import com.palantir.javapoet.AnnotationSpec;
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
import io.github.argonnx.generator.semantics.OperatorFamily;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * Emits JUnit 5 tests from the TopK specs' worked examples: one class per (operator, element type), a test per
 * example and version. An example runs on a type that holds its inputs and values exactly, at every version
 * that accepts the type and has the attributes the example sets; k comes from the example's input {@code K}
 * or its attribute {@code k}. Each test feeds the input as an array and as little-endian {@code raw_data}, and
 * compares values, indices and shape with the spec's outputs.
 */
public final class TopKExampleTestEmitter extends JavaSourceEmitter {

    private static final ClassName TEST = ClassName.get("org.junit.jupiter.api", "Test");
    private static final ClassName DISPLAY_NAME = ClassName.get("org.junit.jupiter.api", "DisplayName");
    private static final ClassName ASSERTIONS = ClassName.get("org.junit.jupiter.api", "Assertions");
    private static final ClassName TOP_K_RESULT = ClassName.get(RuntimeClasses.PACKAGE, "TopKResult");
    private static final TypeName LONGS = ArrayTypeName.of(TypeName.LONG);

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        List<JavaSource> files = new ArrayList<>();
        for (OperatorSpec op : context.operatorsToGenerate(OperatorFamily.TOP_K)) {
            for (ElementType type : context.typesToGenerate(op)) {
                testClass(context, op, type).ifPresent(t -> files.add(new JavaSource(GeneratedFile.Kind.TEST_SOURCE,
                        context.names().examplesPackage(), t, op.name() + ".yaml examples, " + type.onnxName())));
            }
        }
        return files;
    }

    private static boolean holds(ElementType type, TensorLiteral literal) {
        return literal.values().stream().allMatch(v -> type.holdsExactly(literal.type(), v));
    }

    private static Optional<TypeSpec.Builder> testClass(GenerationContext context, OperatorSpec op, ElementType type) {
        ClassName operator = context.names().operatorClass(op);
        TypeSpec.Builder test = TypeSpec.classBuilder(context.names().examplesTestClass(op, type)).addModifiers(Modifier.FINAL);
        int tests = 0;
        for (ExampleSpec example : op.examples()) {
            TensorLiteral input = example.inputs().get(0);
            TensorLiteral values = example.outputs().get(0);
            if (!holds(type, input) || !holds(type, values)) {
                continue;
            }
            long k = example.inputs().size() > 1 ? Long.parseLong(example.inputs().get(1).values().get(0))
                    : example.attributes().get("k");
            String field = GeneratedNames.exampleDataField(example.name());
            boolean added = false;
            for (VersionSpec v : context.versionsToGenerate(op)) {
                if (!fits(v, example, type)) {
                    continue;
                }
                if (!added) {
                    test.addField(FieldSpec.builder(JavaStorage.of(type).arrayType(), field, Modifier.PRIVATE,
                                    Modifier.STATIC, Modifier.FINAL)
                            .addJavadoc("Input '$L' of $L, shape $L.\n", JavaText.comment(input.name()),
                                    JavaText.comment(example.name()), input.shape())
                            .initializer(arrayLiteral(type, input))
                            .build());
                    added = true;
                }
                CodeBlock.Builder built = CodeBlock.builder().add("$T.version($L)", operator, v.sinceVersion());
                for (AttributeSpec a : v.attributes()) {
                    Long value = example.attributes().get(a.name());
                    if (value != null) {
                        built.add(a.name().equals("largest") || a.name().equals("sorted") ? ".$L($L)" : ".$L($LL)",
                                GeneratedNames.attributeMethod(a.name()),
                                a.name().equals("largest") || a.name().equals("sorted") ? String.valueOf(value == 1) : value);
                    }
                }
                TensorLiteral indices = example.outputs().get(1);
                test.addMethod(MethodSpec.methodBuilder(GeneratedNames.exampleTestMethod(example.name(), v))
                        .addAnnotation(TEST)
                        .addAnnotation(AnnotationSpec.builder(DISPLAY_NAME)
                                .addMember("value", "$L", JavaText.literal(example.name() + " (opset " + example.opset()
                                        + ") as " + op.name() + "-" + v.sinceVersion() + ", " + type.onnxName()))
                                .build())
                        .addStatement("check($L,$W$N,$W$L,$W$LL,$W$L,$W$L,$W$L)", built.build(), field, longs(input.shape()), k,
                                longs(values.shape()), longValues(indices), valuesLiteral(type, values))
                        .build());
                tests++;
            }
        }
        if (tests == 0) {
            return Optional.empty();
        }
        test.addJavadoc("The worked examples of {@code $L.yaml} on {@code $L} inputs, at every version of $L that accepts\n"
                + "$L and has the attributes an example sets; expected outputs as the spec writes them.\n", op.name(),
                type.onnxName(), op.name(), type.onnxName());
        test.addMethod(checkMethod(context, type, operator));
        test.addMethod(MethodSpec.methodBuilder("rawData")
                .addJavadoc("The values in ONNX raw_data layout (little-endian), in a direct buffer, written by the JDK.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(ByteBuffer.class)
                .addParameter(JavaStorage.of(type).arrayType(), "data")
                .addStatement("$T raw = $T.allocateDirect(data.length * $L).order($T.LITTLE_ENDIAN)", ByteBuffer.class,
                        ByteBuffer.class, type.byteWidth(), ByteOrder.class)
                .addStatement("raw.$L().put(data)", JavaStorage.of(type).rawDataViewMethod().orElse("duplicate"))
                .addStatement("return raw")
                .build());
        return Optional.of(test);
    }

    /** Whether the version accepts the type and has every attribute the example sets, with an allowed value. */
    private static boolean fits(VersionSpec v, ExampleSpec example, ElementType type) {
        boolean fits = v.allowedTypes(v.inputs().get(0)).contains(type);
        for (Map.Entry<String, Long> a : example.attributes().entrySet()) {
            Optional<AttributeSpec> spec = v.attribute(a.getKey());
            fits &= spec.isPresent() && !(spec.get().constraint().orElse(null)
                    instanceof AttributeConstraint.AllowedValues allowed && !allowed.values().contains(a.getValue()));
        }
        return fits;
    }

    private static MethodSpec checkMethod(GenerationContext context, ElementType type, ClassName operator) {
        ClassName tensor = context.names().tensorClass();
        TypeName storage = JavaStorage.of(type).arrayType();
        return MethodSpec.methodBuilder("check")
                .addJavadoc("Runs the operator on the data as an array and as raw_data, and checks shape, indices and values.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(operator, "op")
                .addParameter(storage, "data")
                .addParameter(LONGS, "inputShape")
                .addParameter(TypeName.LONG, "k")
                .addParameter(LONGS, "expectedShape")
                .addParameter(LONGS, "expectedIndices")
                .addParameter(storage, "expectedValues")
                .addStatement("$T fromArray = op.apply($T.$L(data, inputShape), k)",
                        ParameterizedTypeName.get(TOP_K_RESULT, tensor), tensor, GeneratedNames.tensorFactory(type))
                .addStatement("$T.assertArrayEquals(expectedShape, fromArray.shape(), $S)", ASSERTIONS, "shape, array input")
                .addStatement("$T.assertArrayEquals(expectedIndices, fromArray.indices(), $S)", ASSERTIONS,
                        "indices, array input")
                .addStatement("$T values = new $L[expectedValues.length]", storage, JavaStorage.of(type).primitive())
                .addStatement("long[] indices = new long[expectedIndices.length]")
                .addStatement("$T.assertArrayEquals(expectedShape, op.apply($T.ofRawData($T.$L, rawData(data), inputShape), k, "
                        + "values, indices), $S)", ASSERTIONS, tensor, context.names().dataTypeEnum(), type.name(),
                        "shape, raw_data input")
                .addStatement("$T.assertArrayEquals(expectedIndices, indices, $S)", ASSERTIONS, "indices, raw_data input")
                .addStatement("$T.assertArrayEquals(expectedValues, values, $S)", ASSERTIONS, "values, raw_data input")
                .build();
    }

    private static CodeBlock arrayLiteral(ElementType type, TensorLiteral literal) {
        return CodeBlock.of("{$L}", literal.values().stream()
                .map(v -> CodeBlock.of("$L", JavaLiterals.literal(type, literal.type(), v)))
                .collect(CodeBlock.joining(",$W")));
    }

    private static CodeBlock valuesLiteral(ElementType type, TensorLiteral literal) {
        return CodeBlock.of("new $L[] $L", JavaStorage.of(type).primitive(), arrayLiteral(type, literal));
    }

    private static CodeBlock longs(List<Long> values) {
        return CodeBlock.of("new long[] {$L}", values.stream().map(String::valueOf).collect(Collectors.joining(", ")));
    }

    private static CodeBlock longValues(TensorLiteral output) {
        return CodeBlock.of("new long[] {$L}", output.values().stream()
                .map(v -> JavaLiterals.literal(ElementType.INT64, output.type(), v)).collect(Collectors.joining(", ")));
    }
}
