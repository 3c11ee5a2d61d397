package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.VectorForm;
import io.github.argonnx.generator.model.ElementType;
import javax.lang.model.element.Modifier;

/**
 * The method of a SIMD class that ends a group of rows of its outer-axis loops ({@link ColumnVectorLoop}):
 * the columns whose best moved in the group get their axis index written out, from the place their index
 * lane holds, and every place is reset for the next group.
 */
final class VectorGroupIndices {

    private static final String SPECIES = GeneratedNames.SPECIES;
    private static final String LANES = GeneratedNames.LANES;
    private static final String INDEX_SPECIES = GeneratedNames.INDEX_SPECIES;

    private final VectorForm form;
    private final ClassName vector;
    private final TypeName key;

    VectorGroupIndices(ElementType type) {
        this.form = VectorForm.of(type);
        this.vector = form.vectorClass();
        this.key = form.keyType();
    }

    MethodSpec method() {
        MethodSpec.Builder method = MethodSpec.methodBuilder(GeneratedNames.WRITE_GROUP_INDICES)
                .addJavadoc("At the end of a group of rows from {@code group} on: writes the axis index of every column\n")
                .addJavadoc("whose best moved in the group ({@code bestIndex[bestStart + c]} is its place) to\n")
                .addJavadoc("{@code out[outStart + c]}, and marks every column's place as not yet set (-1) for the next\n")
                .addJavadoc("group. A vector of columns with no such lane is only read.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(ArrayTypeName.of(key), "bestIndex")
                .addParameter(TypeName.INT, "bestStart")
                .addParameter(TypeName.INT, "vectorWidth")
                .addParameter(TypeName.LONG, "group")
                .addParameter(ArrayTypeName.of(TypeName.LONG), "out")
                .addParameter(TypeName.INT, "outStart")
                .addCode(form.writesPlacesAsVectors() ? vectorWriteConstants() : CodeBlock.of(""))
                .beginControlFlow("for (int c = 0; c < vectorWidth; c += $N)", LANES)
                .addStatement("$T places = $T.fromArray($N, bestIndex, bestStart + c)", vector, vector, SPECIES)
                .beginControlFlow("if (places.compare($T.GE, $L).anyTrue())", VectorForm.VECTOR_OPERATORS,
                        form.indexLane(CodeBlock.of("0")));
        if (form.writesPlacesAsVectors()) {
            // one branch per vector, none per column: whether a column moved is a coin toss early in an axis.
            // Vector operands only: a scalar one inlines a broadcast a few levels deeper, past JDK 17's
            // MaxInlineLevel once this method is inlined into the kernel, and then every vector is boxed
            TypeName longVector = VectorForm.indexVectorClass();
            method.beginControlFlow("for (int part = 0; part < $N / $N.length(); part++)", LANES, INDEX_SPECIES)
                    .addStatement("int outIndex = outStart + c + part * $N.length()", INDEX_SPECIES)
                    .addStatement("$T index = $L.add(groupStart)", longVector,
                            form.placesAsLongs(CodeBlock.of("places"), INDEX_SPECIES, "part"))
                    .addComment("a place of -1 (none) gives an index below the group's start")
                    .addStatement("$T.fromArray($N, out, outIndex).blend(index, index.compare($T.GE, groupStart))$W"
                            + ".intoArray(out, outIndex)", longVector, INDEX_SPECIES, VectorForm.VECTOR_OPERATORS)
                    .endControlFlow()
                    .addStatement("noPlace.intoArray(bestIndex, bestStart + c)");
        } else {
            method.beginControlFlow("for (int i = c; i < c + $N; i++)", LANES)
                    .beginControlFlow("if (bestIndex[bestStart + i] >= 0)")
                    .addStatement("out[outStart + i] = group + $L", form.placeOf(CodeBlock.of("bestIndex[bestStart + i]")))
                    .addStatement("bestIndex[bestStart + i] = $L", form.indexLane(CodeBlock.of("-1")))
                    .endControlFlow()
                    .endControlFlow();
        }
        return method.endControlFlow()
                .endControlFlow()
                .build();
    }

    /** The vectors the vector write of {@link #method} takes, made once per call. */
    private CodeBlock vectorWriteConstants() {
        return CodeBlock.builder()
                .addStatement("$T groupStart = $T.broadcast($N, group)", VectorForm.indexVectorClass(),
                        VectorForm.indexVectorClass(), INDEX_SPECIES)
                .addStatement("$T noPlace = $T.broadcast($N, $L)", vector, vector, SPECIES, form.indexLane(CodeBlock.of("-1")))
                .build();
    }
}
