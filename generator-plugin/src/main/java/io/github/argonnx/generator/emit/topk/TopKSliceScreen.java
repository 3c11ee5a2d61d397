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
 * The TopK loop of a contiguous slice ({@code inner == 1}) with its block screens: the first elements fill
 * the sorted buffer, then each block of {@link #BLOCK} elements is screened against the k-th best and walked
 * (each element offered to the buffer) only when one of its elements beats it. After the first blocks few
 * elements beat the k-th of all before them, so most blocks cost only their screen; the first
 * {@code k * BLOCK / 2} elements, whose blocks mostly hold an entry, are walked without one.
 *
 * <p>A screen reduces its block to the lane-wise maximum (largest) or minimum (smallest) of a <em>screen
 * key</em>, a primitive in the type's order, and compares that with the k-th best's screen key; there is no
 * branch in the loop, which C2 vectorizes. The screen key is the element itself for the signed types, the
 * element widened or with its sign bit flipped for the unsigned ones, an int in value order for the 16-bit
 * floats (NaN above every number) and the element for {@code float} and {@code double}, whose comparisons
 * already treat -0 and +0 as equal; a NaN in a block of those makes the screen pass, and the walk decides.
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
        return List.of(slice(source, read), screen(source, read, true), screen(source, read, false));
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
        return MethodSpec.methodBuilder(SLICE)
                .addJavadoc("Fills {@code keys[0, k)} and {@code rows[0, k)} with the k best of the {@code length} elements from\n"
                        + "{@code start}, best first, equal keys by the lower row. From {@code k * SCREEN_BLOCK / 2} on, a block of\n"
                        + "{@code SCREEN_BLOCK} elements is walked only when its screen finds an element beating the k-th.\n")
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
                .addComment("a block takes an entry with a chance of about 1 - exp(-k * SCREEN_BLOCK / r): the blocks")
                .addComment("before k * SCREEN_BLOCK / 2 mostly would, so they are walked without a screen")
                .addStatement("int unscreened = (int) $T.min(length, (long) k * $N / 2)", Math.class, SCREEN_BLOCK)
                .beginControlFlow("for (; r < unscreened; r++)")
                .addStatement(offer(read, "r"))
                .endControlFlow()
                .beginControlFlow("for (; length - r >= $N; r += $N)", SCREEN_BLOCK, SCREEN_BLOCK)
                .addStatement("$T kth = $L", storage.type(), CodeBlock.of(read, "start + rows[k - 1]"))
                .addStatement("int from = start + r")
                .beginControlFlow("if (largest ? $N(data, from, from + $N, kth) : $N(data, from, from + $N, kth))",
                        ABOVE, SCREEN_BLOCK, BELOW, SCREEN_BLOCK)
                .beginControlFlow("for (int j = r; j < r + $N; j++)", SCREEN_BLOCK)
                .addStatement(offer(read, "j"))
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .beginControlFlow("for (; r < length; r++)")
                .addStatement(offer(read, "r"))
                .endControlFlow()
                .build();
    }

    /** Offers the element at row {@code row} of the slice to the buffer. */
    private CodeBlock offer(String read, String row) {
        return CodeBlock.of("count = offer(keys, rows, 0, count, k, $N($L) ^ flip, $L)", GeneratedNames.ORDER_KEY,
                storage.toBits(CodeBlock.of(read, "start + " + row)), row);
    }

    /**
     * Whether an element of {@code [from, to)} may beat {@code kth}: above it for the largest, below it for the
     * smallest. Exact for every type but {@code float} and {@code double}, where a block with a NaN also passes.
     */
    private MethodSpec screen(TypeName source, String read, boolean above) {
        TypeName acc = screenKeyType();
        String reduce = above ? "max" : "min";
        MethodSpec.Builder m = MethodSpec.methodBuilder(above ? ABOVE : BELOW)
                .addJavadoc(above ? "Whether an element of {@code [from, to)} may be larger than {@code kth}"
                                : "Whether an element of {@code [from, to)} may be smaller than {@code kth}")
                .addJavadoc(comparison == Comparison.IEEE_FLOAT
                        ? ": its lane-wise $L, with NaN\nas {@code Math.$L} gives it, against {@code kth}. No branch in the loop.\n"
                        : ": its lane-wise $L of screen keys\nagainst {@code kth}'s ({@code Math.$L}). No branch in the loop.\n",
                        reduce, reduce)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.BOOLEAN)
                .addParameter(source, "data")
                .addParameter(TypeName.INT, "from")
                .addParameter(TypeName.INT, "to")
                .addParameter(storage.type(), "kth")
                .addStatement("$T best = $L", acc, screenKey(CodeBlock.of(read, "from")))
                .beginControlFlow("for (int i = from + 1; i < to; i++)")
                .addStatement("best = $T.$L(best, $L)", Math.class, reduce, screenKey(CodeBlock.of(read, "i")))
                .endControlFlow();
        if (comparison == Comparison.IEEE_FLOAT) {
            if (above) {
                m.addComment("nothing beats a NaN k-th (a later NaN ties it); a NaN best beats every number")
                        .addStatement("return kth == kth && !(best <= kth)");
            } else {
                m.addComment("a NaN best is a block with a NaN, which may hold a smaller number too")
                        .addStatement("return !(best >= kth)");
            }
        } else {
            m.addStatement("return best $L $L", above ? ">" : "<", screenKey(CodeBlock.of("kth")));
        }
        return m.build();
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
