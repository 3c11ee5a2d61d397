package io.github.argonnx.generator.emit.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.generator.emit.EmitFixtures;
import io.github.argonnx.generator.model.AttributeConstraint;
import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.AttributeType;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.ParameterSpec;
import io.github.argonnx.generator.model.TypeConstraintSpec;
import io.github.argonnx.generator.model.TypeRef;
import io.github.argonnx.generator.model.VersionSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class VersionChangesTest {

    private final OperatorSpec argMax = EmitFixtures.argMax();
    private final VersionSpec v1 = argMax.version(1).orElseThrow();
    private final VersionSpec v11 = argMax.version(11).orElseThrow();
    private final VersionSpec v12 = argMax.version(12).orElseThrow();
    private final VersionSpec v13 = argMax.version(13).orElseThrow();

    @Test
    void version11StatesTheAxisRangeAndTheNonEmptyRule() {
        assertEquals(List.of(
                        "Summary: “resulted” → “resulting”, “have” → “has” in “If keepdims equal 0, then the"
                                + " resulting tensor has the reduced dimension pruned.”",
                        "Summary adds “The input tensor must not be empty.”",
                        "Attribute `axis` doc adds “Accepted range is [-r, r-1] where r = rank(data).”",
                        "Input `data` must not be empty (new in this version)."),
                VersionChanges.between(v1, v11));
    }

    @Test
    void version12AddsSelectLastIndexAndDropsTheNonEmptyRule() {
        assertEquals(List.of(
                        "Summary adds “If select_last_index is True (default False), the index of the last occurrence"
                                + " of the max is selected if the max appears more than once in the input.”",
                        "Summary adds “Otherwise the index of the first occurrence is selected.”",
                        "Summary drops “The input tensor must not be empty.”",
                        "Attribute `select_last_index` added: INT, default 0, one of 0, 1.",
                        "Input `data` is no longer required to be non-empty."),
                VersionChanges.between(v11, v12));
    }

    @Test
    void version13AddsBfloat16Only() {
        assertEquals(List.of("Type constraint `T` adds `tensor(bfloat16)`."), VersionChanges.between(v12, v13));
    }

    @Test
    void identicalVersionsHaveNoChanges() {
        assertEquals(List.of(), VersionChanges.between(v13, v13));
    }

    @Test
    void attributeDefaultsRulesAndRemovals() {
        AttributeSpec axis = v13.attribute("axis").orElseThrow();
        AttributeSpec keepdims = v13.attribute("keepdims").orElseThrow();
        AttributeSpec select = v13.attribute("select_last_index").orElseThrow();
        VersionSpec changed = withAttributes(v13, List.of(
                attribute(axis, OptionalLong.of(0), Optional.empty()),
                attribute(keepdims, OptionalLong.empty(), keepdims.constraint()),
                attribute(select, OptionalLong.of(1), Optional.of(new AttributeConstraint.AllowedValues(List.of(1L))))));
        assertEquals(List.of(
                        "Attribute `axis`: range no longer stated (was an axis of data: [-r, r-1], r = rank(data)).",
                        "Attribute `keepdims` is now required (default was 1).",
                        "Attribute `select_last_index`: default 0 → 1.",
                        "Attribute `select_last_index`: range one of 0, 1 → must be 1."),
                VersionChanges.between(v13, changed));
        assertEquals(List.of(
                        "Attribute `axis`: range stated, an axis of data: [-r, r-1], r = rank(data).",
                        "Attribute `keepdims` is now optional, default 1.",
                        "Attribute `select_last_index`: default 1 → 0.",
                        "Attribute `select_last_index`: range must be 1 → one of 0, 1."),
                VersionChanges.between(changed, v13));
        assertEquals(List.of("Attribute `keepdims` removed.", "Attribute `select_last_index` removed."),
                VersionChanges.between(v13, withAttributes(v13, List.of(axis))).stream()
                        .filter(c -> c.startsWith("Attribute")).toList());
    }

    @Test
    void inputsOutputsAndTypeConstraints() {
        ParameterSpec data = v13.inputs().get(0);
        ParameterSpec extra = new ParameterSpec("axes", new TypeRef.Fixed(ElementType.INT64), false, "Axes.", true,
                data.location());
        TypeConstraintSpec t = v13.typeConstraints().get(0);
        List<ElementType> fewer = new ArrayList<>(t.allowedTypes());
        fewer.remove(ElementType.UINT64);
        fewer.remove(ElementType.BFLOAT16);
        VersionSpec changed = new VersionSpec(13, true, "EXPERIMENTAL", false, v13.summary(), v13.attributes(),
                List.of(new ParameterSpec("data", data.type(), false, "An input tensor. Never empty.", false,
                        data.location()), extra),
                List.of(),
                List.of(new TypeConstraintSpec("T", fewer, t.doc(), t.location())),
                v13.location());
        assertEquals(List.of(
                        "Input `data`: heterogeneous yes → no.",
                        "Input `data` doc adds “Never empty.”",
                        "Input `axes` added: tensor(int64), must not be empty.",
                        "Output `reduced` removed.",
                        "Type constraint `T` drops `tensor(bfloat16)`, `tensor(uint64)`.",
                        "Defined as a function: no → yes.",
                        "Support level: COMMON → EXPERIMENTAL.",
                        "Shape inference: yes → no."),
                VersionChanges.between(v13, changed));
    }

    @Test
    void typeChangesOfParameters() {
        ParameterSpec data = v13.inputs().get(0);
        VersionSpec fixed = new VersionSpec(13, false, "COMMON", true, v13.summary(), v13.attributes(),
                List.of(new ParameterSpec("data", new TypeRef.Fixed(ElementType.FLOAT), true, data.doc(), false,
                        data.location())),
                v13.outputs(), List.of(), v13.location());
        List<String> changes = VersionChanges.between(v13, fixed);
        assertEquals(List.of("Input `data`: type T → tensor(float).", "Type constraint `T` removed."), changes);
    }

    @Test
    void movedSentencesAreNotReportedAsNew() {
        List<String> changes = new ArrayList<>();
        VersionChanges.prose("Summary", "One thing. Two things. Three things.", "Three things. One thing. Two things.",
                changes);
        assertEquals(List.of("Summary moves “Three things.”"), changes);
    }

    @Test
    void unrelatedSentencesAreAddedAndDroppedNotReworded() {
        List<String> changes = new ArrayList<>();
        VersionChanges.prose("Doc", "Keep the reduced dimension.", "Select the last index.", changes);
        assertEquals(List.of("Doc adds “Select the last index.”", "Doc drops “Keep the reduced dimension.”"), changes);
        assertTrue(VersionChanges.similarity("Keep the reduced dimension.", "Select the last index.") < 0.6);
        assertEquals(1.0, VersionChanges.similarity("A b c.", "a B c"));
    }

    @Test
    void largerRewordingsQuoteBothSentences() {
        List<String> changes = new ArrayList<>();
        VersionChanges.prose("Doc", "The axis in which to compute the arg indices.",
                "The axis along which the arg indices are computed here.", changes);
        assertEquals(List.of("Doc rewords “The axis in which to compute the arg indices.” as “The axis along which"
                + " the arg indices are computed here.”"), changes);
    }

    @Test
    void wordSubstitutionsOnlyForSmallReplacements() {
        assertEquals("“equal” → “equals”",
                VersionChanges.wordSubstitutions("If keepdims equal 0, then", "If keepdims equals 0, then"));
        assertEquals("“a b” → “c”", VersionChanges.wordSubstitutions("x a b y", "x c y"));
        assertEquals(null, VersionChanges.wordSubstitutions("x y", "x new y"), "an insertion is no substitution");
        assertEquals(null, VersionChanges.wordSubstitutions("x y z", "x z"), "a deletion is no substitution");
        assertEquals(null, VersionChanges.wordSubstitutions("a b c d e f", "1 2 3 4 5 6"), "too many words");
        assertEquals(null, VersionChanges.wordSubstitutions("a x b x c x d x", "A x B x C x D x"), "too many places");
        assertEquals(null, VersionChanges.wordSubstitutions("same", "same"));
    }

    private static AttributeSpec attribute(
            AttributeSpec base, OptionalLong defaultValue, Optional<AttributeConstraint> constraint) {
        return new AttributeSpec(base.name(), AttributeType.INT, defaultValue, base.doc(), constraint, base.location());
    }

    private static VersionSpec withAttributes(VersionSpec v, List<AttributeSpec> attributes) {
        return new VersionSpec(v.sinceVersion(), v.function(), v.supportLevel(), v.shapeInference(), v.summary(),
                attributes, v.inputs(), v.outputs(), v.typeConstraints(), v.location());
    }
}
