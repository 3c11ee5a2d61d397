package io.github.argonnx.generator.emit.partials;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.java.Comparison;
import io.github.argonnx.generator.java.ElementOrder;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.KernelContract;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.java.VectorForm;
import io.github.argonnx.generator.model.ElementType;
import java.util.Arrays;
import javax.lang.model.element.Modifier;

/**
 * The nested {@code Bests} of a {@code <Type>PartialKeys} class: an accumulator's running bests of
 * outer-axis chunks, as fold keys of the kernels' outer-axis loops, and their order keys when the
 * accumulator asks. A method per generated member.
 */
final class RunningBestsClass {

    private final ElementType type;
    private final ClassName name;
    private final ArrayTypeName keys;
    private final VectorForm lanes;
    /** Whether the bests keep a word screen per block of columns (the 16-bit word loops). */
    private final boolean screens;

    RunningBestsClass(ElementType type, ClassName name, boolean screens) {
        this.type = type;
        this.name = name;
        this.keys = ArrayTypeName.of(ElementOrder.of(type).foldKeyType());
        this.lanes = VectorForm.of(type);
        this.screens = screens;
    }

    ClassName name() {
        return name;
    }

    TypeSpec build() {
        TypeSpec.Builder bests = TypeSpec.classBuilder(name)
                .addModifiers(Modifier.STATIC, Modifier.FINAL)
                .addSuperinterface(RuntimeClasses.RUNNING_BESTS)
                .addJavadoc("An accumulator's running bests of $L elements, as fold keys of the kernels' outer-axis loops.\n",
                        type.onnxName())
                .addField(keys, "best", Modifier.FINAL)
                .addField(indexScratch())
                .addField(openRow());
        if (screens) {
            bests.addField(screensField());
        }
        return bests.addMethod(constructor())
                .addMethod(orderKeys())
                .addMethod(settleIndices())
                .build();
    }

    private FieldSpec indexScratch() {
        return FieldSpec.builder(keys, "indexScratch", Modifier.FINAL)
                .addJavadoc("The SIMD loops' row places in the open group of rows, one per output element (-1: none),\n")
                .addJavadoc("kept from chunk to chunk; written to the indices when a chunk of another group comes, and by\n")
                .addJavadoc("{@link #settleIndices}.\n")
                .build();
    }

    private FieldSpec openRow() {
        return FieldSpec.builder(long.class, "openRow")
                .addJavadoc("The last row the SIMD loops folded, whose group's places {@code indexScratch} holds, or -1.\n")
                .initializer("-1")
                .build();
    }

    private FieldSpec screensField() {
        return FieldSpec.builder(ArrayTypeName.of(RuntimeClasses.COLUMN_SCREENS), "screens", Modifier.FINAL)
                .addJavadoc("The word screens of the running bests, one per block of $L columns of every slice, which\n",
                        KernelContract.COLUMN_BLOCK_SIZE)
                .addJavadoc("the plain first-index fold of arrays keeps from chunk to chunk. Null before JDK 22, and when the\n")
                .addJavadoc("first chunk is a buffer, whose fold sets none; a buffer's fold after that leaves them passing\n")
                .addJavadoc("more than beats its bests, never less.\n")
                .build();
    }

    private MethodSpec constructor() {
        int block = KernelContract.COLUMN_BLOCK_SIZE;
        TypeName key = keys.componentType();
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
        return constructor.build();
    }

    private MethodSpec orderKeys() {
        return PartialKeysEmitter.override("orderKeys", void.class)
                .addParameter(long[].class, "orderKeys")
                .beginControlFlow("for (int p = 0; p < best.length; p++)")
                .addStatement("orderKeys[p] = $L", orderKeyOfFoldKey(CodeBlock.of("best[p]")))
                .endControlFlow()
                .build();
    }

    private MethodSpec settleIndices() {
        return PartialKeysEmitter.override("settleIndices", void.class)
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
                .build();
    }

    /**
     * The order key ({@code <Type>PartialKeys.orderKey}) of a kernel's fold key ({@link ElementOrder#foldKey}):
     * the same number where the kernel keys by value, the bits' key for IEEE floats (the kernel's key
     * is the element), the unsigned value for 8- and 16-bit unsigned types (held with the sign bit
     * flipped), and {@code Long.MAX_VALUE} for a 16-bit float NaN (the kernel's {@code Short.MAX_VALUE},
     * or {@code Short.MIN_VALUE} in ArgMin's kernels, beyond every value).
     */
    private CodeBlock orderKeyOfFoldKey(CodeBlock key) {
        JavaStorage storage = JavaStorage.of(type);
        switch (Comparison.of(type)) {
            case IEEE_FLOAT:
                return CodeBlock.of("$N.orderKey($L)", PartialKeysEmitter.INSTANCE, storage.toBits(key));
            case SIXTEEN_BIT_FLOAT:
                return CodeBlock.of("$L == $T.MAX_VALUE || $L == $T.MIN_VALUE ? $T.MAX_VALUE : $L",
                        key, Short.class, key, Short.class, Long.class, key);
            case UNSIGNED:
                switch (storage) {
                    case BYTE:
                    case SHORT:
                        return CodeBlock.of("$T.toUnsignedLong(($L) ($L ^ $T.MIN_VALUE))", storage.boxedType(),
                                storage.primitive(), key, storage.boxedType());
                    case INT:
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
}
