package io.github.argonnx.generator.emit.topk;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.RuntimeClasses;
import javax.lang.model.element.Modifier;

/**
 * What the generated TopK class and a TopK kernel agree on, apart from the loops: the parameters every entry
 * takes (a range of columns, the caller's scratch, where the outputs start), the kernel's {@code Scratch}
 * (the arrays a call works in, which a prepared call keeps), and {@code valuesAt}, which reads the values of
 * indices another kernel found (k = 1 through the ArgMax kernels).
 */
final class TopKKernelContract {

    /** The nested class of every TopK kernel that holds a call's working arrays. */
    static final String SCRATCH = "Scratch";

    private TopKKernelContract() {}

    /** The scratch class of a kernel. */
    static ClassName scratchClass(ClassName kernel) {
        return kernel.nestedClass(SCRATCH);
    }

    /**
     * The parameters every TopK entry takes, in order, and the plan's three extents read into locals:
     * {@code (data, offset, plan, columnFrom, columnTo, k, largest, scratch, values, indices, outOffset)}.
     */
    static MethodSpec.Builder withKernelParameters(MethodSpec.Builder method, ClassName kernel, JavaStorage storage,
            TypeName source) {
        return method.addParameter(source, "data")
                .addParameter(TypeName.INT, "offset")
                .addParameter(RuntimeClasses.REDUCTION_PLAN, "plan")
                .addParameter(TypeName.INT, "columnFrom")
                .addParameter(TypeName.INT, "columnTo")
                .addParameter(TypeName.INT, "k")
                .addParameter(TypeName.BOOLEAN, "largest")
                .addParameter(scratchClass(kernel), "scratch")
                .addParameter(storage.arrayType(), "values")
                .addParameter(long[].class, "indices")
                .addParameter(TypeName.INT, "outOffset")
                .addStatement("int outer = plan.outer()")
                .addStatement("int axisLength = plan.axisLength()")
                .addStatement("int inner = plan.inner()");
    }

    /** The scratch an entry works in: the caller's, or its own when the caller passes none. */
    static CodeBlock scratchOrOwn(ClassName kernel) {
        return CodeBlock.builder()
                .addStatement("$T work = scratch != null ? scratch : new $T(plan, k)", scratchClass(kernel), scratchClass(kernel))
                .build();
    }

    /**
     * {@code Scratch}: sized once for a plan and k, for the buffer of the k best per column of a block, or for
     * the selection of each slice's k best where the kernel selects.
     */
    static TypeSpec scratch(ClassName kernel, JavaStorage storage) {
        TypeName longs = TypeName.get(long[].class);
        TypeName ints = TypeName.get(int[].class);
        return TypeSpec.classBuilder(SCRATCH)
                .addJavadoc("The arrays one call works in, sized for one plan and k: a prepared call keeps one, so that its\n"
                        + "calls allocate nothing. Not thread-safe: one call at a time uses it.\n")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .addField(FieldSpec.builder(TypeName.INT, "block", Modifier.FINAL)
                        .addJavadoc("The columns of an outer axis walked together.\n").build())
                .addField(FieldSpec.builder(longs, "keys", Modifier.FINAL)
                        .addJavadoc("The buffers' keys, or a slice's keys where the kernel selects.\n").build())
                .addField(FieldSpec.builder(ints, "rows", Modifier.FINAL)
                        .addJavadoc("The buffers' rows, or the rows of a slice's k best where the kernel selects.\n").build())
                .addField(FieldSpec.builder(longs, "kth", Modifier.PRIVATE)
                        .addJavadoc("Each column's k-th best key, in a row, for an outer axis's scalar screen; made by {@link #kth()}.\n")
                        .build())
                .addField(FieldSpec.builder(storage.arrayType(), "bounds", Modifier.PRIVATE)
                        .addJavadoc("Each column's k-th best element, in a row, for an outer axis's SIMD screen; made by\n"
                                + "{@link #bounds()}. A call needs one of the two rows, and makes only that one.\n")
                        .build())
                .addField(FieldSpec.builder(longs, "selected", Modifier.FINAL)
                        .addJavadoc("Selection's copy of a slice's keys, which it reorders; null for the buffer.\n").build())
                .addField(longs, "bestKeys", Modifier.FINAL)
                .addField(longs, "keyScratch", Modifier.FINAL)
                .addField(ints, "rowScratch", Modifier.FINAL)
                .addMethod(MethodSpec.constructorBuilder()
                        .addJavadoc("Scratch for the calls of {@code plan} and {@code k}, and for any range of its columns.\n\n"
                                + "@param plan the call's geometry\n@param k the elements each slice gives\n")
                        .addModifiers(Modifier.PUBLIC)
                        .addParameter(RuntimeClasses.REDUCTION_PLAN, "plan")
                        .addParameter(TypeName.INT, "k")
                        .addStatement("int axisLength = plan.axisLength()")
                        .beginControlFlow("if (k > 0 && $N(axisLength, k))", TopKSelection.SELECTS)
                        .addStatement("block = 1")
                        .addStatement("keys = new long[axisLength]")
                        .addStatement("rows = new int[k]")
                        .addStatement("selected = new long[axisLength]")
                        .addStatement("bestKeys = new long[k]")
                        .addStatement("keyScratch = new long[k]")
                        .addStatement("rowScratch = new int[k]")
                        .nextControlFlow("else")
                        .addStatement("block = $T.max(1, $T.min($T.min(plan.inner(), COLUMN_BLOCK), BUFFER_ENTRIES / $T.max(1, k)))",
                                Math.class, Math.class, Math.class, Math.class)
                        .addStatement("keys = new long[block * k]")
                        .addStatement("rows = new int[block * k]")
                        .addStatement("selected = null")
                        .addStatement("bestKeys = null")
                        .addStatement("keyScratch = null")
                        .addStatement("rowScratch = null")
                        .endControlFlow()
                        .build())
                .addMethod(MethodSpec.methodBuilder("kth")
                        .addJavadoc("The row of k-th best keys, made at its first use.\n")
                        .returns(longs)
                        .beginControlFlow("if (kth == null)")
                        .addStatement("kth = new long[block]")
                        .endControlFlow()
                        .addStatement("return kth")
                        .build())
                .addMethod(MethodSpec.methodBuilder("bounds")
                        .addJavadoc("The row of k-th best elements, made at its first use.\n")
                        .returns(storage.arrayType())
                        .beginControlFlow("if (bounds == null)")
                        .addStatement("bounds = new $T[block]", storage.type())
                        .endControlFlow()
                        .addStatement("return bounds")
                        .build())
                .build();
    }

    /**
     * {@code valuesAt}: the element at each slice's index, for indices in the layout {@code (outer, inner)}
     * that the ArgMax or ArgMin kernel of the type wrote (k = 1).
     */
    static MethodSpec valuesAt(JavaStorage storage) {
        return MethodSpec.methodBuilder("valuesAt")
                .addJavadoc("Writes, for every slice of {@code plan}, the element at its index in {@code indices} to\n"
                        + "{@code values}, both from {@code outOffset} in the layout {@code (outer, inner)}: the values of\n"
                        + "the indices an arg-reduction kernel found, for k = 1.\n")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(storage.arrayType(), "data")
                .addParameter(TypeName.INT, "offset")
                .addParameter(RuntimeClasses.REDUCTION_PLAN, "plan")
                .addParameter(long[].class, "indices")
                .addParameter(storage.arrayType(), "values")
                .addParameter(TypeName.INT, "outOffset")
                .addStatement("int axisLength = plan.axisLength()")
                .addStatement("int inner = plan.inner()")
                .beginControlFlow("for (int o = 0; o < plan.outer(); o++)")
                .addStatement("int sliceBase = offset + o * axisLength * inner")
                .addStatement("int out = outOffset + o * inner")
                .beginControlFlow("for (int c = 0; c < inner; c++)")
                .addStatement("values[out + c] = data[sliceBase + (int) indices[out + c] * inner + c]")
                .endControlFlow()
                .endControlFlow()
                .build();
    }
}
