package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.Comparison;
import io.github.argonnx.generator.java.ElementOrder;
import io.github.argonnx.generator.java.ExtremumSyntax;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.KernelContract;
import io.github.argonnx.generator.java.LoopFamily;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * The contiguous loop of a 16-bit kernel (int16, uint16, float16, bfloat16) without the Vector API:
 * blocks are screened on the stored bits, and only a block with an element that may beat the best is
 * walked again with the kernel's strict test on keys, so the indices are those of the plain loop.
 *
 * <p>The screen ({@code screenOf}, which the outer-axis loop over words takes per column too) is the
 * runtime's {@code ShortWords.screen}: two tests, each "the bits, flipped by a constant, above a limit
 * as an unsigned 16-bit number", read four elements per long where the JVM allows it (JDK 22 and
 * later). A call decides once whether its slices are screened by words ({@code words}, the runtime's
 * {@code ShortWords.Elements}, made once for all of them) or not; where not, the integer kernels keep
 * their plain loop, which a screen of single elements would not beat, and the float kernels take the
 * same tests one element at a time ({@link SixteenBitScreen}).
 */
final class Slice16BitWordLoop implements SliceLoop {

    /** Elements per block: one screen per block, long enough to pay for it, short enough to walk again. */
    private static final int BLOCK = 512;

    private static final String BLOCK_NAME = "BITS_SCREEN_BLOCK";

    /**
     * Elements per part of a block that passed its screen. Walking a part costs far more per element
     * than screening it, and a passing block seldom has more than one part with an element that beats
     * the best: above all in the first blocks of a slice, where the best still rises often.
     */
    private static final int PART = 64;

    private static final String PART_NAME = "BITS_SCREEN_PART";

    /**
     * The shortest slice an int16 kernel screens by words. Its plain loop compares stored bits directly,
     * and on shorter slices the word screens cost it more than they save: the best still rises through
     * most of the first blocks, which are then screened and walked ({@code ArgOnnxBenchmark}, int16
     * contiguous axes of several lengths).
     */
    private static final int SIGNED_WORD_SCREENED_SLICE = 2048;

    /** The same for uint16, whose plain loop runs faster than int16's, so that the screens pay later. */
    private static final int UNSIGNED_WORD_SCREENED_SLICE = 4096;

    /**
     * The same for float16 and bfloat16, whose loop screens every block, by words or one element at a
     * time: a slice shorter than one block has no block to screen.
     */
    private static final int FLOAT_WORD_SCREENED_SLICE = BLOCK;

    private static final String WORD_SCREENED_SLICE_NAME = "WORD_SCREENED_SLICE";
    private static final String MAY_BEAT = SixteenBitScreen.MAY_BEAT;
    private static final String WORDS_OF = "wordsOf";
    private static final String SCREENED_INDEX = "screenedIndexInSlice";
    private static final String WORDS = SixteenBitScreen.WORDS;

    private final ElementType type;
    private final Extremum extremum;
    private final ElementOrder order;
    private final boolean floats;
    /** The screens of blocks against the best. */
    private final SixteenBitScreen screen;

    Slice16BitWordLoop(ElementType type, Extremum extremum) {
        if (LoopFamily.of(type) != LoopFamily.SIXTEEN_BIT_WORDS) {
            throw new IllegalArgumentException("bits-screened loops read 16-bit elements, not " + type.onnxName());
        }
        this.type = type;
        this.extremum = extremum;
        this.order = ElementOrder.of(type);
        this.floats = Comparison.of(type) == Comparison.SIXTEEN_BIT_FLOAT;
        this.screen = new SixteenBitScreen(type, extremum);
    }

    /**
     * The kernel's constants: the block and part lengths, the screen's ({@link SixteenBitScreen#constants})
     * and the shortest slice screened by words.
     */
    @Override
    public List<FieldSpec> constants() {
        List<FieldSpec> constants = new ArrayList<>();
        constants.add(FieldSpec.builder(TypeName.INT, BLOCK_NAME, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Elements per block of the contiguous loops: one screen of the stored bits per block.\n")
                .initializer("$L", BLOCK)
                .build());
        constants.add(FieldSpec.builder(TypeName.INT, PART_NAME, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("Elements per part of a block that passed its screen: each part is screened again against the\n")
                .addJavadoc("best as it rises, and only a part that passes is walked.\n")
                .initializer("$L", PART)
                .build());
        constants.addAll(screen.constants());
        constants.add(FieldSpec.builder(TypeName.INT, WORD_SCREENED_SLICE_NAME, Modifier.PRIVATE, Modifier.STATIC,
                        Modifier.FINAL)
                .addJavadoc(floats ? "The shortest slice the contiguous loops screen by words: one block.\n"
                        : "The shortest slice the contiguous loops screen by words: on shorter ones the plain loop\n"
                                + "is faster, since the best still rises through most of their blocks.\n")
                .initializer("$L", floats ? FLOAT_WORD_SCREENED_SLICE
                        : type.isUnsigned() ? UNSIGNED_WORD_SCREENED_SLICE : SIGNED_WORD_SCREENED_SLICE)
                .build());
        return constants;
    }

    /**
     * The declaration of {@code words} from {@code data} and {@code axisLength}, for a method that runs the
     * contiguous loops: one per call, for every slice. {@code isAvailable()} is a constant to the JIT,
     * so before JDK 22 {@code words} is a constant null.
     */
    static CodeBlock declareWords() {
        return CodeBlock.builder()
                .addStatement("$T $N = $T.isAvailable() ? $N(data, axisLength) : null", RuntimeClasses.SHORT_WORDS_ELEMENTS,
                        WORDS, RuntimeClasses.SHORT_WORDS, WORDS_OF)
                .build();
    }

    /**
     * The start of the kernel's {@code reduceContiguous}: where there are {@code words}, every slice
     * is screened by them and the method returns. The plain loops after it never see {@code words}: kept
     * live across the loop over slices, that reference slows int16's plain loop on JDK 17
     * ({@code ArgOnnxBenchmark}, int16 contiguous axes).
     */
    @Override
    public CodeBlock beforeSlices() {
        return CodeBlock.builder()
                .add(declareWords())
                .beginControlFlow("if ($N != null)", WORDS)
                .beginControlFlow("for (int o = 0; o < slices; o++)")
                .addStatement("out[outOffset + o] =$W$N(data, $N, offset + o * axisLength, axisLength, selectLastIndex)",
                        SCREENED_INDEX, WORDS)
                .endControlFlow()
                .addStatement("return")
                .endControlFlow()
                .build();
    }

    /** A 16-bit loop's declaration: {@link SliceBlocks#declare}, with {@code words} after {@code data} if {@code byWords}. */
    private MethodSpec.Builder declare(String name, DataSource source, boolean byWords) {
        return byWords
                ? SliceBlocks.declare(name, source, type, ParameterSpec.builder(RuntimeClasses.SHORT_WORDS_ELEMENTS, WORDS).build())
                : SliceBlocks.declare(name, source, type);
    }

    /** The index in one slice screened by {@code words}: {@link #loop} from its start or from its end. */
    MethodSpec screenedIndexInSlice(DataSource source) {
        return declare(SCREENED_INDEX, source, true)
                .addParameter(TypeName.BOOLEAN, "selectLastIndex")
                .addJavadoc("Index of the $L element of the {@code length} elements from {@code start}, screened by words.\n",
                        extremum.adjective())
                .addStatement("return selectLastIndex$W? $N(data, $N, start, length)$W: $N(data, $N, start, length, $L, start) - start",
                        lastLoopName(), WORDS, SliceBlocks.BEATING_LOOP, WORDS, source.read(CodeBlock.of("start")))
                .build();
    }

    /**
     * The kernel's {@code wordsOf}: the elements its contiguous loops screen by words, made once per
     * call (a segment made per screen is allocated each time where C2 does not inline its factory);
     * null on slices too short to screen.
     */
    MethodSpec wordsOf(DataSource source) {
        return MethodSpec.methodBuilder(WORDS_OF)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(RuntimeClasses.SHORT_WORDS_ELEMENTS)
                .addParameter(source.dataType(type), "data")
                .addParameter(TypeName.INT, "axisLength")
                .addJavadoc("The elements of {@code data} for the contiguous loops to screen by words, once per call for every\n")
                .addJavadoc("slice; null on slices shorter than {@code $N}. Called where {@link $T#isAvailable()}.\n",
                        WORD_SCREENED_SLICE_NAME, RuntimeClasses.SHORT_WORDS)
                .addStatement("return axisLength >= $N ? $T.over(data) : null", WORD_SCREENED_SLICE_NAME,
                        RuntimeClasses.SHORT_WORDS)
                .build();
    }

    /**
     * The loops of one data source. Slices not screened by words take the integers' plain loops, or
     * for floats {@link #plainEntries}, which screen them one element at a time.
     */
    @Override
    public List<MethodSpec> methods(DataSource source) {
        List<MethodSpec> methods = new ArrayList<>(floats ? plainEntries(source)
                : List.of(SliceBlocks.plainWalk(source, type, extremum, false),
                        SliceBlocks.plainWalk(source, type, extremum, true)));
        methods.add(screenedIndexInSlice(source));
        methods.add(firstIndicesBeating(source));
        methods.add(loop(source, false, true));
        methods.add(loop(source, true, true));
        methods.add(wordsOf(source));
        return methods;
    }

    @Override
    public List<MethodSpec> sharedMethods() {
        List<MethodSpec> methods = new ArrayList<>(screen.mayBeatMethods());
        methods.add(screen.screenOf());
        return methods;
    }

    /** The last index's loop: the slice entry's name and "InBlocks". */
    private String lastLoopName() {
        return GeneratedNames.indexInSlice(extremum, true) + "InBlocks";
    }

    /**
     * A float kernel's slice entries where there are no words, and the loops they run: {@link #loop}
     * without words, whose screens read one element at a time, the first index's against the slice's
     * own first element. Those loops are overloads of their own, not the word loops given null: a
     * {@code words} kept live through the block loop slows float16 and bfloat16 on JDK 17
     * ({@code ArgOnnxBenchmark}, float16 contiguous axes).
     */
    List<MethodSpec> plainEntries(DataSource source) {
        return List.of(
                SliceBlocks.declare(GeneratedNames.indexInSlice(extremum, false), source, type)
                        .addJavadoc(SliceBlocks.nanEndsWalkDoc(false))
                        .addJavadoc("\n<p>{@link #$N} one element at a time, whose rival is the slice's first element.\n",
                                SliceBlocks.BEATING_LOOP)
                        .addStatement("return $N(data, start, length, $L, start) - start", SliceBlocks.BEATING_LOOP,
                                source.read(CodeBlock.of("start")))
                        .build(),
                SliceBlocks.declare(GeneratedNames.indexInSlice(extremum, true), source, type)
                        .addJavadoc(SliceBlocks.nanEndsWalkDoc(true))
                        .addJavadoc("\n<p>{@link #$N} one element at a time.\n", lastLoopName())
                        .addStatement("return $N(data, start, length)", lastLoopName())
                        .build(),
                loop(source, false, false),
                loop(source, true, false));
    }

    /**
     * The contiguous loop: a block is walked with the strict test only when {@link #mayBeat} finds an
     * element in it that may beat the best, and then only its parts where it finds one again; once a
     * float best is NaN, nothing can beat it. The first index's loop starts from a rival, the slice's
     * first element or, for a chunk of a stream, the running best before it, so that a chunk's first
     * blocks are screened against that best instead of being walked while a best of their own rises.
     * The last index's has no rival: a later chunk takes the last index by tying the running best,
     * which a strict screen does not pass.
     */
    MethodSpec loop(DataSource source, boolean fromEnd, boolean byWords) {
        TypeName key = order.keyType();
        CodeBlock isNaN = floats ? CodeBlock.of("best == $T.$L", Integer.class, ExtremumSyntax.of(extremum).nanKey()) : null;
        MethodSpec.Builder m;
        CodeBlock bestBits;
        String result;
        if (fromEnd) {
            m = declare(lastLoopName(), source, byWords)
                    .addJavadoc(floats ? SliceBlocks.nanEndsWalkDoc(true) : SliceBlocks.plainWalkDoc(true));
            m.addStatement("int bestAt = start + length - 1")
                    .addStatement("$T best = $L", key, order.key(source.read(CodeBlock.of("bestAt"))));
            bestBits = source.read(CodeBlock.of("bestAt"));
            result = "bestAt - start";
        } else {
            m = declare(SliceBlocks.BEATING_LOOP, source, byWords)
                    .returns(TypeName.INT)
                    .addParameter(TypeName.SHORT, "rivalBits")
                    .addParameter(TypeName.INT, "rivalAt")
                    .addJavadoc("The position of the first $L element of the {@code length} elements from {@code start} that\n",
                            extremum.adjective())
                    .addJavadoc("strictly beats the rival, whose stored bits are {@code rivalBits}, or -1 if none does. The rival\n")
                    .addJavadoc("is the slice's first element ({@code rivalAt == start}) or an element before the slice\n")
                    .addJavadoc("({@code rivalAt == -1}). The strict test keeps the first of equal elements$L.\n",
                            floats ? ", and the first NaN\nis the answer as soon as it is seen" : "");
            m.addStatement("int bestAt = rivalAt")
                    .addStatement("short bestBits = rivalBits")
                    .addStatement("$T best = $L", key, order.key(CodeBlock.of("bestBits")));
            bestBits = CodeBlock.of("bestBits");
            result = "bestAt";
        }
        m.addJavadoc("\n<p>Whole blocks are screened on their stored bits ({@link #$N}, $L); only a block with an\n", MAY_BEAT,
                        byWords ? "four elements per long" : "one element at a time")
                .addJavadoc("element that may beat the best so far is screened again part by part, and only such a part is\n")
                .addJavadoc("walked element by element.\n");
        if (floats) {
            m.beginControlFlow("if ($L)", isNaN).addStatement("return $L", result).endControlFlow();
        }
        SliceBlocks.openBlockLoop(m, fromEnd, BLOCK_NAME);
        m.beginControlFlow(fromEnd ? "if (to == start + length || $L)" : "if (from == rivalAt || $L)",
                        mayBeatCall(fromEnd ? "blockStart, to" : "from, blockEnd", bestBits, byWords))
                .addComment("its parts are screened against the best as it rises; the part read first nearly always")
                .addComment(fromEnd ? "beats the element read first: it is walked at once"
                        : "beats a rival read from it, the slice's first element: it is walked at once");
        if (fromEnd) {
            m.beginControlFlow("for (int partEnd = to; partEnd > blockStart; partEnd -= $N)", PART_NAME)
                    .addStatement("int partStart = partEnd - $N", PART_NAME)
                    .beginControlFlow("if (partEnd == start + length || $L)", mayBeatCall("partStart, partEnd", bestBits, byWords));
        } else {
            m.beginControlFlow("for (int part = from; part < blockEnd; part += $N)", PART_NAME)
                    .addStatement("int partEnd = part + $N", PART_NAME)
                    .beginControlFlow("if (part == rivalAt || $L)", mayBeatCall("part, partEnd", bestBits, byWords));
        }
        SliceBlocks.strictWalk(m, source, order, extremum,
                fromEnd ? "for (int k = partEnd - 1; k >= partStart; k--)" : "for (int k = part; k < partEnd; k++)");
        if (floats) {
            m.beginControlFlow("if ($L)", isNaN).addStatement("return $L", result).endControlFlow();
        }
        if (!fromEnd) {
            m.beginControlFlow("if (bestAt >= 0)")
                    .addStatement("bestBits = $L", source.read(CodeBlock.of("bestAt")))
                    .endControlFlow();
        }
        m.endControlFlow().endControlFlow().endControlFlow().endControlFlow();
        SliceBlocks.strictWalk(m, source, order, extremum,
                fromEnd ? "for (int k = to - 1; k >= start; k--)" : "for (int k = from; k < end; k++)");
        return m.addStatement("return $L", result).build();
    }

    /** A call of {@link #mayBeat} on the elements {@code range} ("from, to"), against {@code bestBits}. */
    private static CodeBlock mayBeatCall(String range, CodeBlock bestBits, boolean byWords) {
        return CodeBlock.of("$N($L, $L, $L)", MAY_BEAT, byWords ? WORDS : "data", range, bestBits);
    }

    /**
     * The public entry for contiguous slices searched against rivals ({@link KernelContract#FIRST_INDICES_BEATING}):
     * {@link #loop} from each slice's rival where it screens words (floats: everywhere); where the
     * integer kernels do not screen words, their own search, whose winners the caller tests itself.
     */
    private MethodSpec firstIndicesBeating(DataSource source) {
        Optional<CodeBlock> ownSearch = floats ? Optional.empty() : Optional.of(CodeBlock.of("$N == null", WORDS));
        CodeBlock rival = JavaStorage.SHORT.fromBits(CodeBlock.of("rivalBits[o]"));
        CodeBlock byWords = CodeBlock.of("$N(data, $N, start, axisLength, $L, -1)", SliceBlocks.BEATING_LOOP, WORDS, rival);
        return SliceBlocks.firstIndicesBeating(source, type, extremum, declareWords(), ownSearch, Optional.of(floats
                ? CodeBlock.of("$N != null$W? $L$W: $N(data, start, axisLength, $L, -1)", WORDS, byWords,
                        SliceBlocks.BEATING_LOOP, rival)
                : byWords));
    }
}
