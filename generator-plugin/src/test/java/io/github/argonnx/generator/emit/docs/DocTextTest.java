package io.github.argonnx.generator.emit.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.argonnx.generator.emit.EmitFixtures;
import io.github.argonnx.generator.model.AttributeConstraint;
import io.github.argonnx.generator.model.OperatorSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class DocTextTest {

    @Test
    void allowedValuesReadAsAList() {
        assertEquals("one of 0, 1", DocText.constraint(new AttributeConstraint.AllowedValues(List.of(0L, 1L))));
        assertEquals("must be 1", DocText.constraint(new AttributeConstraint.AllowedValues(List.of(1L))));
    }

    @Test
    void axisConstraintStatesTheRangeForItsInput() {
        assertEquals("an axis of data: [-r, r-1], r = rank(data)",
                DocText.constraint(new AttributeConstraint.AxisOf("data")));
        assertEquals("an axis of x: [-r, r-1], r = rank(x)", DocText.constraint(new AttributeConstraint.AxisOf("x")));
    }

    @Test
    void opsetRangesRunToTheNextVersion() {
        OperatorSpec op = EmitFixtures.argMax();
        assertEquals("1 to 10", DocText.opsetRange(op, op.version(1).orElseThrow()));
        assertEquals("11", DocText.opsetRange(op, op.version(11).orElseThrow()));
        assertEquals("12", DocText.opsetRange(op, op.version(12).orElseThrow()));
        assertEquals("13 and later", DocText.opsetRange(op, op.version(13).orElseThrow()));
    }

    @Test
    void defaultsAndSummaries() {
        OperatorSpec op = EmitFixtures.argMax();
        var keepdims = op.version(13).orElseThrow().attribute("keepdims").orElseThrow();
        assertEquals("1", DocText.defaultOf(keepdims));
        assertEquals("INT, default 1, one of 0, 1", DocText.attributeSummary(keepdims));
    }

    @Test
    void tableCellsAreOneLineWithPipesEscaped() {
        assertEquals("a \\| b c d", DocText.cell("  a | b\n  c\td "));
    }

    @Test
    void quotesKeepTheTextAndMarkEveryLine() {
        assertEquals("> first line\n> second", DocText.quote("first line\n  second\n"));
    }

    @Test
    void shapesPrintLikeLists() {
        assertEquals("[2, 3, 4]", DocText.shape(List.of(2L, 3L, 4L)));
        assertEquals("[]", DocText.shape(List.of()));
    }

    @Test
    void sentencesSplitAtFullStops() {
        assertEquals(List.of("Accepted range is [-r, r-1] where r = rank(data).", "Next one?", "Last"),
                DocText.sentences("Accepted range is [-r, r-1] where r = rank(data).\n Next one?  Last"));
        assertEquals(List.of(), DocText.sentences("  "));
    }

    @Test
    void findsUnexpandedPlaceholdersOnce() {
        assertEquals(List.of("{name}"), DocText.placeholders("if the {name} appears, {name} again, {} and { x }"));
        assertEquals(List.of(), DocText.placeholders("Keep the reduced dimension or not."));
    }
}
