package io.github.argonnx.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which loops this JVM runs; the build runs the tests once without and once with the Vector API. */
class VectorizationTest {

    @Test
    void simdLoopsAreOnExactlyWhenTheVectorModuleIsPresent() {
        boolean modulePresent = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
        boolean switchedOff = "false".equalsIgnoreCase(System.getProperty(Vectorization.PROPERTY));
        assertEquals(modulePresent && !switchedOff, Vectorization.isEnabled(), Vectorization.status());
        if (Vectorization.isEnabled()) {
            assertNotNull(Vectorization.argReductions());
            assertTrue(Vectorization.status().startsWith("SIMD loops on"), Vectorization.status());
        } else {
            assertNull(Vectorization.argReductions());
            assertTrue(Vectorization.status().startsWith("SIMD loops off"), Vectorization.status());
        }
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
