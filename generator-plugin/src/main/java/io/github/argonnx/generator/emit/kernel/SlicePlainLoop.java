package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import io.github.argonnx.generator.java.LoopFamily;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.List;

/**
 * The plain contiguous loop of the 64-bit integers ({@link LoopFamily#PLAIN}): one walk over the
 * slice with the strict test on keys, from its start for the first index and from its end for the
 * last; a chunk searched against rivals walks each slice from its rival. The walks are
 * {@link SliceBlocks#plainLoops}, which other families keep for the slices they take no other way.
 */
final class SlicePlainLoop implements SliceLoop {

    private final ElementType type;
    private final Extremum extremum;

    SlicePlainLoop(ElementType type, Extremum extremum) {
        this.type = type;
        this.extremum = extremum;
    }

    @Override
    public List<FieldSpec> constants() {
        return List.of();
    }

    @Override
    public List<MethodSpec> methods(DataSource source) {
        return SliceBlocks.plainLoops(source, type, extremum);
    }
}
