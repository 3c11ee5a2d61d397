package io.github.argonnx.generator.emit.topk;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import javax.lang.model.element.Modifier;

/**
 * The TopK loop of an outer axis ({@code inner > 1}): a block of columns walked row by row in memory order,
 * each row of the block one contiguous stream, with a sorted buffer of the k best per column. The first k rows
 * fill every buffer; from then on each element is compared with its column's k-th best key, kept in a row of
 * its own ({@code kth}, one long per column, contiguous), and only an element that beats it enters the buffer.
 * After the first rows few elements do, so most cost a load, their order key and one compare, and the block's
 * rows are read as streams however far apart they lie. Rows are taken {@value #ROWS_PER_PASS} at a time: a
 * column's k-th key is loaded once for them and one branch, rarely taken, tests them together; the keys that
 * pass enter their column's buffer in row order ({@code enterRows}), for k up to {@value #WALK_BACK_MAX_K} by a
 * walk back from the k-th ({@code insert}).
 *
 * <p>Arrays, where the kernel holds its SIMD screen, take {@code topKOfColumnsScreened} instead: a row of each
 * column's k-th best element ({@code bounds}, in place of {@code kth}) against which the screen compares a vector of
 * a row's columns, so that only the columns it passes get an order key.
 */
final class TopKColumnScreen {

    /** The columns of an outer axis walked together, at most: their buffers and k-th keys stay in cache. */
    static final int BLOCK = 1024;

    /**
     * A row of the SIMD screen whose passed columns are more than one in this many is followed by rows taken column
     * by column: each passed column costs a call into the screen, more than the scalar test of its element.
     */
    static final int DENSE_ROW = 16;

    /** The rows tested together against a column's k-th key. */
    static final int ROWS_PER_PASS = 4;

    /**
     * The largest k whose buffers take a key by walking back from the end: one hard-to-predict branch where the
     * binary search has several, and no copy calls; past it, the walk's k / 2 steps a key would outgrow
     * {@code offer}'s search and copies.
     */
    static final int WALK_BACK_MAX_K = 128;

    private static final String COLUMNS = "topKOfColumns";
    private static final String SCREENED = "topKOfColumnsScreened";
    private static final String ENTER_ROWS = "enterRows";
    private static final String INSERT = "insert";

    private final JavaStorage storage;

    TopKColumnScreen(JavaStorage storage) {
        this.storage = storage;
    }

    /**
     * The calls that fill the buffers of the block of {@code columns} columns from {@code from}: for arrays, the SIMD
     * screen's where the entry took its {@code bounds} row.
     */
    static CodeBlock calls(boolean array) {
        CodeBlock.Builder code = CodeBlock.builder();
        if (array) {
            code.nextControlFlow("else if (bounds != null)")
                    .add("// an outer axis, screened a vector of columns at a time against their k-th bests\n")
                    .addStatement("$N(data, sliceBase + from, inner, axisLength, columns, k, largest, keys, rows, bounds)", SCREENED);
        }
        return code.nextControlFlow("else")
                .add("// an outer axis: each element is screened against its column's k-th best\n")
                .addStatement("$N(data, sliceBase + from, inner, axisLength, columns, k, largest, keys, rows, kth)", COLUMNS)
                .build();
    }

    /**
     * The column walk of arrays with the kernel's SIMD screen: the first k rows fill the buffers as in {@link #method},
     * {@code bounds[c]} then holds column c's k-th best element, and each later row is searched by
     * {@code nextColumnBeating} for the next column whose element may beat it; only those elements get an order key,
     * which decides as the scalar screen's does.
     */
    MethodSpec screenedMethod(TypeName array) {
        CodeBlock element = CodeBlock.of("data[rowBase + c]");
        return firstRows(SCREENED, array, element, array, "bounds")
                .addJavadoc("Fills the buffers of the {@code columns} columns from {@code start} as {@code $N} does, with the SIMD\n"
                        + "screen: {@code bounds[c]} holds column c's k-th best element once the first k rows are in, and the\n"
                        + "screen passes on only the columns of a row whose element may beat it.\n", COLUMNS)
                .beginControlFlow("for (int c = 0; c < columns; c++)")
                .addStatement("bounds[c] = data[start + rows[c * k + k - 1] * inner + c]")
                .endControlFlow()
                .addStatement("long elements = (long) (axisLength - k) * columns")
                .addStatement("long mark = $N.beforeColumns(elements)", GeneratedNames.VECTOR_SCREEN)
                .addStatement("boolean screened = true")
                .beginControlFlow("for (int r = k; r < axisLength; r++)")
                .addStatement("int rowBase = start + r * inner")
                .addComment("the columns the screen passed, or column by column the elements that entered")
                .addStatement("int passed = 0")
                .beginControlFlow("if (screened)")
                .beginControlFlow("for (int c = 0; (c = $N.nextColumnBeating(data, rowBase, bounds, c, columns, largest)) < columns; c++)",
                        GeneratedNames.VECTOR_SCREEN)
                .addStatement("passed++")
                .addCode(enterScreened(element, false))
                .endControlFlow()
                .nextControlFlow("else")
                .beginControlFlow("for (int c = 0; c < columns; c++)")
                .addCode(enterScreened(element, true))
                .endControlFlow()
                .endControlFlow()
                .addComment("many passed columns cost a call each: the next rows go column by column until few enter")
                .addStatement("screened = passed * $L < columns", DENSE_ROW)
                .endControlFlow()
                .addStatement("$N.afterColumns(mark, elements)", GeneratedNames.VECTOR_SCREEN)
                .build();
    }

    /** The column walk over one data source ({@code read} reads the element at a position given as {@code $L}). */
    MethodSpec method(TypeName source, String read) {
        CodeBlock element = CodeBlock.of(read, "rowBase + c");
        return firstRows(COLUMNS, source, element, TypeName.get(long[].class), "kth")
                .addJavadoc("Fills, for each of the {@code columns} columns from {@code start} (rows {@code inner} apart), the\n"
                        + "buffer {@code keys[c * k, c * k + k)} and {@code rows[c * k, c * k + k)} with its k best, best first,\n"
                        + "equal keys by the lower row. {@code kth[c]} holds column c's k-th best key once the first k rows\n"
                        + "are in: a later element enters only when it beats that.\n")
                .beginControlFlow("for (int c = 0; c < columns; c++)")
                .addStatement("kth[c] = keys[c * k + k - 1]")
                .endControlFlow()
                .addStatement("int r = k")
                .addCode(passes(read))
                .beginControlFlow("for (; r < axisLength; r++)")
                .addStatement("int rowBase = start + r * inner")
                .beginControlFlow("for (int c = 0; c < columns; c++)")
                .addStatement("long key = $N($L) ^ flip", GeneratedNames.ORDER_KEY, storage.toBits(element))
                .addComment("an equal key stays behind the earlier row's: only a better one enters")
                .beginControlFlow("if (key > kth[c])")
                .addStatement("offer(keys, rows, c * k, k, k, key, r)")
                .addStatement("kth[c] = keys[c * k + k - 1]")
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .build();
    }

    /** The passes of {@link #ROWS_PER_PASS} rows from row {@code r}, leaving {@code r} at the first row after them. */
    private CodeBlock passes(String read) {
        CodeBlock.Builder code = CodeBlock.builder()
                .beginControlFlow("for (; r + $L <= axisLength; r += $L)", ROWS_PER_PASS, ROWS_PER_PASS)
                .addStatement("int rowBase = start + r * inner")
                .beginControlFlow("for (int c = 0; c < columns; c++)")
                .addStatement("int at = rowBase + c");
        CodeBlock.Builder beats = CodeBlock.builder();
        CodeBlock.Builder keys = CodeBlock.builder();
        for (int j = 0; j < ROWS_PER_PASS; j++) {
            String position = j == 0 ? "at" : j == 1 ? "at + inner" : "at + " + j + " * inner";
            code.addStatement("long key$L = $N($L) ^ flip", j, GeneratedNames.ORDER_KEY, storage.toBits(CodeBlock.of(read, position)));
            beats.add(j == 0 ? "(key$L > kthKey)" : " | (key$L > kthKey)", j);
            keys.add(", key$L", j);
        }
        return code.addStatement("long kthKey = kth[c]")
                .add("// `|`, not `||`: one branch for the rows, which after the first rows is rarely taken\n")
                .beginControlFlow("if ($L)", beats.build())
                .addStatement("kth[c] = $N(keys, rows, c * k, k$L, r)", ENTER_ROWS, keys.build())
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .build();
    }

    /**
     * A column walk's signature, {@code threshold} being the row it keeps one entry of per column, and its first k
     * rows, each of which enters every column's buffer.
     */
    private MethodSpec.Builder firstRows(String name, TypeName source, CodeBlock element, TypeName threshold, String thresholdName) {
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(source, "data")
                .addParameter(TypeName.INT, "start")
                .addParameter(TypeName.INT, "inner")
                .addParameter(TypeName.INT, "axisLength")
                .addParameter(TypeName.INT, "columns")
                .addParameter(TypeName.INT, "k")
                .addParameter(TypeName.BOOLEAN, "largest")
                .addParameter(long[].class, "keys")
                .addParameter(int[].class, "rows")
                .addParameter(threshold, thresholdName)
                .addStatement("long flip = largest ? 0L : -1L")
                .addComment("each of the first k rows enters every buffer, which then holds r entries")
                .beginControlFlow("for (int r = 0; r < k; r++)")
                .addStatement("int rowBase = start + r * inner")
                .beginControlFlow("for (int c = 0; c < columns; c++)")
                .addStatement("offer(keys, rows, c * k, r, k, $N($L) ^ flip, r)", GeneratedNames.ORDER_KEY, storage.toBits(element))
                .endControlFlow()
                .endControlFlow();
    }

    /**
     * The order key of the element of column {@code c} at {@code rowBase}, which enters the column's buffer when it
     * beats the k-th, and the column's new k-th element in {@code bounds}; counted in {@code passed} when
     * {@code counted}.
     */
    private CodeBlock enterScreened(CodeBlock element, boolean counted) {
        CodeBlock.Builder code = CodeBlock.builder()
                .addStatement("long key = $N($L) ^ flip", GeneratedNames.ORDER_KEY, storage.toBits(element))
                .addStatement("int last = c * k + k - 1")
                .add("// the screen passes elements equal to the k-th in order (NaN, -0): only a better key enters\n")
                .beginControlFlow("if (key > keys[last])")
                .addStatement("$N(keys, rows, c * k, k, key, r)", INSERT)
                .addStatement("bounds[c] = data[start + rows[last] * inner + c]");
        if (counted) {
            code.addStatement("passed++");
        }
        return code.endControlFlow().build();
    }

    /** {@code enterRows}: the keys of one column's rows {@code r} on, offered in row order; returns its k-th key. */
    static MethodSpec enterRows() {
        MethodSpec.Builder method = MethodSpec.methodBuilder(ENTER_ROWS)
                .addJavadoc("Offers the keys of rows {@code r} to {@code r + $L} of one column to its full buffer\n"
                        + "{@code [base, base + k)}, in row order, and returns the buffer's k-th key after them.\n",
                        ROWS_PER_PASS - 1)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(TypeName.LONG)
                .addParameter(long[].class, "keys")
                .addParameter(int[].class, "rows")
                .addParameter(TypeName.INT, "base")
                .addParameter(TypeName.INT, "k");
        for (int j = 0; j < ROWS_PER_PASS; j++) {
            method.addParameter(TypeName.LONG, "key" + j);
        }
        method.addParameter(TypeName.INT, "r");
        method.addStatement("int last = base + k - 1");
        for (int j = 0; j < ROWS_PER_PASS; j++) {
            method.beginControlFlow("if (key$L > keys[last])", j)
                    .addStatement("$N(keys, rows, base, k, key$L, $L)", INSERT, j, j == 0 ? "r" : "r + " + j)
                    .endControlFlow();
        }
        return method.addStatement("return keys[last]").build();
    }

    /** {@code insert}: a key that beats a full buffer's k-th enters it, behind the equal keys of earlier rows. */
    static MethodSpec insert() {
        return MethodSpec.methodBuilder(INSERT)
                .addJavadoc("Puts {@code key}, which beats the k-th key of the full buffer {@code [base, base + k)}, in its\n"
                        + "place, behind equal keys (earlier rows), and drops the k-th.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(long[].class, "keys")
                .addParameter(int[].class, "rows")
                .addParameter(TypeName.INT, "base")
                .addParameter(TypeName.INT, "k")
                .addParameter(TypeName.LONG, "key")
                .addParameter(TypeName.INT, "row")
                .beginControlFlow("if (k > $L)", WALK_BACK_MAX_K)
                .addStatement("offer(keys, rows, base, k, k, key, row)")
                .addStatement("return")
                .endControlFlow()
                .addComment("a short buffer: walk back from the k-th, shifting each key the new one beats")
                .addStatement("int i = base + k - 1")
                .beginControlFlow("while (i > base && keys[i - 1] < key)")
                .addStatement("keys[i] = keys[i - 1]")
                .addStatement("rows[i] = rows[i - 1]")
                .addStatement("i--")
                .endControlFlow()
                .addStatement("keys[i] = key")
                .addStatement("rows[i] = row")
                .build();
    }
}
