package io.github.argonnx.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

class OrtBenchmarkTest {

    /** The report runs ORT on the cases whose type has a kernel, plain JMH on the {@code @Param} list: same cases. */
    @Test
    void paramListIsExactlyTheCasesOnnxRuntimeHasAKernelFor() throws NoSuchFieldException {
        Param param = OrtBenchmark.class.getField("benchCase").getAnnotation(Param.class);
        List<String> declared = Arrays.asList(param.value());
        List<String> withKernel = Arrays.stream(BenchCase.values())
                .filter(c -> OrtBenchmark.hasKernel(c.type()))
                .map(Enum::name)
                .collect(Collectors.toList());
        assertEquals(withKernel, declared);
    }
}
