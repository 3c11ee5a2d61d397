package io.github.argonnx.generator.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.generator.emitters.Emitters;
import io.github.argonnx.generator.loader.SpecLoader;
import io.github.argonnx.generator.model.OperatorSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TopK is generated from the same pipeline as ArgMax and ArgMin, alone or beside them. */
class TopKEmittersTest {

    private static Map<String, String> generate(GenerationContext context) {
        return Emitters.standard().generate(context).stream()
                .collect(Collectors.toMap(f -> f.kind() + " " + f.relativePath(), GeneratedFile::content));
    }

    private static GenerationContext select(List<OperatorSpec> specs, Set<String> operators) {
        return new GenerationContext(specs, "io.github.argonnx", operators, Set.of(), Set.of(), GeneratedAnnotation.JAVAX);
    }

    @Test
    void topKGetsAKernelPerTypeAndItsOperatorClass() throws Exception {
        Map<String, String> files = generate(select(SpecLoader.loadBundled(), Set.of()));
        List<String> kernels = files.keySet().stream().filter(k -> k.contains("/kernels/TopK")).sorted().toList();
        assertEquals(12, kernels.size(), kernels.toString());
        assertTrue(files.get("MAIN_SOURCE io/github/argonnx/TopK.java").contains("public final class TopK {"));
    }

    @Test
    void theArgReductionSourcesDoNotDependOnWhetherTopKIsLoaded() throws Exception {
        List<OperatorSpec> all = SpecLoader.loadBundled();
        List<OperatorSpec> withoutTopK = all.stream().filter(op -> !op.name().equals("TopK")).toList();
        Map<String, String> with = generate(select(all, Set.of("ArgMax", "ArgMin")));
        Map<String, String> without = generate(select(withoutTopK, Set.of()));
        assertEquals(without, with);
    }

    @Test
    void aTopKOnlySelectionCompiles(@TempDir Path work) throws Exception {
        List<GeneratedFile> files = Emitters.standard().generate(select(SpecLoader.loadBundled(), Set.of("TopK"))).stream()
                .filter(f -> f.kind() == GeneratedFile.Kind.MAIN_SOURCE).toList();
        assertFalse(files.stream().anyMatch(f -> f.relativePath().contains("ArgMax")));
        ClassLoader loader = CompiledKernels.compile(files, work);
        Class<?> topK = loader.loadClass("io.github.argonnx.TopK");
        assertEquals(24, topK.getField("LATEST_VERSION").getInt(null));
        assertEquals(topK, loader.loadClass("io.github.argonnx.PreparedTopK").getMethod("operator").getReturnType());
    }

    @Test
    void kOneTakesTheArgScanOnlyWhereTheSelectionGeneratesItsKernelAndItsAnswerIsTopKs() throws Exception {
        List<OperatorSpec> all = SpecLoader.loadBundled();
        String both = generate(select(all, Set.of())).get("MAIN_SOURCE io/github/argonnx/TopK.java");
        // the largest: ArgMax, NaN first as in TopK; the smallest: ArgMin only where no NaN is to be put last
        assertTrue(both.contains("ArgMaxFloatKernel.reduce("), "float, largest");
        assertFalse(both.contains("ArgMinFloatKernel"), "float, smallest");
        assertFalse(both.contains("ArgMinBfloat16Kernel"), "bfloat16, smallest");
        assertTrue(both.contains("ArgMinInt32Kernel.reduce("), "int32, smallest");
        assertTrue(both.contains("ArgMinUint8Kernel.reduce("), "uint8, smallest");
        String maxOnly = generate(select(all, Set.of("TopK", "ArgMax"))).get("MAIN_SOURCE io/github/argonnx/TopK.java");
        assertTrue(maxOnly.contains("ArgMaxInt32Kernel.reduce("));
        assertFalse(maxOnly.contains("ArgMin"));
        String alone = generate(select(all, Set.of("TopK"))).get("MAIN_SOURCE io/github/argonnx/TopK.java");
        assertFalse(alone.contains("ArgMax") || alone.contains("ArgMin"));
    }
}
