package io.github.argonnx.generator.emit.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.generator.java.LoopFamily;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.Extremum;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each layout's builder follows from the type's {@link LoopFamily} alone ({@link SliceLoop#of},
 * {@link ColumnLoop#of}), buffers take the scalar column loops, and a builder refuses a type of
 * another family.
 */
class LoopBuildersTest {

    private static final Map<LoopFamily, Class<?>> SLICE_BUILDERS = Map.of(
            LoopFamily.PLAIN, SlicePlainLoop.class,
            LoopFamily.THIRTY_TWO_BIT_SCREENS, Slice32BitScreenLoop.class,
            LoopFamily.IEEE, SliceIeeeLoop.class,
            LoopFamily.EIGHT_BIT_WORDS, Slice8BitWordLoop.class,
            LoopFamily.SIXTEEN_BIT_WORDS, Slice16BitWordLoop.class);

    private static final Map<LoopFamily, Class<?>> ARRAY_COLUMN_BUILDERS = Map.of(
            LoopFamily.PLAIN, ColumnPlainLoop.class,
            LoopFamily.THIRTY_TWO_BIT_SCREENS, ColumnPlainLoop.class,
            LoopFamily.IEEE, ColumnPlainLoop.class,
            LoopFamily.EIGHT_BIT_WORDS, Column8BitWordLoop.class,
            LoopFamily.SIXTEEN_BIT_WORDS, Column16BitWordLoop.class);

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void eachLayoutTakesTheBuilderOfTheTypesFamily(ElementType type) {
        LoopFamily family = LoopFamily.of(type);
        for (Extremum extremum : Extremum.values()) {
            assertEquals(SLICE_BUILDERS.get(family), SliceLoop.of(type, extremum).getClass(), type.onnxName());
            assertEquals(ARRAY_COLUMN_BUILDERS.get(family), ColumnLoop.of(type, extremum, DataSource.ARRAY).getClass(),
                    type.onnxName());
            assertEquals(ColumnPlainLoop.class, ColumnLoop.of(type, extremum, DataSource.BUFFER).getClass(),
                    type.onnxName());
        }
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void theWordBuildersRefuseTypesOfOtherFamilies(ElementType type) {
        LoopFamily family = LoopFamily.of(type);
        Extremum extremum = Extremum.LARGEST;
        assertEquals(family == LoopFamily.THIRTY_TWO_BIT_SCREENS, builds(() -> new Slice32BitScreenLoop(type, extremum)));
        assertEquals(family == LoopFamily.EIGHT_BIT_WORDS, builds(() -> new Slice8BitWordLoop(type, extremum)));
        assertEquals(family == LoopFamily.EIGHT_BIT_WORDS, builds(() -> new Column8BitWordLoop(type, extremum)));
        assertEquals(family == LoopFamily.SIXTEEN_BIT_WORDS, builds(() -> new Slice16BitWordLoop(type, extremum)));
        assertEquals(family == LoopFamily.SIXTEEN_BIT_WORDS, builds(() -> new Column16BitWordLoop(type, extremum)));
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void onlyTheWordFormsAddColumnMethods(ElementType type) {
        ColumnLoop form = ColumnLoop.of(type, Extremum.SMALLEST, DataSource.ARRAY);
        boolean wordForm = form instanceof Column8BitWordLoop || form instanceof Column16BitWordLoop;
        assertEquals(wordForm, !form.addedMethods().isEmpty(), type.onnxName());
        assertEquals(wordForm, !form.scratchArguments().isEmpty(), type.onnxName());
        assertFalse(form.loopName(false).equals(form.loopName(true)));
        assertTrue(ColumnLoop.of(type, Extremum.SMALLEST, DataSource.BUFFER).addedMethods().isEmpty());
    }

    private static boolean builds(Runnable construction) {
        try {
            construction.run();
            return true;
        } catch (IllegalArgumentException refused) {
            return false;
        }
    }
}
