package io.github.argonnx.generator.emit.topk;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
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
 * the type's order, beats the k-th best's. Few elements beat the k-th of all before them, so most cost only
 * that test.
 *
 * <p>The screen key is the element itself for the signed types and for {@code float} and {@code double}, the
 * element widened or with its sign bit flipped for the unsigned ones, and an int in value order for the 16-bit
 * floats (-0 and +0 both 0, NaN above every number). Elements of 32 and 64 bits are searched one by one, in a
 * method of its own whose loop has no call ({@code nextBeating}); for {@code float} and {@code double} its test
 * is {@code !(x <= kth)} for the largest ({@code !(x >= kth)} for the smallest), exact against a number k-th
 * with -0 and +0 equal and a NaN beating every number, while a NaN k-th lets every element through to the
 * buffer's own test of order keys.
 *
 * <p>Elements of 8 and 16 bits, many to a vector, are screened by blocks of {@link #BLOCK} from
 * {@code k * BLOCK / 2} on: a block reduces to the lane-wise maximum (largest) or minimum (smallest) of its
 * screen keys, with no branch in the loop, which C2 vectorizes, and only a block whose extreme beats the k-th is
 * tested element by element.
 *
 * <p>In arrays, when the JVM has the Vector API, the elements after the first k are searched by the type's SIMD
 * screen instead ({@link TopKVectorScreenEmitter}), which stops only at an element that may beat the k-th.
 */
final class TopKSliceScreen {

    /** Elements per screened block: small enough that, for a k of tens, blocks that still take an entry are few. */
    static final int BLOCK = 64;

    static final String SCREEN_BLOCK = "SCREEN_BLOCK";
    private static final String SLICE = "topKOfSlice";
    private static final String ABOVE = "anyAbove";
    private static final String BELOW = "anyBelow";
    private static final String SCREEN_KEY = "screenKey";
    private static final String NEXT = GeneratedNames.NEXT_BEATING;
    private static final String ENTER = "enter";

    /** The largest k whose buffer takes entries by a shift from its end rather than a search and two copies. */
    static final int SHIFTED_K = 64;

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
                : List.of(slice(source, read), next(source, read));
    }

    /** Methods that both data sources share: the slice's buffer entry, and the 16-bit floats' screen key. */
    List<MethodSpec> sharedMethods() {
        List<MethodSpec> shared = new ArrayList<>();
        shared.add(enter());
        if (comparison == Comparison.SIXTEEN_BIT_FLOAT) {
            shared.add(sixteenBitScreenKey());
        }
        return shared;
    }

    private MethodSpec slice(TypeName source, String read) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(SLICE)
                .addJavadoc("Fills {@code keys[0, k)} and {@code rows[0, k)} with the k best of the {@code length} elements from\n"
                        + "{@code start}, best first, equal keys by the lower row. The first k fill the buffer; after them an\n"
                        + "element is offered only when its screen key beats the k-th's")
                .addJavadoc(blocks()
                        ? CodeBlock.of(", and from {@code k * SCREEN_BLOCK / 2} on a block of\n{@code SCREEN_BLOCK} elements is tested only when its screen finds one.\n")
                        : CodeBlock.of(", which {@code $N} finds.\n", NEXT))
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
                .addStatement(offer(CodeBlock.of(read, "start + r"), "r"))
                .endControlFlow()
                .beginControlFlow("if (count < k)")
                .addStatement("return")
                .endControlFlow();
        if (source.equals(storage.arrayType())) {
            m.beginControlFlow("if ($N != null && $N.screens(length - r))", GeneratedNames.VECTOR_SCREEN, GeneratedNames.VECTOR_SCREEN)
                    .addComment("the SIMD screen finds the elements that may beat the k-th; their order keys decide")
                    .addStatement("int end = start + length")
                    .beginControlFlow("for (int i = start + r; (i = $N.$N(data, i, end, start + rows[k - 1], largest)) < end; i++)",
                            GeneratedNames.VECTOR_SCREEN, GeneratedNames.NEXT_BEATING)
                    .addStatement(offer(CodeBlock.of(read, "i"), "i - start"))
                    .endControlFlow()
                    .addStatement("return")
                    .endControlFlow();
        }
        if (!blocks()) {
            return m.addComment("the search has no call in its loop, so C2 unrolls it")
                    .addStatement("int end = start + length")
                    .beginControlFlow("for (int i = start + r; (i = $N(data, i, end, $L, largest)) < end; i++)", NEXT,
                            screenKey(CodeBlock.of(read, "start + rows[k - 1]")))
                    .addStatement(offer(CodeBlock.of(read, "i"), "i - start"))
                    .endControlFlow()
                    .build();
        }
        m.addStatement("$T kth = $L", screenKeyType(), screenKey(CodeBlock.of(read, "start + rows[k - 1]")))
                .addComment("a block takes an entry with a chance of about 1 - exp(-k * SCREEN_BLOCK / r): before")
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
        return m.beginControlFlow("for (; r < length; r++)")
                .addCode(tested(read, "r"))
                .endControlFlow()
                .build();
    }

    /** The block length, in the kernels that screen blocks. */
    List<FieldSpec> constants() {
        return blocks()
                ? List.of(FieldSpec.builder(TypeName.INT, SCREEN_BLOCK, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("$L", BLOCK).build())
                : List.of();
    }

    /**
     * Whether blocks are screened: elements of 8 and 16 bits, many to a vector. Wider ones are searched one by one
     * ({@link #next}), which reads them about as fast as memory gives them.
     */
    private boolean blocks() {
        return storage == JavaStorage.BYTE || storage == JavaStorage.SHORT;
    }

    /**
     * The search for the next element beating the k-th, whose screen key is {@code kth}: one compare and a
     * branch rarely taken per element, in a loop without calls. For {@code float} and {@code double} the test is
     * {@code !(x <= kth)} for the largest ({@code !(x >= kth)} for the smallest): exact against a number k-th,
     * with -0 and +0 equal and a NaN beating every number; a NaN k-th lets every element through to the
     * buffer's own test of order keys.
     */
    private MethodSpec next(TypeName source, String read) {
        CodeBlock key = screenKey(CodeBlock.of(read, "i"));
        CodeBlock above = comparison == Comparison.IEEE_FLOAT ? CodeBlock.of("!($L <= kth)", key) : CodeBlock.of("$L > kth", key);
        CodeBlock below = comparison == Comparison.IEEE_FLOAT ? CodeBlock.of("!($L >= kth)", key) : CodeBlock.of("$L < kth", key);
        return MethodSpec.methodBuilder(NEXT)
                .addJavadoc("The first position of {@code [from, to)} whose element beats the k-th, whose screen key is\n"
                        + "{@code kth}, or {@code to}: larger than it for the largest, smaller for the smallest.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.INT)
                .addParameter(source, "data")
                .addParameter(TypeName.INT, "from")
                .addParameter(TypeName.INT, "to")
                .addParameter(screenKeyType(), "kth")
                .addParameter(TypeName.BOOLEAN, "largest")
                .beginControlFlow("if (largest)")
                .beginControlFlow("for (int i = from; i < to; i++)")
                .beginControlFlow("if ($L)", above)
                .addStatement("return i")
                .endControlFlow()
                .endControlFlow()
                .nextControlFlow("else")
                .beginControlFlow("for (int i = from; i < to; i++)")
                .beginControlFlow("if ($L)", below)
                .addStatement("return i")
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .addStatement("return to")
                .build();
    }

    /** Offers the element at row {@code row} when its screen key beats {@code kth}, the k-th's, then takes the new k-th's. */
    private CodeBlock tested(String read, String row) {
        CodeBlock key = screenKey(CodeBlock.of("x"));
        return CodeBlock.builder()
                .addStatement("$T x = $L", storage.type(), CodeBlock.of(read, "start + " + row))
                .beginControlFlow("if (largest ? $L > kth : $L < kth)", key, key)
                .addStatement(offer(CodeBlock.of("x"), row))
                .addStatement("kth = $L", screenKey(CodeBlock.of(read, "start + rows[k - 1]")))
                .endControlFlow()
                .build();
    }

    /** Offers {@code element}, at row {@code row} of the slice, to the buffer. */
    private CodeBlock offer(CodeBlock element, String row) {
        return CodeBlock.of("count = $N(keys, rows, count, k, $N($L) ^ flip, $L)", ENTER, GeneratedNames.ORDER_KEY,
                storage.toBits(element), row);
    }

    /** Whether an element of {@code [from, to)} beats {@code kth}: above it for the largest, below it for the smallest. */
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

    /**
     * A slice's entry to its buffer {@code [0, count)}: for a k up to {@link #SHIFTED_K}, the entries the key
     * beats move down one by one from the end, which costs less than a search and two copies of a few entries;
     * a larger k takes {@code offer}.
     */
    private static MethodSpec enter() {
        return MethodSpec.methodBuilder(ENTER)
                .addJavadoc("Enters a slice's key to its sorted buffer {@code [0, count)}, best first, and returns the new\n"
                        + "count, as {@code offer} does: the key enters only when it beats the k-th, and among equal keys the\n"
                        + "earlier row stays ahead. Up to a k of $L it moves the entries it beats one by one from the end.\n",
                        SHIFTED_K)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.INT)
                .addParameter(long[].class, "keys")
                .addParameter(int[].class, "rows")
                .addParameter(TypeName.INT, "count")
                .addParameter(TypeName.INT, "k")
                .addParameter(TypeName.LONG, "key")
                .addParameter(TypeName.INT, "row")
                .beginControlFlow("if (k > $L)", SHIFTED_K)
                .addStatement("return offer(keys, rows, 0, count, k, key, row)")
                .endControlFlow()
                .beginControlFlow("if (count == k)")
                .beginControlFlow("if (key <= keys[k - 1])")
                .addStatement("return count")
                .endControlFlow()
                .addStatement("count = k - 1")
                .endControlFlow()
                .addStatement("int j = count")
                .beginControlFlow("while (j > 0 && keys[j - 1] < key)")
                .addStatement("keys[j] = keys[j - 1]")
                .addStatement("rows[j] = rows[j - 1]")
                .addStatement("j--")
                .endControlFlow()
                .addStatement("keys[j] = key")
                .addStatement("rows[j] = row")
                .addStatement("return count + 1")
                .build();
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
