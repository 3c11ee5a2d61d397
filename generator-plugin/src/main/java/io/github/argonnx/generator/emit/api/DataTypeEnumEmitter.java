package io.github.argonnx.generator.emit.api;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.JavaSourceEmitter;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.ElementType;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * Emits the public {@code <base>.DataType} enum: every ONNX element type the generator knows, with
 * its ONNX name, {@code TensorProto} code and byte width, and lookups that fail with clear messages.
 */
public final class DataTypeEnumEmitter extends JavaSourceEmitter {

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        ClassName self = context.names().dataTypeEnum();
        ClassName exception = RuntimeClasses.ARG_ONNX_EXCEPTION;
        TypeSpec.Builder type = TypeSpec.enumBuilder(self)
                .addModifiers(Modifier.PUBLIC)
                .addJavadoc("The element types of ONNX tensors, with their ONNX names, {@code TensorProto.DataType} codes\n"
                        + "and sizes in {@code raw_data}.\n\n"
                        + "<p>Which operator versions accept which types is up to each operator: see the\n"
                        + "validators in {@code $L}.\n", context.names().validationPackage());
        for (ElementType t : ElementType.values()) {
            type.addEnumConstant(t.name(), TypeSpec.anonymousClassBuilder("$S, $L, $L, $L, $L",
                            t.onnxName(), t.tensorProtoCode(), t.byteWidth(), t.isFloatingPoint(), t.isUnsigned())
                    .addJavadoc("ONNX {@code $L} (TensorProto code $L, $L byte$L): $L.\n", t.onnxName(),
                            t.tensorProtoCode(), t.byteWidth(), t.byteWidth() == 1 ? "" : "s", JavaStorage.description(t))
                    .build());
        }
        type.addField(String.class, "onnxName", Modifier.PRIVATE, Modifier.FINAL)
                .addField(int.class, "tensorProtoCode", Modifier.PRIVATE, Modifier.FINAL)
                .addField(int.class, "byteWidth", Modifier.PRIVATE, Modifier.FINAL)
                .addField(boolean.class, "floatingPoint", Modifier.PRIVATE, Modifier.FINAL)
                .addField(boolean.class, "unsigned", Modifier.PRIVATE, Modifier.FINAL)
                .addField(FieldSpec.builder(String.class, "KNOWN_NAMES", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("$S", Arrays.stream(ElementType.values()).map(ElementType::onnxName).sorted()
                                .collect(Collectors.joining(", ")))
                        .build())
                .addField(FieldSpec.builder(String.class, "KNOWN_CODES", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("$S", Arrays.stream(ElementType.values())
                                .map(t -> t.tensorProtoCode() + " " + t.onnxName()).collect(Collectors.joining(", ")))
                        .build());
        type.addMethod(MethodSpec.constructorBuilder()
                .addParameter(String.class, "onnxName")
                .addParameter(int.class, "tensorProtoCode")
                .addParameter(int.class, "byteWidth")
                .addParameter(boolean.class, "floatingPoint")
                .addParameter(boolean.class, "unsigned")
                .addStatement("this.onnxName = onnxName")
                .addStatement("this.tensorProtoCode = tensorProtoCode")
                .addStatement("this.byteWidth = byteWidth")
                .addStatement("this.floatingPoint = floatingPoint")
                .addStatement("this.unsigned = unsigned")
                .build());
        type.addMethod(getter("onnxName", String.class, "The ONNX element type name, for example {@code \"float16\"}.",
                "the element type name"));
        type.addMethod(MethodSpec.methodBuilder("tensorTypeName")
                .addJavadoc("The ONNX tensor type, for example {@code \"tensor(float16)\"}, as type constraints spell it.\n\n"
                        + "@return the tensor type name\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(String.class)
                .addStatement("return $S + onnxName + $S", "tensor(", ")")
                .build());
        type.addMethod(getter("tensorProtoCode", int.class,
                "The value of {@code TensorProto.DataType} for this type in ONNX model files.", "the type's code"));
        type.addMethod(getter("byteWidth", int.class, "Size of one element in bytes, as in {@code raw_data}.",
                "bytes per element"));
        type.addMethod(MethodSpec.methodBuilder("isFloatingPoint")
                .addJavadoc("Whether elements are floating-point numbers (and can be NaN).\n\n"
                        + "@return true for the floating-point types\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(boolean.class)
                .addStatement("return floatingPoint")
                .build());
        type.addMethod(MethodSpec.methodBuilder("isUnsigned")
                .addJavadoc("Whether elements are unsigned integers, compared as unsigned although Java stores them in\n"
                        + "signed primitives.\n\n"
                        + "@return true for the unsigned integer types\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(boolean.class)
                .addStatement("return unsigned")
                .build());
        type.addMethod(MethodSpec.methodBuilder("fromTensorProtoCode")
                .addJavadoc("The type with this {@code TensorProto.DataType} code.\n\n"
                        + "@param code the {@code data_type} of a {@code TensorProto}\n"
                        + "@return the type\n"
                        + "@throws $T if no type here has the code (strings, booleans, complex and 8-bit float types\n"
                        + "    are not numeric types these operators read)\n", exception)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addParameter(int.class, "code")
                .beginControlFlow("for ($T type : values())", self)
                .beginControlFlow("if (type.tensorProtoCode == code)")
                .addStatement("return type")
                .endControlFlow()
                .endControlFlow()
                .addStatement("throw new $T($S + code + $S + KNOWN_CODES + $S)", exception,
                        "TensorProto data type code ", " is not a supported element type (supported: ", ")")
                .build());
        type.addMethod(MethodSpec.methodBuilder("fromOnnxName")
                .addJavadoc("The type with this ONNX element type name, for example {@code \"uint8\"}.\n\n"
                        + "@param name the element type name\n"
                        + "@return the type\n"
                        + "@throws $T if no type has the name\n", exception)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addParameter(String.class, "name")
                .beginControlFlow("for ($T type : values())", self)
                .beginControlFlow("if (type.onnxName.equals(name))")
                .addStatement("return type")
                .endControlFlow()
                .endControlFlow()
                .addCode(CodeBlock.builder()
                        .addStatement("throw new $T($S + name + $S + KNOWN_NAMES + $S)", exception,
                                "unknown ONNX element type '", "' (known: ", ")")
                        .build())
                .build());
        return List.of(new JavaSource(GeneratedFile.Kind.MAIN_SOURCE, context.basePackage(), type,
                "the generator's ElementType enum"));
    }

    private static MethodSpec getter(String name, Class<?> type, String doc, String returns) {
        return MethodSpec.methodBuilder(name)
                .addJavadoc("$L\n\n@return $L\n", doc, returns)
                .addModifiers(Modifier.PUBLIC)
                .returns(type)
                .addStatement("return $N", name)
                .build();
    }
}
