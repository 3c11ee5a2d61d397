package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The two signatures every outer-axis loop over a block of columns has, whatever its element form
 * ({@link ColumnPlainLoop}, {@link Column8BitWordLoop}, {@link Column16BitWordLoop}): declared once here,
 * as {@link SliceBlocks#declare} does for the slice loops. A loop's own scratch goes before {@code best}.
 */
final class ColumnBlocks {

    private ColumnBlocks() {}

    /**
     * A private static {@code void name(data, start, stride, axisLength, width, scratch..., best, out, outStart)}:
     * the loop that writes the indices of {@code width} columns, keeping their running bests as {@code key}s.
     */
    static MethodSpec.Builder declareLoop(String name, TypeName dataType, TypeName key, ParameterSpec... scratch) {
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(dataType, "data")
                .addParameter(TypeName.INT, "start")
                .addParameter(TypeName.INT, "stride")
                .addParameter(TypeName.INT, "axisLength")
                .addParameter(TypeName.INT, "width")
                .addParameters(List.of(scratch))
                .addParameter(ArrayTypeName.of(key), "best")
                .addParameter(ArrayTypeName.of(TypeName.LONG), "out")
                .addParameter(TypeName.INT, "outStart");
    }

    /**
     * A private static {@code void name(data, start, stride, firstRow, rows, width, scratch..., best, indices,
     * bestStart, indexBase)}: the fold of rows {@code firstRow} (named as given) to {@code rows - 1} of
     * {@code width} columns into running bests kept as {@code foldKey}s.
     */
    static MethodSpec.Builder declareFold(String name, TypeName dataType, TypeName foldKey, String firstRow,
            ParameterSpec... scratch) {
        return MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(dataType, "data")
                .addParameter(TypeName.INT, "start")
                .addParameter(TypeName.INT, "stride")
                .addParameter(TypeName.INT, firstRow)
                .addParameter(TypeName.INT, "rows")
                .addParameter(TypeName.INT, "width")
                .addParameters(List.of(scratch))
                .addParameter(ArrayTypeName.of(foldKey), "best")
                .addParameter(ArrayTypeName.of(TypeName.LONG), "indices")
                .addParameter(TypeName.INT, "bestStart")
                .addParameter(TypeName.LONG, "indexBase");
    }
}
