package io.github.argonnx.generator.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.generator.emit.partials.PartialKeysEmitter;
import io.github.argonnx.generator.emit.partials.PartialReductionEmitter;
import io.github.argonnx.generator.model.ElementType;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The partials emitters on a subset: only the selected operators, versions and types, in the chosen package. */
class PartialEmittersTest {

    private static Map<String, String> emit(GenerationContext context) {
        return Stream.concat(new PartialKeysEmitter().emit(context).stream(), new PartialReductionEmitter().emit(context).stream())
                .collect(Collectors.toMap(GeneratedFile::relativePath, GeneratedFile::content));
    }

    @Test
    void aSubsetGetsKeysForItsTypesAndCasesForItsVersions() {
        GenerationContext subset = new GenerationContext(ApiSpecs.both().operators(), "com.example.onnx",
                Set.of("ArgMin"), Set.of(13), Set.of(ElementType.UINT64, ElementType.FLOAT16), GeneratedAnnotation.NONE);
        Map<String, String> files = emit(subset);
        assertEquals(Set.of("com/example/onnx/PartialReduction.java", "com/example/onnx/Uint64PartialKeys.java",
                "com/example/onnx/Float16PartialKeys.java"), files.keySet());

        String reduction = files.get("com/example/onnx/PartialReduction.java");
        assertTrue(reduction.contains("case \"ArgMin-13\" -> ArgMinV13Validator.validate("), reduction);
        assertTrue(reduction.contains("case \"ArgMin\" -> false;"), reduction);
        for (String absent : List.of("ArgMax-", "ArgMaxV", "ArgMax.latest", "\"ArgMax\"")) {
            assertFalse(reduction.contains(absent), "an operator that is not generated is not used: " + absent);
        }
        assertTrue(reduction.contains("PartialReduction.of(ArgMin.latest().axis(1), DataType.FLOAT16, 8, 1000)"),
                "the Javadoc example uses what the build has");
        assertFalse(reduction.contains("FloatPartialKeys"), "a type that is not generated is not named");

        assertTrue(files.get("com/example/onnx/Uint64PartialKeys.java").contains("return bits ^ Long.MIN_VALUE;"),
                "uint64 keys flip the sign bit");
        String float16 = files.get("com/example/onnx/Float16PartialKeys.java");
        assertTrue(float16.contains("if (magnitude > 0x7C00)") && float16.contains("return 0x7E00;"), float16);
    }

    @Test
    void noOperatorsNoPartials() {
        GenerationContext none = new GenerationContext(List.of(), "com.example.onnx", Set.of(), Set.of(), Set.of(),
                GeneratedAnnotation.NONE);
        assertTrue(emit(none).isEmpty());
    }
}
