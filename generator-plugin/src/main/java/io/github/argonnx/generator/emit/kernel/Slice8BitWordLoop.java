package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.ElementOrder;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.LoopFamily;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * The contiguous loop of an 8-bit kernel (int8, uint8) without the Vector API: eight elements are
 * read at a time as one {@code long}, and one test per word ({@link EightBitWords}), on all eight
 * bytes at once, tells whether any of them beats the best so far. Only a part of a block with such a
 * byte is walked element by element, with the kernel's strict test, so the indices are those of the
 * plain loop.
 */
final class Slice8BitWordLoop implements SliceLoop {

    /**
     * Bytes per block: one word screen per block. A screen of 256 words lets the JIT's unrolled (on
     * JDK 25 vectorized) word loop run long enough to pay; shorter screens spend their time entering
     * and leaving it.
     */
    private static final int BLOCK = 2048;

    /** Bytes per part: a block that beats is screened again in parts, and only a part that beats is walked. */
    private static final int PART = 256;

    private static final String BLOCK_NAME = "WORD_SCREEN_BLOCK";
    private static final String PART_NAME = "WORD_SCREEN_PART";
    private static final String ANY_BEATS = "anyBeats";

    private final ElementType type;
    private final Extremum extremum;
    private final ElementOrder order;
    private final EightBitWords words;

    Slice8BitWordLoop(ElementType type, Extremum extremum) {
        if (LoopFamily.of(type) != LoopFamily.EIGHT_BIT_WORDS) {
            throw new IllegalArgumentException("word-screened loops read 8-bit elements, not " + type.onnxName());
        }
        this.type = type;
        this.extremum = extremum;
        this.order = ElementOrder.of(type);
        this.words = new EightBitWords(type, extremum);
    }

    /** The kernel's constants: the view that reads longs from a byte array, and the block and part lengths. */
    @Override
    public List<FieldSpec> constants() {
        return List.of(
            EightBitWords.wordView(),
            FieldSpec.builder(TypeName.INT, BLOCK_NAME, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("Elements per block of the contiguous loops: one word screen per block.\n")
                    .initializer("$L", BLOCK)
                    .build(),
            FieldSpec.builder(TypeName.INT, PART_NAME, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("Elements per part of a block that beats: each part is screened again, and walked only if it beats.\n")
                    .initializer("$L", PART)
                    .build());
    }

    @Override
    public List<MethodSpec> methods(DataSource source) {
        return List.of(loop(source, false), loop(source, true), anyBeats(source),
                SliceBlocks.firstIndicesBeating(source, type, extremum, CodeBlock.of(""), Optional.empty(), Optional.empty()));
    }

    @Override
    public List<MethodSpec> sharedMethods() {
        return List.of(words.beatenBytes());
    }

    /**
     * The contiguous loop: whole blocks are screened a word at a time; a block with a byte that beats
     * the best is screened again part by part, a part that beats is walked with the strict test, and
     * the elements after the last block one at a time.
     */
    MethodSpec loop(DataSource source, boolean fromEnd) {
        MethodSpec.Builder m = SliceBlocks.declare(GeneratedNames.indexInSlice(extremum, fromEnd), source, type)
                .addJavadoc(fromEnd
                        ? "Walks the slice from its end: a strict test keeps the last of equal elements.\n"
                        : "Walks the slice from its start: a strict test keeps the first of equal elements.\n")
                .addJavadoc("\n<p>Whole blocks, then the parts of a block that beats, are read eight elements at a time\n")
                .addJavadoc("({@link #$N}); only a part with an element that beats the best so far is walked again.\n", ANY_BEATS);
        m.addStatement("int bestAt = $L", fromEnd ? "start + length - 1" : "start")
                .addStatement("$T best = $L", order.keyType(), order.key(source.read(CodeBlock.of("bestAt"))));
        SliceBlocks.openBlockLoop(m, fromEnd, BLOCK_NAME);
        m.addComment("the block read first nearly always beats the element read first: its parts are screened at once");
        if (fromEnd) {
            m.beginControlFlow("if (to == start + length || $N(data, blockStart, to, best))", ANY_BEATS)
                    .beginControlFlow("for (int part = to; part > blockStart; part -= $N)", PART_NAME)
                    .addStatement("int partStart = part - $N", PART_NAME)
                    .beginControlFlow("if ($N(data, partStart, part, best))", ANY_BEATS);
            SliceBlocks.strictWalk(m, source, order, extremum, "for (int k = part - 1; k >= partStart; k--)");
        } else {
            m.beginControlFlow("if (from == start || $N(data, from, blockEnd, best))", ANY_BEATS)
                    .beginControlFlow("for (int part = from; part < blockEnd; part += $N)", PART_NAME)
                    .addStatement("int partEnd = part + $N", PART_NAME)
                    .beginControlFlow("if ($N(data, part, partEnd, best))", ANY_BEATS);
            SliceBlocks.strictWalk(m, source, order, extremum, "for (int k = part; k < partEnd; k++)");
        }
        m.endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .endControlFlow();
        SliceBlocks.strictWalk(m, source, order, extremum,
                fromEnd ? "for (int k = to - 1; k >= start; k--)" : "for (int k = from; k < end; k++)");
        return m.addStatement("return bestAt - start").build();
    }

    /** The screen of a run of whole words, for the data source's loops: does any element beat {@code best}? */
    MethodSpec anyBeats(DataSource source) {
        return MethodSpec.methodBuilder(ANY_BEATS)
                .addJavadoc("Whether an element of {@code [from, to)}, a whole number of words, beats the key {@code best};\n")
                .addJavadoc("reads eight elements at a time and tests them all at once ({@link #$N}).\n", EightBitWords.BEATEN)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.BOOLEAN)
                .addParameter(source.dataType(type), "data")
                .addParameter(TypeName.INT, "from")
                .addParameter(TypeName.INT, "to")
                .addParameter(order.keyType(), "best")
                .addComment("per byte, 255 minus the normalized best: a byte beats the best when adding it carries")
                .addStatement("int complement = 0xFF - $L", normalizedBest(CodeBlock.of("best")))
                .addStatement("long low = (complement & 0x7F) * $L", EightBitWords.hex(EightBitWords.ONES))
                .addStatement("long high = (complement & 0x80) * $L", EightBitWords.hex(EightBitWords.ONES))
                .addStatement("long beaten = 0")
                .beginControlFlow("for (int k = from; k < to; k += $T.BYTES)", Long.class)
                .addStatement("beaten |= $N($L, low, high)", EightBitWords.BEATEN, readWord(source))
                .endControlFlow()
                .addStatement("return (beaten & $L) != 0", EightBitWords.hex(EightBitWords.TOP_BITS))
                .build();
    }

    /** The best key as a normalized byte, 0 to 255. */
    private CodeBlock normalizedBest(CodeBlock best) {
        int flip = words.flipByte();
        if (flip == 0) {
            return best; // uint8 keys are already 0 to 255
        }
        return CodeBlock.of("(($L ^ $L) & 0xFF)", best, String.format("0x%02X", flip));
    }

    private CodeBlock readWord(DataSource source) {
        return source == DataSource.ARRAY
                ? CodeBlock.of("(long) $N.get(data, k)", EightBitWords.WORD_VIEW)
                : CodeBlock.of("data.getLong(k)");
    }
}
