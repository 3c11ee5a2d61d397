package io.github.argonnx.generator.emit.partials;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.JavaSourceEmitter;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.VersionSpec;
import java.util.List;
import java.util.SortedSet;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;
import io.github.argonnx.generator.semantics.OperatorFamily;

/**
 * Emits the public {@code PartialReduction}, the mergeable partial results of the generated operators:
 * it reduces chunks of the reduced axis with the operator's own kernels, through the element type's
 * {@code <Type>PartialKeys} ({@link PartialKeysEmitter}), and hands the rest (merging, streaming, the
 * byte form) to the runtime's {@code ArgPartial} and {@code ArgAccumulator}.
 */
public final class PartialReductionEmitter extends JavaSourceEmitter {

    private static final ClassName PARTIAL_SIGNATURE = RuntimeClasses.PARTIAL_SIGNATURE;
    private static final ClassName ARG_PARTIAL = RuntimeClasses.ARG_PARTIAL;
    private static final ClassName ARG_ACCUMULATOR = RuntimeClasses.ARG_ACCUMULATOR;
    private static final String CHUNK_CLASS = AxisChunkClass.NAME;
    static final String UNSUPPORTED = " is not an element type of this build";

    /** Every element type some selected operator reduces, in enum order: the types partial results take. */
    static SortedSet<ElementType> typesToReduce(GenerationContext context) {
        return context.typesToGenerate(OperatorFamily.ARG_REDUCTION);
    }

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        List<OperatorSpec> operators = context.operatorsToGenerate(OperatorFamily.ARG_REDUCTION);
        SortedSet<ElementType> types = typesToReduce(context);
        if (types.isEmpty()) {
            return List.of(); // no element type selected: nothing to reduce
        }
        String provenance = operators.stream().map(op -> op.name() + ".yaml").collect(Collectors.joining(", "));
        return List.of(new JavaSource(GeneratedFile.Kind.MAIN_SOURCE, context.basePackage(),
                new ReductionClass(context, operators, types).build(), provenance));
    }

    /** Builds the class; a method per generated member. */
    private static final class ReductionClass {
        private final GenerationContext context;
        private final List<OperatorSpec> operators;
        private final SortedSet<ElementType> types;
        private final ClassName self;
        private final ClassName operator;
        private final ClassName tensor;
        private final ClassName dataType;
        private final ClassName exception = RuntimeClasses.ARG_ONNX_EXCEPTION;

        ReductionClass(GenerationContext context, List<OperatorSpec> operators, SortedSet<ElementType> types) {
            this.context = context;
            this.operators = operators;
            this.types = types;
            this.self = context.names().partialReductionClass();
            this.operator = context.names().operatorInterface();
            this.tensor = context.names().tensorClass();
            this.dataType = context.names().dataTypeEnum();
        }

        TypeSpec.Builder build() {
            return TypeSpec.classBuilder(self)
                    .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                    .addJavadoc(classDoc())
                    .addField(operator, "operator", Modifier.PRIVATE, Modifier.FINAL)
                    .addField(PARTIAL_SIGNATURE, "signature", Modifier.PRIVATE, Modifier.FINAL)
                    .addMethod(constructor())
                    .addMethod(of())
                    .addMethod(reduce())
                    .addMethod(reduceInto())
                    .addMethod(accumulator())
                    .addMethod(fromBytes())
                    .addMethod(signature())
                    .addMethod(elementKeys())
                    .addMethod(orderKeysOfWinners())
                    .addMethod(toStringMethod())
                    .addType(new AxisChunkClass(context, tensor, types).build());
        }

        private CodeBlock classDoc() {
            return CodeBlock.of("An ArgMax/ArgMin over data that never sits in one array: chunks of the reduced axis, each\n"
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
                    types.first().name(), GeneratedNames.tensorFactory(types.first()), GeneratedNames.tensorFactory(types.first()));
        }

        private MethodSpec constructor() {
            return MethodSpec.constructorBuilder()
                    .addModifiers(Modifier.PRIVATE)
                    .addParameter(operator, "operator")
                    .addParameter(PARTIAL_SIGNATURE, "signature")
                    .addStatement("this.operator = operator")
                    .addStatement("this.signature = signature")
                    .build();
        }

        private MethodSpec of() {
            return MethodSpec.methodBuilder("of")
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
                    .addComment("first, before anything else of the runtime links: a mismatched runtime fails here, named")
                    .addStatement("$T.require($L, $T.class)", RuntimeClasses.RUNTIME_VERSION, RuntimeClasses.API_LEVEL, self)
                    .beginControlFlow("if (operator == null)")
                    .addStatement("throw new $T($S)", exception, "partial reduction: the operator is null")
                    .endControlFlow()
                    .beginControlFlow("if (type == null)")
                    .addStatement("throw new $T(operator + $S)", exception, " partial reduction: the element type is null")
                    .endControlFlow()
                    .addCode(validatedCall())
                    .addCode(largestFlag())
                    .addStatement("return new $T(operator, $T.of($T.class, $T.class).wrap(new $T(operator.opType(),$W"
                            + "operator.version(), largest, elementKeys(type), call)))", self, RuntimeClasses.FACES,
                            PARTIAL_SIGNATURE, RuntimeClasses.REDUCTION_SIGNATURE, RuntimeClasses.REDUCTION_SIGNATURE)
                    .build();
        }

        private MethodSpec reduce() {
            return MethodSpec.methodBuilder("reduce")
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
                    .addStatement("return reduceInto(chunk, axisOffset, accumulator()).partial()")
                    .build();
        }

        private MethodSpec reduceInto() {
            return MethodSpec.methodBuilder("reduceInto")
                    .addJavadoc("Reduces one chunk of the reduced axis with the operator's kernels straight into an\n"
                            + "accumulator: the streaming path. A chunk of an outer axis that starts after everything the\n"
                            + "accumulator has is folded row by row into the running bests it keeps; any other chunk takes\n"
                            + "one kernel pass and one pass over its winners, into arrays the accumulator reuses from chunk\n"
                            + "to chunk. The same result as {@code accumulator.add(reduce(chunk, axisOffset))}.\n\n"
                            + "@param chunk the input's elements from {@code axisOffset} on along the reduced axis: the full\n"
                            + "    shape but for that axis, arrays or buffers as {@link $T} takes them\n"
                            + "@param axisOffset where the chunk starts along the reduced axis\n"
                            + "@param accumulator an accumulator of this reduction ({@link #accumulator()})\n"
                            + "@return the accumulator\n"
                            + "@throws $T if the chunk's type or shape does not fit, it runs past the end of the axis or\n"
                            + "    overlaps what the accumulator has, or the accumulator is of another reduction; the\n"
                            + "    accumulator is unchanged then\n",
                            tensor, exception)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(ARG_ACCUMULATOR)
                    .addParameter(tensor, "chunk")
                    .addParameter(long.class, "axisOffset")
                    .addParameter(ARG_ACCUMULATOR, "accumulator")
                    .beginControlFlow("if (chunk == null)")
                    .addStatement("throw new $T(signature.operatorName() + $S)", exception, " partial reduction: the chunk is null")
                    .endControlFlow()
                    .beginControlFlow("if (accumulator == null)")
                    .addStatement("throw new $T(signature.operatorName() + $S)", exception,
                            " partial reduction: the accumulator is null")
                    .endControlFlow()
                    .addStatement("signature.requireSame($S, accumulator.signature())", "the accumulator")
                    .addStatement("long[] shape = chunk.shape()")
                    .addStatement("signature.checkChunk(chunk.dataType().onnxName(), shape, axisOffset)")
                    .addStatement("long chunkLength = shape[signature.axis()]")
                    .addStatement("$T state = $T.of($T.class, $T.class).state(accumulator)", RuntimeClasses.ACCUMULATION,
                            RuntimeClasses.FACES, ARG_ACCUMULATOR, RuntimeClasses.ACCUMULATION)
                    .beginControlFlow("if (signature.inner() > 1 && signature.outputSize() > 0)")
                    .addComment("an outer axis: rows fold into the accumulator's running bests (an empty output has no rows)")
                    .addStatement("int inner = (int) signature.inner()")
                    .addStatement("state.fold(chunkLength, axisOffset, new $N(chunk, chunkLength,$W"
                            + "new $T(signature.outputSize() / inner, (int) chunkLength, inner)))",
                            CHUNK_CLASS, RuntimeClasses.REDUCTION_PLAN)
                    .addStatement("return accumulator")
                    .endControlFlow()
                    .addComment("contiguous slices: the chunk's winners merge into the accumulator's entries")
                    .addStatement("state.add(chunkLength, axisOffset, new $N(chunk, chunkLength, null))", CHUNK_CLASS)
                    .addStatement("return accumulator")
                    .build();
        }

        private MethodSpec accumulator() {
            return MethodSpec.methodBuilder("accumulator")
                    .addJavadoc("A new, empty accumulator for this reduction's partials.\n\n@return the accumulator\n")
                    .addModifiers(Modifier.PUBLIC)
                    .returns(ARG_ACCUMULATOR)
                    .addStatement("return new $T(signature)", ARG_ACCUMULATOR)
                    .build();
        }

        private MethodSpec fromBytes() {
            return MethodSpec.methodBuilder("fromBytes")
                    .addJavadoc("Reads a partial of this reduction from its byte form ({@link $T#toBytes()}).\n\n"
                            + "@param bytes the byte form\n@return the partial\n"
                            + "@throws $T if the bytes are truncated, corrupted, of an unknown format version, or of another\n"
                            + "    operator, version, element type, attribute value or shape; the message names which\n",
                            ARG_PARTIAL, exception)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(ARG_PARTIAL)
                    .addParameter(byte[].class, "bytes")
                    .addStatement("return $T.fromBytes(signature, bytes)", ARG_PARTIAL)
                    .build();
        }

        private MethodSpec signature() {
            return MethodSpec.methodBuilder("signature")
                    .addJavadoc("The operator, version, element type, attributes and full input shape the partials belong to.\n\n"
                            + "@return the signature\n")
                    .addModifiers(Modifier.PUBLIC)
                    .returns(PARTIAL_SIGNATURE)
                    .addStatement("return signature")
                    .build();
        }

        private MethodSpec elementKeys() {
            return MethodSpec.methodBuilder("elementKeys")
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(RuntimeClasses.ELEMENT_KEYS)
                    .addParameter(dataType, "type")
                    .addCode(elementKeysSwitch())
                    .build();
        }

        private MethodSpec orderKeysOfWinners() {
            return MethodSpec.methodBuilder("orderKeysOfWinners")
                    .addModifiers(Modifier.PRIVATE)
                    .addParameter(tensor, "chunk")
                    .addParameter(long.class, "chunkLength")
                    .addParameter(long[].class, "localIndices")
                    .addParameter(long[].class, "orderKeys")
                    .addCode(orderKeysSwitch())
                    .build();
        }

        private MethodSpec toStringMethod() {
            return MethodSpec.methodBuilder("toString")
                    .addAnnotation(Override.class)
                    .addModifiers(Modifier.PUBLIC)
                    .returns(String.class)
                    .addStatement("return $S + signature + $S", "PartialReduction{", "}")
                    .build();
        }

        /** The switch from the operator's type and version to its validator's call. */
        private CodeBlock validatedCall() {
            CodeBlock.Builder resolve = CodeBlock.builder()
                    .add("$T call = switch (operator.opType() + $S + operator.version()) {\n", RuntimeClasses.VALIDATED_CALL, "-")
                    .indent();
            for (OperatorSpec op : operators) {
                for (VersionSpec v : context.versionsToGenerate(op)) {
                    resolve.add("case $S -> $T.validate(type, inputShape, operator.attributes());\n",
                            op.name() + "-" + v.sinceVersion(), context.names().validatorClass(op, v));
                }
            }
            return resolve.add("default -> throw new $T($S + operator);\n", IllegalStateException.class, "not generated: ")
                    .unindent().add("};\n").build();
        }

        /** The runtime's flag from the operator's type: true where the larger of two elements wins. */
        private CodeBlock largestFlag() {
            CodeBlock.Builder largest = CodeBlock.builder().add("boolean largest = switch (operator.opType()) {\n").indent();
            for (OperatorSpec op : operators) {
                largest.add("case $S -> $L;\n", op.name(), Extremum.of(op).prefers(1, 0));
            }
            return largest.add("default -> throw new $T($S + operator);\n", IllegalStateException.class, "not generated: ")
                    .unindent().add("};\n").build();
        }

        private CodeBlock elementKeysSwitch() {
            CodeBlock.Builder keys = CodeBlock.builder().add("return switch (type) {\n").indent();
            for (ElementType t : types) {
                keys.add("case $L -> $T.$N;\n", t.name(), context.names().partialKeysClass(t), PartialKeysEmitter.INSTANCE);
            }
            return keys.add("default -> throw new $T(type.onnxName() + $S);\n", exception, UNSUPPORTED)
                    .unindent().add("};\n").build();
        }

        private CodeBlock orderKeysSwitch() {
            CodeBlock.Builder readers = CodeBlock.builder()
                    .addStatement("long inner = signature.inner()")
                    .add("switch (chunk.dataType()) {\n").indent();
            for (ElementType t : types) {
                readers.add("case $L -> $T.$N(chunk, chunkLength, inner, localIndices, orderKeys);\n",
                        t.name(), context.names().partialKeysClass(t), PartialKeysEmitter.ORDER_KEYS_OF_WINNERS);
            }
            return readers.add("default -> throw new $T(chunk.dataType().onnxName() + $S);\n", exception, UNSUPPORTED)
                    .unindent().add("}\n").build();
        }
    }
}
