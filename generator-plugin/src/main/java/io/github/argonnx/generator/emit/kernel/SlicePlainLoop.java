package io.github.argonnx.generator.emit.kernel;

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
import javax.lang.model.element.Modifier;

/**
 * The plain contiguous loop ({@link io.github.argonnx.generator.java.LoopFamily#PLAIN}: the 32- and
 * 64-bit integers): one walk over the slice with the strict test on keys. The last index is found by
 * walking backwards with the same strict test: as the ONNX reference flips the axis, the element seen
 * first wins. A chunk searched against rivals walks each slice from its rival. The 16-bit integers keep
 * these loops for slices their word screens do not take ({@link Slice16BitWordLoop}).
 */
final class SlicePlainLoop implements SliceLoop {

    private final ElementType type;
    private final Extremum extremum;
    private final ElementOrder order;

    SlicePlainLoop(ElementType type, Extremum extremum) {
        this.type = type;
        this.extremum = extremum;
        this.order = ElementOrder.of(type);
    }

    @Override
    public List<FieldSpec> constants() {
        return List.of();
    }

    @Override
    public List<MethodSpec> methods(DataSource source) {
        return List.of(walk(source, false), walk(source, true), beatingLoop(source), firstIndicesBeating(source));
    }

    /** The scalar walk over one contiguous slice, from its start or from its end. */
    MethodSpec walk(DataSource source, boolean fromEnd) {
        TypeName key = order.keyType();
        MethodSpec.Builder m = SliceBlocks.declare(GeneratedNames.indexInSlice(extremum, fromEnd), source, type)
                .addJavadoc(SliceBlocks.plainWalkDoc(fromEnd));
        if (fromEnd) {
            m.addStatement("int last = length - 1")
                    .addStatement("$T best = $L", key, order.key(source.read(CodeBlock.of("start + last"))))
                    .addStatement("long bestIndex = last")
                    .beginControlFlow("for (int k = last - 1; k >= 0; k--)");
        } else {
            m.addStatement("$T best = $L", key, order.key(source.read(CodeBlock.of("start"))))
                    .addStatement("long bestIndex = 0")
                    .beginControlFlow("for (int k = 1; k < length; k++)");
        }
        return m.addStatement("$T candidate = $L", key, order.key(source.read(CodeBlock.of("start + k"))))
                .beginControlFlow("if ($L)", order.beats(CodeBlock.of("candidate"), CodeBlock.of("best"), extremum))
                .addStatement("best = candidate")
                .addStatement("bestIndex = k")
                .endControlFlow()
                .endControlFlow()
                .addStatement("return bestIndex")
                .build();
    }

    /** The entry for chunks searched against rivals: the SIMD class's search, else {@link #beatingLoop} per slice. */
    private MethodSpec firstIndicesBeating(DataSource source) {
        CodeBlock rival = order.key(JavaStorage.of(type).fromBits(CodeBlock.of("rivalBits[o]")));
        return SliceBlocks.firstIndicesBeating(source, type, extremum, CodeBlock.of(""), Optional.empty(),
                Optional.of(CodeBlock.of("$N(data, start, axisLength, $L)", SliceBlocks.BEATING_LOOP, rival)));
    }

    /**
     * The plain loop from a rival's key instead of the slice's first element: a chunk after the
     * running bests walks its first elements without a best of its own rising through them, which
     * slows the whole loop over a chunk read from memory ({@code StreamingBenchmark}).
     */
    private MethodSpec beatingLoop(DataSource source) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(SliceBlocks.BEATING_LOOP)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.INT)
                .addParameter(source.dataType(type), "data")
                .addParameter(TypeName.INT, "start")
                .addParameter(TypeName.INT, "length")
                .addParameter(order.keyType(), "best")
                .addJavadoc("The position of the first $L element of the {@code length} elements from {@code start} that\n",
                        extremum.adjective())
                .addJavadoc("strictly beats {@code best}, the rival's key, or -1 if none does: the strict test keeps the\n")
                .addJavadoc("first of equal elements.\n")
                .addStatement("int bestAt = -1")
                .addStatement("int end = start + length");
        SliceBlocks.strictWalk(m, source, order, extremum, "for (int k = start; k < end; k++)");
        return m.addStatement("return bestAt").build();
    }
}
