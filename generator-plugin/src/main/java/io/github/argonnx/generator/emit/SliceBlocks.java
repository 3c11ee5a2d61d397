package io.github.argonnx.generator.emit;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.ElementOrder;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import javax.lang.model.element.Modifier;

/**
 * What the block-screened contiguous loops ({@link ScreenedSliceLoop}, {@link WordScreenedSliceLoop},
 * {@link SixteenBitSliceLoop}) share: their signature, the loop over whole blocks, and the walk
 * with the strict test. Walking up, the blocks start at the slice's
 * start and {@code [from, end)} remains after them; walking down, they end at the slice's end and
 * {@code [start, to)} remains. Inside the loop a block is {@code [from, blockEnd)} or
 * {@code [blockStart, to)}.
 */
final class SliceBlocks {

    private SliceBlocks() {
    }

    /** A private static {@code long name(data, start, length)} that returns an index within the slice. */
    static MethodSpec.Builder declare(String name, DataSource source, ElementType type) {
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.LONG)
                .addParameter(source.dataType(type), "data")
                .addParameter(TypeName.INT, "start")
                .addParameter(TypeName.INT, "length");
    }

    /** Opens the loop over whole blocks of the constant {@code blockName}; the caller closes it. */
    static void openBlockLoop(MethodSpec.Builder m, boolean fromEnd, String blockName) {
        if (fromEnd) {
            m.addComment("blocks end at the slice's end: the element read first cannot beat itself")
                    .addStatement("int to = start + length")
                    .beginControlFlow("for (; to - start >= $N; to -= $N)", blockName, blockName)
                    .addStatement("int blockStart = to - $N", blockName);
        } else {
            m.addStatement("int end = start + length")
                    .addComment("blocks start at the slice's start: the first element read again cannot beat itself")
                    .addStatement("int from = start")
                    .beginControlFlow("for (; end - from >= $N; from += $N)", blockName, blockName)
                    .addStatement("int blockEnd = from + $N", blockName);
        }
    }

    /** The first line of the documentation of a loop without NaN: the strict test keeps the element seen first. */
    static String plainWalkDoc(boolean fromEnd) {
        return fromEnd
                ? "Walks the slice from its end: the same strict test then keeps the last of equal elements.\n"
                : "Walks the slice from its start: a strict test keeps the first of equal elements.\n";
    }

    /** The first line of the documentation of a loop whose first (or last) NaN is the answer at once. */
    static String nanEndsWalkDoc(boolean fromEnd) {
        return fromEnd
                ? "Walks the slice from its end: a strict test keeps the last of equal elements, and the\n"
                        + "last NaN is the answer as soon as it is seen.\n"
                : "Walks the slice from its start: a strict test keeps the first of equal elements, and the\n"
                        + "first NaN is the answer as soon as it is seen.\n";
    }

    /**
     * Walks the elements {@code loop} gives, one at a time, with the kernel's strict test on keys:
     * the running {@code best} key and its position {@code bestAt} follow every element that beats it.
     */
    static void strictWalk(MethodSpec.Builder m, DataSource source, ElementOrder order, Extremum extremum, String loop) {
        m.beginControlFlow(loop)
                .addStatement("$T candidate = $L", order.keyType(), order.key(source.read(CodeBlock.of("k"))))
                .beginControlFlow("if ($L)", order.strictlyBeats(CodeBlock.of("candidate"), CodeBlock.of("best"), extremum))
                .addStatement("best = candidate")
                .addStatement("bestAt = k")
                .endControlFlow()
                .endControlFlow();
    }
}
