package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import javax.lang.model.element.Modifier;

/**
 * The word test of 8-bit elements, eight per {@code long}, which {@link Slice8BitWordLoop} takes per
 * block and {@link Column8BitWordLoop} per row of eight columns: the kernel's view that reads the
 * words, the test {@code beatenBytes}, and the constants both loops build it from.
 *
 * <p>The test works on <em>normalized</em> bytes, whose unsigned order is the order in which elements
 * beat each other: the stored byte XOR a constant ({@link #flipByte}: the sign bit for int8, all bits
 * for ArgMin). A normalized byte {@code x} beats a normalized best {@code t} when {@code x + (255 - t)}
 * carries out of the byte; that carry is computed on all bytes of the word at once from their low
 * seven bits and their top bits, so that no carry crosses into the next byte.
 */
final class EightBitWords {

    /** The kernel's view that reads eight bytes as one little-endian {@code long}. */
    static final String WORD_VIEW = "LONG_WORDS";
    /** The kernel's word test, {@link #beatenBytes}. */
    static final String BEATEN = "beatenBytes";
    private static final String CARRIES = "carries";

    /** One in every byte: a byte constant times it is that constant in every byte. */
    static final long ONES = 0x0101010101010101L;
    /** The top bit of every byte. */
    static final long TOP_BITS = 0x8080808080808080L;
    /** The low seven bits of every byte. */
    static final long LOW_BITS = 0x7F7F7F7F7F7F7F7FL;

    private final ElementType type;
    private final Extremum extremum;

    EightBitWords(ElementType type, Extremum extremum) {
        this.type = type;
        this.extremum = extremum;
    }

    /** The byte that normalizes a stored byte by XOR: sign bit for signed types, all bits for ArgMin. */
    int flipByte() {
        int sign = type.isUnsigned() ? 0 : 0x80;
        return extremum == Extremum.SMALLEST ? sign ^ 0xFF : sign;
    }

    /** A word constant as a Java literal, for example {@code 0x8080808080808080L}. */
    static String hex(long value) {
        return String.format("0x%016XL", value);
    }

    /** The kernel's {@link #WORD_VIEW}. */
    static FieldSpec wordView() {
        return FieldSpec.builder(VarHandle.class, WORD_VIEW, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Reads eight elements as one long, little-endian: the element at {@code p + j} is byte {@code j}\n")
                .addJavadoc("of the word, which the outer-axis loop needs to tell which column beat its best.\n")
                .initializer("$T.byteArrayViewVarHandle(long[].class, $T.LITTLE_ENDIAN)", MethodHandles.class, ByteOrder.class)
                .build();
    }

    /**
     * The word test: bit 7 of each byte of the result is set when that byte, normalized, beats the
     * best; the other bits are of no meaning.
     */
    MethodSpec beatenBytes() {
        int flip = flipByte();
        CodeBlock normalized = flip == 0
                ? CodeBlock.of("word")
                : CodeBlock.of("word ^ $L", hex(flip * ONES));
        return MethodSpec.methodBuilder(BEATEN)
                .addJavadoc("Bit 7 of each byte of the result is set when that byte of {@code word} beats the best;\n")
                .addJavadoc("the other bits have no meaning. {@code low} and {@code high} hold, in every byte, the low seven\n")
                .addJavadoc("bits and the top bit of 255 minus the normalized best: a normalized byte beats the best when\n")
                .addJavadoc("adding that carries out of the byte. Adding the low seven bits alone never carries into the\n")
                .addJavadoc("next byte; the carry out is then the majority of the two top bits and the carry into bit 7.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.LONG)
                .addParameter(TypeName.LONG, "word")
                .addParameter(TypeName.LONG, "low")
                .addParameter(TypeName.LONG, "high")
                .addStatement("long bytes = $L", normalized)
                .addStatement("long $N = (bytes & $L) + low", CARRIES, hex(LOW_BITS))
                .addStatement("return (bytes & high) | ((bytes | high) & $N)", CARRIES)
                .build();
    }
}
