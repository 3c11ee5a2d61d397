package io.github.argonnx.runtime;

import java.lang.reflect.Method;
import java.util.Optional;

/**
 * Decides once, when first used, whether kernels run their SIMD loops, and loads those loops.
 *
 * <p>As in Lucene, the Vector API ({@code jdk.incubator.vector}) is used only when the application
 * started the JVM with {@code --add-modules jdk.incubator.vector}; otherwise, or when the system
 * property {@code argonnx.vectorization} is {@code false}, kernels run plain Java loops. Both give the
 * same indices: leaving the flag out costs speed, never correctness.
 *
 * <p>Nothing here, and nothing in the kernels, links against the incubator module: each kernel names
 * its generated SIMD class as a string, and {@link #load} instantiates it only when the module is there.
 */
public final class Vectorization {

    /** System property that turns the SIMD loops off when set to {@code false}. */
    public static final String PROPERTY = "argonnx.vectorization";

    static final String VECTOR_MODULE = "jdk.incubator.vector";

    /** Narrower vectors would be emulated by the Vector API, slowly. */
    private static final int MIN_VECTOR_BITS = 128;

    private static final Vectorization INSTANCE = detect();

    private final boolean enabled;
    private final String status;

    private Vectorization(boolean enabled, String status) {
        this.enabled = enabled;
        this.status = status;
    }

    /** Whether kernels run SIMD loops in this JVM (those whose SIMD class is on the class path). */
    public static boolean isEnabled() {
        return INSTANCE.enabled;
    }

    /** One sentence saying which loops kernels run and why, for logs and bug reports. */
    public static String status() {
        return INSTANCE.status;
    }

    /**
     * The SIMD loops of a kernel: an instance of the class named {@code implementation}, or
     * {@code null} when SIMD loops are off or that class cannot be used (missing, compiled for another
     * incubator API, reading another array type). Kernels keep the result in a static final field,
     * so that the JIT drops the SIMD branch entirely when it is {@code null}.
     *
     * @param implementation the binary name of a public {@link VectorizedArgReduction} class with a
     *     public no-argument constructor
     * @param arrayType the array type the kernel stores its elements in
     */
    public static <A> VectorizedArgReduction<A> load(String implementation, Class<A> arrayType) {
        if (!isEnabled()) {
            return null;
        }
        try {
            // Loaded by name: the kernels never link against the incubator module.
            Object loops = Class.forName(implementation).getDeclaredConstructor().newInstance();
            if (!(loops instanceof VectorizedArgReduction) || ((VectorizedArgReduction<?>) loops).arrayType() != arrayType) {
                return null;
            }
            @SuppressWarnings("unchecked") // just checked: it reads arrayType
            VectorizedArgReduction<A> checked = (VectorizedArgReduction<A>) loops;
            return checked;
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            // Not compiled into this class path, or a JDK whose incubator API no longer matches: scalar loops.
            return null;
        }
    }

    private static Vectorization detect() {
        if ("false".equalsIgnoreCase(System.getProperty(PROPERTY, "true"))) {
            return new Vectorization(false, "SIMD loops off: system property " + PROPERTY + "=false");
        }
        Optional<Module> module = ModuleLayer.boot().findModule(VECTOR_MODULE);
        if (module.isEmpty()) {
            return new Vectorization(false, "SIMD loops off: start the JVM with --add-modules " + VECTOR_MODULE
                    + " to use them");
        }
        int bits;
        try {
            // VectorShape.preferredShape().vectorBitSize(), by reflection for the same reason as load.
            Class<?> shapeType = Class.forName(VECTOR_MODULE + ".VectorShape");
            Object shape = shapeType.getMethod("preferredShape").invoke(null);
            Method bitSize = shapeType.getMethod("vectorBitSize");
            bits = (Integer) bitSize.invoke(shape);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return new Vectorization(false, "SIMD loops off: " + VECTOR_MODULE + " unusable (" + e + ")");
        }
        if (bits < MIN_VECTOR_BITS) {
            return new Vectorization(false, "SIMD loops off: the preferred vectors have " + bits + " bits, fewer than "
                    + MIN_VECTOR_BITS);
        }
        return new Vectorization(true, "SIMD loops on: Vector API, " + bits + "-bit vectors");
    }
}
