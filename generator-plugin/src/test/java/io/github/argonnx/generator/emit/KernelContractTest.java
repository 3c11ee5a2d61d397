package io.github.argonnx.generator.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.palantir.javapoet.ClassName;
import io.github.argonnx.generator.java.KernelContract;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runtime's SIMD contract takes exactly the parameters the generator declares on kernels and SIMD classes. */
class KernelContractTest {

    @Test
    void vectorizedArgReductionTakesTheKernelContractsParameters(@TempDir Path work) throws Exception {
        ClassLoader runtime = CompiledKernels.compile(List.of(), work);
        Class<?> contract = runtime.loadClass("io.github.argonnx.runtime.VectorizedArgReduction");
        Method reduceStrided = Arrays.stream(contract.getMethods())
                .filter(m -> m.getName().equals(KernelContract.REDUCE_STRIDED))
                .findFirst().orElseThrow();
        List<String> declared = KernelContract.parameters(ClassName.OBJECT, true).stream()
                .map(p -> p.type().toString()).toList();
        List<String> runtimeTypes = Arrays.stream(reduceStrided.getParameterTypes()).map(Class::getTypeName).toList();
        assertEquals(declared, runtimeTypes);
    }
}
