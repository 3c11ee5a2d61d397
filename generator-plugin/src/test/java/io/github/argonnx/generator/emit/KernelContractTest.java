package io.github.argonnx.generator.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.palantir.javapoet.ClassName;
import io.github.argonnx.generator.java.KernelContract;
import io.github.argonnx.internal.runtime.VectorizedArgReduction;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The runtime's SIMD contract (argonnx-runtime, on the test class path) takes exactly the parameters the generator declares on kernels and SIMD classes. */
class KernelContractTest {

    @Test
    void vectorizedArgReductionTakesTheKernelContractsParameters() {
        Method reduceStrided = Arrays.stream(VectorizedArgReduction.class.getMethods())
                .filter(m -> m.getName().equals(KernelContract.REDUCE_STRIDED))
                .findFirst().orElseThrow();
        List<String> declared = KernelContract.parameters(ClassName.OBJECT, true, true).stream()
                .map(p -> p.type().toString()).toList();
        List<String> runtimeTypes = Arrays.stream(reduceStrided.getParameterTypes()).map(Class::getTypeName).toList();
        assertEquals(declared, runtimeTypes);
    }
}
