package io.github.argonnx.generator.emit;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.Comparison;
import io.github.argonnx.generator.java.ElementOrder;
import io.github.argonnx.generator.java.ExtremumSyntax;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import javax.lang.model.element.Modifier;

/**
 * The contiguous loop of a 16-bit float kernel (float16, bfloat16) without the Vector API: blocks are
 * screened on the stored bits, with one or two integer compares per element and no order key, and
 * only a block with an element that may beat the best is walked again with the kernel's strict test
 * on keys, so the indices are those of the plain loop.
 *
 * <p>The screen works on <em>oriented</em> bits: the stored bits as a signed {@code short} for ArgMax,
 * with the sign bit flipped for ArgMin (which negates the value, so the smallest element becomes the
 * largest; zeros still tie and NaN stays NaN). Positive values then order as their bits, negative
 * values in reverse, and NaN lies above infinity on either side: the negative NaNs are the shorts
 * {@code -NAN_SPAN} to -1. Against an oriented best {@code b}, an element {@code x} can only beat it
 * when, for {@code b >= 0}, {@code x > b} or {@code x} is a negative NaN; for {@code b < 0}, when
 * {@code x < b} or {@code x >= -NAN_SPAN} (a positive value, or a NaN). The screen may say yes for an
 * element that ties (-0 against +0): the walk then changes nothing.
 */
final class SixteenBitFloatSliceLoop {

    /** Elements per block: one screen per block; small enough that walking a block again is cheap. */
    private static final int BLOCK = 512;

    private static final String BLOCK_NAME = "BITS_SCREEN_BLOCK";
    private static final String NAN_SPAN_NAME = "NAN_SPAN";
    private static final String MAY_BEAT = "mayBeat";

    private final ElementType type;
    private final Extremum extremum;
    private final ElementOrder order;

    SixteenBitFloatSliceLoop(ElementType type, Extremum extremum) {
        if (Comparison.of(type) != Comparison.SIXTEEN_BIT_FLOAT) {
            throw new IllegalArgumentException("bits-screened loops read 16-bit floats, not " + type.onnxName());
        }
        this.type = type;
        this.extremum = extremum;
        this.order = ElementOrder.of(type);
    }

    /** The kernel's constants: the block length, and how many bit patterns of each sign are NaN. */
    FieldSpec[] constants() {
        long nanSpan = 0x7FFF - type.format().infinityMagnitude();
        return new FieldSpec[] {
            FieldSpec.builder(TypeName.INT, BLOCK_NAME, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("Elements per block of the contiguous loops: one screen of the stored bits per block.\n")
                    .initializer("$L", BLOCK)
                    .build(),
            FieldSpec.builder(TypeName.INT, NAN_SPAN_NAME, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("NaN bit patterns of one sign: as shorts, the negative NaNs are {@code -$N} to -1.\n",
                            NAN_SPAN_NAME)
                    .initializer("$L", nanSpan)
                    .build()
        };
    }

    /**
     * The contiguous loop: a whole block is walked with the strict test only when {@link #mayBeat}
     * finds an element in it that may beat the best; once the best is NaN, nothing can beat it.
     */
    MethodSpec loop(DataSource source, boolean fromEnd) {
        TypeName key = order.keyType();
        CodeBlock isNaN = CodeBlock.of("best == $T.$L", Integer.class, ExtremumSyntax.of(extremum).nanKey());
        MethodSpec.Builder m = SliceBlocks.declare(GeneratedNames.indexInSlice(extremum, fromEnd), source, type)
                .addJavadoc(SliceBlocks.nanEndsWalkDoc(fromEnd))
                .addJavadoc("\n<p>Whole blocks are screened on their stored bits ({@link #$N}); only a block with an\n",
                        MAY_BEAT)
                .addJavadoc("element that may beat the best so far is walked again element by element.\n");
        m.addStatement("int bestAt = $L", fromEnd ? "start + length - 1" : "start")
                .addStatement("$T best = $L", key, order.key(source.read(CodeBlock.of("bestAt"))))
                .beginControlFlow("if ($L)", isNaN)
                .addStatement("return bestAt - start")
                .endControlFlow();
        SliceBlocks.openBlockLoop(m, fromEnd, BLOCK_NAME);
        m.beginControlFlow(fromEnd
                        ? "if ($N(data, blockStart, to, $L))"
                        : "if ($N(data, from, blockEnd, $L))", MAY_BEAT, source.read(CodeBlock.of("bestAt")));
        SliceBlocks.strictWalk(m, source, order, extremum,
                fromEnd ? "for (int k = to - 1; k >= blockStart; k--)" : "for (int k = from; k < blockEnd; k++)");
        m.beginControlFlow("if ($L)", isNaN)
                .addStatement("return bestAt - start")
                .endControlFlow()
                .endControlFlow()
                .endControlFlow();
        SliceBlocks.strictWalk(m, source, order, extremum,
                fromEnd ? "for (int k = to - 1; k >= start; k--)" : "for (int k = from; k < end; k++)");
        return m.addStatement("return bestAt - start").build();
    }

    /** The stored bits {@code bits} oriented so that the extremum is the largest: flipped sign for ArgMin. */
    private CodeBlock oriented(CodeBlock bits) {
        return extremum == Extremum.SMALLEST ? CodeBlock.of("(short) ($L ^ 0x8000)", bits) : bits;
    }

    /** The screen of one block, for the data source's loops. */
    MethodSpec mayBeat(DataSource source) {
        CodeBlock element = oriented(source.read(CodeBlock.of("k")));
        return MethodSpec.methodBuilder(MAY_BEAT)
                .addJavadoc("Whether an element of {@code [from, to)} may beat the element whose stored bits are\n")
                .addJavadoc("{@code bestBits}, which is not NaN: false only when none can. Compares $L bits\n",
                        extremum == Extremum.SMALLEST ? "sign-flipped" : "stored")
                .addJavadoc("as shorts, on which the order is that of values for one sign and reversed for the other.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.BOOLEAN)
                .addParameter(source.dataType(type), "data")
                .addParameter(TypeName.INT, "from")
                .addParameter(TypeName.INT, "to")
                .addParameter(TypeName.SHORT, "bestBits")
                .addStatement("short best = $L", oriented(CodeBlock.of("bestBits")))
                .beginControlFlow("if (best >= 0)")
                .addComment("larger positive values beat it, and so does a negative NaN: -$N to -1, which is", NAN_SPAN_NAME)
                .addComment("0 to $N - 1 once $N is added, read as an unsigned 16-bit number", NAN_SPAN_NAME, NAN_SPAN_NAME)
                .beginControlFlow("for (int k = from; k < to; k++)")
                .addStatement("short x = $L", element)
                .beginControlFlow("if (x > best || (char) (x + $N) < $N)", NAN_SPAN_NAME, NAN_SPAN_NAME)
                .addStatement("return true")
                .endControlFlow()
                .endControlFlow()
                .addStatement("return false")
                .endControlFlow()
                .addComment("negative values of smaller magnitude beat it, and so does every positive value or NaN")
                .beginControlFlow("for (int k = from; k < to; k++)")
                .addStatement("short x = $L", element)
                .beginControlFlow("if (x < best || x >= -$N)", NAN_SPAN_NAME)
                .addStatement("return true")
                .endControlFlow()
                .endControlFlow()
                .addStatement("return false")
                .build();
    }
}
