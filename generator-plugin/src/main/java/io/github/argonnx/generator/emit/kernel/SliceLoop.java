package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import io.github.argonnx.generator.java.LoopFamily;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.List;

/**
 * A kernel's loops over contiguous slices ({@code inner == 1}) of one {@link LoopFamily}: what
 * {@link KernelEmitter} adds to a kernel besides its entries, whatever the family. The one place a
 * family is mapped to its contiguous builder is {@link #of}, as {@link ColumnLoop#of} is for outer axes.
 */
interface SliceLoop {

    /** The builder of {@code type}'s family. */
    static SliceLoop of(ElementType type, Extremum extremum) {
        return switch (LoopFamily.of(type)) {
            case PLAIN -> new SlicePlainLoop(type, extremum);
            case THIRTY_TWO_BIT_SCREENS -> new Slice32BitScreenLoop(type, extremum);
            case IEEE -> new SliceIeeeLoop(type, extremum);
            case EIGHT_BIT_WORDS -> new Slice8BitWordLoop(type, extremum);
            case SIXTEEN_BIT_WORDS -> new Slice16BitWordLoop(type, extremum);
        };
    }

    /** The kernel's constants of these loops. */
    List<FieldSpec> constants();

    /** What the kernel's {@code reduceContiguous} runs before its loop over slices; empty by default. */
    default CodeBlock beforeSlices() {
        return CodeBlock.of("");
    }

    /**
     * The methods of one data source: the loops behind the kernel's {@code indexInSlice}, and the
     * public search against rivals ({@link SliceBlocks#firstIndicesBeating}).
     */
    List<MethodSpec> methods(DataSource source);

    /** The methods shared by both data sources, after the kernel's key methods; none by default. */
    default List<MethodSpec> sharedMethods() {
        return List.of();
    }
}
