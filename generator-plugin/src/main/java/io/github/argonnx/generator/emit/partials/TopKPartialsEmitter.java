package io.github.argonnx.generator.emit.partials;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.JavaSourceEmitter;
import io.github.argonnx.generator.java.Comparison;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.semantics.OperatorFamily;
import java.util.List;
import java.util.SortedSet;
import javax.lang.model.element.Modifier;

/**
 * Emits the public {@code TopKPartials}, the mergeable partial results of TopK: it reduces chunks of the
 * axis through the generated {@code TopK}'s public {@code apply}, so that it depends on nothing of the
 * TopK kernels, keys each element with its type's nested {@code ElementKeys} (the order keys of
 * {@link Comparison}, generated here so that a build of TopK alone has them), and hands the rest
 * (merging, streaming, the byte form) to the runtime's {@code TopKPartial} and {@code TopKAccumulator}.
 */
public final class TopKPartialsEmitter extends JavaSourceEmitter {

    private static final ClassName EXCEPTION = RuntimeClasses.ARG_ONNX_EXCEPTION;
    private static final ClassName SIGNATURE = RuntimeClasses.PARTIAL_SIGNATURE;
    private static final ClassName PARTIAL = RuntimeClasses.TOP_K_PARTIAL;
    private static final ClassName ACCUMULATOR = RuntimeClasses.TOP_K_ACCUMULATOR;

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        List<OperatorSpec> operators = context.operatorsToGenerate(OperatorFamily.TOP_K);
        SortedSet<ElementType> types = context.typesToGenerate(OperatorFamily.TOP_K);
        if (operators.isEmpty() || types.isEmpty()) {
            return List.of();
        }
        return List.of(new JavaSource(GeneratedFile.Kind.MAIN_SOURCE, context.basePackage(),
                new PartialsClass(context, operators.get(0), types).build(), operators.get(0).name() + ".yaml"));
    }

    /** Builds the class; a method per generated member. */
    private static final class PartialsClass {
        private final GenerationContext context;
        private final SortedSet<ElementType> types;
        private final ClassName self;
        private final ClassName operator;
        private final ClassName tensor;
        private final ClassName dataType;

        PartialsClass(GenerationContext context, OperatorSpec op, SortedSet<ElementType> types) {
            this.context = context;
            this.types = types;
            this.self = context.names().topKPartialsClass();
            this.operator = context.names().operatorClass(op);
            this.tensor = context.names().tensorClass();
            this.dataType = context.names().dataTypeEnum();
        }

        TypeSpec.Builder build() {
            TypeSpec.Builder type = TypeSpec.classBuilder(self)
                    .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                    .addJavadoc("""
                            A TopK over data that never sits in one array: chunks of the axis, each reduced with its
                            global offset into a {@link $T}, merged in any order and any tree, and finished to
                            exactly the values and indices one {@code apply} on the whole tensor gives, for every
                            element type, tie and NaN. Streams through a {@link $T}, which keeps k entries per
                            output element whatever the number of chunks. See docs/partials.md.

                            <pre>{@code
                            TopKPartials partials = TopKPartials.of(TopK.latest().axis(1), 5, DataType.FLOAT, 8, 1000);
                            TopKPartial left = partials.reduce(Tensor.ofFloat(firstColumns, 8, 600), 0);
                            TopKPartial right = partials.reduce(Tensor.ofFloat(lastColumns, 8, 400), 600);
                            TopKResult<Tensor> top5 = partials.finish(right.merge(left));
                            }</pre>

                            <p>Immutable and thread-safe.
                            """, PARTIAL, ACCUMULATOR)
                    .addField(operator, "chunkOperator", Modifier.PRIVATE, Modifier.FINAL)
                    .addField(dataType, "type", Modifier.PRIVATE, Modifier.FINAL)
                    .addField(SIGNATURE, "signature", Modifier.PRIVATE, Modifier.FINAL)
                    .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE)
                            .addParameter(operator, "chunkOperator")
                            .addParameter(dataType, "type")
                            .addParameter(SIGNATURE, "signature")
                            .addStatement("this.chunkOperator = chunkOperator")
                            .addStatement("this.type = type")
                            .addStatement("this.signature = signature")
                            .build())
                    .addMethod(of())
                    .addMethod(reduce())
                    .addMethod(reduceInto())
                    .addMethod(accumulator())
                    .addMethod(finish(PARTIAL, "partial", "a partial of this reduction that covers the whole axis"))
                    .addMethod(finish(ACCUMULATOR, "accumulator", "an accumulator of this reduction that covers the whole axis"))
                    .addMethod(fromBytes())
                    .addMethod(MethodSpec.methodBuilder("signature")
                            .addJavadoc("The operator, version, element type, attributes, k and full input shape the partials\n"
                                    + "belong to.\n\n@return the signature\n")
                            .addModifiers(Modifier.PUBLIC).returns(SIGNATURE)
                            .addStatement("return signature").build())
                    .addMethod(elementKeys())
                    .addMethod(newValues())
                    .addMethod(values())
                    .addMethod(MethodSpec.methodBuilder("toString").addAnnotation(Override.class)
                            .addModifiers(Modifier.PUBLIC).returns(String.class)
                            .addStatement("return $S + signature + $S", "TopKPartials{", "}").build());
            for (ElementType t : types) {
                type.addType(keysClass(t));
            }
            return type;
        }

        private MethodSpec of() {
            ClassName reductionSignature = RuntimeClasses.REDUCTION_SIGNATURE;
            return MethodSpec.methodBuilder("of")
                    .addJavadoc("""
                            The partial TopK of an operator over a tensor of this type and full shape.

                            @param operator the operator, its version and attributes
                            @param k the number of elements to take (the input {@code K}; in version 1 the attribute
                                {@code k}, which this must match when it is set)
                            @param type the element type
                            @param inputShape the shape of the whole input, the axis at its full length (which may
                                exceed what one array holds)
                            @return the partial TopK
                            @throws $T if the operator refuses this type, shape or k, as {@code apply} would, the
                                axis is empty, or the outputs would not fit a Java array
                            """, EXCEPTION)
                    .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                    .returns(self)
                    .addParameter(operator, "operator")
                    .addParameter(long.class, "k")
                    .addParameter(dataType, "type")
                    .addParameter(long[].class, "inputShape")
                    .varargs()
                    .addComment("first, before anything else of the runtime links: a mismatched runtime fails here, named")
                    .addStatement("$T.require($L, $T.class)", RuntimeClasses.RUNTIME_VERSION, RuntimeClasses.API_LEVEL, self)
                    .beginControlFlow("if (operator == null)")
                    .addStatement("throw new $T($S)", EXCEPTION, "TopK partials: the operator is null")
                    .endControlFlow()
                    .beginControlFlow("if (type == null)")
                    .addStatement("throw new $T(operator + $S)", EXCEPTION, " partials: the element type is null")
                    .endControlFlow()
                    .beginControlFlow("if (inputShape == null || inputShape.length == 0)")
                    .addStatement("throw new $T(operator + $S + (inputShape == null ? $S : $S))", EXCEPTION,
                            " partials: the input shape is ", "null", "a scalar's (rank 0), which has no axis")
                    .endControlFlow()
                    .addStatement("$T attributes = operator.attributes()", RuntimeClasses.NODE_ATTRIBUTES)
                    .beginControlFlow("if (attributes.isSet($S) && attributes.get($S, k) != k)", "k", "k")
                    .addStatement("throw new $T(operator + $S + k + $S + attributes.get($S, k) + $S)", EXCEPTION,
                            " partials: k = ", " differs from attribute 'k' = ", "k",
                            " (pass the attribute's value, or leave the attribute unset)")
                    .endControlFlow()
                    .addComment("the chunks' calls take each chunk's own k, so the attribute k stays unset on them")
                    .addStatement("long axis = attributes.get($S, -1L)", "axis")
                    .addStatement("$T chunkOperator = $T.version(operator.version()).axis(axis)", operator, operator)
                    .beginControlFlow("if (attributes.isSet($S))", "largest")
                    .addStatement("chunkOperator = chunkOperator.largest(attributes.get($S, 1L) == 1L)", "largest")
                    .endControlFlow()
                    .beginControlFlow("if (attributes.isSet($S))", "sorted")
                    .addStatement("chunkOperator = chunkOperator.sorted(attributes.get($S, 1L) == 1L)", "sorted")
                    .endControlFlow()
                    .addStatement("int rank = inputShape.length")
                    .beginControlFlow("if (axis < -rank || axis > rank - 1)")
                    .addStatement("throw new $T(operator + $S + axis + $S + $T.format(inputShape) + $S + rank + $S\n"
                            + "+ (-rank) + $S + (rank - 1) + $S)", EXCEPTION, " partials: attribute 'axis' = ",
                            " is out of range for input shape ", RuntimeClasses.SHAPES, " of rank ", "; allowed: [", ", ", "]")
                    .endControlFlow()
                    .addStatement("int normalized = (int) (axis < 0 ? axis + rank : axis)")
                    .addComment("the operator's own check of the type, on an empty input of the full shape but for the axis")
                    .addStatement("long[] probeShape = inputShape.clone()")
                    .addStatement("probeShape[normalized] = 0")
                    .addStatement("chunkOperator.outputShape(values(type, new long[0], probeShape), 0)")
                    .addStatement("long axisLength = inputShape[normalized]")
                    .beginControlFlow("if (axisLength == 0)")
                    .addStatement("throw new $T(operator + $S + normalized + $S + $T.format(inputShape) + $S)", EXCEPTION,
                            " partials: axis ", " of input shape ", RuntimeClasses.SHAPES,
                            " is empty, so there is no chunk to reduce (allowed: length >= 1)")
                    .endControlFlow()
                    .beginControlFlow("if (k < 0 || k > axisLength)")
                    .addStatement("throw new $T(operator + $S + k + $S + (k < 0 ? $S : $S + normalized) + $S\n"
                            + "+ $T.format(inputShape) + $S + axisLength)", EXCEPTION,
                            " partials: k = ", " is ", "negative", "larger than the length of axis ",
                            " (input shape ", RuntimeClasses.SHAPES, "); allowed: 0 to ")
                    .endControlFlow()
                    .addStatement("$T state = $T.topK(operator.opType(), operator.version(), elementKeys(type), inputShape,\n"
                            + "normalized, k, attributes.get($S, 1L) == 1L, attributes.get($S, 1L) == 1L)",
                            reductionSignature, reductionSignature, "largest", "sorted")
                    .addStatement("return new $T(chunkOperator, type, $T.of($T.class, $T.class).wrap(state))", self,
                            RuntimeClasses.FACES, SIGNATURE, reductionSignature)
                    .build();
        }

        private MethodSpec reduce() {
            return MethodSpec.methodBuilder("reduce")
                    .addJavadoc("""
                            Reduces one chunk of the axis through the operator's {@code apply}.

                            @param chunk the input's elements from {@code axisOffset} on along the axis: the full
                                shape but for that axis, arrays or buffers as {@link $T} takes them
                            @param axisOffset where the chunk starts along the axis
                            @return the chunk's partial result, its indices global along the axis
                            @throws $T if the chunk's type or shape does not fit, or it runs past the end of the axis
                            """, tensor, EXCEPTION)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(PARTIAL)
                    .addParameter(tensor, "chunk")
                    .addParameter(long.class, "axisOffset")
                    .addStatement("return reduceInto(chunk, axisOffset, accumulator()).partial()")
                    .build();
        }

        private MethodSpec reduceInto() {
            return MethodSpec.methodBuilder("reduceInto")
                    .addJavadoc("""
                            Reduces one chunk of the axis straight into an accumulator: the streaming path. The chunk's
                            k best per output element (all of its elements if it is shorter than k) merge into the k
                            the accumulator keeps. The same result as {@code accumulator.add(reduce(chunk, axisOffset))}.

                            @param chunk the input's elements from {@code axisOffset} on along the axis
                            @param axisOffset where the chunk starts along the axis
                            @param accumulator an accumulator of this reduction ({@link #accumulator()})
                            @return the accumulator
                            @throws $T if the chunk's type or shape does not fit, it runs past the end of the axis or
                                overlaps what the accumulator has, or the accumulator is of another reduction; the
                                accumulator is unchanged then
                            """, EXCEPTION)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(ACCUMULATOR)
                    .addParameter(tensor, "chunk")
                    .addParameter(long.class, "axisOffset")
                    .addParameter(ACCUMULATOR, "accumulator")
                    .beginControlFlow("if (chunk == null)")
                    .addStatement("throw new $T(signature.operatorName() + $S)", EXCEPTION, " partials: the chunk is null")
                    .endControlFlow()
                    .beginControlFlow("if (accumulator == null)")
                    .addStatement("throw new $T(signature.operatorName() + $S)", EXCEPTION, " partials: the accumulator is null")
                    .endControlFlow()
                    .addStatement("signature.requireSame($S, accumulator.signature())", "the accumulator")
                    .addStatement("long[] shape = chunk.shape()")
                    .addStatement("signature.checkChunk(chunk.dataType().onnxName(), shape, axisOffset)")
                    .addStatement("$T state = $T.of($T.class, $T.class).state(accumulator)", RuntimeClasses.ACCUMULATION,
                            RuntimeClasses.FACES, ACCUMULATOR, RuntimeClasses.ACCUMULATION)
                    .addCode("state.add(shape[signature.axis()], axisOffset, ($T) (count, localIndices, bits) -> {\n$>",
                            RuntimeClasses.TOP_K_CHUNK)
                    .addStatement("int size = signature.outputSize() * count")
                    .addStatement("$T values = newValues(type, size)", Object.class)
                    .addStatement("chunkOperator.apply(chunk, count, values, localIndices)")
                    .addStatement("$T.read(values, size, bits)", RuntimeClasses.STORED_BITS)
                    .addCode("$<});\n")
                    .addStatement("return accumulator")
                    .build();
        }

        private MethodSpec accumulator() {
            return MethodSpec.methodBuilder("accumulator")
                    .addJavadoc("A new, empty accumulator for this reduction's partials.\n\n@return the accumulator\n")
                    .addModifiers(Modifier.PUBLIC)
                    .returns(ACCUMULATOR)
                    .addStatement("return new $T(signature)", ACCUMULATOR)
                    .build();
        }

        private MethodSpec finish(ClassName from, String name, String doc) {
            ClassName state = from == PARTIAL ? RuntimeClasses.PARTIAL_STATE : RuntimeClasses.ACCUMULATION;
            return MethodSpec.methodBuilder("finish")
                    .addJavadoc("""
                            The ONNX outputs: per output element the k best along the axis, best first, and their
                            indices, exactly as one {@code apply} on the whole tensor gives them.

                            @param $L $L
                            @return the values (a tensor of the input's type), the indices and their shape
                            @throws $T if it is null or of another reduction, or part of the axis is missing (named)
                            """, name, doc, EXCEPTION)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(ParameterizedTypeName.get(RuntimeClasses.TOP_K_RESULT, tensor))
                    .addParameter(from, name)
                    .beginControlFlow("if ($N == null)", name)
                    .addStatement("throw new $T(signature.operatorName() + $S)", EXCEPTION, " partials: the " + name + " is null")
                    .endControlFlow()
                    .addStatement("signature.requireSame($S, $N.signature())", "the " + name, name)
                    .addStatement("$T output = $T.of($T.class, $T.class).state($N).finishTopK()", RuntimeClasses.TOP_K_OUTPUT,
                            RuntimeClasses.FACES, from, state, name)
                    .addStatement("return $T.of(values(type, output.bits(), output.shape()), output.indices(), output.shape())",
                            RuntimeClasses.TOP_K_RESULT)
                    .build();
        }

        private MethodSpec fromBytes() {
            return MethodSpec.methodBuilder("fromBytes")
                    .addJavadoc("""
                            Reads a partial of this reduction from its byte form ({@link $T#toBytes()}).

                            @param bytes the byte form
                            @return the partial
                            @throws $T if the bytes are truncated, corrupted, malformed, of an unknown format version,
                                or of another operator, version, element type, attribute value, k or shape; the
                                message names which
                            """, PARTIAL, EXCEPTION)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(PARTIAL)
                    .addParameter(byte[].class, "bytes")
                    .addStatement("return $T.fromBytes(signature, bytes)", PARTIAL)
                    .build();
        }

        private MethodSpec elementKeys() {
            CodeBlock.Builder cases = CodeBlock.builder().add("return switch (type) {\n$>");
            for (ElementType t : types) {
                cases.add("case $L -> $N.INSTANCE;\n", t.name(), keysName(t));
            }
            cases.add("default -> throw new $T(type.onnxName() + $S);\n", EXCEPTION, PartialReductionEmitter.UNSUPPORTED)
                    .add("$<};\n");
            return MethodSpec.methodBuilder("elementKeys")
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(RuntimeClasses.ELEMENT_KEYS)
                    .addParameter(dataType, "type")
                    .addCode(cases.build())
                    .build();
        }

        private MethodSpec newValues() {
            CodeBlock.Builder cases = CodeBlock.builder().add("return switch (type) {\n$>");
            for (ElementType t : types) {
                cases.add("case $L -> new $L[count];\n", t.name(), JavaStorage.of(t).primitive());
            }
            cases.add("default -> throw new $T(type.onnxName() + $S);\n", EXCEPTION, PartialReductionEmitter.UNSUPPORTED)
                    .add("$<};\n");
            return MethodSpec.methodBuilder("newValues")
                    .addJavadoc("A storage array of the type, for a chunk's values.\n")
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(Object.class)
                    .addParameter(dataType, "type")
                    .addParameter(int.class, "count")
                    .addCode(cases.build())
                    .build();
        }

        private MethodSpec values() {
            CodeBlock.Builder cases = CodeBlock.builder().add("return switch (type) {\n$>");
            for (ElementType t : types) {
                cases.add("case $L -> $T.$N($T.$N(bits), shape);\n", t.name(), tensor, GeneratedNames.tensorFactory(t),
                        RuntimeClasses.STORED_BITS, JavaStorage.of(t).primitive() + "s");
            }
            cases.add("default -> throw new $T(type.onnxName() + $S);\n", EXCEPTION, PartialReductionEmitter.UNSUPPORTED)
                    .add("$<};\n");
            return MethodSpec.methodBuilder("values")
                    .addJavadoc("A tensor over arrays of the type holding these bits, exactly.\n")
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(tensor)
                    .addParameter(dataType, "type")
                    .addParameter(long[].class, "bits")
                    .addParameter(long[].class, "shape")
                    .addCode(cases.build())
                    .build();
        }

        private String keysName(ElementType t) {
            return GeneratedNames.typeWord(t) + "Keys";
        }

        private TypeSpec keysClass(ElementType t) {
            ClassName keys = self.nestedClass(keysName(t));
            Comparison comparison = Comparison.of(t);
            return TypeSpec.classBuilder(keys)
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .addSuperinterface(RuntimeClasses.ELEMENT_KEYS)
                    .addJavadoc("How TopK partials key $L elements ($L).\n", t.onnxName(), comparison.orderKeyDescription(t))
                    .addField(FieldSpec.builder(keys, "INSTANCE", Modifier.STATIC, Modifier.FINAL)
                            .initializer("new $T()", keys).build())
                    .addMethod(PartialKeysEmitter.override("onnxName", String.class).addStatement("return $S", t.onnxName()).build())
                    .addMethod(PartialKeysEmitter.override("tensorProtoCode", int.class)
                            .addStatement("return $L", t.tensorProtoCode()).build())
                    .addMethod(PartialKeysEmitter.override("byteWidth", int.class).addStatement("return $L", t.byteWidth()).build())
                    .addMethod(PartialKeysEmitter.override("hasNaN", boolean.class)
                            .addStatement("return $L", comparison.hasNaN()).build())
                    .addMethod(PartialKeysEmitter.override("orderKey", long.class).addParameter(long.class, "bits")
                            .addCode(comparison.orderKeyOfBits(t)).build())
                    .addMethod(PartialKeysEmitter.override("bits", long.class).addParameter(long.class, "orderKey")
                            .addCode(comparison.bitsOfOrderKey(t)).build())
                    .build();
        }
    }
}
