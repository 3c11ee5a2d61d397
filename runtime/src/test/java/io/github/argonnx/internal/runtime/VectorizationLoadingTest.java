package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.System.Logger;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How SIMD classes are found and what is said about them, with the SIMD loops on by construction (the
 * Vector API itself is not needed: the loops here are stubs) and a logger that records.
 */
class VectorizationLoadingTest {

    private static final String KERNEL = """
            package com.example.kernels;

            public final class StubKernel {
                private StubKernel() {}
            }
            """;

    private static final String LOOPS = """
            package com.example.kernels.vector;

            public final class StubKernelLoops implements io.github.argonnx.internal.runtime.VectorizedArgReduction<float[]> {
                @Override
                public Class<float[]> arrayType() {
                    return float[].class;
                }
            }
            """;

    private final RecordingLogger log = new RecordingLogger();
    private final VectorSupport on = new VectorSupport(true, "SIMD loops on: stub", log);

    /** Kernels and their SIMD classes in a child loader that the runtime's own loader cannot see into. */
    @Test
    void aKernelInAChildClassLoaderGetsTheSimdClassPackagedWithIt(@TempDir Path work) throws Exception {
        Path classes = JavaSourcesCompiler.compile(Map.of("com.example.kernels.StubKernel", KERNEL,
                "com.example.kernels.vector.StubKernelLoops", LOOPS), JavaSourcesCompiler.runtimeClasses(), work);
        try (URLClassLoader child = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                VectorizationLoadingTest.class.getClassLoader())) {
            Class<?> kernel = child.loadClass("com.example.kernels.StubKernel");
            VectorizedArgReduction<float[]> loops = on.loadFor(kernel, "com.example.kernels.vector.StubKernelLoops",
                    float[].class);
            assertNotNull(loops);
            assertSame(child, loops.getClass().getClassLoader());
            assertEquals(List.of("DEBUG com.example.kernels.StubKernel runs SIMD loops com.example.kernels.vector.StubKernelLoops"),
                    log.records);
        }
    }

    @Test
    void aMissingSimdClassIsAPackagingErrorSaidOnceNamingClassAndThePluginSetting() {
        assertNull(on.loadFor(VectorizationLoadingTest.class, "com.example.kernels.vector.MissingLoops", float[].class));
        assertNull(on.loadFor(VectorizationLoadingTest.class, "com.example.kernels.vector.OtherMissingLoops", float[].class));
        assertEquals(2, log.records.size(), log.records.toString());
        String warning = log.records.get(0);
        assertTrue(warning.startsWith("WARNING ArgONNX: SIMD loops are on, but com.example.kernels.vector.MissingLoops (the SIMD"
                + " loops of " + VectorizationLoadingTest.class.getName() + ") is not on the class path of the kernel's class"
                + " loader. That is a packaging error: "), warning);
        // The plugin compiles the loops itself: the warning names the setting that turns that off, not an execution to add.
        assertTrue(warning.contains("generate goal compiles the SIMD loops") && warning.contains("compileVectorLoops=false")
                && warning.contains("--add-modules jdk.incubator.vector")
                && warning.contains("target/generated-sources/argonnx-vector"), warning);
        assertFalse(warning.contains("maven-compiler-plugin execution"), warning);
        assertTrue(log.records.get(1).startsWith("DEBUG ArgONNX: SIMD loops are on, but com.example.kernels.vector.OtherMissingLoops"),
                log.records.get(1));
    }

    @Test
    void aClassThatIsNotTheKernelsLoopsIsRefusedAndSaid() {
        assertNull(on.loadFor(VectorizationLoadingTest.class, "java.lang.Object", float[].class));
        assertEquals(1, log.records.size());
        assertTrue(log.records.get(0).startsWith("WARNING ArgONNX: SIMD loops are on, but java.lang.Object"), log.records.get(0));
    }

    @Test
    void withTheLoopsOffNothingIsLoadedOrSaid() {
        VectorSupport off = new VectorSupport(false, "SIMD loops off: stub", log);
        assertNull(off.loadFor(VectorizationLoadingTest.class, "com.example.kernels.vector.MissingLoops", float[].class));
        assertEquals(List.of(), log.records);
    }

    /** The decision is said once, at INFO, with its reason. */
    @Test
    void theDecisionIsSaidOnceWithItsReason() {
        VectorSupport.detect(log);
        assertEquals(List.of("INFO ArgONNX: " + VectorSupport.status()), log.records);
        if (!VectorSupport.isEnabled() && System.getProperty(VectorSupport.PROPERTY) == null) {
            assertEquals("SIMD loops off: start the JVM with --add-modules jdk.incubator.vector to use them",
                    VectorSupport.status());
        }
    }
}
