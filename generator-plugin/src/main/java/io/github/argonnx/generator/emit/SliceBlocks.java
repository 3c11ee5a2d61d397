package io.github.argonnx.generator.emit;

import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.model.ElementType;
import javax.lang.model.element.Modifier;

/**
 * What the block-screened contiguous loops ({@link ScreenedSliceLoop}, {@link WordScreenedSliceLoop})
 * share: their signature, and the loop over whole blocks. Walking up, the blocks start at the slice's
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
}
