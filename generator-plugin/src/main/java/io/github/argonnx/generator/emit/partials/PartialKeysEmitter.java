package io.github.argonnx.generator.emit.partials;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.JavaSourceEmitter;
import io.github.argonnx.generator.java.Comparison;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.KernelContract;
import io.github.argonnx.generator.java.LoopFamily;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import io.github.argonnx.generator.model.OperatorSpec;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;
import io.github.argonnx.generator.semantics.OperatorFamily;

/**
 * Emits one package-private {@code <Type>PartialKeys} class per element type of the partial results:
 * how partials key, store and read its elements (the runtime's {@code ElementKeys}), and how a chunk
 * is handed to the operator's kernels, searched against rivals or folded into running bests
 * ({@link RunningBestsClass}). {@link PartialReductionEmitter} dispatches to these classes by type.
 */
public final class PartialKeysEmitter extends JavaSourceEmitter {

    /** The member holding a keys class's one instance. */
    static final String INSTANCE = "INSTANCE";
    static final String ORDER_KEYS_OF_WINNERS = "orderKeysOfWinners";
    static final String SEED = "seed";
    static final String FOLD = "fold";
    private static final String FOLD_ROWS = "foldRows";

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        List<JavaSource> files = new ArrayList<>();
        for (ElementType type : PartialReductionEmitter.typesToReduce(context)) {
            List<OperatorSpec> reducing = context.operatorsToGenerate(OperatorFamily.ARG_REDUCTION).stream()
                    .filter(op -> context.typesToGenerate(op).contains(type)).toList();
            files.add(new JavaSource(GeneratedFile.Kind.MAIN_SOURCE, context.basePackage(),
                    new KeysClass(context, type, reducing).build(), "the " + type.onnxName() + " element type"));
        }
        return files;
    }

    static MethodSpec.Builder override(String name, Class<?> returns) {
        return override(name, TypeName.get(returns));
    }

    static MethodSpec.Builder override(String name, TypeName returns) {
        return MethodSpec.methodBuilder(name).addAnnotation(Override.class).addModifiers(Modifier.PUBLIC).returns(returns);
    }

    /** Builds one keys class; a method per generated member. */
    private static final class KeysClass {
        private final GenerationContext context;
        private final ElementType type;
        private final List<OperatorSpec> operators;
        private final ClassName self;
        private final ClassName tensor;
        private final Comparison comparison;
        private final JavaStorage storage;
        private final RunningBestsClass bests;
        /** 16-bit arrays: the plain first-index fold keeps a word screen per running best (JDK 22 and later). */
        private final boolean screens;

        KeysClass(GenerationContext context, ElementType type, List<OperatorSpec> operators) {
            this.context = context;
            this.type = type;
            this.operators = operators;
            this.self = context.names().partialKeysClass(type);
            this.tensor = context.names().tensorClass();
            this.comparison = Comparison.of(type);
            this.storage = JavaStorage.of(type);
            this.screens = LoopFamily.of(type) == LoopFamily.SIXTEEN_BIT_WORDS;
            this.bests = new RunningBestsClass(type, self.nestedClass("Bests"), screens);
        }

        TypeSpec.Builder build() {
            return TypeSpec.classBuilder(self)
                    .addModifiers(Modifier.FINAL)
                    .addSuperinterface(RuntimeClasses.ELEMENT_KEYS)
                    .addJavadoc("How partial results key, store and read $L elements ($L).\n", type.onnxName(),
                            comparison.orderKeyDescription(type))
                    .addField(instance())
                    .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                    .addMethod(override("onnxName", String.class).addStatement("return $S", type.onnxName()).build())
                    .addMethod(override("tensorProtoCode", int.class).addStatement("return $L", type.tensorProtoCode()).build())
                    .addMethod(override("byteWidth", int.class).addStatement("return $L", type.byteWidth()).build())
                    .addMethod(override("hasNaN", boolean.class).addStatement("return $L", comparison.hasNaN()).build())
                    .addMethod(override("orderKey", long.class).addParameter(long.class, "bits")
                            .addCode(comparison.orderKeyOfBits(type)).build())
                    .addMethod(override("bits", long.class).addParameter(long.class, "orderKey")
                            .addCode(comparison.bitsOfOrderKey(type)).build())
                    .addMethod(orderKeysOfWinners())
                    .addMethod(firstIndicesBeating())
                    .addType(bests.build())
                    .addMethod(seed())
                    .addMethod(fold())
                    .addMethod(foldRows());
        }

        private FieldSpec instance() {
            return FieldSpec.builder(self, INSTANCE, Modifier.STATIC, Modifier.FINAL).initializer("new $T()", self).build();
        }

        private MethodSpec orderKeysOfWinners() {
            return MethodSpec.methodBuilder(ORDER_KEYS_OF_WINNERS)
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
                    .addCode(winnerLoop(CodeBlock.of("array[start + element]")))
                    .nextControlFlow("else")
                    .addStatement("$T buffer = ($T) chunk.buffer()", storage.bufferType(), storage.bufferType())
                    .addStatement("int start = buffer.position()")
                    .addCode(winnerLoop(CodeBlock.of("buffer.get(start + element)")))
                    .endControlFlow()
                    .build();
        }

        /**
         * The loop over a chunk's output elements, row by row of what lies before the reduced axis so that
         * no position needs a division; {@code read} reads the chunk's element at {@code element}.
         */
        private CodeBlock winnerLoop(CodeBlock read) {
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
                    .addStatement("orderKeys[p] = $N.orderKey($L)", INSTANCE, storage.toBits(read))
                    .endControlFlow()
                    .endControlFlow()
                    .endControlFlow()
                    .build();
        }

        /**
         * A search of a contiguous chunk against an accumulator's running bests: the kernel's
         * {@link KernelContract#FIRST_INDICES_BEATING} on the chunk's array or buffer, then the order keys
         * of the winners it reports.
         */
        private MethodSpec firstIndicesBeating() {
            CodeBlock kernel = kernelCall(KernelContract.FIRST_INDICES_BEATING,
                    "data, offset, localIndices.length, (int) chunkLength, rivalBits, localIndices");
            return MethodSpec.methodBuilder(KernelContract.FIRST_INDICES_BEATING)
                    .addJavadoc("Per slice of a contiguous $L chunk after an accumulator's running bests, ties going to the\n"
                            + "first index: the winner's index where it beats its rival (the running best's stored bits),\n"
                            + "-1 or that index elsewhere; then the order keys of the winners reported.\n", type.onnxName())
                    .addModifiers(Modifier.STATIC)
                    .addParameter(tensor, "chunk")
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
                    .addStatement("$N(chunk, chunkLength, 1, localIndices, orderKeys)", ORDER_KEYS_OF_WINNERS)
                    .build();
        }

        /** The parameters {@code seed}, {@code fold} and {@code foldRows} share, up to {@code selectLastIndex}. */
        private MethodSpec.Builder chunkMethod(String name) {
            return MethodSpec.methodBuilder(name)
                    .addParameter(tensor, "chunk")
                    .addParameter(String.class, "opType")
                    .addParameter(RuntimeClasses.REDUCTION_PLAN, "plan")
                    .addParameter(boolean.class, "selectLastIndex");
        }

        private MethodSpec seed() {
            return chunkMethod(SEED)
                    .addJavadoc("The running bests of the first outer-axis chunk of an accumulator.\n")
                    .addModifiers(Modifier.STATIC)
                    .returns(RuntimeClasses.RUNNING_BESTS)
                    .addParameter(long.class, "axisOffset")
                    .addParameter(long[].class, "indices")
                    .addStatement(screens ? "$T bests = new $T(indices.length, plan.inner(), chunk.hasArray())"
                            : "$T bests = new $T(indices.length)", bests.name(), bests.name())
                    .addStatement("$N(chunk, opType, plan, selectLastIndex, bests, axisOffset, indices, true)", FOLD_ROWS)
                    .addStatement("return bests")
                    .build();
        }

        private MethodSpec fold() {
            return chunkMethod(FOLD)
                    .addJavadoc("Folds an outer-axis chunk that lies after every earlier one into the running bests.\n")
                    .addModifiers(Modifier.STATIC)
                    .addParameter(RuntimeClasses.RUNNING_BESTS, "bests")
                    .addParameter(long.class, "axisOffset")
                    .addParameter(long[].class, "indices")
                    .addStatement("$N(chunk, opType, plan, selectLastIndex, ($T) bests, axisOffset, indices, false)",
                            FOLD_ROWS, bests.name())
                    .build();
        }

        /** Hands a chunk's array or buffer to the operator's kernel's fold. */
        private MethodSpec foldRows() {
            return chunkMethod(FOLD_ROWS)
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .addParameter(bests.name(), "bests")
                    .addParameter(long.class, "axisOffset")
                    .addParameter(long[].class, "indices")
                    .addParameter(boolean.class, "seed")
                    .beginControlFlow("if (chunk.hasArray())")
                    .addStatement("$T data = ($T) chunk.array()", storage.arrayType(), storage.arrayType())
                    .addStatement("int offset = chunk.arrayOffset()")
                    .addCode(kernelFold(screens ? "bests.best, bests.indexScratch, bests.screens" : "bests.best, bests.indexScratch",
                            "axisOffset, bests.openRow"))
                    .addStatement("bests.openRow = axisOffset + plan.axisLength() - 1")
                    .nextControlFlow("else")
                    .addComment("the buffer loops write indices as they go: the places kept aside go first")
                    .addStatement("bests.settleIndices(indices)")
                    .addStatement("$T data = ($T) chunk.buffer()", storage.bufferType(), storage.bufferType())
                    .addStatement("int offset = data.position()")
                    .addCode(kernelFold("bests.best", "axisOffset"))
                    .endControlFlow()
                    .build();
        }

        /**
         * The switch from the operator to its kernel's {@code foldRows}, on {@code data} from {@code offset},
         * with {@code bestArrays} (the running bests, and the SIMD loops' scratch where they fold) and
         * {@code rows} (where the chunk's rows lie on the axis, and for the SIMD loops the open group's).
         */
        private CodeBlock kernelFold(String bestArrays, String rows) {
            return kernelCall(GeneratedNames.FOLD_ROWS,
                    "data, offset, plan, " + bestArrays + ", indices, " + rows + ", seed, selectLastIndex");
        }

        /** The switch from {@code opType} to the call of {@code method} with {@code arguments} on its kernel. */
        private CodeBlock kernelCall(String method, String arguments) {
            CodeBlock.Builder code = CodeBlock.builder().add("switch (opType) {\n").indent();
            for (OperatorSpec op : operators) {
                code.add("case $S -> $T.$N($L);\n", op.name(), context.names().kernelClass(Extremum.of(op), type), method,
                        arguments);
            }
            return code.add("default -> throw new $T($S + opType);\n", IllegalStateException.class, "not generated: ")
                    .unindent().add("}\n").build();
        }
    }
}
