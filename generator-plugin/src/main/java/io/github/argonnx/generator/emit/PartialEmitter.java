package io.github.argonnx.generator.emit;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.model.DataType;
import io.github.argonnx.generator.model.Extremum;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.VersionSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.IntToLongFunction;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * Emits the mergeable partial results of the generated operators: one package-private
 * {@code <Type>PartialKeys} class per element type (how partials key, store and read its elements,
 * implementing the runtime's {@code ElementKeys}), and the public {@code PartialReduction}, which
 * reduces chunks of the reduced axis with the operator's own kernels and hands the rest (merging,
 * streaming, the byte form) to the runtime's {@code ArgPartial} and {@code ArgAccumulator}.
 */
public final class PartialEmitter implements ArtifactEmitter {

    static final String REDUCTION_NAME = "PartialReduction";

    private static final ClassName ELEMENT_KEYS = ClassName.get(RuntimeClasses.PACKAGE, "ElementKeys");
    private static final ClassName PARTIAL_SIGNATURE = ClassName.get(RuntimeClasses.PACKAGE, "PartialSignature");
    private static final ClassName ARG_PARTIAL = ClassName.get(RuntimeClasses.PACKAGE, "ArgPartial");
    private static final ClassName ARG_ACCUMULATOR = ClassName.get(RuntimeClasses.PACKAGE, "ArgAccumulator");

    /** The package-private class holding a type's partial keys, in the base package beside {@code Tensor}. */
    static ClassName keysClassName(GenerationContext context, DataType type) {
        return ClassName.get(context.basePackage(), type.javaName() + "PartialKeys");
    }

    @Override
    public List<GeneratedFile> emit(GenerationContext context) {
        List<OperatorSpec> operators = context.operatorsToGenerate();
        SortedSet<DataType> types = new TreeSet<>();
        for (OperatorSpec op : operators) {
            types.addAll(context.typesToGenerate(op));
        }
        if (types.isEmpty()) {
            return List.of(); // no element type selected: nothing to reduce
        }
        String provenance = operators.stream().map(op -> op.name() + ".yaml").collect(Collectors.joining(", "));
        List<GeneratedFile> files = new ArrayList<>();
        for (DataType type : types) {
            files.add(JavaSources.file(GeneratedFile.Kind.MAIN_SOURCE, context.basePackage(), keysClass(context, type),
                    "the " + type.onnxName() + " element type"));
        }
        files.add(JavaSources.file(GeneratedFile.Kind.MAIN_SOURCE, context.basePackage(),
                reductionClass(context, operators, types), provenance));
        return files;
    }

    // ---- <Type>PartialKeys ----

    private TypeSpec keysClass(GenerationContext context, DataType type) {
        ClassName self = keysClassName(context, type);
        ClassName tensor = TensorEmitter.className(context);
        Bits bits = Bits.of(type);
        TypeSpec.Builder spec = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.FINAL)
                .addSuperinterface(ELEMENT_KEYS)
                .addJavadoc("How partial results key, store and read $L elements ($L).\n", type.onnxName(),
                        bits.description());
        context.generatedAnnotation().annotation(GenerationContext.GENERATOR_NAME, "the " + type.onnxName() + " element type")
                .ifPresent(spec::addAnnotation);
        spec.addField(FieldSpec.builder(self, "INSTANCE", Modifier.STATIC, Modifier.FINAL)
                .initializer("new $T()", self)
                .build());
        spec.addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        spec.addMethod(override("onnxName", String.class).addStatement("return $S", type.onnxName()).build());
        spec.addMethod(override("tensorProtoCode", int.class).addStatement("return $L", type.tensorProtoCode()).build());
        spec.addMethod(override("byteWidth", int.class).addStatement("return $L", type.byteWidth()).build());
        spec.addMethod(override("hasNaN", boolean.class).addStatement("return $L", bits.hasNaN()).build());
        spec.addMethod(override("orderKey", long.class).addParameter(long.class, "bits").addCode(bits.orderKey()).build());
        spec.addMethod(override("bits", long.class).addParameter(long.class, "orderKey").addCode(bits.fromOrderKey()).build());

        TypeName storage = type.storage().type();
        spec.addMethod(MethodSpec.methodBuilder("bitsAt")
                .addJavadoc("The bits of the element at a row-major position of a $L tensor, array or buffer.\n",
                        type.onnxName())
                .addModifiers(Modifier.STATIC)
                .returns(long.class)
                .addParameter(tensor, "chunk")
                .addParameter(int.class, "element")
                .addStatement("$T value", storage)
                .beginControlFlow("if (chunk.hasArray())")
                .addStatement("value = (($T) chunk.array())[chunk.arrayOffset() + element]", type.storage().arrayType())
                .nextControlFlow("else")
                .addStatement("$T buffer = ($T) chunk.buffer()", type.storage().bufferType(), type.storage().bufferType())
                .addStatement("value = buffer.get(buffer.position() + element)")
                .endControlFlow()
                .addStatement("return $L", bits.ofStored(CodeBlock.of("value")))
                .build());
        return spec.build();
    }

    private static MethodSpec.Builder override(String name, Class<?> returns) {
        return MethodSpec.methodBuilder(name).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC).returns(returns);
    }

    /**
     * How a type's elements become the runtime's bits and order keys. The one place the emitter
     * tells the families of element types apart for partial results.
     */
    private record Bits(DataType type, Family family, int exponentBits) {

        enum Family { SIGNED, UNSIGNED, FLOATING }

        static Bits of(DataType type) {
            switch (type.ordering()) {
                case SIGNED:
                    return new Bits(type, Family.SIGNED, 0);
                case UNSIGNED:
                    return new Bits(type, Family.UNSIGNED, 0);
                case IEEE_FLOAT:
                    return new Bits(type, Family.FLOATING, type.byteWidth() == 4 ? 8 : 11);
                case FLOAT16_BITS:
                    return new Bits(type, Family.FLOATING, 5);
                case BFLOAT16_BITS:
                    return new Bits(type, Family.FLOATING, 8);
                default:
                    throw new AssertionError(type.ordering());
            }
        }

        boolean hasNaN() {
            return family == Family.FLOATING;
        }

        private int width() {
            return type.byteWidth() * 8;
        }

        private int fractionBits() {
            return width() - 1 - exponentBits;
        }

        private long signBit() {
            return 1L << (width() - 1);
        }

        private long infinity() {
            return ((1L << exponentBits) - 1) << fractionBits();
        }

        String description() {
            switch (family) {
                case SIGNED:
                    return "signed: the order key is the value";
                case UNSIGNED:
                    return width() == 64 ? "unsigned: the order key is the bits with the sign bit flipped"
                            : "unsigned: the order key is the value";
                default:
                    return "by value: the order key is the signed magnitude, -0 and +0 both 0, every NaN Long.MAX_VALUE";
            }
        }

        /** The stored Java primitive as zero-extended raw_data bits. */
        CodeBlock ofStored(CodeBlock value) {
            switch (type.storage()) {
                case FLOAT:
                    return CodeBlock.of("$T.toUnsignedLong($T.floatToRawIntBits($L))", Integer.class, Float.class, value);
                case DOUBLE:
                    return CodeBlock.of("$T.doubleToRawLongBits($L)", Double.class, value);
                case LONG:
                    return value;
                default:
                    return CodeBlock.of("$T.toUnsignedLong($L)", type.storage().boxedType(), value);
            }
        }

        CodeBlock orderKey() {
            switch (family) {
                case SIGNED:
                    return width() == 64 ? CodeBlock.of("return bits;\n")
                            : CodeBlock.of("return ($L) bits;\n", type.storage().primitive());
                case UNSIGNED:
                    return width() == 64 ? CodeBlock.of("return bits ^ $T.MIN_VALUE;\n", Long.class)
                            : CodeBlock.of("return bits;\n");
                default:
                    return CodeBlock.builder()
                            .addStatement("long magnitude = bits & $L", hex(signBit() - 1))
                            .beginControlFlow("if (magnitude > $L)", hex(infinity()))
                            .addStatement("return $T.MAX_VALUE", Long.class)
                            .endControlFlow()
                            .addStatement("return (bits & $L) == 0 ? magnitude : -magnitude", hex(signBit()))
                            .build();
            }
        }

        CodeBlock fromOrderKey() {
            switch (family) {
                case SIGNED:
                    return width() == 64 ? CodeBlock.of("return orderKey;\n")
                            : CodeBlock.of("return orderKey & $L;\n", hex((1L << width()) - 1));
                case UNSIGNED:
                    return width() == 64 ? CodeBlock.of("return orderKey ^ $T.MIN_VALUE;\n", Long.class)
                            : CodeBlock.of("return orderKey;\n");
                default:
                    return CodeBlock.builder()
                            .beginControlFlow("if (orderKey == $T.MAX_VALUE)", Long.class)
                            .add("// the quiet NaN with no payload: partials keep that an element is NaN, not which\n")
                            .addStatement("return $L", hex(infinity() | (1L << (fractionBits() - 1))))
                            .endControlFlow()
                            .addStatement("return orderKey < 0 ? $L | -orderKey : orderKey", hex(signBit()))
                            .build();
            }
        }

        private String hex(long value) {
            return width() == 64 || value > Integer.MAX_VALUE ? String.format("0x%XL", value) : String.format("0x%X", value);
        }
    }

    // ---- PartialReduction ----

    private TypeSpec reductionClass(GenerationContext context, List<OperatorSpec> operators, SortedSet<DataType> types) {
        ClassName self = ClassName.get(context.basePackage(), REDUCTION_NAME);
        ClassName operator = OperatorApiEmitter.interfaceName(context);
        ClassName tensor = TensorEmitter.className(context);
        ClassName dataType = DataTypeEnumEmitter.className(context);
        ClassName exception = RuntimeClasses.ARG_ONNX_EXCEPTION;
        TypeSpec.Builder spec = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("An ArgMax/ArgMin over data that never sits in one array: chunks of the reduced axis, each\n"
                        + "reduced with its global offset into an {@link $T}, merged in any order and any tree, and\n"
                        + "finished to exactly the output one {@code apply} on the whole tensor gives, for every\n"
                        + "element type, tie and NaN. Streams through an {@link $T}, whose memory is proportional to\n"
                        + "the output. See docs/partials.md.\n\n"
                        + "<pre>{@code\n"
                        + "PartialReduction reduction = PartialReduction.of($L.latest().axis(1), DataType.$L, 8, 1000);\n"
                        + "ArgPartial left = reduction.reduce(Tensor.$L(firstColumns, 8, 600), 0);\n"
                        + "ArgPartial right = reduction.reduce(Tensor.$L(lastColumns, 8, 400), 600);\n"
                        + "long[] indices = right.merge(left).finish().indices();\n"
                        + "}</pre>\n\n"
                        + "<p>Immutable and thread-safe.\n", ARG_PARTIAL, ARG_ACCUMULATOR, operators.get(0).name(),
                        types.first().name(), types.first().tensorFactoryName(), types.first().tensorFactoryName());
        context.generatedAnnotation().annotation(GenerationContext.GENERATOR_NAME,
                operators.stream().map(op -> op.name() + ".yaml").collect(Collectors.joining(", ")))
                .ifPresent(spec::addAnnotation);
        spec.addField(operator, "operator", Modifier.PRIVATE, Modifier.FINAL);
        spec.addField(PARTIAL_SIGNATURE, "signature", Modifier.PRIVATE, Modifier.FINAL);
        spec.addMethod(MethodSpec.constructorBuilder()
                .addModifiers(Modifier.PRIVATE)
                .addParameter(operator, "operator")
                .addParameter(PARTIAL_SIGNATURE, "signature")
                .addStatement("this.operator = operator")
                .addStatement("this.signature = signature")
                .build());

        CodeBlock.Builder resolve = CodeBlock.builder()
                .add("$T call = switch (operator.opType() + $S + operator.version()) {\n", RuntimeClasses.ARG_REDUCTION, "-")
                .indent();
        CodeBlock.Builder largest = CodeBlock.builder().add("boolean largest = switch (operator.opType()) {\n").indent();
        for (OperatorSpec op : operators) {
            for (VersionSpec v : context.versionsToGenerate(op)) {
                resolve.add("case $S -> $T.validate(type, inputShape, operator.attributes());\n",
                        op.name() + "-" + v.sinceVersion(), ValidatorEmitter.className(context, op, v));
            }
            largest.add("case $S -> $L;\n", op.name(), Extremum.of(op) == Extremum.LARGEST);
        }
        resolve.add("default -> throw new $T($S + operator);\n", IllegalStateException.class, "not generated: ")
                .unindent().add("};\n");
        largest.add("default -> throw new $T($S + operator);\n", IllegalStateException.class, "not generated: ")
                .unindent().add("};\n");
        spec.addMethod(MethodSpec.methodBuilder("of")
                .addJavadoc("The partial reduction of an operator over a tensor of this type and full shape.\n\n"
                        + "@param operator the operator, its version and attributes\n"
                        + "@param type the element type\n"
                        + "@param inputShape the shape of the whole input, the reduced axis at its full length (which\n"
                        + "    may exceed what one array holds)\n"
                        + "@return the partial reduction\n"
                        + "@throws $T if the operator version refuses this type or shape, as {@code apply} would\n", exception)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addParameter(operator, "operator")
                .addParameter(dataType, "type")
                .addParameter(ParameterSpec.builder(long[].class, "inputShape").build())
                .varargs(true)
                .beginControlFlow("if (operator == null)")
                .addStatement("throw new $T($S)", exception, "partial reduction: the operator is null")
                .endControlFlow()
                .beginControlFlow("if (type == null)")
                .addStatement("throw new $T(operator + $S)", exception, " partial reduction: the element type is null")
                .endControlFlow()
                .addCode(resolve.build())
                .addCode(largest.build())
                .addStatement("return new $T(operator, new $T(operator.opType(), operator.version(), largest, "
                        + "elementKeys(type), call))", self, PARTIAL_SIGNATURE)
                .build());

        spec.addMethod(MethodSpec.methodBuilder("reduce")
                .addJavadoc("Reduces one chunk of the reduced axis with the operator's kernels.\n\n"
                        + "@param chunk the input's elements from {@code axisOffset} on along the reduced axis: the full\n"
                        + "    shape but for that axis, arrays or buffers as {@link $T} takes them\n"
                        + "@param axisOffset where the chunk starts along the reduced axis\n"
                        + "@return the chunk's partial result, its indices global along the axis\n"
                        + "@throws $T if the chunk's type or shape does not fit, or it runs past the end of the axis\n",
                        tensor, exception)
                .addModifiers(Modifier.PUBLIC)
                .returns(ARG_PARTIAL)
                .addParameter(tensor, "chunk")
                .addParameter(long.class, "axisOffset")
                .beginControlFlow("if (chunk == null)")
                .addStatement("throw new $T(signature.operatorName() + $S)", exception, " partial reduction: the chunk is null")
                .endControlFlow()
                .addStatement("long[] shape = chunk.shape()")
                .addStatement("signature.checkChunk(chunk.dataType().onnxName(), shape, axisOffset)")
                .addStatement("long[] localIndices = operator.apply(chunk).indices()")
                .addStatement("return $T.ofChunk(signature, shape[signature.axis()], axisOffset, localIndices, bitsReader(chunk))",
                        ARG_PARTIAL)
                .build());
        spec.addMethod(MethodSpec.methodBuilder("accumulator")
                .addJavadoc("A new, empty accumulator for this reduction's partials.\n\n@return the accumulator\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(ARG_ACCUMULATOR)
                .addStatement("return new $T(signature)", ARG_ACCUMULATOR)
                .build());
        spec.addMethod(MethodSpec.methodBuilder("fromBytes")
                .addJavadoc("Reads a partial of this reduction from its byte form ({@link $T#toBytes()}).\n\n"
                        + "@param bytes the byte form\n@return the partial\n"
                        + "@throws $T if the bytes are truncated, corrupted, of an unknown format version, or of another\n"
                        + "    operator, version, element type, attribute value or shape; the message names which\n",
                        ARG_PARTIAL, exception)
                .addModifiers(Modifier.PUBLIC)
                .returns(ARG_PARTIAL)
                .addParameter(byte[].class, "bytes")
                .addStatement("return $T.fromBytes(signature, bytes)", ARG_PARTIAL)
                .build());
        spec.addMethod(MethodSpec.methodBuilder("signature")
                .addJavadoc("The operator, version, element type, attributes and full input shape the partials belong to.\n\n"
                        + "@return the signature\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(PARTIAL_SIGNATURE)
                .addStatement("return signature")
                .build());

        CodeBlock.Builder keys = CodeBlock.builder().add("return switch (type) {\n").indent();
        CodeBlock.Builder readers = CodeBlock.builder().add("return switch (chunk.dataType()) {\n").indent();
        for (DataType t : types) {
            keys.add("case $L -> $T.INSTANCE;\n", t.name(), keysClassName(context, t));
            readers.add("case $L -> element -> $T.bitsAt(chunk, element);\n", t.name(), keysClassName(context, t));
        }
        String unsupported = " is not an element type of this build";
        keys.add("default -> throw new $T(type.onnxName() + $S);\n", exception, unsupported).unindent().add("};\n");
        readers.add("default -> throw new $T(chunk.dataType().onnxName() + $S);\n", exception, unsupported)
                .unindent().add("};\n");
        spec.addMethod(MethodSpec.methodBuilder("elementKeys")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(ELEMENT_KEYS)
                .addParameter(dataType, "type")
                .addCode(keys.build())
                .build());
        spec.addMethod(MethodSpec.methodBuilder("bitsReader")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(IntToLongFunction.class)
                .addParameter(tensor, "chunk")
                .addCode(readers.build())
                .build());
        spec.addMethod(MethodSpec.methodBuilder("toString")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(String.class)
                .addStatement("return $S + signature + $S", "PartialReduction{", "}")
                .build());
        return spec.build();
    }
}
