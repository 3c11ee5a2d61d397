package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.ElementOrder;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.lang.model.element.Modifier;

/**
 * The contiguous loop of an IEEE float or double kernel, and the NaN search it falls back on. Its
 * test is the ordered one alone, one branch per element; NaNs are screened for per block instead.
 */
final class SliceIeeeLoop implements SliceLoop {

    /**
     * Elements per block: one NaN check per block. A multiple of {@link #UNROLL}; small enough that
     * searching a block again is cheap.
     */
    private static final int BLOCK = 512;

    /** Elements read per step; their products feed {@link #SCREENS} sums. */
    private static final int UNROLL = 8;

    /** Independent NaN-screen sums: enough that their additions never wait for each other. */
    private static final int SCREENS = 4;

    private final ElementType type;
    private final Extremum extremum;
    private final ElementOrder order;

    SliceIeeeLoop(ElementType type, Extremum extremum) {
        this.type = type;
        this.extremum = extremum;
        this.order = ElementOrder.of(type);
    }

    /** The kernel's constant for the block length. */
    @Override
    public List<FieldSpec> constants() {
        return List.of(FieldSpec.builder(TypeName.INT, GeneratedNames.NAN_SCREEN_BLOCK, Modifier.PRIVATE, Modifier.STATIC,
                        Modifier.FINAL)
                .addJavadoc("Elements per block of the contiguous loops: one NaN check per block.\n")
                .initializer("$L", BLOCK)
                .build());
    }

    @Override
    public List<MethodSpec> methods(DataSource source) {
        return List.of(entry(source, false), entry(source, true), loop(source, false), loop(source, true),
                nanSearch(source, false), nanSearch(source, true),
                SliceBlocks.firstIndicesBeating(source, type, extremum, CodeBlock.of(""), Optional.empty(), Optional.empty()));
    }

    /**
     * The entry for one contiguous slice: a slice shorter than one block takes the element walk alone,
     * in a method small enough for the JIT to inline into its caller (a short row then costs about what
     * a loop written for it does); longer slices take {@link #loop}.
     */
    MethodSpec entry(DataSource source, boolean fromEnd) {
        MethodSpec.Builder m = SliceBlocks.declare(GeneratedNames.indexInSlice(extremum, fromEnd), source, type)
                .addJavadoc(SliceBlocks.nanEndsWalkDoc(fromEnd))
                .addJavadoc("\n<p>A slice of {@code $N} elements or more goes to\n{@link #$N}, which screens\n",
                        GeneratedNames.NAN_SCREEN_BLOCK, GeneratedNames.indexInSliceBlocks(extremum, fromEnd))
                .addJavadoc("it for NaNs block by block; this method stays small enough for the JIT to inline.\n")
                .beginControlFlow("if (length >= $N)", GeneratedNames.NAN_SCREEN_BLOCK)
                .addStatement("return $N(data, start, length)", GeneratedNames.indexInSliceBlocks(extremum, fromEnd))
                .endControlFlow();
        firstElement(m, source, fromEnd);
        if (fromEnd) {
            m.addStatement("int to = bestAt");
        } else {
            m.addStatement("int end = start + length").addStatement("int from = bestAt + 1");
        }
        return walk(m, source, fromEnd).build();
    }

    /**
     * The contiguous loop for IEEE types. The plain loop's test needs two branches per element (one
     * for the order, one for NaN); this one reads blocks {@value #UNROLL} elements at a time with the
     * ordered test alone, which a NaN fails, and keeps sums of products of the elements beside it,
     * which a NaN turns into NaN. Only a block whose sums end as NaN is searched for a NaN, and the
     * first NaN found (the last, walking from the end) is the answer.
     */
    MethodSpec loop(DataSource source, boolean fromEnd) {
        TypeName key = order.keyType();
        ClassName boxed = JavaStorage.of(type).boxedType();
        CodeBlock best = CodeBlock.of("best");
        MethodSpec.Builder m = SliceBlocks.declare(GeneratedNames.indexInSliceBlocks(extremum, fromEnd), source, type)
                .addJavadoc(SliceBlocks.nanEndsWalkDoc(fromEnd))
                .addJavadoc("\n<p>Whole blocks are read $L elements at a time with the ordered test alone, which a NaN\n", UNROLL)
                .addJavadoc("fails; beside it, sums of products of the elements are kept, which a NaN turns into NaN.\n")
                .addJavadoc("Only a block whose sums end as NaN is searched for one (infinities or overflow can also\n")
                .addJavadoc("make them NaN: the search then finds none). One branch per element instead of two.\n");
        firstElement(m, source, fromEnd);
        SliceBlocks.openBlockLoop(m, fromEnd, GeneratedNames.NAN_SCREEN_BLOCK);
        for (int s = 0; s < SCREENS; s++) {
            m.addStatement("$T screen$L = 0", key, s);
        }
        if (fromEnd) {
            m.beginControlFlow("for (int k = to - $L; k >= blockStart; k -= $L)", UNROLL, UNROLL);
        } else {
            m.beginControlFlow("for (int k = from; k < blockEnd; k += $L)", UNROLL);
        }
        for (int u = 0; u < UNROLL; u++) {
            int lane = fromEnd ? UNROLL - 1 - u : u;
            m.addStatement("$T c$L = $L", key, lane, source.read(offsetFromK(lane)));
        }
        for (int s = 0; s < SCREENS; s++) {
            m.addStatement("screen$L += c$L * c$L", s, s, s + SCREENS);
        }
        for (int u = 0; u < UNROLL; u++) {
            int lane = fromEnd ? UNROLL - 1 - u : u;
            m.beginControlFlow("if ($L)", order.strictlyBeats(CodeBlock.of("c$L", lane), best, extremum))
                    .addStatement("best = c$L", lane)
                    .addStatement("bestAt = $L", offsetFromK(lane))
                    .endControlFlow();
        }
        m.endControlFlow();
        CodeBlock sum = CodeBlock.of(IntStream.range(0, SCREENS)
                .mapToObj(i -> "screen" + i).collect(Collectors.joining(" + ")));
        m.beginControlFlow("if ($T.isNaN($L))", boxed, sum)
                .addStatement(fromEnd ? "int nan = $N(data, blockStart, to)" : "int nan = $N(data, from, blockEnd)",
                        GeneratedNames.nanInRange(fromEnd))
                .beginControlFlow("if (nan >= 0)")
                .addStatement("return nan - start")
                .endControlFlow()
                .endControlFlow()
                .endControlFlow();
        return walk(m, source, fromEnd).build();
    }

    /** The first element read (the last, walking from the end) is the best so far, or the answer if NaN. */
    private void firstElement(MethodSpec.Builder m, DataSource source, boolean fromEnd) {
        m.addStatement("int bestAt = $L", fromEnd ? "start + length - 1" : "start")
                .addStatement("$T best = $L", order.keyType(), source.read(CodeBlock.of("bestAt")))
                .beginControlFlow("if ($T.isNaN(best))", JavaStorage.of(type).boxedType())
                .addStatement("return bestAt - start")
                .endControlFlow();
    }

    /**
     * Walks the elements not read yet, {@code [from, end)} up or {@code [start, to)} down, with the
     * ordered test and a NaN test each, and returns the index found.
     */
    private MethodSpec.Builder walk(MethodSpec.Builder m, DataSource source, boolean fromEnd) {
        m.beginControlFlow(fromEnd ? "for (int k = to - 1; k >= start; k--)" : "for (int k = from; k < end; k++)")
                .addStatement("$T candidate = $L", order.keyType(), source.read(CodeBlock.of("k")))
                .beginControlFlow("if ($L)", order.strictlyBeats(CodeBlock.of("candidate"), CodeBlock.of("best"), extremum))
                .addStatement("best = candidate")
                .addStatement("bestAt = k")
                .nextControlFlow("else if ($T.isNaN(candidate))", JavaStorage.of(type).boxedType())
                .addStatement("return k - start")
                .endControlFlow()
                .endControlFlow();
        return m.addStatement("return bestAt - start");
    }

    private static CodeBlock offsetFromK(int lane) {
        return lane == 0 ? CodeBlock.of("k") : CodeBlock.of("k + $L", lane);
    }

    /** The first (or last) NaN among the elements {@code [from, to)}, or -1 if there is none. */
    MethodSpec nanSearch(DataSource source, boolean fromEnd) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(GeneratedNames.nanInRange(fromEnd))
                .addJavadoc("The $L NaN among the elements {@code [from, to)}, or -1 if there is none.\n",
                        fromEnd ? "last" : "first")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.INT)
                .addParameter(source.dataType(type), "data")
                .addParameter(TypeName.INT, "from")
                .addParameter(TypeName.INT, "to");
        return m.beginControlFlow(fromEnd ? "for (int k = to - 1; k >= from; k--)" : "for (int k = from; k < to; k++)")
                .beginControlFlow("if ($T.isNaN($L))", JavaStorage.of(type).boxedType(), source.read(CodeBlock.of("k")))
                .addStatement("return k")
                .endControlFlow()
                .endControlFlow()
                .addStatement("return -1")
                .build();
    }
}
