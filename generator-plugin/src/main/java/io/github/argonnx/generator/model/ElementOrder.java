package io.github.argonnx.generator.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * How generated kernels compare the elements of one type.
 *
 * <p>A stored element is first turned into a <em>key</em>: a Java primitive whose {@code <} and
 * {@code >} give the element's value order. Kernels keep the running best as a key and ask
 * {@link #beats} whether a candidate key replaces it. Types whose bits do not compare by Java's
 * order get a private {@code orderKey} method in the kernel ({@link #keyMethod}).
 */
public final class ElementOrder {

    /** Name of the private key-mapping method emitted into kernels that need one. */
    public static final String KEY_METHOD = "orderKey";

    private enum Form {
        /** The element is its own key and Java's order is the value order. */
        AS_STORED,
        /** Narrow unsigned: widened to int with {@code Byte/Short.toUnsignedInt}. */
        UNSIGNED_WIDENED,
        /** Wide unsigned: the sign bit flipped, which turns unsigned order into signed order. */
        UNSIGNED_SIGN_FLIPPED,
        /** IEEE binary32/64: the element is its own key, but NaN needs its own test. */
        IEEE_WITH_NAN,
        /** binary16 or bfloat16 bits: mapped to an int by value, NaN to the winning extreme. */
        SIXTEEN_BIT_FLOAT
    }

    private final Form form;
    private final DataType.Storage storage;
    private final String formatName;
    private final int infinityMagnitude;

    private ElementOrder(Form form, DataType.Storage storage, String formatName, int infinityMagnitude) {
        this.form = form;
        this.storage = storage;
        this.formatName = formatName;
        this.infinityMagnitude = infinityMagnitude;
    }

    /** The order of a type, from how its bits are ordered and what they are stored in. */
    static ElementOrder of(DataType.Ordering ordering, DataType.Storage storage, String onnxName) {
        switch (ordering) {
            case SIGNED:
                return new ElementOrder(Form.AS_STORED, storage, onnxName, 0);
            case UNSIGNED:
                // byte and short widen to int for free; int and long have no wider primitive to go to.
                return new ElementOrder(storage.byteWidth() < 4 ? Form.UNSIGNED_WIDENED : Form.UNSIGNED_SIGN_FLIPPED,
                        storage, onnxName, 0);
            case IEEE_FLOAT:
                return new ElementOrder(Form.IEEE_WITH_NAN, storage, onnxName, 0);
            case FLOAT16_BITS:
            case BFLOAT16_BITS:
                return new ElementOrder(Form.SIXTEEN_BIT_FLOAT, storage, onnxName, ordering.infinityMagnitude());
            default:
                throw new AssertionError(ordering);
        }
    }

    /** The primitive type of keys (and of the running best). */
    public TypeName keyType() {
        return form == Form.UNSIGNED_WIDENED || form == Form.SIXTEEN_BIT_FLOAT ? TypeName.INT : storage.type();
    }

    /** The key of a stored element, as an expression. */
    public CodeBlock key(CodeBlock element) {
        switch (form) {
            case UNSIGNED_WIDENED:
                return CodeBlock.of("$T.toUnsignedInt($L)", storage.boxedType(), element);
            case UNSIGNED_SIGN_FLIPPED:
            case SIXTEEN_BIT_FLOAT:
                return CodeBlock.of("$N($L)", KEY_METHOD, element);
            default:
                return element;
        }
    }

    /** The private method {@link #key} calls, for the forms that need one. */
    public Optional<MethodSpec> keyMethod(Extremum extremum) {
        switch (form) {
            case UNSIGNED_SIGN_FLIPPED:
                return Optional.of(MethodSpec.methodBuilder(KEY_METHOD)
                        .addJavadoc("Flips the sign bit, which turns the unsigned order of the bits into Java's signed order.\n")
                        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                        .returns(storage.type())
                        .addParameter(storage.type(), "bits")
                        .addStatement("return bits ^ $T.MIN_VALUE", storage.boxedType())
                        .build());
            case SIXTEEN_BIT_FLOAT:
                String nanKey = extremum == Extremum.LARGEST ? "MAX_VALUE" : "MIN_VALUE";
                return Optional.of(MethodSpec.methodBuilder(KEY_METHOD)
                        .addJavadoc("Maps $L bits to an int in the order of their values: -0 and +0 both map to 0,\n"
                                + "and NaN maps to {@code Integer.$L} so that it beats every number.\n", formatName, nanKey)
                        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                        .returns(TypeName.INT)
                        .addParameter(TypeName.SHORT, "bits")
                        .addStatement("int magnitude = bits & 0x7FFF")
                        .beginControlFlow("if (magnitude > $L)", hex(infinityMagnitude))
                        .addComment("exponent all ones and a non-zero fraction: NaN")
                        .addStatement("return $T.$L", Integer.class, nanKey)
                        .endControlFlow()
                        .addComment("-magnitude for a set sign bit, without a branch: signs of real data are unpredictable")
                        .addStatement("int sign = bits >> 15")
                        .addStatement("return (magnitude ^ sign) - sign")
                        .build());
            default:
                return Optional.empty();
        }
    }

    /**
     * The condition under which {@code candidate} replaces {@code best} (both keys): strictly nearer
     * the extremum, so that a tie keeps the element seen first; for IEEE types also a NaN candidate
     * against a number, and never anything against a NaN best.
     */
    public CodeBlock beats(CodeBlock candidate, CodeBlock best, Extremum extremum) {
        if (form == Form.IEEE_WITH_NAN) {
            // !(c <= b) is "c > b, or c is NaN"; a NaN best is final, so the first NaN seen wins.
            return CodeBlock.of("!($L $L $L) && !$T.isNaN($L)",
                    candidate, extremum.doesNotBeatOperator(), best, storage.boxedType(), best);
        }
        return strictlyBeats(candidate, best, extremum);
    }

    /**
     * True for IEEE binary32/64, whose keys are the elements themselves: a NaN fails every ordered
     * comparison, so the {@link #beats} test needs two branches where {@link #strictlyBeats} needs one.
     */
    public boolean needsNaNTest() {
        return form == Form.IEEE_WITH_NAN;
    }

    /** The plain ordered test: {@code candidate} strictly nearer the extremum; false for any NaN. */
    public CodeBlock strictlyBeats(CodeBlock candidate, CodeBlock best, Extremum extremum) {
        return CodeBlock.of("$L $L $L", candidate, extremum.beatsOperator(), best);
    }

    /** For documentation: how to read the {@link #beats} test where it is not plain {@code <} or {@code >}. */
    public Optional<String> beatsExplanation(Extremum extremum) {
        if (form != Form.IEEE_WITH_NAN) {
            return Optional.empty();
        }
        return Optional.of("The outer-axis loops' test {@code " + beats(CodeBlock.of("candidate"), CodeBlock.of("best"), extremum)
                        .toString().replace("java.lang.", "")
                + "} reads:\nthe candidate is " + (extremum == Extremum.LARGEST ? "larger" : "smaller")
                + ", or is NaN while the best so far is a number; a NaN best is never replaced.\n"
                + "The contiguous loops test {@code " + strictlyBeats(CodeBlock.of("candidate"), CodeBlock.of("best"), extremum)
                + "} alone and find a NaN by a check per block, then stop there.");
    }

    /** One sentence for documentation, possibly over several lines: how elements of this type compare. */
    public String description() {
        switch (form) {
            case UNSIGNED_WIDENED:
            case UNSIGNED_SIGN_FLIPPED:
                return "Elements compare as unsigned integers.";
            case IEEE_WITH_NAN:
            case SIXTEEN_BIT_FLOAT:
                return "Elements compare by value: -0 and +0 tie, and NaN beats every number\n"
                        + "(the first NaN wins, the last with {@code selectLastIndex}).";
            default:
                return "Elements compare as signed integers.";
        }
    }

    private static String hex(int value) {
        return String.format("0x%04X", value);
    }
}
