package io.github.argonnx.generator.emit.topk;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import java.util.Arrays;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * TopK by selection, for a k whose sorted buffer would cost more than a pass of selection: each slice's keys
 * are selected for the k-th best (Wirth's quickselect with a median of three, sorted by {@code Arrays.sort}
 * once its partitions run past a budget), the k best are collected in row order (of the keys equal to the
 * k-th, the lowest rows), and those k are merge sorted, stably, so equal keys keep the lower row first. Its
 * time is a pass over the slice plus a sort of k: it grows smoothly with k, up to the whole axis.
 *
 * <p>{@link #SELECTS} picks, per call, the cheaper of the two from the expected work of a buffer on data in no
 * particular order: k ln(axisLength / k) entries, each a binary search and a shift of k / 2 entries on average.
 */
final class TopKSelection {

    /**
     * The buffer's work per entry besides its shift, in entries shifted; with {@link #SELECT_COST}, set where the
     * two paths cost the same on float rows of 100, 1000 and 32000 elements in no particular order.
     */
    static final int ENTRY_COST = 8;

    /** Selection's work per element of a slice, in entries shifted (see {@link #ENTRY_COST}). */
    static final int SELECT_COST = 40;

    static final String SELECTS = "selects";
    static final String TOP_K_SELECTED = "topKSelected";
    private static final String SELECT = "select";
    private static final String SORT = "sortBestFirst";

    private TopKSelection() {
    }

    static List<FieldSpec> constants() {
        return List.of(constant("ENTRY_COST", ENTRY_COST, "The buffer's work per entry besides its shift, in entries shifted."),
                constant("SELECT_COST", SELECT_COST, "Selection's work per element of a slice, in entries shifted."));
    }

    private static FieldSpec constant(String name, int value, String doc) {
        return FieldSpec.builder(TypeName.INT, name, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc(doc + "\n")
                .initializer("$L", value)
                .build();
    }

    /** The methods both data sources share. */
    static List<MethodSpec> sharedMethods() {
        return List.of(selects(), select(), sortBestFirst());
    }

    private static MethodSpec selects() {
        return MethodSpec.methodBuilder(SELECTS)
                .addJavadoc("Whether selection costs less than the sorted buffer: the buffer takes about\n"
                        + "{@code k ln(axisLength / k)} entries from data in no particular order, each a search and a shift\n"
                        + "of {@code k / 2}; selection costs a pass over the axis.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.BOOLEAN)
                .addParameter(TypeName.INT, "axisLength")
                .addParameter(TypeName.INT, "k")
                .addStatement("long entries = (long) k * (1 + 31 - $T.numberOfLeadingZeros(axisLength / k))", Integer.class)
                .addStatement("return entries * (k / 2 + ENTRY_COST) > (long) SELECT_COST * axisLength")
                .build();
    }

    /** The entry of selection over one data source, with the kernel's parameters; it works in the call's scratch. */
    static MethodSpec entry(MethodSpec.Builder method, ClassName kernel, JavaStorage storage, String read) {
        return method
                .addStatement("long flip = largest ? 0L : -1L")
                .addCode(TopKKernelContract.scratchOrOwn(kernel))
                .addStatement("long[] keys = work.keys")
                .addStatement("long[] selected = work.selected")
                .addStatement("long[] bestKeys = work.bestKeys")
                .addStatement("int[] bestRows = work.rows")
                .addStatement("long[] keyScratch = work.keyScratch")
                .addStatement("int[] rowScratch = work.rowScratch")
                .beginControlFlow("for (int o = 0; o < outer; o++)")
                .addStatement("int sliceBase = offset + o * axisLength * inner")
                .addStatement("int outBase = outOffset + o * k * inner")
                .beginControlFlow("for (int c = columnFrom; c < columnTo; c++)")
                .beginControlFlow("for (int r = 0; r < axisLength; r++)")
                .addStatement("keys[r] = $N($L) ^ flip", GeneratedNames.ORDER_KEY,
                        storage.toBits(CodeBlock.of(read, "sliceBase + r * inner + c")))
                .endControlFlow()
                .addStatement("$T.arraycopy(keys, 0, selected, 0, axisLength)", System.class)
                .addStatement("long kth = $N(selected, axisLength, axisLength - k)", SELECT)
                .addStatement("int above = 0")
                .beginControlFlow("for (int r = 0; r < axisLength; r++)")
                .addStatement("above += keys[r] > kth ? 1 : 0")
                .endControlFlow()
                .addComment("of the keys equal to the k-th, the lowest rows: ties go to the lower index")
                .addStatement("int ties = k - above")
                .addStatement("int n = 0")
                .beginControlFlow("for (int r = 0; n < k; r++)")
                .addStatement("long key = keys[r]")
                .beginControlFlow("if (key > kth || (key == kth && ties-- > 0))")
                .addStatement("bestKeys[n] = key")
                .addStatement("bestRows[n++] = r")
                .endControlFlow()
                .endControlFlow()
                .addStatement("$N(bestKeys, bestRows, keyScratch, rowScratch, k)", SORT)
                .beginControlFlow("for (int j = 0; j < k; j++)")
                .addStatement("int out = outBase + j * inner + c")
                .addStatement("values[out] = $L", CodeBlock.of(read, "sliceBase + bestRows[j] * inner + c"))
                .addStatement("indices[out] = bestRows[j]")
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .build();
    }

    /** Wirth's selection with a median-of-three pivot; past a budget of partitions the rest is sorted. */
    private static MethodSpec select() {
        return MethodSpec.methodBuilder(SELECT)
                .addJavadoc("The key that sorting {@code keys[0, n)} ascending would put at {@code target}; reorders the keys.\n"
                        + "Partitions around a median of three (Wirth's selection); once they pass a budget of twice\n"
                        + "{@code log2(n)}, the remaining range is sorted, so that no input costs more than a sort.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.LONG)
                .addParameter(long[].class, "keys")
                .addParameter(TypeName.INT, "n")
                .addParameter(TypeName.INT, "target")
                .addStatement("int low = 0")
                .addStatement("int high = n - 1")
                .addStatement("int budget = 2 * (32 - $T.numberOfLeadingZeros(n))", Integer.class)
                .beginControlFlow("while (low < high)")
                .beginControlFlow("if (budget-- == 0)")
                .addStatement("$T.sort(keys, low, high + 1)", Arrays.class)
                .addStatement("break")
                .endControlFlow()
                .addStatement("long a = keys[low]")
                .addStatement("long b = keys[(low + high) >>> 1]")
                .addStatement("long c = keys[high]")
                .addStatement("long pivot = $T.max($T.min(a, b), $T.min($T.max(a, b), c))",
                        Math.class, Math.class, Math.class, Math.class)
                .addStatement("int i = low")
                .addStatement("int j = high")
                .beginControlFlow("while (i <= j)")
                .addComment("the pivot is a key of the range: each scan stops at it, or at a key swapped past it")
                .beginControlFlow("while (keys[i] < pivot)")
                .addStatement("i++")
                .endControlFlow()
                .beginControlFlow("while (keys[j] > pivot)")
                .addStatement("j--")
                .endControlFlow()
                .beginControlFlow("if (i <= j)")
                .addStatement("long swap = keys[i]")
                .addStatement("keys[i++] = keys[j]")
                .addStatement("keys[j--] = swap")
                .endControlFlow()
                .endControlFlow()
                .addComment("now [low, j] <= pivot <= [i, high], and every key between j and i equals the pivot")
                .beginControlFlow("if (target <= j)")
                .addStatement("high = j")
                .nextControlFlow("else if (target >= i)")
                .addStatement("low = i")
                .nextControlFlow("else")
                .addStatement("return pivot")
                .endControlFlow()
                .endControlFlow()
                .addStatement("return keys[target]")
                .build();
    }

    /** A stable bottom-up merge sort, larger keys first: equal keys keep their rows' ascending order. */
    private static MethodSpec sortBestFirst() {
        return MethodSpec.methodBuilder(SORT)
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
}
