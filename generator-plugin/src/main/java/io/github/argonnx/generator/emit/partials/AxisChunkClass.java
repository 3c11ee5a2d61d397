package io.github.argonnx.generator.emit.partials;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.java.KernelContract;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.ElementType;
import java.util.Arrays;
import java.util.SortedSet;
import javax.lang.model.element.Modifier;

/**
 * The nested class {@code PartialReduction.reduceInto} hands a chunk to the accumulator as: it folds an
 * outer-axis chunk's rows with the type's {@code <Type>PartialKeys.seed}/{@code fold}, or finds its
 * winners when the accumulator cannot fold it; a contiguous chunk's winners are found by one kernel
 * pass, against the running bests where the accumulator gives them. A method per generated member.
 */
final class AxisChunkClass {

    static final String NAME = "AxisChunk";

    private final GenerationContext context;
    private final ClassName tensor;
    private final SortedSet<ElementType> types;
    private final ClassName exception = RuntimeClasses.ARG_ONNX_EXCEPTION;

    AxisChunkClass(GenerationContext context, ClassName tensor, SortedSet<ElementType> types) {
        this.context = context;
        this.tensor = tensor;
        this.types = types;
    }

    TypeSpec build() {
        return TypeSpec.classBuilder(NAME)
                .addModifiers(Modifier.PRIVATE, Modifier.FINAL)
                .addSuperinterface(RuntimeClasses.CHUNK_FOLD)
                .addJavadoc("A chunk of the reduced axis, as {@code reduceInto} hands it to an accumulator: an outer axis's\n")
                .addJavadoc("with the plan its rows fold by, a contiguous one's without (null), which only finds winners.\n")
                .addField(tensor, "chunk", Modifier.PRIVATE, Modifier.FINAL)
                .addField(long.class, "chunkLength", Modifier.PRIVATE, Modifier.FINAL)
                .addField(RuntimeClasses.REDUCTION_PLAN, "plan", Modifier.PRIVATE, Modifier.FINAL)
                .addMethod(constructor())
                .addMethod(find())
                .addMethod(findBeating())
                .addMethod(seed())
                .addMethod(fold())
                .build();
    }

    private MethodSpec constructor() {
        return MethodSpec.constructorBuilder()
                .addParameter(tensor, "chunk")
                .addParameter(long.class, "chunkLength")
                .addParameter(RuntimeClasses.REDUCTION_PLAN, "plan")
                .addStatement("this.chunk = chunk")
                .addStatement("this.chunkLength = chunkLength")
                .addStatement("this.plan = plan")
                .build();
    }

    private MethodSpec find() {
        return PartialKeysEmitter.override("find", void.class)
                .addParameter(long[].class, "localIndices")
                .addParameter(long[].class, "orderKeys")
                .beginControlFlow("if (chunkLength == 1)")
                .addComment("one step of the axis: each output element's only element wins, with no kernel call")
                .addStatement("$T.fill(localIndices, 0)", Arrays.class)
                .nextControlFlow("else")
                .addStatement("operator.apply(chunk, localIndices, 0)")
                .endControlFlow()
                .addStatement("$N(chunk, chunkLength, localIndices, orderKeys)", PartialKeysEmitter.ORDER_KEYS_OF_WINNERS)
                .build();
    }

    private MethodSpec findBeating() {
        CodeBlock.Builder beating = CodeBlock.builder().add("switch (chunk.dataType()) {\n").indent();
        for (ElementType t : types) {
            beating.add("case $L -> $T.$N(chunk, operator.opType(), chunkLength, rivalBits, localIndices, orderKeys);\n",
                    t.name(), context.names().partialKeysClass(t), KernelContract.FIRST_INDICES_BEATING);
        }
        beating.add("default -> find(localIndices, orderKeys);\n").unindent().add("}\n");
        return PartialKeysEmitter.override("findBeating", void.class)
                .addParameter(long[].class, "rivalBits")
                .addParameter(long[].class, "localIndices")
                .addParameter(long[].class, "orderKeys")
                .beginControlFlow("if (plan != null || chunkLength == 1)")
                .addComment("an outer axis's chunk, here only when it cannot be folded, or one step of the axis")
                .addStatement("find(localIndices, orderKeys)")
                .addStatement("return")
                .endControlFlow()
                .addCode(beating.build())
                .build();
    }

    private MethodSpec seed() {
        CodeBlock.Builder seed = CodeBlock.builder().add("return switch (chunk.dataType()) {\n").indent();
        for (ElementType t : types) {
            seed.add("case $L -> $T.$N(chunk, operator.opType(), plan, signature.selectLastIndex(), axisOffset, indices);\n",
                    t.name(), context.names().partialKeysClass(t), PartialKeysEmitter.SEED);
        }
        seed.add("default -> throw new $T(chunk.dataType().onnxName() + $S);\n", exception,
                        PartialReductionEmitter.UNSUPPORTED)
                .unindent().add("};\n");
        return PartialKeysEmitter.override("seed", RuntimeClasses.RUNNING_BESTS)
                .addParameter(long.class, "axisOffset")
                .addParameter(long[].class, "indices")
                .addCode(seed.build())
                .build();
    }

    private MethodSpec fold() {
        CodeBlock.Builder fold = CodeBlock.builder().add("switch (chunk.dataType()) {\n").indent();
        for (ElementType t : types) {
            fold.add("case $L -> $T.$N(chunk, operator.opType(), plan, signature.selectLastIndex(), bests, axisOffset,$W"
                    + "indices);\n", t.name(), context.names().partialKeysClass(t), PartialKeysEmitter.FOLD);
        }
        fold.add("default -> throw new $T(chunk.dataType().onnxName() + $S);\n", exception,
                        PartialReductionEmitter.UNSUPPORTED)
                .unindent().add("}\n");
        return PartialKeysEmitter.override("fold", void.class)
                .addParameter(RuntimeClasses.RUNNING_BESTS, "bests")
                .addParameter(long.class, "axisOffset")
                .addParameter(long[].class, "indices")
                .addCode(fold.build())
                .build();
    }
}
