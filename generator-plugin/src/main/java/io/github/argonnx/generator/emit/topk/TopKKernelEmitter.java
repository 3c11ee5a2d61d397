package io.github.argonnx.generator.emit.topk;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.JavaSourceEmitter;
import io.github.argonnx.generator.emit.KernelTarget;
import io.github.argonnx.generator.java.Comparison;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.semantics.OperatorFamily;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Emits one TopK kernel per element type: {@code TopKFloatKernel}, {@code TopKUint8Kernel}, ...
 *
 * <p>Each element becomes its order key ({@link Comparison#orderKeyOfBits}: a {@code long} in value order, NaN
 * above every number, -0 and +0 equal, unsigned types unsigned), flipped for the smallest, so that one
 * {@code long} comparison decides and the axis index breaks ties. Per output column the kernel keeps a sorted
 * buffer of the k best keys with their indices; an element enters only when it beats the k-th (a binary search
 * and a shift). A contiguous slice offers only the elements that beat the k-th best, found by a search or
 * by screened blocks ({@link TopKSliceScreen}), or in arrays, when the JVM has the Vector API, by the
 * type's SIMD screen ({@link TopKVectorScreenEmitter}); an outer axis is walked in memory order over blocks
 * of columns, a buffer per column, each element screened against its column's k-th best ({@link TopKColumnScreen}). Where the buffer's expected shifts would cost more than a pass of selection,
 * each slice is selected for its k best instead, which are then sorted ({@link TopKSelection}): the cost grows
 * smoothly with k, up to the whole axis.
 */
public final class TopKKernelEmitter extends JavaSourceEmitter {

    /** The most buffer entries a block of columns keeps, so that a large k takes one column at a time. */
    static final int BUFFER_ENTRIES = 1 << 16;

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        List<JavaSource> files = new ArrayList<>();
        for (KernelTarget target : context.kernelsToGenerate(OperatorFamily.TOP_K)) {
            files.add(new JavaSource(GeneratedFile.Kind.MAIN_SOURCE, context.names().kernelPackage(),
                    kernel(context, target.type()), target.provenance(context)));
        }
        return files;
    }

    private static TypeSpec.Builder kernel(GenerationContext context, ElementType type) {
        ClassName name = context.names().topKKernelClass(type);
        JavaStorage storage = JavaStorage.of(type);
        TopKSliceScreen screen = new TopKSliceScreen(type);
        TopKColumnScreen columns = new TopKColumnScreen(storage);
        return TypeSpec.classBuilder(name)
                .addJavadoc("TopK over $L elements ($L), compared by their order keys ({@link #$N}).\n\n"
                        + "<p>Not API: called by the generated operator class.\n",
                        type.onnxName(), JavaStorage.description(type), GeneratedNames.ORDER_KEY)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addField(FieldSpec.builder(TypeName.INT, "COLUMN_BLOCK", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("$L", TopKColumnScreen.BLOCK).build())
                .addField(FieldSpec.builder(TypeName.INT, "BUFFER_ENTRIES", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("1 << $L", Integer.numberOfTrailingZeros(BUFFER_ENTRIES)).build())
                .addField(FieldSpec.builder(ParameterizedTypeName.get(RuntimeClasses.VECTORIZED_TOP_K_SCREEN, storage.arrayType()),
                                GeneratedNames.VECTOR_SCREEN, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("The SIMD screen of contiguous slices of arrays, or null: the JIT then drops its branch.\n")
                        .initializer("$T.loadTopKScreen($T.class, $S, $T.class)", RuntimeClasses.VECTOR_SUPPORT, name,
                                context.names().topKVectorScreenClass(type).reflectionName(), storage.arrayType())
                        .build())
                .addFields(screen.constants())
                .addFields(TopKSelection.constants())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addType(TopKKernelContract.scratch(name, storage))
                .addMethod(entry(name, storage, storage.arrayType(), "data[$L]", true))
                .addMethod(entry(name, storage, storage.bufferType(), "data.get($L)", false))
                .addMethod(selectedEntry(name, storage, storage.arrayType(), "data[$L]"))
                .addMethod(selectedEntry(name, storage, storage.bufferType(), "data.get($L)"))
                .addMethod(TopKKernelContract.valuesAt(storage))
                .addMethods(screen.methods(storage.arrayType(), "data[$L]"))
                .addMethods(screen.methods(storage.bufferType(), "data.get($L)"))
                .addMethods(screen.sharedMethods())
                .addMethod(columns.method(storage.arrayType(), "data[$L]"))
                .addMethod(columns.method(storage.bufferType(), "data.get($L)"))
                .addMethod(columns.screenedMethod(storage.arrayType()))
                .addMethod(TopKColumnScreen.enterRows())
                .addMethod(TopKColumnScreen.insert())
                .addMethods(TopKSelection.sharedMethods())
                .addMethod(MethodSpec.methodBuilder("offer")
                        .addJavadoc("Offers one key to the sorted buffer {@code [base, base + count)}, best first, and returns\n"
                                + "the new count. A key enters only when it beats the k-th; among equal keys the earlier\n"
                                + "row stays ahead, as rows arrive in ascending order.\n")
                        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                        .returns(TypeName.INT)
                        .addParameter(long[].class, "keys")
                        .addParameter(int[].class, "rows")
                        .addParameter(TypeName.INT, "base")
                        .addParameter(TypeName.INT, "count")
                        .addParameter(TypeName.INT, "k")
                        .addParameter(TypeName.LONG, "key")
                        .addParameter(TypeName.INT, "row")
                        .beginControlFlow("if (count == k)")
                        .beginControlFlow("if (key <= keys[base + k - 1])")
                        .addStatement("return count")
                        .endControlFlow()
                        .addStatement("count = k - 1")
                        .endControlFlow()
                        .addStatement("int low = 0")
                        .addStatement("int high = count")
                        .beginControlFlow("while (low < high)")
                        .addStatement("int middle = (low + high) >>> 1")
                        .beginControlFlow("if (keys[base + middle] >= key)")
                        .addStatement("low = middle + 1")
                        .nextControlFlow("else")
                        .addStatement("high = middle")
                        .endControlFlow()
                        .endControlFlow()
                        .addStatement("$T.arraycopy(keys, base + low, keys, base + low + 1, count - low)", System.class)
                        .addStatement("$T.arraycopy(rows, base + low, rows, base + low + 1, count - low)", System.class)
                        .addStatement("keys[base + low] = key")
                        .addStatement("rows[base + low] = row")
                        .addStatement("return count + 1")
                        .build())
                .addMethod(MethodSpec.methodBuilder(GeneratedNames.ORDER_KEY)
                        .addJavadoc("The raw_data bits of an element, zero-extended, to a long in value order: $L.\n",
                                Comparison.of(type).orderKeyDescription(type))
                        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                        .returns(TypeName.LONG)
                        .addParameter(TypeName.LONG, "bits")
                        .addCode(Comparison.of(type).orderKeyOfBits(type))
                        .build());
    }

    /** A large k: each slice selected for its k best, which are then sorted ({@link TopKSelection}). */
    private static MethodSpec selectedEntry(ClassName kernel, JavaStorage storage, TypeName source, String read) {
        return TopKSelection.entry(TopKKernelContract.withKernelParameters(MethodSpec.methodBuilder(TopKSelection.TOP_K_SELECTED)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC), kernel, storage, source), kernel, storage, read);
    }

    /**
     * The row an outer axis's screen keeps per column: {@code bounds} for the SIMD screen of arrays, when the kernel
     * has it and it takes blocks of this call's columns, otherwise {@code kth}.
     */
    private static CodeBlock columnRows(JavaStorage storage, boolean array) {
        if (!array) {
            return CodeBlock.builder().addStatement("long[] kth = inner > 1 ? work.kth() : null").build();
        }
        return CodeBlock.builder()
                .addStatement("$T bounds = inner > 1 && $N != null && $N.screensColumns($T.min(block, columnTo - columnFrom))"
                        + " ? work.bounds() : null", storage.arrayType(), GeneratedNames.VECTOR_SCREEN, GeneratedNames.VECTOR_SCREEN,
                        Math.class)
                .addStatement("long[] kth = inner > 1 && bounds == null ? work.kth() : null")
                .build();
    }

    /** The public entry over one data source; {@code read} reads the element at a position given as {@code $L}. */
    private static MethodSpec entry(ClassName kernel, JavaStorage storage, TypeName source, String read, boolean array) {
        CodeBlock winner = CodeBlock.of(read, "sliceBase + row * inner + from + c");
        return TopKKernelContract.withKernelParameters(MethodSpec.methodBuilder(GeneratedNames.TOP_K)
                .addJavadoc("Writes, for every slice {@code (o, i)} of {@code plan} with {@code columnFrom <= i < columnTo}, its\n"
                        + "{@code k} best elements and their indices along the axis, best first (equal elements: the lower\n"
                        + "index first), to {@code values} and {@code indices} in the output layout {@code (outer, k, inner)}\n"
                        + "from {@code outOffset}. {@code largest} picks the largest, where NaN is first, otherwise the\n"
                        + "smallest, where NaN is last. The output is always sorted. Works in {@code scratch}, made for\n"
                        + "this plan and k, or in arrays of its own when it is null.\n")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC), kernel, storage, source)
                .beginControlFlow("if (k == 0 || outer == 0 || columnFrom >= columnTo)")
                .addStatement("return")
                .endControlFlow()
                .beginControlFlow("if ($N(axisLength, k))", TopKSelection.SELECTS)
                .addStatement("$N(data, offset, plan, columnFrom, columnTo, k, largest, scratch, values, indices, outOffset)",
                        TopKSelection.TOP_K_SELECTED)
                .addStatement("return")
                .endControlFlow()
                .addComment("flipping every bit reverses the order of keys: the smallest then compares as the best")
                .addStatement("long flip = largest ? 0L : -1L")
                .addCode(TopKKernelContract.scratchOrOwn(kernel))
                .addStatement("int block = work.block")
                .addStatement("long[] keys = work.keys")
                .addStatement("int[] rows = work.rows")
                .addCode(columnRows(storage, array))
                .beginControlFlow("for (int o = 0; o < outer; o++)")
                .addStatement("int sliceBase = offset + o * axisLength * inner")
                .addStatement("int outBase = outOffset + o * k * inner")
                .beginControlFlow("for (int from = columnFrom; from < columnTo; from += block)")
                .addStatement("int columns = $T.min(block, columnTo - from)", Math.class)
                .beginControlFlow("if (inner == 1)")
                .addComment("a contiguous slice: its blocks are screened against the k-th best")
                .addStatement(TopKSliceScreen.call())
                .addCode(TopKColumnScreen.calls(array))
                .endControlFlow()
                .beginControlFlow("for (int c = 0; c < columns; c++)")
                .beginControlFlow("for (int j = 0; j < k; j++)")
                .addStatement("int row = rows[c * k + j]")
                .addStatement("int out = outBase + j * inner + from + c")
                .addStatement("values[out] = $L", winner)
                .addStatement("indices[out] = row")
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .build();
    }
}
