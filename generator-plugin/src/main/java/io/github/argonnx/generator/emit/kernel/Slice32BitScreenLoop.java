package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.ElementOrder;
import io.github.argonnx.generator.java.ExtremumSyntax;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.LoopFamily;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The contiguous loop of the 32-bit integers ({@link LoopFamily#THIRTY_TWO_BIT_SCREENS}) over arrays:
 * a slice two blocks long or more walks its first block, then screens each later block for an element
 * that beats the best ({@link GeneratedNames#ANY_BEATS}) and walks only a block that has one. The
 * screen is integer arithmetic without a branch, a loop C2 vectorizes with or without the Vector API;
 * after the first block, few blocks beat the best of all before them. Shorter slices and buffers take
 * the plain walks ({@link SliceBlocks#plainLoops}), with the same strict test, so the indices are those
 * of the plain loop.
 */
final class Slice32BitScreenLoop implements SliceLoop {

    /**
     * Elements per screened block: a screen of a block costs a fraction of its walk, and the blocks
     * that still beat the best after the first are walked again ({@code ArgOnnxBenchmark}, int32 with
     * the SIMD loops off).
     */
    private static final int BLOCK = 256;

    private final ElementType type;
    private final Extremum extremum;
    private final ElementOrder order;

    Slice32BitScreenLoop(ElementType type, Extremum extremum) {
        if (LoopFamily.of(type) != LoopFamily.THIRTY_TWO_BIT_SCREENS) {
            throw new IllegalArgumentException("branch-free screens read 32-bit integers, not " + type.onnxName());
        }
        this.type = type;
        this.extremum = extremum;
        this.order = ElementOrder.of(type);
    }

    @Override
    public List<FieldSpec> constants() {
        return List.of(FieldSpec.builder(TypeName.INT, GeneratedNames.BEATS_SCREEN_BLOCK, Modifier.PRIVATE, Modifier.STATIC,
                        Modifier.FINAL)
                .addJavadoc("Elements per block of the contiguous loops over arrays: one screen against the best per block.\n")
                .initializer("$L", BLOCK)
                .build());
    }

    @Override
    public List<MethodSpec> methods(DataSource source) {
        if (source == DataSource.BUFFER) {
            return SliceBlocks.plainLoops(source, type, extremum);
        }
        return List.of(walk(false), walk(true), blocks(false), blocks(true), screen(), beatingLoop(),
                SliceBlocks.firstIndicesBeatingFromRivals(source, type, extremum));
    }

    /**
     * The plain walk, which hands a slice of two blocks or more to {@link #blocks} first and stays
     * small enough for the JIT to inline.
     */
    private MethodSpec walk(boolean fromEnd) {
        String blocks = GeneratedNames.indexInSliceBlocks(extremum, fromEnd);
        return SliceBlocks.plainWalk(DataSource.ARRAY, type, extremum, fromEnd,
                CodeBlock.of("\n<p>A slice of two blocks of {@code $N} elements or more goes to\n{@link #$N}.\n",
                        GeneratedNames.BEATS_SCREEN_BLOCK, blocks),
                CodeBlock.builder()
                        .beginControlFlow("if (length >= 2 * $N)", GeneratedNames.BEATS_SCREEN_BLOCK)
                        .addStatement("return $N(data, start, length)", blocks)
                        .endControlFlow()
                        .build());
    }

    /**
     * The walk of a slice of arrays two blocks long or more: the first block (the last, from the end)
     * walked, then the others screened and walked where they beat the best, then the rest walked.
     */
    private MethodSpec blocks(boolean fromEnd) {
        String block = GeneratedNames.BEATS_SCREEN_BLOCK;
        MethodSpec.Builder m = SliceBlocks.declare(GeneratedNames.indexInSliceBlocks(extremum, fromEnd), DataSource.ARRAY, type)
                .addJavadoc(SliceBlocks.plainWalkDoc(fromEnd))
                .addJavadoc("\n<p>The first block read is walked: it gives a best that few later blocks beat. Each later\n")
                .addJavadoc("whole block is walked only where {@link #$N} finds an element in it that beats the best.\n",
                        GeneratedNames.ANY_BEATS);
        if (fromEnd) {
            m.addStatement("int bestAt = start + length - 1")
                    .addStatement("$T best = $L", order.keyType(), order.key(CodeBlock.of("data[bestAt]")))
                    .addStatement("int to = bestAt + 1 - $N", block);
            walkRange(m, "for (int k = bestAt - 1; k >= to; k--)");
            m.beginControlFlow("for (; to - start >= $N; to -= $N)", block, block)
                    .addStatement("int blockStart = to - $N", block)
                    .beginControlFlow("if ($N(data, blockStart, to, best))", GeneratedNames.ANY_BEATS);
            walkRange(m, "for (int k = to - 1; k >= blockStart; k--)");
            m.endControlFlow().endControlFlow();
            walkRange(m, "for (int k = to - 1; k >= start; k--)");
        } else {
            m.addStatement("int bestAt = start")
                    .addStatement("$T best = $L", order.keyType(), order.key(CodeBlock.of("data[bestAt]")))
                    .addStatement("int end = start + length")
                    .addStatement("int from = start + $N", block);
            walkRange(m, "for (int k = start + 1; k < from; k++)");
            screenedBlocksToEnd(m);
        }
        return m.addStatement("return bestAt - start").build();
    }

    /**
     * From {@code from} to {@code end}: each whole block walked only where {@link #screen} finds an
     * element in it that beats {@code best}, then the rest walked.
     */
    private void screenedBlocksToEnd(MethodSpec.Builder m) {
        String block = GeneratedNames.BEATS_SCREEN_BLOCK;
        m.beginControlFlow("for (; end - from >= $N; from += $N)", block, block)
                .addStatement("int blockEnd = from + $N", block)
                .beginControlFlow("if ($N(data, from, blockEnd, best))", GeneratedNames.ANY_BEATS);
        walkRange(m, "for (int k = from; k < blockEnd; k++)");
        m.endControlFlow().endControlFlow();
        walkRange(m, "for (int k = from; k < end; k++)");
    }

    private void walkRange(MethodSpec.Builder m, String loop) {
        SliceBlocks.strictWalk(m, DataSource.ARRAY, order, extremum, loop);
    }

    /**
     * Whether an element of {@code [from, to)} strictly beats {@code best}: the sign bit of
     * {@code x < y} computed without a branch (Hacker's Delight, 2-12), ORed over the block.
     */
    private MethodSpec screen() {
        TypeName key = order.keyType();
        CodeBlock[] lessThan = ExtremumSyntax.of(extremum).beatsAsLessThan(CodeBlock.of("candidate"), CodeBlock.of("best"));
        return MethodSpec.methodBuilder(GeneratedNames.ANY_BEATS)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.BOOLEAN)
                .addParameter(DataSource.ARRAY.dataType(type), "data")
                .addParameter(TypeName.INT, "from")
                .addParameter(TypeName.INT, "to")
                .addParameter(key, "best")
                .addJavadoc("Whether an element of {@code [from, to)} strictly beats {@code best}. For each element, the\n")
                .addJavadoc("sign bit of {@code $L - $L}, corrected where the subtraction overflows, is that of\n",
                        lessThan[0], lessThan[1])
                .addJavadoc("{@code $L < $L} (Hacker's Delight, 2-12); the signs are ORed over the block. No branch: C2\n",
                        lessThan[0], lessThan[1])
                .addJavadoc("vectorizes the loop.\n")
                .addStatement("$T signs = 0", key)
                .beginControlFlow("for (int k = from; k < to; k++)")
                .addStatement("$T candidate = $L", key, order.key(CodeBlock.of("data[k]")))
                .addStatement("$T difference = $L - $L", key, lessThan[0], lessThan[1])
                .addStatement("signs |= difference ^ (($L ^ $L) & (difference ^ $L))", lessThan[0], lessThan[1], lessThan[0])
                .endControlFlow()
                .addStatement("return signs < 0")
                .build();
    }

    /** The walk from a rival ({@link SliceBlocks#declareBeatingLoop}) over screened blocks. */
    private MethodSpec beatingLoop() {
        MethodSpec.Builder m = SliceBlocks.declareBeatingLoop(DataSource.ARRAY, type, extremum)
                .addJavadoc("\n<p>Whole blocks are walked only where {@link #$N} finds an element that beats the best: the\n",
                        GeneratedNames.ANY_BEATS)
                .addJavadoc("rival is a best that few blocks beat.\n")
                .addStatement("int from = start");
        screenedBlocksToEnd(m);
        return m.addStatement("return bestAt").build();
    }
}
