package io.github.argonnx.generator.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.SourceLocation;
import io.github.argonnx.generator.model.VersionSpec;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which family an operator belongs to, and that each family's semantics describe that family. */
class OperatorFamilyTest {

    @Test
    void eachOperatorBelongsToOneFamily() {
        assertEquals(Optional.of(OperatorFamily.ARG_REDUCTION), OperatorFamily.forOperator("ArgMax"));
        assertEquals(Optional.of(OperatorFamily.ARG_REDUCTION), OperatorFamily.forOperator("ArgMin"));
        assertEquals(Optional.of(OperatorFamily.TOP_K), OperatorFamily.forOperator("TopK"));
        assertEquals(Optional.empty(), OperatorFamily.forOperator("topk"), "operator names are ONNX's spelling");
        assertEquals("arg-reduction: ArgMax, ArgMin; top-k: TopK", OperatorFamily.known());
    }

    @Test
    void eachFamilysSemanticsNameTheFamilyAndItsAxis() {
        for (OperatorFamily family : OperatorFamily.values()) {
            assertEquals(family, family.semantics().family());
            assertEquals("axis", family.semantics().axis());
            assertEquals(family.semantics().axis(), family.semantics().attributes().get(0));
        }
        assertEquals(List.of("keepdims", "select_last_index"), ArgReductionSemantics.ONNX.flags());
    }

    @Test
    void aHandBuiltSpecOfNoFamilyIsRefusedWithItsLocation() {
        VersionSpec v = new VersionSpec(1, false, "COMMON", true, "s", List.of(), List.of(), List.of(), List.of(),
                new SourceLocation("Sort.yaml", 4, 3));
        OperatorSpec sort = new OperatorSpec("Sort", "ai.onnx", List.of(v), 1, List.of(),
                new SourceLocation("Sort.yaml", 1, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OperatorFamily.of(sort));
        assertEquals("Sort.yaml:1:1: operator 'Sort' belongs to no operator family the generator knows (families: "
                + "arg-reduction: ArgMax, ArgMin; top-k: TopK)", e.getMessage());
    }
}
