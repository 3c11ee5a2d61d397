package io.github.argonnx.internal.runtime;

import java.lang.System.Logger.Level;
import java.lang.System.Logger;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Decides once, when first used, whether kernels run their SIMD loops, and loads those loops: what
 * {@code io.github.argonnx.runtime.Vectorization.status()} reports on. Not API.
 *
 * <p>As in Lucene, the Vector API ({@code jdk.incubator.vector}) is used only when the application
 * started the JVM with {@code --add-modules jdk.incubator.vector}; otherwise, or when the system
 * property {@code argonnx.vectorization} is {@code false}, kernels run plain Java loops. Both give the
 * same indices: leaving the flag out costs speed, never correctness.
 *
 * <p>Nothing here, and nothing in the kernels, links against the incubator module: each kernel names
 * its generated SIMD class as a string, and {@link #load} instantiates it only when the module is there,
 * through the kernel's own class loader, so that kernels loaded by a child class loader (an application
 * server's, a Spark executor's, a plugin system's) find the SIMD classes packaged next to them.
 *
 * <p>The SIMD loops use vectors of {@link #vectorBitSize()} bits: the CPU's preferred size, but at most
 * {@value #DEFAULT_MAX_BITS} bits: on an AVX-512 CPU, 512-bit vectors are slower than 256-bit ones for
 * the contiguous loops and not clearly faster for any other (ArgOnnxBenchmark with
 * {@code argonnx.vectorization.bits}). The system property {@value #BITS_PROPERTY} chooses
 * another size, from 128 bits up to the preferred one; any other value is refused, with a warning that
 * names the property, the value and the sizes allowed, and the default size is used.
 *
 * <p>It says what it decided through the {@link System.Logger} {@value #LOGGER}, named after the class users
 * know: once, at
 * {@code INFO}, which loops kernels run and why; once, at {@code WARNING}, when the SIMD loops are on
 * but a kernel's SIMD class cannot be used, which is a packaging error (each further such class at
 * {@code DEBUG}).
 */
public final class VectorSupport {

    /** System property that turns the SIMD loops off when set to {@code false}. */
    public static final String PROPERTY = "argonnx.vectorization";

    /**
     * System property that sets the vector size of the SIMD loops: a number of bits from 128 up to the CPU's
     * preferred size, or {@code preferred} for that size.
     */
    public static final String BITS_PROPERTY = "argonnx.vectorization.bits";

    /**
     * The logger of what the SIMD loops do: named after the API class users know, {@code Vectorization},
     * which reports their status by calling this one.
     */
    public static final String LOGGER = "io.github.argonnx.runtime.Vectorization";

    static final String VECTOR_MODULE = "jdk.incubator.vector";

    /** Narrower vectors would be emulated by the Vector API, slowly. */
    private static final int MIN_VECTOR_BITS = 128;

    /** Wider preferred vectors are capped to this size unless {@link #BITS_PROPERTY} asks for them. */
    static final int DEFAULT_MAX_BITS = 256;

    private static final VectorSupport INSTANCE = detect(System.getLogger(LOGGER));

    private final boolean enabled;
    private final int bits;
    private final String status;
    /** Whether {@link #BITS_PROPERTY} was refused: the status is then logged as a warning. */
    private final boolean bitsRefused;
    private final Logger logger;
    private final AtomicBoolean packagingErrorReported = new AtomicBoolean();

    VectorSupport(boolean enabled, String status, Logger logger) {
        this(enabled, 0, false, status, logger);
    }

    private VectorSupport(boolean enabled, int bits, boolean bitsRefused, String status, Logger logger) {
        this.enabled = enabled;
        this.bits = bits;
        this.bitsRefused = bitsRefused;
        this.status = status;
        this.logger = logger;
    }

    /**
     * Whether kernels run SIMD loops in this JVM (those whose SIMD class is packaged with them).
     *
     * @return true when SIMD loops are on
     */
    public static boolean isEnabled() {
        return INSTANCE.enabled;
    }

    /**
     * The size of the vectors the SIMD loops use; each generated SIMD class takes its species of this size.
     *
     * @return 128, 256 or 512 when SIMD loops are on, 0 when they are off
     */
    public static int vectorBitSize() {
        return INSTANCE.bits;
    }

    boolean isOn() {
        return enabled;
    }

    int bits() {
        return bits;
    }

    String statusLine() {
        return status;
    }

    /**
     * One sentence saying which loops kernels run and why, for logs and bug reports.
     *
     * @return the sentence
     */
    public static String status() {
        return INSTANCE.status;
    }

    /**
     * The SIMD loops of a kernel: an instance of the class named {@code implementation}, loaded by the
     * kernel's class loader, or {@code null} when SIMD loops are off or that class cannot be used
     * (missing, compiled for another incubator API, reading another array type). Kernels keep the
     * result in a static final field, so that the JIT drops the SIMD branch entirely when it is
     * {@code null}.
     *
     * @param kernel the generated kernel that asks; its class loader loads {@code implementation}
     * @param implementation the binary name of a public {@link VectorizedArgReduction} class with a
     *     public no-argument constructor
     * @param arrayType the array type the kernel stores its elements in
     * @param <A> the array type
     * @return the SIMD loops, or {@code null} to run the scalar ones
     */
    public static <A> VectorizedArgReduction<A> load(Class<?> kernel, String implementation, Class<A> arrayType) {
        return INSTANCE.loadFor(kernel, implementation, arrayType);
    }

    <A> VectorizedArgReduction<A> loadFor(Class<?> kernel, String implementation, Class<A> arrayType) {
        Object loops = instantiate(kernel, implementation);
        if (loops == null) {
            return null;
        }
        if (!(loops instanceof VectorizedArgReduction) || ((VectorizedArgReduction<?>) loops).arrayType() != arrayType) {
            reportUnusable(kernel, implementation, "is not the SIMD loops of a kernel over " + arrayType.getSimpleName()
                    + "; regenerate the kernels and their SIMD loops together");
            return null;
        }
        logger.log(Level.DEBUG, () -> kernel.getName() + " runs SIMD loops " + implementation);
        @SuppressWarnings("unchecked") // just checked: it reads arrayType
        VectorizedArgReduction<A> checked = (VectorizedArgReduction<A>) loops;
        return checked;
    }

    /**
     * The SIMD screen of a TopK kernel's contiguous slices: an instance of the class named {@code implementation},
     * loaded as {@link #load} loads SIMD loops, or {@code null} to run the kernel's scalar screens.
     *
     * @param kernel the generated kernel that asks; its class loader loads {@code implementation}
     * @param implementation the binary name of a public {@link VectorizedTopKScreen} class with a public
     *     no-argument constructor
     * @param arrayType the array type the kernel stores its elements in
     * @param <A> the array type
     * @return the SIMD screen, or {@code null} to run the scalar ones
     */
    public static <A> VectorizedTopKScreen<A> loadTopKScreen(Class<?> kernel, String implementation, Class<A> arrayType) {
        return INSTANCE.loadTopKScreenFor(kernel, implementation, arrayType);
    }

    <A> VectorizedTopKScreen<A> loadTopKScreenFor(Class<?> kernel, String implementation, Class<A> arrayType) {
        Object screen = instantiate(kernel, implementation);
        if (screen == null) {
            return null;
        }
        if (!(screen instanceof VectorizedTopKScreen) || ((VectorizedTopKScreen<?>) screen).arrayType() != arrayType) {
            reportUnusable(kernel, implementation, "is not the SIMD screen of a TopK kernel over "
                    + arrayType.getSimpleName() + "; regenerate the kernels and their SIMD classes together");
            return null;
        }
        logger.log(Level.DEBUG, () -> kernel.getName() + " runs SIMD screen " + implementation);
        @SuppressWarnings("unchecked") // just checked: it reads arrayType
        VectorizedTopKScreen<A> checked = (VectorizedTopKScreen<A>) screen;
        return checked;
    }

    /** A new instance of the SIMD class {@code implementation}, or null when SIMD loops are off or it cannot be made. */
    private Object instantiate(Class<?> kernel, String implementation) {
        if (!enabled) {
            return null;
        }
        Object loops;
        try {
            // Loaded by name, never linked: the kernels compile without the incubator module.
            loops = Class.forName(implementation, true, kernel.getClassLoader()).getDeclaredConstructor().newInstance();
        } catch (ClassNotFoundException e) {
            reportUnusable(kernel, implementation, "is not on the class path of the kernel's class loader. That is a "
                    + "packaging error: the argonnx-maven-plugin's generate goal compiles the SIMD loops of "
                    + "target/generated-sources/argonnx-vector, with --add-modules " + VECTOR_MODULE + ", into the "
                    + "project's classes unless compileVectorLoops=false (then compile them yourself), and the jar "
                    + "must hold those classes (see \"SIMD loops\" in the argonnx-maven-plugin documentation)");
            return null;
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            reportUnusable(kernel, implementation, "cannot be used with this JDK's " + VECTOR_MODULE + " (" + e
                    + "); regenerate and recompile the kernels with the JDK that runs them");
            return null;
        }
        return loops;
    }

    private void reportUnusable(Class<?> kernel, String implementation, String why) {
        String message = "ArgONNX: SIMD loops are on, but " + implementation + " (the SIMD loops of " + kernel.getName()
                + ") " + why + ". Until then " + kernel.getSimpleName() + " runs its plain Java loops.";
        Level level = packagingErrorReported.compareAndSet(false, true) ? Level.WARNING : Level.DEBUG;
        logger.log(level, message);
    }

    static VectorSupport detect(Logger logger) {
        VectorSupport decided = decide(System.getProperty(PROPERTY, "true"), System.getProperty(BITS_PROPERTY),
                ModuleLayer.boot().findModule(VECTOR_MODULE), VectorSupport::preferredBits, logger);
        logger.log(decided.bitsRefused ? Level.WARNING : Level.INFO, "ArgONNX: " + decided.status);
        return decided;
    }

    /** {@code VectorShape.preferredShape().vectorBitSize()}, by reflection for the same reason as load. */
    static int preferredBits() throws ReflectiveOperationException {
        Class<?> shapeType = Class.forName(VECTOR_MODULE + ".VectorShape");
        Object shape = shapeType.getMethod("preferredShape").invoke(null);
        Method bitSize = shapeType.getMethod("vectorBitSize");
        return (Integer) bitSize.invoke(shape);
    }

    /** The preferred vector size of the CPU, in bits, as the Vector API reports it. */
    @FunctionalInterface
    interface PreferredBits {
        int get() throws ReflectiveOperationException;
    }

    static VectorSupport decide(String property, String bitsProperty, Optional<Module> module,
            PreferredBits preferred, Logger logger) {
        if ("false".equalsIgnoreCase(property)) {
            return new VectorSupport(false, "SIMD loops off: system property " + PROPERTY + "=false", logger);
        }
        if (module.isEmpty()) {
            return new VectorSupport(false, "SIMD loops off: start the JVM with --add-modules " + VECTOR_MODULE
                    + " to use them", logger);
        }
        int preferredBits;
        try {
            preferredBits = preferred.get();
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return new VectorSupport(false, "SIMD loops off: " + VECTOR_MODULE + " unusable (" + e + ")", logger);
        }
        if (preferredBits < MIN_VECTOR_BITS) {
            return new VectorSupport(false, "SIMD loops off: the preferred vectors have " + preferredBits
                    + " bits, fewer than " + MIN_VECTOR_BITS, logger);
        }
        int defaultBits = Math.min(preferredBits, DEFAULT_MAX_BITS);
        if (bitsProperty == null) {
            String why = defaultBits < preferredBits ? " (the CPU prefers " + preferredBits + ", measured slower)" : "";
            return new VectorSupport(true, defaultBits, false, "SIMD loops on: Vector API, " + defaultBits + "-bit vectors"
                    + why, logger);
        }
        String value = bitsProperty.strip().toLowerCase(Locale.ROOT);
        List<String> allowed = new ArrayList<>();
        for (int bits = MIN_VECTOR_BITS; bits <= preferredBits; bits *= 2) {
            allowed.add(Integer.toString(bits));
        }
        int bits = "preferred".equals(value) ? preferredBits : allowed.contains(value) ? Integer.parseInt(value) : 0;
        if (bits == 0) {
            // refused, not fatal: the default size gives the same indices
            return new VectorSupport(true, defaultBits, true, "SIMD loops on: Vector API, " + defaultBits
                    + "-bit vectors; system property " + BITS_PROPERTY + "=" + bitsProperty + " refused: allowed "
                    + String.join(", ", allowed) + " or preferred (" + preferredBits + ")", logger);
        }
        return new VectorSupport(true, bits, false, "SIMD loops on: Vector API, " + bits + "-bit vectors (system property "
                + BITS_PROPERTY + ")", logger);
    }
}
