package io.github.argonnx.generator.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.generator.emit.tests.KernelPropertyTestEmitter;
import io.github.argonnx.generator.emitters.Emitters;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class KernelPropertyTestEmitterTest {

    private static final Pattern SEED = Pattern.compile("SEED = (0x[0-9A-F]{16}L);");

    @Test
    void emitsOneTestClassPerKernel() {
        List<GeneratedFile> files = new KernelPropertyTestEmitter().emit(ArgSpecs.both());
        assertEquals(24, files.size());
        assertTrue(files.stream().allMatch(f -> f.kind() == GeneratedFile.Kind.TEST_SOURCE));
        Set<String> paths = files.stream().map(GeneratedFile::relativePath).collect(Collectors.toSet());
        assertTrue(paths.contains("io/github/argonnx/internal/kernels/ArgMaxFloatKernelPropertyTest.java"), paths.toString());
        assertTrue(paths.contains("io/github/argonnx/internal/kernels/ArgMinBfloat16KernelPropertyTest.java"), paths.toString());
    }

    @Test
    void wiresTheKernelTheTypeAndTheOperator() {
        String test = new KernelPropertyTestEmitter().emit(ArgSpecs.both()).stream()
                .filter(f -> f.relativePath().endsWith("/ArgMinUint64KernelPropertyTest.java"))
                .findFirst()
                .orElseThrow()
                .content();
        assertTrue(test.contains("private final KernelProperties<long[], LongBuffer> properties = new KernelProperties<>("), test);
        assertTrue(test.contains("\"ArgMinUint64Kernel\", TestType.UINT64, ScalarReference.Op.ARG_MIN,"), test);
        assertTrue(test.contains("ArgMinUint64Kernel::reduce, ArgMinUint64Kernel::reduceColumns, ArgMinUint64Kernel::reduce);"), test);
        for (String check : List.of("randomShapesEveryAxis(SEED)", "heavyTies(SEED)", "specialValues(SEED)",
                "axisLengthsAcrossBlockBoundaries(SEED)", "wideOutputRows(SEED)", "uniformTensors(SEED)", "emptyOutputs()",
                "refusesStorageTooSmallForThePlan()")) {
            assertTrue(test.contains("properties." + check + ";"), check);
        }
    }

    @Test
    void seedsAreFixedAndDifferPerKernel() {
        List<GeneratedFile> first = new KernelPropertyTestEmitter().emit(ArgSpecs.both());
        assertEquals(first, new KernelPropertyTestEmitter().emit(ArgSpecs.both()));
        Set<String> seeds = first.stream().map(f -> {
            Matcher m = SEED.matcher(f.content());
            assertTrue(m.find(), f.relativePath());
            return m.group(1);
        }).collect(Collectors.toSet());
        assertEquals(24, seeds.size());
    }

    @Test
    void theStandardGeneratorEmitsKernelsAndTheirTests() {
        // ApiSpecs: the standard generator also runs the API emitters, which need the operators' attributes.
        List<GeneratedFile> files = Emitters.standard().generate(ApiSpecs.both());
        long kernels = files.stream().filter(f -> f.relativePath().endsWith("Kernel.java")).count();
        long tests = files.stream().filter(f -> f.relativePath().endsWith("KernelPropertyTest.java")).count();
        assertEquals(24, kernels);
        assertEquals(24, tests);
    }
}
