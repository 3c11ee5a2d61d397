package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.ExtremumSyntax;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.VectorForm;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import javax.lang.model.element.Modifier;

/**
 * The contiguous row loop of a SIMD class: every row of a reduction in one method, a block of vectors
 * at a time, with exactly the indices of the kernel's scalar loop.
 */
final class SliceVectorLoop {

    private static final String LANES = GeneratedNames.LANES;
    private static final String BLOCK = GeneratedNames.BLOCK;

    private final ElementType type;
    private final Extremum extremum;
    private final ExtremumSyntax syntax;
    private final VectorForm form;
    private final ClassName vector;
    private final TypeName key;
    private final TypeName array;
    /** The lane-wise method of the extremum: {@code max} or {@code min}. */
    private final String lanewise;

    SliceVectorLoop(ElementType type, Extremum extremum) {
        this.type = type;
        this.extremum = extremum;
        this.syntax = ExtremumSyntax.of(extremum);
        this.form = VectorForm.of(type);
        this.vector = form.vectorClass();
        this.key = form.keyType();
        this.array = JavaStorage.of(type).arrayType();
        this.lanewise = syntax.lanewise();
    }

    private CodeBlock accumulate(String acc, CodeBlock next) {
        return syntax.accumulate(acc, next);
    }

    private CodeBlock keys(String index) {
        return form.keysAt(index);
    }

    private static CodeBlock found(CodeBlock out, CodeBlock index) {
        return CodeBlock.builder()
                .addStatement("$L = $L", out, index)
                .addStatement("continue rows")
                .build();
    }

    /**
     * The row loop, with the search of one row inline up to its winning block: the method is then too
     * large to be inlined into the kernel, so the JIT compiles it on its own, vector operations included.
     * Both directions read rows forwards, the order memory is fetched in; the last index comes from
     * letting ties replace the best, then searching its block from the end.
     */
    MethodSpec loop(boolean last) {
        return rowLoop(last, false);
    }

    /**
     * The first-index row loop from each row's rival ({@code rivalBits[row]}, the best of an
     * accumulator's earlier chunks) instead of the row's first block: only a block with a lane that
     * beats the rival is reduced, so a chunk does not raise a best of its own through its first blocks,
     * and a row where nothing beats the rival gives -1. For the kernel's {@code firstIndicesBeating}.
     */
    MethodSpec beatingLoop() {
        return rowLoop(false, true);
    }

    private MethodSpec rowLoop(boolean last, boolean beating) {
        CodeBlock out = CodeBlock.of(beating ? "out[row]" : "out[outOffset + row]");
        CodeBlock lastNaN = CodeBlock.of("$N(data, start + length) - start", GeneratedNames.knownNaN(true));
        CodeBlock.Builder code = CodeBlock.builder()
                .addStatement("int tail = length % $N", BLOCK);
        if (form.testsNaN()) {
            // a NaN ends its row's search
            code.add("rows:\n");
        }
        code.beginControlFlow("for (int row = 0; row < rows; row++)")
                .addStatement("int start = offset + row * length")
                .addStatement("int blocksEnd = start + length - tail")
                .add("// compared as a scalar: a vector best, updated in the loop, would be boxed by the JIT (JDK 17);\n");
        if (beating) {
            code.add("// starts as the rival's key, which no block holds\n")
                    .addStatement("$T best = $L", key, form.key(JavaStorage.of(type).fromBits(CodeBlock.of("rivalBits[row]"))))
                    .addStatement("int bestBlock = -1");
            if (form.testsNaN()) {
                code.beginControlFlow("if (best != best)")
                        .add("// a NaN rival: nothing beats it\n")
                        .addStatement("$L = -1", out)
                        .addStatement("continue")
                        .endControlFlow();
            }
        } else {
            code.add("// set by the first block, not by the row's first element: a load the row's first comparison\n")
                    .add("// would wait for, on every row\n")
                    .addStatement("$T best = 0", key)
                    .addStatement("int bestBlock = start");
        }
        if (form.screensMagnitudes()) {
            code.add("// set once the best is zero or $L: a lane can then $L the best only with a\n",
                            extremum.comparative(), last ? "beat or tie" : "beat")
                    .add("// magnitude $L the best's (every NaN's is above infinity's), and a block's magnitudes cost\n",
                            last ? "at or above" : "above")
                    .add("// fewer instructions than its keys\n");
            if (beating) {
                code.addStatement("boolean screened = best $L 0", syntax.beatsOrTies())
                        .addStatement("$T bar = $L", form.magnitudeType(), form.magnitudeOfKey("best"));
            } else {
                code.addStatement("boolean screened = false")
                        .addStatement("$T bar = 0", form.magnitudeType());
            }
        }
        code.beginControlFlow("for (int b = start; b < blocksEnd; b += $N)", BLOCK);
        if (form.screensMagnitudes()) {
            ClassName magnitudes = form.magnitudeVectorClass();
            code.beginControlFlow("if (screened)")
                    .addStatement("$T s0 = $L", magnitudes, form.magnitudesAt("b"))
                    .addStatement("$T s1 = $L", magnitudes, form.magnitudesAt("b + " + LANES))
                    .beginControlFlow("for (int i = b + 2 * $N; i < b + $N; i += 2 * $N)", LANES, BLOCK, LANES)
                    .addStatement("s0 = s0.max($L)", form.magnitudesAt("i"))
                    .addStatement("s1 = s1.max($L)", form.magnitudesAt("i + " + LANES))
                    .endControlFlow()
                    .beginControlFlow("if (s0.max(s1).compare($T.$L, bar).allTrue())", VectorForm.VECTOR_OPERATORS,
                            last ? "LT" : "LE")
                    .addStatement("continue")
                    .endControlFlow()
                    .endControlFlow();
        }
        code.add("// two accumulators, so that consecutive $L operations do not wait for each other\n", lanewise)
                .addStatement("$T m0 = $L", vector, keys("b"))
                .addStatement("$T m1 = $L", vector, keys("b + " + LANES));
        if (form.testsNaN()) {
            blockOfFloats(code, out, last ? lastNaN : CodeBlock.of("$N(data, b) - start", GeneratedNames.knownNaN(false)));
        } else {
            code.beginControlFlow("for (int i = b + 2 * $N; i < b + $N; i += 2 * $N)", LANES, BLOCK, LANES)
                    .addStatement(accumulate("m0", keys("i")))
                    .addStatement(accumulate("m1", keys("i + " + LANES)))
                    .endControlFlow();
        }
        code.addStatement("$T blockBest = m0.$L(m1)", vector, lanewise)
                .add("// $L, rarely true: only when some lane beats$L the best so far\n",
                        beating ? "from the first block on" : "after the first block", last ? " or ties" : "")
                .beginControlFlow("if ($L!blockBest.compare($T.$L, best).allTrue())", beating ? "" : "b == start || ",
                        VectorForm.VECTOR_OPERATORS, last ? syntax.vectorLoses() : syntax.vectorDoesNotBeat())
                .addStatement("best = blockBest.reduceLanes($T.$L)", VectorForm.VECTOR_OPERATORS, syntax.vectorExtreme())
                .addStatement("bestBlock = b");
        if (form.screensMagnitudes()) {
            code.addStatement("screened = best $L 0", syntax.beatsOrTies())
                    .addStatement("bar = $L", form.magnitudeOfKey("best"));
        }
        code.endControlFlow()
                .endControlFlow()
                .add("// the elements after the last whole block, one at a time\n")
                .addStatement("int bestIndex = -1")
                .beginControlFlow("for (int i = blocksEnd; i < start + length; i++)")
                .addStatement("$T candidate = $L", key, form.key(CodeBlock.of("data[i]")));
        if (form.testsNaN()) {
            code.beginControlFlow("if (candidate != candidate)")
                    .add(found(out, last ? lastNaN : CodeBlock.of("i - start")))
                    .endControlFlow();
        }
        code.beginControlFlow("if (candidate $L best)", last ? syntax.beatsOrTies() : syntax.beats())
                .addStatement("best = candidate")
                .addStatement("bestIndex = i")
                .endControlFlow()
                .endControlFlow()
                .beginControlFlow("if (bestIndex >= 0)")
                .addStatement("$L = bestIndex - start", out)
                .nextControlFlow(beating ? "else if (bestBlock >= 0)" : "else");
        code.add("// the block that $L reached the best holds its $L occurrence\n", last ? "last" : "first",
                        last ? "last" : "first")
                .addStatement("$L = $N(data, bestBlock, best) - start", out, GeneratedNames.bestInBlock(last));
        if (beating) {
            code.nextControlFlow("else")
                    .addStatement("$L = -1", out);
        }
        code.endControlFlow()
                .endControlFlow();
        MethodSpec.Builder method = MethodSpec.methodBuilder(beating ? GeneratedNames.INDICES_BEATING_IN_ROWS
                        : GeneratedNames.indicesInRows(last))
                .addJavadoc("Writes the index of the $L element of each of {@code rows} adjacent rows of {@code length}\n",
                        extremum.adjective())
                .addJavadoc(beating ? "elements, the first of equal ones, where it strictly beats the row's rival, else -1.\n"
                        : last ? "elements, the last of equal ones.\n" : "elements, the first of equal ones.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(array, "data")
                .addParameter(TypeName.INT, "offset")
                .addParameter(TypeName.INT, "rows")
                .addParameter(TypeName.INT, "length");
        if (beating) {
            method.addParameter(ArrayTypeName.of(TypeName.LONG), "rivalBits")
                    .addParameter(ArrayTypeName.of(TypeName.LONG), "out");
        } else {
            method.addParameter(ArrayTypeName.of(TypeName.LONG), "out")
                    .addParameter(TypeName.INT, "outOffset");
        }
        return method.addCode(code.build()).build();
    }

    /**
     * The search of the block that holds the best for its lane, a method of its own: inside the row
     * loop this once-per-row code is cold, and there the JIT may leave a key mapping un-inlined (the
     * 16-bit floats' {@code laneKeys}: too big for a cold call site), and then boxes every vector it
     * touches. Called with scalars, it is compiled with its vector operations
     * intrinsified.
     */
    MethodSpec blockSearch(boolean last) {
        CodeBlock equalLanes = CodeBlock.of("$L.compare($T.EQ, best)", keys("i"), VectorForm.VECTOR_OPERATORS);
        CodeBlock.Builder code = CodeBlock.builder();
        if (last) {
            code.addStatement("int i = block + $N - $N", BLOCK, LANES)
                    .addStatement("int lane = $L.lastTrue()", equalLanes)
                    .beginControlFlow("while (lane < 0)")
                    .addStatement("i -= $N", LANES)
                    .addStatement("lane = $L.lastTrue()", equalLanes)
                    .endControlFlow();
        } else {
            code.addStatement("int i = block")
                    .addStatement("int lane = $L.firstTrue()", equalLanes)
                    .beginControlFlow("while (lane == $N)", LANES)
                    .addStatement("i += $N", LANES)
                    .addStatement("lane = $L.firstTrue()", equalLanes)
                    .endControlFlow();
        }
        return MethodSpec.methodBuilder(GeneratedNames.bestInBlock(last))
                .addJavadoc("The index of the $L element of the block at {@code block} whose key is {@code best}; called\n",
                        last ? "last" : "first")
                .addJavadoc("only when there is one.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.INT)
                .addParameter(array, "data")
                .addParameter(TypeName.INT, "block")
                .addParameter(key, "best")
                .addCode(code.addStatement("return i + lane").build())
                .build();
    }

    /**
     * The rest of a block of IEEE floats: the lane-wise extremes by comparison and blend, which pass
     * over NaN and cost the JIT fewer instructions on x86 than {@code max}/{@code min} with their NaN
     * and -0 rules; the NaN lanes are collected apart and end the row's search. -0 and +0 may then
     * stand for each other in a lane, which changes no index: they tie.
     */
    private void blockOfFloats(CodeBlock.Builder code, CodeBlock out, CodeBlock nanIndex) {
        String beats = syntax.vectorBeats();
        ClassName operators = VectorForm.VECTOR_OPERATORS;
        code.addStatement("$T nan = m0.compare($T.NE, m0).or(m1.compare($T.NE, m1))", form.maskType(), operators,
                        operators)
                .beginControlFlow("for (int i = b + 2 * $N; i < b + $N; i += 2 * $N)", LANES, BLOCK, LANES)
                .addStatement("$T x0 = $L", vector, keys("i"))
                .addStatement("$T x1 = $L", vector, keys("i + " + LANES))
                .addStatement("m0 = m0.blend(x0, x0.compare($T.$L, m0))", operators, beats)
                .addStatement("m1 = m1.blend(x1, x1.compare($T.$L, m1))", operators, beats)
                .addStatement("nan = nan.or(x0.compare($T.NE, x0)).or(x1.compare($T.NE, x1))", operators, operators)
                .endControlFlow()
                .beginControlFlow("if (nan.anyTrue())")
                .add(found(out, nanIndex))
                .endControlFlow();
    }

    /** The search for a NaN that the row loop has seen in a block's extreme, so it knows there is one. */
    static MethodSpec knownNaNSearch(ElementType type, boolean last) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(GeneratedNames.knownNaN(last))
                .addJavadoc(last ? "The last NaN before {@code end}; called only when there is one.\n"
                        : "The first NaN from {@code from} on; called only when there is one.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.INT)
                .addParameter(JavaStorage.of(type).arrayType(), "data")
                .addParameter(TypeName.INT, last ? "end" : "from");
        if (last) {
            m.beginControlFlow("for (int i = end - 1; ; i--)");
        } else {
            m.beginControlFlow("for (int i = from; ; i++)");
        }
        return m.beginControlFlow("if (data[i] != data[i])")
                .addStatement("return i")
                .endControlFlow()
                .endControlFlow()
                .build();
    }
}
