package io.github.argonnx.generator.emit.api;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.JavaSourceEmitter;
import io.github.argonnx.generator.java.Comparison;
import io.github.argonnx.generator.java.ElementOrder;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.KernelContract;
import io.github.argonnx.generator.java.LoopFamily;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.java.VectorForm;
import io.github.argonnx.generator.model.ElementType.NumberFormat;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.VersionSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;

/**
 * Emits the mergeable partial results of the generated operators: one package-private
 * {@code <Type>PartialKeys} class per element type (how partials key, store and read its elements,
 * implementing the runtime's {@code ElementKeys}), and the public {@code PartialReduction}, which
 * reduces chunks of the reduced axis with the operator's own kernels and hands the rest (merging,
 * streaming, the byte form) to the runtime's {@code ArgPartial} and {@code ArgAccumulator}.
 */
public final class PartialEmitter extends JavaSourceEmitter {

    private static final ClassName ELEMENT_KEYS = RuntimeClasses.ELEMENT_KEYS;
    private static final ClassName PARTIAL_SIGNATURE = RuntimeClasses.PARTIAL_SIGNATURE;
    private static final ClassName ARG_PARTIAL = RuntimeClasses.ARG_PARTIAL;
    private static final ClassName ARG_ACCUMULATOR = RuntimeClasses.ARG_ACCUMULATOR;
    private static final String CHUNK_CLASS = "AxisChunk";

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        List<OperatorSpec> operators = context.operatorsToGenerate();
        SortedSet<ElementType> types = new TreeSet<>();
        for (OperatorSpec op : operators) {
            types.addAll(context.typesToGenerate(op));
        }
        if (types.isEmpty()) {
            return List.of(); // no element type selected: nothing to reduce
        }
        String provenance = operators.stream().map(op -> op.name() + ".yaml").collect(Collectors.joining(", "));
        List<JavaSource> files = new ArrayList<>();
        for (ElementType type : types) {
            List<OperatorSpec> reducing = operators.stream().filter(op -> context.typesToGenerate(op).contains(type)).toList();
            files.add(new JavaSource(GeneratedFile.Kind.MAIN_SOURCE, context.basePackage(), keysClass(context, type, reducing),
                    "the " + type.onnxName() + " element type"));
        }
        files.add(new JavaSource(GeneratedFile.Kind.MAIN_SOURCE, context.basePackage(),
                reductionClass(context, operators, types), provenance));
        return files;
    }

    // ---- <Type>PartialKeys ----

    private TypeSpec.Builder keysClass(GenerationContext context, ElementType type, List<OperatorSpec> operators) {
        ClassName self = context.names().partialKeysClass(type);
        ClassName tensor = context.names().tensorClass();
        Bits bits = Bits.of(type);
        TypeSpec.Builder spec = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.FINAL)
                .addSuperinterface(ELEMENT_KEYS)
                .addJavadoc("How partial results key, store and read $L elements ($L).\n", type.onnxName(),
                        bits.description());
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

        JavaStorage storage = JavaStorage.of(type);
        spec.addMethod(MethodSpec.methodBuilder("orderKeysOfWinners")
                .addJavadoc("Per output element of a $L chunk the kernel has reduced, the order key of its winner: the\n"
                        + "element {@code localIndices[p]} steps along the reduced axis, read from the chunk's array or buffer.\n",
                        type.onnxName())
                .addModifiers(Modifier.STATIC)
                .addParameter(tensor, "chunk")
                .addParameter(long.class, "chunkLength")
                .addParameter(long.class, "inner")
                .addParameter(long[].class, "localIndices")
                .addParameter(long[].class, "orderKeys")
                .beginControlFlow("if (chunk.hasArray())")
                .addStatement("$T array = ($T) chunk.array()", storage.arrayType(), storage.arrayType())
                .addStatement("int start = chunk.arrayOffset()")
                .addCode(winnerLoop(bits, CodeBlock.of("array[start + element]")))
                .nextControlFlow("else")
                .addStatement("$T buffer = ($T) chunk.buffer()", storage.bufferType(), storage.bufferType())
                .addStatement("int start = buffer.position()")
                .addCode(winnerLoop(bits, CodeBlock.of("buffer.get(start + element)")))
                .endControlFlow()
                .build());
        spec.addMethod(firstIndicesBeating(context, type, operators));
        addFold(context, spec, type, operators);
        return spec;
    }

    /**
     * A search of a contiguous chunk against an accumulator's running bests: the kernel's
     * {@link KernelContract#FIRST_INDICES_BEATING} on the chunk's array or buffer, then the order keys
     * of the winners it reports.
     */
    private static MethodSpec firstIndicesBeating(GenerationContext context, ElementType type, List<OperatorSpec> operators) {
        JavaStorage storage = JavaStorage.of(type);
        CodeBlock kernel = kernelCall(context, type, operators, KernelContract.FIRST_INDICES_BEATING,
                "data, offset, localIndices.length, (int) chunkLength, rivalBits, localIndices");
        return MethodSpec.methodBuilder(KernelContract.FIRST_INDICES_BEATING)
                .addJavadoc("Per slice of a contiguous $L chunk after an accumulator's running bests, ties going to the\n"
                        + "first index: the winner's index where it beats its rival (the running best's stored bits),\n"
                        + "-1 or that index elsewhere; then the order keys of the winners reported.\n", type.onnxName())
                .addModifiers(Modifier.STATIC)
                .addParameter(context.names().tensorClass(), "chunk")
                .addParameter(String.class, "opType")
                .addParameter(long.class, "chunkLength")
                .addParameter(long[].class, "rivalBits")
                .addParameter(long[].class, "localIndices")
                .addParameter(long[].class, "orderKeys")
                .beginControlFlow("if (chunk.hasArray())")
                .addStatement("$T data = ($T) chunk.array()", storage.arrayType(), storage.arrayType())
                .addStatement("int offset = chunk.arrayOffset()")
                .addCode(kernel)
                .nextControlFlow("else")
                .addStatement("$T data = ($T) chunk.buffer()", storage.bufferType(), storage.bufferType())
                .addStatement("int offset = data.position()")
                .addCode(kernel)
                .endControlFlow()
                .addStatement("orderKeysOfWinners(chunk, chunkLength, 1, localIndices, orderKeys)")
                .build();
    }

    /**
     * The fold of outer-axis chunks into an accumulator's running bests: a nested {@code Bests} (the
     * kernels' keys, and their order keys when the accumulator asks) and {@code seed}/{@code fold},
     * which hand a chunk's array or buffer to the operator's kernel.
     */
    private static void addFold(GenerationContext context, TypeSpec.Builder spec, ElementType type,
            List<OperatorSpec> operators) {
        ClassName bests = context.names().partialKeysClass(type).nestedClass("Bests");
        TypeName key = ElementOrder.of(type).foldKeyType();
        ArrayTypeName keys = ArrayTypeName.of(key);
        // 16-bit arrays: the plain first-index fold keeps a word screen per running best (JDK 22 and later)
        boolean screens = LoopFamily.of(type) == LoopFamily.SIXTEEN_BIT_WORDS;
        int block = KernelContract.COLUMN_BLOCK_SIZE;
        VectorForm lanes = VectorForm.of(type);
        MethodSpec.Builder constructor = MethodSpec.constructorBuilder()
                .addParameter(int.class, "size")
                .addStatement("best = new $T[size]", key)
                .addStatement("indexScratch = new $T[size]", key)
                .addStatement("$T.fill(indexScratch, $L)", Arrays.class, lanes.noPlace());
        if (screens) {
            constructor.addParameter(int.class, "inner")
                    .addParameter(boolean.class, "arraySeed")
                    .beginControlFlow("if (arraySeed && $T.isAvailable())", RuntimeClasses.SHORT_WORDS)
                    .addStatement("int blocks = (inner + $L) / $L", block - 1, block)
                    .addStatement("screens = new $T[size / inner * blocks]", RuntimeClasses.COLUMN_SCREENS)
                    .beginControlFlow("for (int s = 0; s < screens.length; s++)")
                    .addStatement("screens[s] = new $T($T.min($L, inner - s % blocks * $L))", RuntimeClasses.COLUMN_SCREENS,
                            Math.class, block, block)
                    .endControlFlow()
                    .nextControlFlow("else")
                    .addStatement("screens = null")
                    .endControlFlow();
        }
        TypeSpec.Builder bestsClass = TypeSpec.classBuilder(bests)
                .addModifiers(Modifier.STATIC, Modifier.FINAL)
                .addSuperinterface(RuntimeClasses.RUNNING_BESTS)
                .addJavadoc("An accumulator's running bests of $L elements, as fold keys of the kernels' outer-axis loops.\n",
                        type.onnxName())
                .addField(keys, "best", Modifier.FINAL)
                .addField(FieldSpec.builder(keys, "indexScratch", Modifier.FINAL)
                        .addJavadoc("The SIMD loops' row places in the open group of rows, one per output element (-1: none),\n")
                        .addJavadoc("kept from chunk to chunk; written to the indices when a chunk of another group comes, and by\n")
                        .addJavadoc("{@link #settleIndices}.\n")
                        .build())
                .addField(FieldSpec.builder(long.class, "openRow")
                        .addJavadoc("The last row the SIMD loops folded, whose group's places {@code indexScratch} holds, or -1.\n")
                        .initializer("-1")
                        .build());
        if (screens) {
            bestsClass.addField(FieldSpec.builder(ArrayTypeName.of(RuntimeClasses.COLUMN_SCREENS), "screens", Modifier.FINAL)
                    .addJavadoc("The word screens of the running bests, one per block of $L columns of every slice, which\n",
                            block)
                    .addJavadoc("the plain first-index fold of arrays keeps from chunk to chunk. Null before JDK 22, and when the\n")
                    .addJavadoc("first chunk is a buffer, whose fold sets none; a buffer's fold after that leaves them passing\n")
                    .addJavadoc("more than beats its bests, never less.\n")
                    .build());
        }
        spec.addType(bestsClass
                .addMethod(constructor.build())
                .addMethod(override("orderKeys", void.class)
                        .addParameter(long[].class, "orderKeys")
                        .beginControlFlow("for (int p = 0; p < best.length; p++)")
                        .addStatement("orderKeys[p] = $L", orderKeyOfFoldKey(type, CodeBlock.of("best[p]")))
                        .endControlFlow()
                        .build())
                .addMethod(override("settleIndices", void.class)
                        .addParameter(long[].class, "indices")
                        .beginControlFlow("if (openRow < 0)")
                        .addStatement("return")
                        .endControlFlow()
                        .addComment("the kernels' groups of rows: $L rows of the axis each", lanes.indexGroup())
                        .addStatement("long group = openRow / $L * $L", lanes.indexGroup(), lanes.indexGroup())
                        .beginControlFlow("for (int p = 0; p < indexScratch.length; p++)")
                        .beginControlFlow("if (indexScratch[p] >= 0)")
                        .addStatement("indices[p] = group + $L", lanes.placeOf(CodeBlock.of("indexScratch[p]")))
                        .addStatement("indexScratch[p] = -1")
                        .endControlFlow()
                        .endControlFlow()
                        .build())
                .build());
        ClassName tensor = context.names().tensorClass();
        spec.addMethod(MethodSpec.methodBuilder("seed")
                .addJavadoc("The running bests of the first outer-axis chunk of an accumulator.\n")
                .addModifiers(Modifier.STATIC)
                .returns(RuntimeClasses.RUNNING_BESTS)
                .addParameter(tensor, "chunk")
                .addParameter(String.class, "opType")
                .addParameter(RuntimeClasses.REDUCTION_PLAN, "plan")
                .addParameter(boolean.class, "selectLastIndex")
                .addParameter(long.class, "axisOffset")
                .addParameter(long[].class, "indices")
                .addStatement(screens ? "$T bests = new $T(indices.length, plan.inner(), chunk.hasArray())"
                        : "$T bests = new $T(indices.length)", bests, bests)
                .addStatement("foldRows(chunk, opType, plan, selectLastIndex, bests, axisOffset, indices, true)")
                .addStatement("return bests")
                .build());
        spec.addMethod(MethodSpec.methodBuilder("fold")
                .addJavadoc("Folds an outer-axis chunk that lies after every earlier one into the running bests.\n")
                .addModifiers(Modifier.STATIC)
                .addParameter(tensor, "chunk")
                .addParameter(String.class, "opType")
                .addParameter(RuntimeClasses.REDUCTION_PLAN, "plan")
                .addParameter(boolean.class, "selectLastIndex")
                .addParameter(RuntimeClasses.RUNNING_BESTS, "bests")
                .addParameter(long.class, "axisOffset")
                .addParameter(long[].class, "indices")
                .addStatement("foldRows(chunk, opType, plan, selectLastIndex, ($T) bests, axisOffset, indices, false)", bests)
                .build());
        JavaStorage storage = JavaStorage.of(type);
        MethodSpec.Builder foldRows = MethodSpec.methodBuilder("foldRows")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(tensor, "chunk")
                .addParameter(String.class, "opType")
                .addParameter(RuntimeClasses.REDUCTION_PLAN, "plan")
                .addParameter(boolean.class, "selectLastIndex")
                .addParameter(bests, "bests")
                .addParameter(long.class, "axisOffset")
                .addParameter(long[].class, "indices")
                .addParameter(boolean.class, "seed")
                .beginControlFlow("if (chunk.hasArray())")
                .addStatement("$T data = ($T) chunk.array()", storage.arrayType(), storage.arrayType())
                .addStatement("int offset = chunk.arrayOffset()")
                .addCode(kernelFold(context, type, operators,
                        screens ? "bests.best, bests.indexScratch, bests.screens" : "bests.best, bests.indexScratch",
                        "axisOffset, bests.openRow"))
                .addStatement("bests.openRow = axisOffset + plan.axisLength() - 1")
                .nextControlFlow("else")
                .addComment("the buffer loops write indices as they go: the places kept aside go first")
                .addStatement("bests.settleIndices(indices)")
                .addStatement("$T data = ($T) chunk.buffer()", storage.bufferType(), storage.bufferType())
                .addStatement("int offset = data.position()")
                .addCode(kernelFold(context, type, operators, "bests.best", "axisOffset"))
                .endControlFlow();
        spec.addMethod(foldRows.build());
    }

    /**
     * The switch from the operator to its kernel's {@code foldRows}, on {@code data} from {@code offset},
     * with {@code bestArrays} (the running bests, and the SIMD loops' scratch where they fold) and
     * {@code rows} (where the chunk's rows lie on the axis, and for the SIMD loops the open group's).
     */
    private static CodeBlock kernelFold(GenerationContext context, ElementType type, List<OperatorSpec> operators,
            String bestArrays, String rows) {
        return kernelCall(context, type, operators, GeneratedNames.FOLD_ROWS,
                "data, offset, plan, " + bestArrays + ", indices, " + rows + ", seed, selectLastIndex");
    }

    /** The switch from {@code opType} to the call of {@code method} with {@code arguments} on its kernel. */
    private static CodeBlock kernelCall(GenerationContext context, ElementType type, List<OperatorSpec> operators,
            String method, String arguments) {
        CodeBlock.Builder code = CodeBlock.builder().add("switch (opType) {\n").indent();
        for (OperatorSpec op : operators) {
            code.add("case $S -> $T.$N($L);\n", op.name(), context.names().kernelClass(Extremum.of(op), type), method, arguments);
        }
        return code.add("default -> throw new $T($S + opType);\n", IllegalStateException.class, "not generated: ")
                .unindent().add("}\n").build();
    }

    /**
     * The order key ({@code <Type>PartialKeys.orderKey}) of a kernel's fold key ({@link ElementOrder#foldKey}):
     * the same number where the kernel keys by value, the bits' key for IEEE floats (the kernel's key
     * is the element), the unsigned value for 8- and 16-bit unsigned types (held with the sign bit
     * flipped), and {@code Long.MAX_VALUE} for a 16-bit float NaN (the kernel's {@code Short.MAX_VALUE},
     * or {@code Short.MIN_VALUE} in ArgMin's kernels, beyond every value).
     */
    private static CodeBlock orderKeyOfFoldKey(ElementType type, CodeBlock key) {
        switch (Comparison.of(type)) {
            case IEEE_FLOAT:
                return CodeBlock.of("INSTANCE.orderKey($L)", Bits.of(type).ofStored(key));
            case SIXTEEN_BIT_FLOAT:
                return CodeBlock.of("$L == $T.MAX_VALUE || $L == $T.MIN_VALUE ? $T.MAX_VALUE : $L",
                        key, Short.class, key, Short.class, Long.class, key);
            case UNSIGNED:
                switch (type.byteWidth()) {
                    case 1:
                        return CodeBlock.of("$T.toUnsignedLong((byte) ($L ^ $T.MIN_VALUE))", Byte.class, key, Byte.class);
                    case 2:
                        return CodeBlock.of("$T.toUnsignedLong((short) ($L ^ $T.MIN_VALUE))", Short.class, key, Short.class);
                    case 4:
                        // 32 bits keep their sign bit flipped in an int
                        return CodeBlock.of("$T.toUnsignedLong($L ^ $T.MIN_VALUE)", Integer.class, key, Integer.class);
                    default:
                        // 64 bits flipped are the order key already
                        return key;
                }
            default:
                return key;
        }
    }

    /**
     * The loop over a chunk's output elements, row by row of what lies before the reduced axis so that
     * no position needs a division; {@code read} reads the chunk's element at {@code element}.
     */
    private static CodeBlock winnerLoop(Bits bits, CodeBlock read) {
        return CodeBlock.builder()
                .addStatement("int stride = (int) inner")
                .addStatement("long rowLength = chunkLength * inner")
                .addStatement("int p = 0")
                .beginControlFlow("for (long row = 0; p < orderKeys.length; row += rowLength)")
                .beginControlFlow("for (int i = 0; i < stride; i++, p++)")
                .beginControlFlow("if (localIndices[p] >= 0)")
                .add("// -1: a winner the kernel left out, which does not beat its rival ($N)\n",
                        KernelContract.FIRST_INDICES_BEATING)
                .addStatement("int element = (int) (row + localIndices[p] * inner + i)")
                .addStatement("orderKeys[p] = INSTANCE.orderKey($L)", bits.ofStored(read))
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .build();
    }

    private static MethodSpec.Builder override(String name, Class<?> returns) {
        return override(name, TypeName.get(returns));
    }

    private static MethodSpec.Builder override(String name, TypeName returns) {
        return MethodSpec.methodBuilder(name).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC).returns(returns);
    }

    /**
     * How a type's elements become the runtime's bits and order keys. Partial results key the raw_data
     * bits of an element, so the model's number format (signed, unsigned, floating point and its field
     * widths) decides; only {@link #ofStored} asks how Java holds the element.
     */
    private record Bits(ElementType type) {

        static Bits of(ElementType type) {
            return new Bits(type);
        }

        private NumberFormat.Kind kind() {
            return type.format().kind();
        }

        boolean hasNaN() {
            return kind() == NumberFormat.Kind.FLOATING_POINT;
        }

        private int width() {
            return type.format().bits();
        }

        private long signBit() {
            return 1L << (width() - 1);
        }

        String description() {
            switch (kind()) {
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
            switch (JavaStorage.of(type)) {
                case FLOAT:
                    return CodeBlock.of("$T.toUnsignedLong($T.floatToRawIntBits($L))", Integer.class, Float.class, value);
                case DOUBLE:
                    return CodeBlock.of("$T.doubleToRawLongBits($L)", Double.class, value);
                case LONG:
                    return value;
                default:
                    return CodeBlock.of("$T.toUnsignedLong($L)", JavaStorage.of(type).boxedType(), value);
            }
        }

        CodeBlock orderKey() {
            switch (kind()) {
                case SIGNED:
                    return width() == 64 ? CodeBlock.of("return bits;\n")
                            : CodeBlock.of("return ($L) bits;\n", JavaStorage.of(type).primitive());
                case UNSIGNED:
                    return width() == 64 ? CodeBlock.of("return bits ^ $T.MIN_VALUE;\n", Long.class)
                            : CodeBlock.of("return bits;\n");
                default:
                    return CodeBlock.builder()
                            .addStatement("long magnitude = bits & $L", hex(signBit() - 1))
                            .beginControlFlow("if (magnitude > $L)", hex(type.format().infinityMagnitude()))
                            .addStatement("return $T.MAX_VALUE", Long.class)
                            .endControlFlow()
                            .addStatement("return (bits & $L) == 0 ? magnitude : -magnitude", hex(signBit()))
                            .build();
            }
        }

        CodeBlock fromOrderKey() {
            switch (kind()) {
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
                            .addStatement("return $L", hex(type.format().infinityMagnitude() | (1L << (type.format().fractionBits() - 1))))
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

    private TypeSpec.Builder reductionClass(GenerationContext context, List<OperatorSpec> operators, SortedSet<ElementType> types) {
        ClassName self = context.names().partialReductionClass();
        ClassName operator = context.names().operatorInterface();
        ClassName tensor = context.names().tensorClass();
        ClassName dataType = context.names().dataTypeEnum();
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
                        types.first().name(), GeneratedNames.tensorFactory(types.first()), GeneratedNames.tensorFactory(types.first()));
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
                .add("$T call = switch (operator.opType() + $S + operator.version()) {\n", RuntimeClasses.VALIDATED_CALL, "-")
                .indent();
        CodeBlock.Builder largest = CodeBlock.builder().add("boolean largest = switch (operator.opType()) {\n").indent();
        for (OperatorSpec op : operators) {
            for (VersionSpec v : context.versionsToGenerate(op)) {
                resolve.add("case $S -> $T.validate(type, inputShape, operator.attributes());\n",
                        op.name() + "-" + v.sinceVersion(), context.names().validatorClass(op, v));
            }
            // the runtime's flag: true where the larger of two elements wins
            largest.add("case $S -> $L;\n", op.name(), Extremum.of(op).prefers(1, 0));
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
                .addComment("first, before anything else of the runtime links: a mismatched runtime fails here, named")
                .addStatement("$T.require($L, $T.class)", RuntimeClasses.RUNTIME_VERSION, RuntimeClasses.API_LEVEL, self)
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
                .addStatement("return reduceInto(chunk, axisOffset, accumulator()).partial()")
                .build());
        spec.addMethod(MethodSpec.methodBuilder("reduceInto")
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
                .beginControlFlow("if (signature.inner() > 1)")
                .addComment("an outer axis: rows fold into the accumulator's running bests")
                .addStatement("int inner = (int) signature.inner()")
                .addStatement("return accumulator.fold(chunkLength, axisOffset, new $N(chunk, chunkLength,$W"
                        + "new $T(signature.outputSize() / inner, (int) chunkLength, inner)))",
                        CHUNK_CLASS, RuntimeClasses.REDUCTION_PLAN)
                .endControlFlow()
                .addComment("contiguous slices: the chunk's winners merge into the accumulator's entries")
                .addStatement("return accumulator.add(chunkLength, axisOffset, new $N(chunk, chunkLength, null))", CHUNK_CLASS)
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
        CodeBlock.Builder readers = CodeBlock.builder()
                .addStatement("long inner = signature.inner()")
                .add("switch (chunk.dataType()) {\n").indent();
        for (ElementType t : types) {
            keys.add("case $L -> $T.INSTANCE;\n", t.name(), context.names().partialKeysClass(t));
            readers.add("case $L -> $T.orderKeysOfWinners(chunk, chunkLength, inner, localIndices, orderKeys);\n",
                    t.name(), context.names().partialKeysClass(t));
        }
        String unsupported = " is not an element type of this build";
        keys.add("default -> throw new $T(type.onnxName() + $S);\n", exception, unsupported).unindent().add("};\n");
        readers.add("default -> throw new $T(chunk.dataType().onnxName() + $S);\n", exception, unsupported)
                .unindent().add("}\n");
        spec.addMethod(MethodSpec.methodBuilder("elementKeys")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(ELEMENT_KEYS)
                .addParameter(dataType, "type")
                .addCode(keys.build())
                .build());
        spec.addMethod(MethodSpec.methodBuilder("orderKeysOfWinners")
                .addModifiers(Modifier.PRIVATE)
                .addParameter(tensor, "chunk")
                .addParameter(long.class, "chunkLength")
                .addParameter(long[].class, "localIndices")
                .addParameter(long[].class, "orderKeys")
                .addCode(readers.build())
                .build());
        spec.addMethod(MethodSpec.methodBuilder("toString")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PUBLIC)
                .returns(String.class)
                .addStatement("return $S + signature + $S", "PartialReduction{", "}")
                .build());
        spec.addType(chunkClass(context, tensor, types));
        return spec;
    }

    /**
     * The nested class {@code reduceInto} hands a chunk to the accumulator as: it folds an outer-axis
     * chunk's rows with the type's {@code <Type>PartialKeys.seed}/{@code fold}, or finds its winners when
     * the accumulator cannot fold it; a contiguous chunk's winners are found by one kernel pass, against
     * the running bests where the accumulator gives them.
     */
    private static TypeSpec chunkClass(GenerationContext context, ClassName tensor, SortedSet<ElementType> types) {
        ClassName exception = RuntimeClasses.ARG_ONNX_EXCEPTION;
        String unsupported = " is not an element type of this build";
        CodeBlock.Builder seed = CodeBlock.builder().add("return switch (chunk.dataType()) {\n").indent();
        CodeBlock.Builder fold = CodeBlock.builder().add("switch (chunk.dataType()) {\n").indent();
        for (ElementType t : types) {
            ClassName keys = context.names().partialKeysClass(t);
            seed.add("case $L -> $T.seed(chunk, operator.opType(), plan, signature.selectLastIndex(), axisOffset, indices);\n",
                    t.name(), keys);
            fold.add("case $L -> $T.fold(chunk, operator.opType(), plan, signature.selectLastIndex(), bests, axisOffset,$W"
                    + "indices);\n", t.name(), keys);
        }
        CodeBlock.Builder beating = CodeBlock.builder().add("switch (chunk.dataType()) {\n").indent();
        for (ElementType t : types) {
            beating.add("case $L -> $T.$N(chunk, operator.opType(), chunkLength, rivalBits, localIndices, orderKeys);\n",
                    t.name(), context.names().partialKeysClass(t), KernelContract.FIRST_INDICES_BEATING);
        }
        beating.add("default -> find(localIndices, orderKeys);\n").unindent().add("}\n");
        seed.add("default -> throw new $T(chunk.dataType().onnxName() + $S);\n", exception, unsupported)
                .unindent().add("};\n");
        fold.add("default -> throw new $T(chunk.dataType().onnxName() + $S);\n", exception, unsupported)
                .unindent().add("}\n");
        return TypeSpec.classBuilder(CHUNK_CLASS)
                .addModifiers(Modifier.PRIVATE, Modifier.FINAL)
                .addSuperinterface(RuntimeClasses.CHUNK_FOLD)
                .addJavadoc("A chunk of the reduced axis, as {@code reduceInto} hands it to an accumulator: an outer axis's\n")
                .addJavadoc("with the plan its rows fold by, a contiguous one's without (null), which only finds winners.\n")
                .addField(tensor, "chunk", Modifier.PRIVATE, Modifier.FINAL)
                .addField(long.class, "chunkLength", Modifier.PRIVATE, Modifier.FINAL)
                .addField(RuntimeClasses.REDUCTION_PLAN, "plan", Modifier.PRIVATE, Modifier.FINAL)
                .addMethod(MethodSpec.constructorBuilder()
                        .addParameter(tensor, "chunk")
                        .addParameter(long.class, "chunkLength")
                        .addParameter(RuntimeClasses.REDUCTION_PLAN, "plan")
                        .addStatement("this.chunk = chunk")
                        .addStatement("this.chunkLength = chunkLength")
                        .addStatement("this.plan = plan")
                        .build())
                .addMethod(override("find", void.class)
                        .addParameter(long[].class, "localIndices")
                        .addParameter(long[].class, "orderKeys")
                        .beginControlFlow("if (chunkLength == 1)")
                        .addComment("one step of the axis: each output element's only element wins, with no kernel call")
                        .addStatement("$T.fill(localIndices, 0)", Arrays.class)
                        .nextControlFlow("else")
                        .addStatement("operator.apply(chunk, localIndices, 0)")
                        .endControlFlow()
                        .addStatement("orderKeysOfWinners(chunk, chunkLength, localIndices, orderKeys)")
                        .build())
                .addMethod(override("findBeating", void.class)
                        .addParameter(long[].class, "rivalBits")
                        .addParameter(long[].class, "localIndices")
                        .addParameter(long[].class, "orderKeys")
                        .beginControlFlow("if (plan != null || chunkLength == 1)")
                        .addComment("an outer axis's chunk, here only when it cannot be folded, or one step of the axis")
                        .addStatement("find(localIndices, orderKeys)")
                        .addStatement("return")
                        .endControlFlow()
                        .addCode(beating.build())
                        .build())
                .addMethod(override("seed", RuntimeClasses.RUNNING_BESTS)
                        .addParameter(long.class, "axisOffset")
                        .addParameter(long[].class, "indices")
                        .addCode(seed.build())
                        .build())
                .addMethod(override("fold", void.class)
                        .addParameter(RuntimeClasses.RUNNING_BESTS, "bests")
                        .addParameter(long.class, "axisOffset")
                        .addParameter(long[].class, "indices")
                        .addCode(fold.build())
                        .build())
                .build();
    }
}
