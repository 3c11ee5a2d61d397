package io.github.argonnx.runtime;

import java.util.Optional;

/**
 * Decides once, when first used, whether kernels run their SIMD loops.
 *
 * <p>As in Lucene, the Vector API ({@code jdk.incubator.vector}) is used only when the application
 * started the JVM with {@code --add-modules jdk.incubator.vector}; otherwise, or when the system
 * property {@code argonnx.vectorization} is {@code false}, kernels run plain Java loops. Both give the
 * same indices: leaving the flag out costs speed, never correctness.
 */
public final class Vectorization {

    /** System property that turns the SIMD loops off when set to {@code false}. */
    public static final String PROPERTY = "argonnx.vectorization";

    static final String VECTOR_MODULE = "jdk.incubator.vector";
    private static final String IMPLEMENTATION = "io.github.argonnx.runtime.vector.PanamaArgReductions";

    private static final Vectorization INSTANCE = load();

    private final VectorizedArgReductions argReductions;
    private final String status;

    private Vectorization(VectorizedArgReductions argReductions, String status) {
        this.argReductions = argReductions;
        this.status = status;
    }

    /**
     * The SIMD loops for kernels, or {@code null} when they are off; kernels keep this in a static
     * final field, so that the JIT drops the SIMD branch entirely when it is {@code null}.
     */
    public static VectorizedArgReductions argReductions() {
        return INSTANCE.argReductions;
    }

    /** Whether kernels run SIMD loops in this JVM. */
    public static boolean isEnabled() {
        return INSTANCE.argReductions != null;
    }

    /** One sentence saying which loops kernels run and why, for logs and bug reports. */
    public static String status() {
        return INSTANCE.status;
    }

    private static Vectorization load() {
        if ("false".equalsIgnoreCase(System.getProperty(PROPERTY, "true"))) {
            return scalar("SIMD loops off: system property " + PROPERTY + "=false");
        }
        Optional<Module> module = ModuleLayer.boot().findModule(VECTOR_MODULE);
        if (module.isEmpty()) {
            return scalar("SIMD loops off: start the JVM with --add-modules " + VECTOR_MODULE + " to use them");
        }
        try {
            // Loaded by name: nothing else in the runtime links against the incubator module.
            Class<?> type = Class.forName(IMPLEMENTATION);
            VectorizedArgReductions loops = (VectorizedArgReductions) type.getDeclaredConstructor().newInstance();
            return new Vectorization(loops, "SIMD loops on: " + loops);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            // For example a JDK whose incubator API no longer matches, or a CPU without useful vectors.
            return scalar("SIMD loops off: " + IMPLEMENTATION + " unusable (" + e + ")");
        }
    }

    private static Vectorization scalar(String status) {
        return new Vectorization(null, status);
    }
}
