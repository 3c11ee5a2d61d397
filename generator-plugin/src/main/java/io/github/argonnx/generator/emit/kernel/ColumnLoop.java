package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import io.github.argonnx.generator.java.LoopFamily;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.List;

/**
 * The loop of one element form that a kernel's outer-axis entries ({@link ColumnEntries}) hand a block
 * of columns to ({@code inner > 1}): its names, the scratch it takes, and the methods it adds to the
 * scalar loops ({@link ColumnPlainLoop}) that every kernel has. The one place a family is mapped to its
 * outer-axis builder is {@link #of}, as {@link SliceLoop#of} is for contiguous slices.
 */
interface ColumnLoop {

    /**
     * The form of {@code type}'s family for {@code source}: buffers and the families without a loop over
     * words of columns take the scalar loops.
     */
    static ColumnLoop of(ElementType type, Extremum extremum, DataSource source) {
        if (source == DataSource.BUFFER) {
            return new ColumnPlainLoop(type, extremum);
        }
        return switch (LoopFamily.of(type)) {
            case PLAIN, THIRTY_TWO_BIT_SCREENS, IEEE -> new ColumnPlainLoop(type, extremum);
            case EIGHT_BIT_WORDS -> new Column8BitWordLoop(type, extremum);
            case SIXTEEN_BIT_WORDS -> new Column16BitWordLoop(type, extremum);
        };
    }

    /** The loop that writes the indices of a block of columns, from the first row or from the last. */
    String loopName(boolean fromEnd);

    /** The fold of a block of columns into running bests, for the first index or for the last. */
    String foldName(boolean last);

    /** The declaration of the loop's scratch for {@code size} columns, once per call; none by default. */
    default CodeBlock declareScratch(CodeBlock size) {
        return CodeBlock.of("");
    }

    /** The scratch the loop takes before {@code best}, as the argument list's text; none by default. */
    default String scratchArguments() {
        return "";
    }

    /** The parameters the fold entry takes for this form, with their documentation; none by default. */
    default void addFoldParameters(MethodSpec.Builder foldRows) {}

    /** What the fold entry declares before its loop over blocks of columns; nothing by default. */
    default CodeBlock beforeFoldBlocks() {
        return CodeBlock.of("");
    }

    /** What the first index's fold of a block takes before {@code best}, as argument text; none by default. */
    default CodeBlock firstFoldArguments() {
        return CodeBlock.of("");
    }

    /** The methods this form adds to the kernel's scalar loops; none by default. */
    default List<MethodSpec> addedMethods() {
        return List.of();
    }
}
