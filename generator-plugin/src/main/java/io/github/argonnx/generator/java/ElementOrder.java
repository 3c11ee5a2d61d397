package io.github.argonnx.generator.java;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * How generated scalar kernels compare the elements of one type.
 *
 * <p>A stored element is first turned into a <em>key</em>: a Java primitive whose {@code <} and
 * {@code >} give the element's value order. Kernels keep the running best as a key and ask
 * {@link #beats} whether a candidate key replaces it. Types whose bits do not compare by Java's
 * order get a private {@value GeneratedNames#ORDER_KEY} method in the kernel ({@link #keyMethod}). Keys may be
 * wider than the storage ({@code int} for every 8- and 16-bit type that needs a mapping).
 */
public final class ElementOrder {

    private final ElementType type;
    private final Comparison comparison;
    private final JavaStorage storage;

    private ElementOrder(ElementType type) {
        this.type = type;
        this.comparison = Comparison.of(type);
        this.storage = JavaStorage.of(type);
    }

    public static ElementOrder of(ElementType type) {
        return new ElementOrder(type);
    }

    /** byte and short widen to int for free; int and long have no wider primitive, so their sign bit is flipped. */
    private boolean widensUnsigned() {
        return comparison == Comparison.UNSIGNED && type.byteWidth() < 4;
    }

    /** The primitive type of keys (and of the running best). */
    public TypeName keyType() {
        return keyWidens() ? TypeName.INT : storage.type();
    }

    /** The key of a stored element, as an expression. */
    public CodeBlock key(CodeBlock element) {
        if (widensUnsigned()) {
            return CodeBlock.of("$T.toUnsignedInt($L)", storage.boxedType(), element);
        }
        if (comparison == Comparison.UNSIGNED || comparison == Comparison.SIXTEEN_BIT_FLOAT) {
            return CodeBlock.of("$N($L)", GeneratedNames.ORDER_KEY, element);
        }
        return element;
    }

    /** The private method {@link #key} calls, for the types that need one. */
    public Optional<MethodSpec> keyMethod(Extremum extremum) {
        if (comparison == Comparison.UNSIGNED && !widensUnsigned()) {
            return Optional.of(MethodSpec.methodBuilder(GeneratedNames.ORDER_KEY)
                    .addJavadoc("Flips the sign bit, which turns the unsigned order of the bits into Java's signed order.\n")
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(storage.type())
                    .addParameter(storage.type(), "bits")
                    .addStatement("return bits ^ $T.MIN_VALUE", storage.boxedType())
                    .build());
        }
        if (comparison != Comparison.SIXTEEN_BIT_FLOAT) {
            return Optional.empty();
        }
        String nanKey = ExtremumSyntax.of(extremum).nanKey();
        return Optional.of(sixteenBitKeyMethod(GeneratedNames.ORDER_KEY, TypeName.INT, nanKey, CodeBlock.of(
                "Maps $L bits to an int in the order of their values: -0 and +0 both map to 0,\n"
                        + "and NaN maps to {@code Integer.$L} so that it beats every number.\n", type.onnxName(), nanKey)));
    }

    /**
     * The primitive type of the running bests an outer-axis fold keeps from one chunk to the next: the
     * storage type, {@link #keyType} narrowed where it is wider, so that the plain loops and the SIMD
     * loops, whose lanes are as wide as the storage, fold into one array. Fold keys order like keys.
     */
    public TypeName foldKeyType() {
        return storage.type();
    }

    /** The fold key of a stored element ({@link #foldKeyType}), as an expression. */
    public CodeBlock foldKey(CodeBlock element) {
        if (widensUnsigned()) {
            // byte and short arithmetic is int arithmetic in Java: narrow the result back
            return CodeBlock.of("($T) ($L ^ $T.MIN_VALUE)", storage.type(), element, storage.boxedType());
        }
        if (comparison == Comparison.SIXTEEN_BIT_FLOAT) {
            return CodeBlock.of("$N($L)", GeneratedNames.FOLD_KEY, element);
        }
        return key(element);
    }

    /** The private method {@link #foldKey} calls, for the 16-bit floats. */
    public Optional<MethodSpec> foldKeyMethod(Extremum extremum) {
        if (comparison != Comparison.SIXTEEN_BIT_FLOAT) {
            return Optional.empty();
        }
        String nanKey = ExtremumSyntax.of(extremum).nanKey();
        return Optional.of(sixteenBitKeyMethod(GeneratedNames.FOLD_KEY, TypeName.SHORT, nanKey, CodeBlock.of(
                "{@link #$N} in a short, as the SIMD loops' lanes hold it: NaN maps to {@code Short.$L}, which\n"
                        + "no number reaches (infinity's key is $L).\n", GeneratedNames.ORDER_KEY, nanKey,
                        Comparison.infinityMagnitude(type))));
    }

    private MethodSpec sixteenBitKeyMethod(String name, TypeName keyType, String nanKey, CodeBlock javadoc) {
        return MethodSpec.methodBuilder(name)
                .addJavadoc(javadoc)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(keyType)
                .addParameter(TypeName.SHORT, "bits")
                .addCode(Comparison.sixteenBitKey(type, keyType, nanKey))
                .build();
    }

    /** Whether keys are wider than the storage: {@code int} for the 8- and 16-bit types that need a mapping. */
    private boolean keyWidens() {
        return widensUnsigned() || comparison == Comparison.SIXTEEN_BIT_FLOAT;
    }

    /**
     * The condition under which {@code candidate} replaces {@code best} (both keys): strictly nearer
     * the extremum, so that a tie keeps the element seen first; for IEEE types also a NaN candidate
     * against a number, and never anything against a NaN best.
     */
    public CodeBlock beats(CodeBlock candidate, CodeBlock best, Extremum extremum) {
        if (needsNaNTest()) {
            // !(c <= b) is "c > b, or c is NaN"; a NaN best is final, so the first NaN seen wins.
            return CodeBlock.of("!($L $L $L) && !$T.isNaN($L)",
                    candidate, ExtremumSyntax.of(extremum).doesNotBeat(), best, storage.boxedType(), best);
        }
        return strictlyBeats(candidate, best, extremum);
    }

    /**
     * True for IEEE binary32/64, whose keys are the elements themselves: a NaN fails every ordered
     * comparison, so the {@link #beats} test needs two branches where {@link #strictlyBeats} needs one.
     */
    public boolean needsNaNTest() {
        return comparison == Comparison.IEEE_FLOAT;
    }

    /** The plain ordered test: {@code candidate} strictly nearer the extremum; false for any NaN. */
    public CodeBlock strictlyBeats(CodeBlock candidate, CodeBlock best, Extremum extremum) {
        return CodeBlock.of("$L $L $L", candidate, ExtremumSyntax.of(extremum).beats(), best);
    }

    /** For documentation: how to read the {@link #beats} test where it is not plain {@code <} or {@code >}. */
    public Optional<String> beatsExplanation(Extremum extremum) {
        if (!needsNaNTest()) {
            return Optional.empty();
        }
        return Optional.of("The outer-axis loops' test {@code " + beats(CodeBlock.of("candidate"), CodeBlock.of("best"), extremum)
                        .toString().replace("java.lang.", "")
                + "} reads:\nthe candidate is " + extremum.comparative()
                + ", or is NaN while the best so far is a number; a NaN best is never replaced.\n"
                + "The contiguous loops test {@code " + strictlyBeats(CodeBlock.of("candidate"), CodeBlock.of("best"), extremum)
                + "} alone and find a NaN by a check per block, then stop there.");
    }

    /** One sentence for documentation, possibly over several lines: how elements of this type compare. */
    public String description() {
        switch (comparison) {
            case UNSIGNED:
                return "Elements compare as unsigned integers.";
            case IEEE_FLOAT:
            case SIXTEEN_BIT_FLOAT:
                return "Elements compare by value: -0 and +0 tie, and NaN beats every number\n"
                        + "(the first NaN wins, the last with {@code selectLastIndex}).";
            default:
                return "Elements compare as signed integers.";
        }
    }
}
