package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.Comparison;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The screen of 16-bit elements against a best, from its stored bits, which {@link Slice16BitWordLoop}
 * takes per block and {@link Column16BitWordLoop} per column: the kernel's {@code screenOf} (the
 * runtime's {@code ShortWords.screen}), the block tests {@code mayBeat}, and the constants they read.
 *
 * <p>The float screen works on <em>oriented</em> bits: the stored bits as a signed {@code short} for
 * ArgMax, with the sign bit flipped for ArgMin (which negates the value, so the smallest element
 * becomes the largest; zeros still tie and NaN stays NaN). Positive values then order as their bits,
 * negative values in reverse, and NaN lies above infinity on either side: the negative NaNs are the
 * shorts {@code -NAN_SPAN} to -1. Against an oriented best {@code b} that is not NaN, an element
 * {@code x} beats it or is NaN when, for {@code b >= 0}, {@code x > b} or {@code x} is a negative NaN;
 * for {@code b < 0}, when {@code x < b} or {@code x >= -NAN_SPAN} (a zero, a positive value, or a
 * NaN). The word screen takes -0 as +0, which it ties, so that neither zero passes against the other;
 * the one-element screen may pass one, and the walk then changes nothing.
 */
final class SixteenBitScreen {

    static final String SCREEN_OF = "screenOf";
    static final String MAY_BEAT = "mayBeat";
    static final String NAN_SPAN_NAME = "NAN_SPAN";
    /**
     * The name of the elements screened by words ({@code ShortWords.Elements}): the word test's
     * parameter, and the contiguous loops', null where they do not screen by words.
     */
    static final String WORDS = "words";

    private final ElementType type;
    private final Extremum extremum;
    private final boolean floats;

    SixteenBitScreen(ElementType type, Extremum extremum) {
        this.type = type;
        this.extremum = extremum;
        this.floats = Comparison.of(type) == Comparison.SIXTEEN_BIT_FLOAT;
    }

    /** For floats, how many bit patterns of each sign are NaN: the float screen's bound on NaN. */
    List<FieldSpec> constants() {
        if (!floats) {
            return List.of();
        }
        return List.of(FieldSpec.builder(TypeName.INT, NAN_SPAN_NAME, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("NaN bit patterns of one sign: as shorts, the negative NaNs are {@code -$N} to -1.\n",
                        NAN_SPAN_NAME)
                .initializer("$L", 0x7FFF - type.format().infinityMagnitude())
                .build());
    }

    /**
     * The screens of one block: by words, and for floats also one element at a time per data source,
     * for the loops without words.
     */
    List<MethodSpec> mayBeatMethods() {
        MethodSpec byWords = mayBeat()
                .addParameter(RuntimeClasses.SHORT_WORDS_ELEMENTS, WORDS)
                .addParameter(TypeName.INT, "from")
                .addParameter(TypeName.INT, "to")
                .addParameter(TypeName.SHORT, "bestBits")
                .addStatement("return $N.anyAbove(from, to, $N(bestBits))", WORDS, SCREEN_OF)
                .build();
        return floats ? List.of(byWords, oneByOne(DataSource.ARRAY), oneByOne(DataSource.BUFFER)) : List.of(byWords);
    }

    private MethodSpec.Builder mayBeat() {
        return MethodSpec.methodBuilder(MAY_BEAT)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.BOOLEAN)
                .addJavadoc("Whether an element of {@code [from, to)} $L the element whose stored bits are {@code bestBits}",
                        floats ? "may beat" : "beats")
                .addJavadoc(floats ? ",\nwhich is not NaN: false only when none can.\n" : ".\n");
    }

    /** The float screen's two tests one element at a time, from {@code source}. */
    private MethodSpec oneByOne(DataSource source) {
        CodeBlock element = oriented(source.read(CodeBlock.of("k")));
        return mayBeat()
                .addParameter(source.dataType(type), "data")
                .addParameter(TypeName.INT, "from")
                .addParameter(TypeName.INT, "to")
                .addParameter(TypeName.SHORT, "bestBits")
                .addComment("the tests of $N one element at a time, on $L bits as shorts", SCREEN_OF,
                        extremum == Extremum.SMALLEST ? "sign-flipped" : "stored")
                .addStatement("short best = $L", oriented(CodeBlock.of("bestBits")))
                .beginControlFlow("if (best >= 0)")
                .addComment("a negative NaN, -$N to -1, is 0 to $N - 1 once $N is added, read as an unsigned number",
                        NAN_SPAN_NAME, NAN_SPAN_NAME, NAN_SPAN_NAME)
                .beginControlFlow("for (int k = from; k < to; k++)")
                .addStatement("short x = $L", element)
                .beginControlFlow("if (x > best || (char) (x + $N) < $N)", NAN_SPAN_NAME, NAN_SPAN_NAME)
                .addStatement("return true")
                .endControlFlow()
                .endControlFlow()
                .addStatement("return false")
                .endControlFlow()
                .beginControlFlow("for (int k = from; k < to; k++)")
                .addStatement("short x = $L", element)
                .beginControlFlow("if (x < best || x >= -$N)", NAN_SPAN_NAME)
                .addStatement("return true")
                .endControlFlow()
                .endControlFlow()
                .addStatement("return false")
                .build();
    }

    /**
     * The word screen ({@code ShortWords.screen}) of the elements that beat an element, from its stored
     * bits: for the contiguous loops' blocks and, per column, for the outer-axis loop over words.
     */
    MethodSpec screenOf() {
        MethodSpec.Builder m = MethodSpec.methodBuilder(SCREEN_OF)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.LONG)
                .addParameter(TypeName.SHORT, "bestBits");
        return (floats ? floatScreen(m) : integerScreen(m)).build();
    }

    /** The bits that, flipped, turn the integer order (reversed for ArgMin) into the unsigned order of the bits. */
    private int integerFlip() {
        int sign = type.isUnsigned() ? 0 : 0x8000;
        return extremum == Extremum.SMALLEST ? sign ^ 0xFFFF : sign;
    }

    private MethodSpec.Builder integerScreen(MethodSpec.Builder m) {
        String flip = hex(integerFlip());
        return m.addJavadoc("The screen of the elements that beat the element whose stored bits are {@code bestBits}:\n")
                .addJavadoc("with {@code $L} flipped, their bits are above the best's as unsigned 16-bit numbers.\n", flip)
                .addStatement("return $T.screen($L, (bestBits ^ $L) & 0xFFFF, 0, $T.NEVER)",
                        RuntimeClasses.SHORT_WORDS, flip, flip, RuntimeClasses.SHORT_WORDS);
    }

    /** The stored bits {@code bits} oriented so that the extremum is the largest: flipped sign for ArgMin. */
    private CodeBlock oriented(CodeBlock bits) {
        return extremum == Extremum.SMALLEST ? CodeBlock.of("(short) ($L ^ 0x8000)", bits) : bits;
    }

    /** The float screen: two tests for each sign of the oriented best, on stored bits, so the orientation joins each flip. */
    private MethodSpec.Builder floatScreen(MethodSpec.Builder m) {
        int orientation = extremum == Extremum.SMALLEST ? 0x8000 : 0;
        return m.addJavadoc("The screen of the elements that beat the element whose stored bits are {@code bestBits}, or\n")
                .addJavadoc("are NaN; nothing passes against a NaN. Its tests compare $L bits as shorts, on which the\n",
                        extremum == Extremum.SMALLEST ? "sign-flipped" : "stored")
                .addJavadoc("order is that of values for one sign and reversed for the other.\n")
                .addStatement("short best = $L", oriented(CodeBlock.of("bestBits")))
                .beginControlFlow("if ((best & 0x7FFF) > 0x7FFF - $N)", NAN_SPAN_NAME)
                .addStatement("return $T.screen(0, $T.NEVER, 0, $T.NEVER)", RuntimeClasses.SHORT_WORDS,
                        RuntimeClasses.SHORT_WORDS, RuntimeClasses.SHORT_WORDS)
                .endControlFlow()
                .beginControlFlow("if (best == $T.MIN_VALUE)", Short.class)
                .addComment("-0 ties +0: as +0, the screen passes neither zero")
                .addStatement("best = 0")
                .endControlFlow()
                .beginControlFlow("if (best >= 0)")
                .addComment("larger positive values beat it: x > best as shorts, that is x ^ 0x8000 above best ^ 0x8000;")
                .addComment("so do the negative NaNs, -$N to -1 as shorts: the numbers above 0xFFFF - $N", NAN_SPAN_NAME,
                        NAN_SPAN_NAME)
                .addStatement("return $T.screen($L, (best ^ 0x8000) & 0xFFFF, $L, 0xFFFF - $N)",
                        RuntimeClasses.SHORT_WORDS, hex(orientation ^ 0x8000), hex(orientation), NAN_SPAN_NAME)
                .endControlFlow()
                .addComment("negative values of smaller magnitude beat it: x < best as shorts, that is x ^ 0x7FFF above")
                .addComment("best ^ 0x7FFF; so do zeros, positive values and NaNs: x >= -$N, that is x ^ 0x8000 above",
                        NAN_SPAN_NAME)
                .addComment("0x7FFF - $N", NAN_SPAN_NAME)
                .addStatement("return $T.screen($L, (best ^ 0x7FFF) & 0xFFFF, $L, 0x7FFF - $N)",
                        RuntimeClasses.SHORT_WORDS, hex(orientation ^ 0x7FFF), hex(orientation ^ 0x8000), NAN_SPAN_NAME);
    }

    private static String hex(int bits) {
        return String.format("0x%04X", bits);
    }
}
