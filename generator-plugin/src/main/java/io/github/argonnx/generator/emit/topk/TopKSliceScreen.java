package io.github.argonnx.generator.emit.topk;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.Comparison;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.model.ElementType;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The TopK loop of a contiguous slice ({@code inner == 1}) with its screens: the first k elements fill the
 * sorted buffer, and after them an element reaches the buffer only when its <em>screen key</em>, a primitive in
 * the type's order, beats the k-th best's, held in a local and taken again after each entry. Few elements beat
 * the k-th of all before them, so most cost one compare and a branch that is rarely taken.
 *
 * <p>The screen key is the element itself for the signed types and for {@code float} and {@code double}, the
 * element widened or with its sign bit flipped for the unsigned ones, and an int in value order for the 16-bit
 * floats (NaN above every number). For {@code float} and {@code double} the test is {@code !(x <= kth)} for the
 * largest ({@code !(x >= kth)} for the smallest): exact against a number k-th, with -0 and +0 equal and a NaN
 * element beating every number; a NaN k-th lets everything through to the buffer's own test of order keys.
 *
 * <p>For every other type, from {@code k * BLOCK / 2} on, blocks of {@link #BLOCK} elements are screened first:
 * a block reduces to the lane-wise maximum (largest) or minimum (smallest) of its screen keys, with no branch in
 * the loop, which C2 vectorizes, and only a block whose extreme beats the k-th is tested element by element.
 * Floats test every element instead: their {@code Math.max} and {@code Math.min} carry NaN and signed-zero rules
 * that cost more per element than the compare.
 */
final class TopKSliceScreen {

    /** Elements per screened block: small enough that, for a k of tens, blocks that still take an entry are few. */
    static final int BLOCK = 64;

    static final String SCREEN_BLOCK = "SCREEN_BLOCK";
    private static final String SLICE = "topKOfSlice";
    private static final String ABOVE = "anyAbove";
    private static final String BELOW = "anyBelow";
    private static final String SCREEN_KEY = "screenKey";

    private final ElementType type;
    private final JavaStorage storage;
    private final Comparison comparison;

    TopKSliceScreen(ElementType type) {
        this.type = type;
        this.storage = JavaStorage.of(type);
        this.comparison = Comparison.of(type);
    }

    /** The call that fills {@code keys} and {@code rows} with the k best of the slice from {@code sliceBase}. */
    static CodeBlock call() {
        return CodeBlock.of("$N(data, sliceBase, axisLength, k, largest, keys, rows)", SLICE);
    }

    /** The slice loop and the two screens over one data source ({@code read} reads the element at {@code $L}). */
    List<MethodSpec> methods(TypeName source, String read) {
        return blocks() ? List.of(slice(source, read), screen(source, read, true), screen(source, read, false))
                : List.of(slice(source, read));
    }

    /** Methods that both data sources share: the 16-bit floats' screen key. */
    List<MethodSpec> sharedMethods() {
        List<MethodSpec> shared = new ArrayList<>();
        if (comparison == Comparison.SIXTEEN_BIT_FLOAT) {
            shared.add(sixteenBitScreenKey());
        }
        return shared;
    }

    private MethodSpec slice(TypeName source, String read) {
        TypeName key = screenKeyType();
        MethodSpec.Builder m = MethodSpec.methodBuilder(SLICE)
                .addJavadoc("Fills {@code keys[0, k)} and {@code rows[0, k)} with the k best of the {@code length} elements from\n"
                        + "{@code start}, best first, equal keys by the lower row. The first k fill the buffer; after them an\n"
                        + "element is offered only when its screen key beats the k-th's.")
                .addJavadoc(blocks()
                        ? " From {@code k * SCREEN_BLOCK / 2} on, a block of {@code SCREEN_BLOCK}\nelements is walked only when its screen finds an element beating the k-th.\n"
                        : "\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(source, "data")
                .addParameter(TypeName.INT, "start")
                .addParameter(TypeName.INT, "length")
                .addParameter(TypeName.INT, "k")
                .addParameter(TypeName.BOOLEAN, "largest")
                .addParameter(long[].class, "keys")
                .addParameter(int[].class, "rows")
                .addStatement("long flip = largest ? 0L : -1L")
                .addStatement("int count = 0")
                .addStatement("int r = 0")
                .beginControlFlow("for (; r < k && r < length; r++)")
                .addStatement(offer(read, "r", CodeBlock.of(read, "start + r")))
                .endControlFlow()
                .beginControlFlow("if (count < k)")
                .addStatement("return")
                .endControlFlow()
                .addStatement("$T kth = $L", key, screenKey(CodeBlock.of(read, "start + rows[k - 1]")));
        if (blocks()) {
            m.addComment("a block takes an entry with a chance of about 1 - exp(-k * SCREEN_BLOCK / r): before")
                    .addComment("k * SCREEN_BLOCK / 2 most would, so the elements there are tested one by one")
                    .addStatement("int unscreened = (int) $T.min(length, (long) k * $N / 2)", Math.class, SCREEN_BLOCK)
                    .beginControlFlow("for (; r < unscreened; r++)")
                    .addCode(tested(read, "r"))
                    .endControlFlow()
                    .beginControlFlow("for (; length - r >= $N; r += $N)", SCREEN_BLOCK, SCREEN_BLOCK)
                    .addStatement("int from = start + r")
                    .beginControlFlow("if (largest ? $N(data, from, from + $N, kth) : $N(data, from, from + $N, kth))",
                            ABOVE, SCREEN_BLOCK, BELOW, SCREEN_BLOCK)
                    .beginControlFlow("for (int j = r; j < r + $N; j++)", SCREEN_BLOCK)
                    .addCode(tested(read, "j"))
                    .endControlFlow()
                    .endControlFlow()
                    .endControlFlow();
        } else {
            m.addComment("one compare and a branch that is rarely taken per element costs less than a block's")
                    .addComment("Math.max or Math.min, whose NaN and signed-zero rules take several instructions per lane");
        }
        return m.beginControlFlow("for (; r < length; r++)")
                .addCode(tested(read, "r"))
                .endControlFlow()
                .build();
    }

    /** Whether blocks are screened: every type but {@code float} and {@code double}, which test each element. */
    private boolean blocks() {
        return comparison != Comparison.IEEE_FLOAT;
    }

    /**
     * Offers the element at row {@code row} when its screen key beats {@code kth}, the k-th's, and then takes the
     * new k-th's. Exact but for {@code float} and {@code double}, where a NaN k-th lets every element through to
     * the buffer's test, and so does a NaN element for the smallest.
     */
    private CodeBlock tested(String read, String row) {
        CodeBlock key = screenKey(CodeBlock.of("x"));
        CodeBlock test = comparison == Comparison.IEEE_FLOAT
                ? CodeBlock.of("largest ? !(x <= kth) : !(x >= kth)")
                : CodeBlock.of("largest ? $L > kth : $L < kth", key, key);
        return CodeBlock.builder()
                .addStatement("$T x = $L", storage.type(), CodeBlock.of(read, "start + " + row))
                .beginControlFlow("if ($L)", test)
                .addStatement(offer(read, row, CodeBlock.of("x")))
                .addStatement("kth = $L", screenKey(CodeBlock.of(read, "start + rows[k - 1]")))
                .endControlFlow()
                .build();
    }

    /** Offers {@code element}, at row {@code row} of the slice, to the buffer. */
    private CodeBlock offer(String read, String row, CodeBlock element) {
        return CodeBlock.of("count = offer(keys, rows, 0, count, k, $N($L) ^ flip, $L)", GeneratedNames.ORDER_KEY,
                storage.toBits(element), row);
    }

    /**
     * Whether an element of {@code [from, to)} may beat {@code kth}: above it for the largest, below it for the
     * smallest. Exact for every type but {@code float} and {@code double}, where a block with a NaN also passes.
     */
    private MethodSpec screen(TypeName source, String read, boolean above) {
        TypeName acc = screenKeyType();
        String reduce = above ? "max" : "min";
        return MethodSpec.methodBuilder(above ? ABOVE : BELOW)
                .addJavadoc("Whether an element of {@code [from, to)} is $L than the k-th, whose screen key is {@code kth}: the\n"
                        + "lane-wise $L of the block's screen keys ({@code Math.$L}) against it. No branch in the loop.\n",
                        above ? "larger" : "smaller", reduce, reduce)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.BOOLEAN)
                .addParameter(source, "data")
                .addParameter(TypeName.INT, "from")
                .addParameter(TypeName.INT, "to")
                .addParameter(acc, "kth")
                .addStatement("$T best = $L", acc, screenKey(CodeBlock.of(read, "from")))
                .beginControlFlow("for (int i = from + 1; i < to; i++)")
                .addStatement("best = $T.$L(best, $L)", Math.class, reduce, screenKey(CodeBlock.of(read, "i")))
                .endControlFlow()
                .addStatement("return best $L kth", above ? ">" : "<")
                .build();
    }

    /** The primitive a screen reduces: one whose order is the type's order (for floats, but for NaN). */
    private TypeName screenKeyType() {
        return switch (comparison) {
            case IEEE_FLOAT -> storage.type();
            case SIXTEEN_BIT_FLOAT -> TypeName.INT;
            case SIGNED, UNSIGNED -> storage == JavaStorage.LONG ? TypeName.LONG : TypeName.INT;
        };
    }

    private CodeBlock screenKey(CodeBlock element) {
        return switch (comparison) {
            case IEEE_FLOAT, SIGNED -> element;
            case SIXTEEN_BIT_FLOAT -> CodeBlock.of("$N($L)", SCREEN_KEY, element);
            case UNSIGNED -> switch (storage) {
                case BYTE -> CodeBlock.of("($L & 0xFF)", element);
                case SHORT -> CodeBlock.of("($L & 0xFFFF)", element);
                case INT -> CodeBlock.of("($L ^ $T.MIN_VALUE)", element, Integer.class);
                case LONG -> CodeBlock.of("($L ^ $T.MIN_VALUE)", element, Long.class);
                default -> throw new IllegalStateException("unsigned " + type.onnxName() + " stored as " + storage);
            };
        };
    }

    /** The value order of 16-bit float bits as an int, -0 and +0 both 0, NaN above every number; no branch. */
    private MethodSpec sixteenBitScreenKey() {
        String infinity = String.format("0x%04X", type.format().infinityMagnitude());
        return MethodSpec.methodBuilder(SCREEN_KEY)
                .addJavadoc("The screen key of 16-bit float bits: the signed magnitude, -0 and +0 both 0, every NaN\n"
                        + "{@code 0x8000}, above every number. No branch: the screens' loops stay vectorizable.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.INT)
                .addParameter(TypeName.SHORT, "bits")
                .addStatement("int magnitude = bits & 0x7FFF")
                .addStatement("int sign = bits >> 15")
                .addStatement("int nan = ($L - magnitude) >> 31", infinity)
                .addStatement("return (((magnitude ^ sign) - sign) & ~nan) | (nan & 0x8000)")
                .build();
    }
}
