package io.github.argonnx.generator.emit.topk;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.JavaSourceEmitter;
import io.github.argonnx.generator.emit.KernelTarget;
import io.github.argonnx.generator.java.Comparison;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
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
 * and a shift), so the cost grows smoothly with k. An outer axis is walked in memory order over blocks of
 * columns, a buffer per column. Above {@link #SORT_ABOVE} each slice is sorted whole instead, so that a k
 * up to the whole axis costs a merge sort, not shifts that grow with k.
 */
public final class TopKKernelEmitter extends JavaSourceEmitter {

    /** The most buffer entries a block of columns keeps, so that a large k takes one column at a time. */
    static final int BUFFER_ENTRIES = 1 << 16;

    /** The columns of an outer axis walked together. */
    static final int COLUMN_BLOCK = 64;

    /**
     * Above this k the kernel sorts each slice whole (a stable merge sort, n log n) instead of keeping a buffer
     * of the k best, whose shifts grow with k: so a large k, up to the whole axis, costs no more than a sort.
     */
    static final int SORT_ABOVE = 256;

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
        return TypeSpec.classBuilder(name)
                .addJavadoc("TopK over $L elements ($L), compared by their order keys ({@link #$N}).\n\n"
                        + "<p>Not API: called by the generated operator class.\n",
                        type.onnxName(), JavaStorage.description(type), GeneratedNames.ORDER_KEY)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addField(FieldSpec.builder(TypeName.INT, "COLUMN_BLOCK", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("$L", COLUMN_BLOCK).build())
                .addField(FieldSpec.builder(TypeName.INT, "BUFFER_ENTRIES", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("1 << $L", Integer.numberOfTrailingZeros(BUFFER_ENTRIES)).build())
                .addField(FieldSpec.builder(TypeName.INT, "SORT_ABOVE", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("$L", SORT_ABOVE).build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addType(TopKKernelContract.scratch(name))
                .addMethod(entry(name, storage, storage.arrayType(), "data[$L]"))
                .addMethod(entry(name, storage, storage.bufferType(), "data.get($L)"))
                .addMethod(sortedEntry(name, storage, storage.arrayType(), "data[$L]"))
                .addMethod(sortedEntry(name, storage, storage.bufferType(), "data.get($L)"))
                .addMethod(TopKKernelContract.valuesAt(storage))
                .addMethod(sortBestFirst())
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

    /** A large k: every slice sorted whole, best first, and its first k written. */
    private static MethodSpec sortedEntry(ClassName kernel, JavaStorage storage, TypeName source, String read) {
        return TopKKernelContract.withKernelParameters(MethodSpec.methodBuilder("topKSorted")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC), kernel, storage, source)
                .addStatement("long flip = largest ? 0L : -1L")
                .addCode(TopKKernelContract.scratchOrOwn(kernel))
                .addStatement("long[] keys = work.keys")
                .addStatement("int[] rows = work.rows")
                .addStatement("long[] keyScratch = work.keyScratch")
                .addStatement("int[] rowScratch = work.rowScratch")
                .beginControlFlow("for (int o = 0; o < outer; o++)")
                .addStatement("int sliceBase = offset + o * axisLength * inner")
                .addStatement("int outBase = outOffset + o * k * inner")
                .beginControlFlow("for (int c = columnFrom; c < columnTo; c++)")
                .beginControlFlow("for (int r = 0; r < axisLength; r++)")
                .addStatement("keys[r] = $N($L) ^ flip", GeneratedNames.ORDER_KEY,
                        storage.toBits(CodeBlock.of(read, "sliceBase + r * inner + c")))
                .addStatement("rows[r] = r")
                .endControlFlow()
                .addStatement("sortBestFirst(keys, rows, keyScratch, rowScratch, axisLength)")
                .beginControlFlow("for (int j = 0; j < k; j++)")
                .addStatement("int out = outBase + j * inner + c")
                .addStatement("values[out] = $L", CodeBlock.of(read, "sliceBase + rows[j] * inner + c"))
                .addStatement("indices[out] = rows[j]")
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .build();
    }

    /** A stable bottom-up merge sort, larger keys first: equal keys keep their rows' ascending order. */
    private static MethodSpec sortBestFirst() {
        return MethodSpec.methodBuilder("sortBestFirst")
                .addJavadoc("Sorts {@code keys[0, n)}, and {@code rows} with them, larger keys first; stable, so that equal\n"
                        + "keys keep the lower row first.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(long[].class, "keys")
                .addParameter(int[].class, "rows")
                .addParameter(long[].class, "keyScratch")
                .addParameter(int[].class, "rowScratch")
                .addParameter(TypeName.INT, "n")
                .addStatement("long[] fromKeys = keys")
                .addStatement("int[] fromRows = rows")
                .addStatement("long[] toKeys = keyScratch")
                .addStatement("int[] toRows = rowScratch")
                .beginControlFlow("for (int width = 1; width < n; width <<= 1)")
                .beginControlFlow("for (int low = 0; low < n; low += 2 * width)")
                .addStatement("int middle = $T.min(low + width, n)", Math.class)
                .addStatement("int high = $T.min(low + 2 * width, n)", Math.class)
                .addStatement("int i = low")
                .addStatement("int j = middle")
                .beginControlFlow("for (int out = low; out < high; out++)")
                .beginControlFlow("if (j >= high || (i < middle && fromKeys[i] >= fromKeys[j]))")
                .addStatement("toKeys[out] = fromKeys[i]")
                .addStatement("toRows[out] = fromRows[i++]")
                .nextControlFlow("else")
                .addStatement("toKeys[out] = fromKeys[j]")
                .addStatement("toRows[out] = fromRows[j++]")
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .addStatement("long[] swapKeys = fromKeys")
                .addStatement("fromKeys = toKeys")
                .addStatement("toKeys = swapKeys")
                .addStatement("int[] swapRows = fromRows")
                .addStatement("fromRows = toRows")
                .addStatement("toRows = swapRows")
                .endControlFlow()
                .beginControlFlow("if (fromKeys != keys)")
                .addStatement("$T.arraycopy(fromKeys, 0, keys, 0, n)", System.class)
                .addStatement("$T.arraycopy(fromRows, 0, rows, 0, n)", System.class)
                .endControlFlow()
                .build();
    }

    /** The public entry over one data source; {@code read} reads the element at a position given as {@code $L}. */
    private static MethodSpec entry(ClassName kernel, JavaStorage storage, TypeName source, String read) {
        CodeBlock element = CodeBlock.of(read, "rowBase + c");
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
                .beginControlFlow("if (k > SORT_ABOVE)")
                .addStatement("topKSorted(data, offset, plan, columnFrom, columnTo, k, largest, scratch, values, indices, outOffset)")
                .addStatement("return")
                .endControlFlow()
                .addComment("flipping every bit reverses the order of keys: the smallest then compares as the best")
                .addStatement("long flip = largest ? 0L : -1L")
                .addCode(TopKKernelContract.scratchOrOwn(kernel))
                .addStatement("int block = work.block")
                .addStatement("long[] keys = work.keys")
                .addStatement("int[] rows = work.rows")
                .addStatement("int[] counts = work.counts")
                .beginControlFlow("for (int o = 0; o < outer; o++)")
                .addStatement("int sliceBase = offset + o * axisLength * inner")
                .addStatement("int outBase = outOffset + o * k * inner")
                .beginControlFlow("for (int from = columnFrom; from < columnTo; from += block)")
                .addStatement("int columns = $T.min(block, columnTo - from)", Math.class)
                .addStatement("$T.fill(counts, 0, columns, 0)", java.util.Arrays.class)
                .beginControlFlow("for (int r = 0; r < axisLength; r++)")
                .addStatement("int rowBase = sliceBase + r * inner + from")
                .beginControlFlow("for (int c = 0; c < columns; c++)")
                .addStatement("long key = $N($L) ^ flip", GeneratedNames.ORDER_KEY, storage.toBits(element))
                .addStatement("counts[c] = offer(keys, rows, c * k, counts[c], k, key, r)")
                .endControlFlow()
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
