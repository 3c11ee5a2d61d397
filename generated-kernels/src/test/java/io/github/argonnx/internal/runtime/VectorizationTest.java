package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.argonnx.internal.kernels.ArgMaxFloatKernel;
import io.github.argonnx.runtime.ArgOnnxException;
import java.lang.reflect.Field;
import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.api.Test;

/** Which loops this JVM runs; the build runs the tests once without and once with the Vector API. */
class VectorizationTest {

    private static final String FLOAT_LOOPS = "io.github.argonnx.internal.kernels.vector.ArgMaxFloatVectorLoops";

    @Test
    void simdLoopsAreOnExactlyWhenTheVectorModuleIsPresent() {
        boolean modulePresent = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
        boolean switchedOff = "false".equalsIgnoreCase(System.getProperty(VectorSupport.PROPERTY));
        assertEquals(modulePresent && !switchedOff, VectorSupport.isEnabled(), VectorSupport.status());
        VectorizedArgReduction<float[]> loops = VectorSupport.load(ArgMaxFloatKernel.class, FLOAT_LOOPS, float[].class);
        if (VectorSupport.isEnabled()) {
            assertNotNull(loops, FLOAT_LOOPS);
            assertEquals(float[].class, loops.arrayType());
            assertTrue(VectorSupport.status().startsWith("SIMD loops on: Vector API, "), VectorSupport.status());
        } else {
            assertNull(loops);
            assertTrue(VectorSupport.status().startsWith("SIMD loops off"), VectorSupport.status());
        }
    }

    /** A SIMD class that is missing, or reads another array than the kernel's, leaves the kernel scalar. */
    @Test
    void unusableSimdClassesLoadAsNull() {
        assertNull(VectorSupport.load(ArgMaxFloatKernel.class, "io.github.argonnx.internal.kernels.vector.NoSuchVectorLoops",
                float[].class));
        assertNull(VectorSupport.load(ArgMaxFloatKernel.class, FLOAT_LOOPS, double[].class));
        assertNull(VectorSupport.load(ArgMaxFloatKernel.class, "java.lang.Object", float[].class));
    }

    /**
     * The runtime in a parent class loader, the generated kernels and their SIMD classes in a child, as in
     * an application server or a Spark executor: the kernel finds its SIMD class through its own loader.
     */
    @Test
    void kernelsInAChildClassLoaderFindTheirSimdLoops() throws Exception {
        URL runtime = ArgOnnxException.class.getProtectionDomain().getCodeSource().getLocation();
        URL kernels = ArgMaxFloatKernel.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader runtimeLoader = new URLClassLoader(new URL[] {runtime}, ClassLoader.getPlatformClassLoader());
                URLClassLoader kernelLoader = new URLClassLoader(new URL[] {kernels}, runtimeLoader)) {
            Class<?> kernel = Class.forName(ArgMaxFloatKernel.class.getName(), true, kernelLoader);
            assertSame(kernelLoader, kernel.getClassLoader());
            Class<?> vectorization = runtimeLoader.loadClass(VectorSupport.class.getName());
            assertNotSame(VectorSupport.class, vectorization, "the runtime must come from the parent loader");
            Field field = kernel.getDeclaredField("VECTORIZED");
            field.setAccessible(true);
            Object loops = field.get(null);
            if ((Boolean) vectorization.getMethod("isEnabled").invoke(null)) {
                assertNotNull(loops, "the child's kernel did not find " + FLOAT_LOOPS);
                assertSame(kernelLoader, loops.getClass().getClassLoader());
            } else {
                assertNull(loops);
            }
        }
    }

    /**
     * The SIMD classes take the vector size the runtime chose: the one the build's extra test runs ask for
     * through the property (within what the CPU has), or at most 256 bits.
     */
    @Test
    void simdClassesUseTheChosenVectorSize() throws Exception {
        assumeTrue(VectorSupport.isEnabled(), VectorSupport.status());
        int bits = VectorSupport.vectorBitSize();
        String requested = System.getProperty(VectorSupport.BITS_PROPERTY);
        int preferred = VectorSupport.preferredBits();
        int expected = requested == null ? Math.min(preferred, VectorSupport.DEFAULT_MAX_BITS)
                : "preferred".equals(requested) ? preferred : Integer.parseInt(requested);
        assertEquals(expected, bits, VectorSupport.status());
        assertTrue(VectorSupport.status().contains(bits + "-bit vectors"), VectorSupport.status());
        assertEquals(bits / Float.SIZE, lanes(FLOAT_LOOPS));
        assertEquals(bits / Byte.SIZE, lanes("io.github.argonnx.internal.kernels.vector.ArgMinUint8VectorLoops"));
        assertEquals(bits / Long.SIZE, lanes("io.github.argonnx.internal.kernels.vector.ArgMaxInt64VectorLoops"));
    }

    private static int lanes(String simdClass) throws ReflectiveOperationException {
        Field lanes = Class.forName(simdClass).getDeclaredField("LANES");
        lanes.setAccessible(true);
        return lanes.getInt(null);
    }

    /** The build's second test run sets this property: it must really have exercised the SIMD loops. */
    @Test
    void theVectorizedTestRunRunsTheSimdLoops() {
        if (Boolean.getBoolean("argonnx.expectVectorization")) {
            assertTrue(VectorSupport.isEnabled(), VectorSupport.status());
        } else {
            assertEquals(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent(), VectorSupport.isEnabled(),
                    VectorSupport.status());
        }
    }
}
