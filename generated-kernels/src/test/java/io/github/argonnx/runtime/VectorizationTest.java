package io.github.argonnx.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which loops this JVM runs; the build runs the tests once without and once with the Vector API. */
class VectorizationTest {

    private static final String FLOAT_LOOPS = "io.github.argonnx.kernels.vector.ArgMaxFloatVectorLoops";

    @Test
    void simdLoopsAreOnExactlyWhenTheVectorModuleIsPresent() {
        boolean modulePresent = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
        boolean switchedOff = "false".equalsIgnoreCase(System.getProperty(Vectorization.PROPERTY));
        assertEquals(modulePresent && !switchedOff, Vectorization.isEnabled(), Vectorization.status());
        VectorizedArgReduction<float[]> loops = Vectorization.load(FLOAT_LOOPS, float[].class);
        if (Vectorization.isEnabled()) {
            assertNotNull(loops, FLOAT_LOOPS);
            assertEquals(float[].class, loops.arrayType());
            assertTrue(Vectorization.status().startsWith("SIMD loops on: Vector API, "), Vectorization.status());
        } else {
            assertNull(loops);
            assertTrue(Vectorization.status().startsWith("SIMD loops off"), Vectorization.status());
        }
    }

    /** A SIMD class that is missing, or reads another array than the kernel's, leaves the kernel scalar. */
    @Test
    void unusableSimdClassesLoadAsNull() {
        assertNull(Vectorization.load("io.github.argonnx.kernels.vector.NoSuchVectorLoops", float[].class));
        assertNull(Vectorization.load(FLOAT_LOOPS, double[].class));
        assertNull(Vectorization.load("java.lang.Object", float[].class));
    }

    /** The build's second test run sets this property: it must really have exercised the SIMD loops. */
    @Test
    void theVectorizedTestRunRunsTheSimdLoops() {
        if (Boolean.getBoolean("argonnx.expectVectorization")) {
            assertTrue(Vectorization.isEnabled(), Vectorization.status());
        } else {
            assertEquals(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(), Vectorization.isEnabled(),
                    Vectorization.status());
        }
    }
}
