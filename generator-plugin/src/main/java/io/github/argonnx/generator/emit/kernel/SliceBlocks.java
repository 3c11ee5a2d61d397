package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.ElementOrder;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.KernelContract;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * What the contiguous loops ({@link SliceLoop}) share: their signature, the loop over whole blocks,
 * and the walk with the strict test. Walking up, the blocks start at the slice's
 * start and {@code [from, end)} remains after them; walking down, they end at the slice's end and
 * {@code [start, to)} remains. Inside the loop a block is {@code [from, blockEnd)} or
 * {@code [blockStart, to)}. Also the public entry of a search against rivals, and the plain loops:
 * the walks over a whole slice and from a rival ({@link #plainLoops}), which are {@link SlicePlainLoop},
 * which {@link Slice32BitScreenLoop} keeps for buffers and {@link Slice16BitWordLoop} for the integer
 * slices it does not screen by words.
 */
final class SliceBlocks {

    /** The loop behind {@link KernelContract#FIRST_INDICES_BEATING}: one slice searched against a rival. */
    static final String BEATING_LOOP = "firstIndexBeating";

    private SliceBlocks() {
    }

    /**
     * A private static {@code long name(data, start, length)} that returns an index within the slice,
     * with {@code afterData} between {@code data} and {@code start}.
     */
    static MethodSpec.Builder declare(String name, DataSource source, ElementType type, ParameterSpec... afterData) {
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.LONG)
                .addParameter(source.dataType(type), "data")
                .addParameters(List.of(afterData))
                .addParameter(TypeName.INT, "start")
                .addParameter(TypeName.INT, "length");
    }

    /** Opens the loop over whole blocks of the constant {@code blockName}; the caller closes it. */
    static void openBlockLoop(MethodSpec.Builder m, boolean fromEnd, String blockName) {
        if (fromEnd) {
            m.addComment("blocks end at the slice's end: the element read first cannot beat itself")
                    .addStatement("int to = start + length")
                    .beginControlFlow("for (; to - start >= $N; to -= $N)", blockName, blockName)
                    .addStatement("int blockStart = to - $N", blockName);
        } else {
            m.addStatement("int end = start + length")
                    .addComment("blocks start at the slice's start: the first element read again cannot beat itself")
                    .addStatement("int from = start")
                    .beginControlFlow("for (; end - from >= $N; from += $N)", blockName, blockName)
                    .addStatement("int blockEnd = from + $N", blockName);
        }
    }

    /** The first line of the documentation of a loop without NaN: the strict test keeps the element seen first. */
    static String plainWalkDoc(boolean fromEnd) {
        return fromEnd
                ? "Walks the slice from its end: the same strict test then keeps the last of equal elements.\n"
                : "Walks the slice from its start: a strict test keeps the first of equal elements.\n";
    }

    /** The first line of the documentation of a loop whose first (or last) NaN is the answer at once. */
    static String nanEndsWalkDoc(boolean fromEnd) {
        return fromEnd
                ? "Walks the slice from its end: a strict test keeps the last of equal elements, and the\n"
                        + "last NaN is the answer as soon as it is seen.\n"
                : "Walks the slice from its start: a strict test keeps the first of equal elements, and the\n"
                        + "first NaN is the answer as soon as it is seen.\n";
    }

    /**
     * Walks the elements {@code loop} gives, one at a time, with the kernel's strict test on keys:
     * the running {@code best} key and its position {@code bestAt} follow every element that beats it.
     */
    static void strictWalk(MethodSpec.Builder m, DataSource source, ElementOrder order, Extremum extremum, String loop) {
        m.beginControlFlow(loop)
                .addStatement("$T candidate = $L", order.keyType(), order.key(source.read(CodeBlock.of("k"))))
                .beginControlFlow("if ($L)", order.strictlyBeats(CodeBlock.of("candidate"), CodeBlock.of("best"), extremum))
                .addStatement("best = candidate")
                .addStatement("bestAt = k")
                .endControlFlow()
                .endControlFlow();
    }

    /**
     * The plain loops of one data source: the walks over a slice from its start and from its end
     * ({@link #plainWalk}), the walk from a rival ({@link #plainBeatingLoop}) and the search against
     * rivals that runs it per slice.
     */
    static List<MethodSpec> plainLoops(DataSource source, ElementType type, Extremum extremum) {
        return List.of(plainWalk(source, type, extremum, false), plainWalk(source, type, extremum, true),
                plainBeatingLoop(source, type, extremum), firstIndicesBeatingFromRivals(source, type, extremum));
    }

    /** The plain walk over one contiguous slice, from its start or from its end. */
    static MethodSpec plainWalk(DataSource source, ElementType type, Extremum extremum, boolean fromEnd) {
        return plainWalk(source, type, extremum, fromEnd, CodeBlock.of(""), CodeBlock.of(""));
    }

    /**
     * The plain walk with the strict test on keys; as the ONNX reference flips the axis, the element
     * seen first wins, so the walk from the end keeps the last of equal elements. {@code handOff}, which
     * {@code handOffDoc} documents, runs first: a loop that takes some slices elsewhere returns there.
     */
    static MethodSpec plainWalk(DataSource source, ElementType type, Extremum extremum, boolean fromEnd,
            CodeBlock handOffDoc, CodeBlock handOff) {
        ElementOrder order = ElementOrder.of(type);
        TypeName key = order.keyType();
        MethodSpec.Builder m = declare(GeneratedNames.indexInSlice(extremum, fromEnd), source, type)
                .addJavadoc(plainWalkDoc(fromEnd))
                .addJavadoc(handOffDoc)
                .addCode(handOff);
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

    /**
     * The declaration of {@link #BEATING_LOOP}, the plain walk from a rival's key instead of the
     * slice's first element, up to its loop: a chunk after the running bests walks its first elements
     * without a best of its own rising through them, which slows the whole loop over a chunk read from
     * memory ({@code StreamingBenchmark}). The caller walks from {@code start} to {@code end}, moving
     * {@code best} and {@code bestAt}, and returns {@code bestAt}.
     */
    static MethodSpec.Builder declareBeatingLoop(DataSource source, ElementType type, Extremum extremum) {
        return MethodSpec.methodBuilder(BEATING_LOOP)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.INT)
                .addParameter(source.dataType(type), "data")
                .addParameter(TypeName.INT, "start")
                .addParameter(TypeName.INT, "length")
                .addParameter(ElementOrder.of(type).keyType(), "best")
                .addJavadoc("The position of the first $L element of the {@code length} elements from {@code start} that\n",
                        extremum.adjective())
                .addJavadoc("strictly beats {@code best}, the rival's key, or -1 if none does: the strict test keeps the\n")
                .addJavadoc("first of equal elements.\n")
                .addStatement("int bestAt = -1")
                .addStatement("int end = start + length");
    }

    /** {@link #declareBeatingLoop} walking every element. */
    static MethodSpec plainBeatingLoop(DataSource source, ElementType type, Extremum extremum) {
        MethodSpec.Builder m = declareBeatingLoop(source, type, extremum);
        strictWalk(m, source, ElementOrder.of(type), extremum, "for (int k = start; k < end; k++)");
        return m.addStatement("return bestAt").build();
    }

    /** The search against rivals of the plain loops: the SIMD class's search, else {@link #BEATING_LOOP} per slice. */
    static MethodSpec firstIndicesBeatingFromRivals(DataSource source, ElementType type, Extremum extremum) {
        CodeBlock rival = ElementOrder.of(type).key(JavaStorage.of(type).fromBits(CodeBlock.of("rivalBits[o]")));
        return firstIndicesBeating(source, type, extremum, CodeBlock.of(""), Optional.empty(),
                Optional.of(CodeBlock.of("$N(data, start, axisLength, $L)", BEATING_LOOP, rival)));
    }

    /**
     * The public entry for contiguous slices searched against rivals ({@link KernelContract#FIRST_INDICES_BEATING}):
     * for arrays, the SIMD class's search against the rivals where it runs (wherever it has a contiguous
     * loop, {@link SliceVectorLoop#beatingLoop}); else {@code beatingCall} (of {@code data},
     * {@code start}, {@code axisLength} and {@code rivalBits[o]}) per slice, which gives the position that
     * beats the rival or -1. Where there is no such call, or where {@code ownSearch} holds, the kernel's
     * own search instead, whose winners the caller tests itself. {@code beforeSearch} declares what
     * those calls share (for the 16-bit loops, the elements screened by words).
     */
    static MethodSpec firstIndicesBeating(DataSource source, ElementType type, Extremum extremum,
            CodeBlock beforeSearch, Optional<CodeBlock> ownSearch, Optional<CodeBlock> beatingCall) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(KernelContract.FIRST_INDICES_BEATING)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(source.dataType(type), "data")
                .addParameter(TypeName.INT, "offset")
                .addParameter(TypeName.INT, "slices")
                .addParameter(TypeName.INT, "axisLength")
                .addParameter(long[].class, "rivalBits")
                .addParameter(long[].class, "out")
                .addJavadoc("For each of {@code slices} adjacent slices of {@code axisLength} elements from {@code offset},\n")
                .addJavadoc("writes to {@code out[o]} the index of its $L element, the first of equal ones, where that\n",
                        extremum.adjective())
                .addJavadoc("element strictly beats the rival whose stored bits are $L{@code rivalBits[o]};\n",
                        type.byteWidth() == 8 ? "" : "the low " + type.byteWidth() * 8 + " bits of ")
                .addJavadoc("where none does, -1 or that index. A streaming accumulator calls it for a chunk after its\n")
                .addJavadoc("running bests, which are the rivals: from the chunk's first element on, only what beats them\n")
                .addJavadoc("is taken, so the chunk does not raise a best of its own first.\n\n")
                .addJavadoc("@param data the elements$L\n", source == DataSource.BUFFER ? ", read at absolute positions" : "")
                .addJavadoc("@param offset where the first slice starts in {@code data}\n")
                .addJavadoc("@param slices how many slices\n")
                .addJavadoc("@param axisLength the elements of each slice\n")
                .addJavadoc("@param rivalBits per slice, the stored bits of the element its answer must beat\n")
                .addJavadoc("@param out receives each slice's index, from {@code out[0]} on\n")
                .addJavadoc("@throws IndexOutOfBoundsException if {@code data}, {@code rivalBits} or {@code out} is too small;\n")
                .addJavadoc("    nothing has been written then\n")
                .addStatement("$T.checkFromIndexSize(offset, (long) slices * axisLength, $L)", Objects.class,
                        source == DataSource.ARRAY ? "data.length" : "data.limit()")
                .addStatement("$T.checkFromIndexSize(0, slices, rivalBits.length)", Objects.class)
                .addStatement("$T.checkFromIndexSize(0, slices, out.length)", Objects.class);
        if (source == DataSource.ARRAY) {
            m.beginControlFlow("if ($N != null && $N.$N(data, offset, slices, axisLength, rivalBits, out))",
                            GeneratedNames.VECTORIZED, GeneratedNames.VECTORIZED, KernelContract.FIRST_INDICES_BEATING)
                    .addStatement("return")
                    .endControlFlow();
        }
        m.addCode(beforeSearch);
        CodeBlock ownSearchCall = CodeBlock.builder()
                .add("// the kernel's own search: each slice's winner, which the caller tests against its rival\n")
                .addStatement("$N(data, offset, slices, axisLength, false, out, 0)", KernelContract.REDUCE_CONTIGUOUS)
                .build();
        if (beatingCall.isEmpty()) {
            return m.addCode(ownSearchCall).build();
        }
        if (ownSearch.isPresent()) {
            m.beginControlFlow("if ($L)", ownSearch.get())
                    .addCode(ownSearchCall)
                    .addStatement("return")
                    .endControlFlow();
        }
        return m.beginControlFlow("for (int o = 0; o < slices; o++)")
                .addStatement("int start = offset + o * axisLength")
                .addStatement("int at = $L", beatingCall.get())
                .addStatement("out[o] = at < 0 ? -1 : at - start")
                .endControlFlow()
                .build();
    }
}
