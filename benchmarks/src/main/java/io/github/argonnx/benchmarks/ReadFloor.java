package io.github.argonnx.benchmarks;

import java.util.ArrayList;
import java.util.List;

/**
 * One pass over the input that does nothing with each element but read it: the time any
 * ArgMax/ArgMin must at least spend on it. Each pass ORs the bits of every element into one number
 * (integer lanes of the element's own width; float and double as their raw bits, with no float
 * arithmetic), so a pass costs the reads and one cheap instruction per element or vector, nothing a
 * comparison could undercut, and its result changes when any one element's bits do, so the JIT cannot
 * drop a read. It reads the whole input, whatever the case's layout.
 *
 * <p>A pass walks the input in one stream, front to back, or cut in two or four stretches of equal
 * length walked in one loop (an element of each stretch per step, one accumulator per stretch), which
 * gives the CPU's prefetchers several streams at once. Each way exists as plain Java loops and, when
 * the JVM was started with {@code --add-modules jdk.incubator.vector}, with the Vector API: the floor
 * is the fastest of the {@link #variants()} the JVM allows, measured in the run it bounds.
 */
public abstract class ReadFloor {

    /** The stream counts a pass can walk the input in. */
    public static final List<Integer> STREAMS = List.of(1, 2, 4);

    private static final ReadFloor PLAIN = new PlainReadFloor();
    private static final ReadFloor INSTANCE = create();

    /** The fastest implementation this JVM can run: the Vector API's when the module is there. */
    public static ReadFloor get() {
        return INSTANCE;
    }

    /** Every implementation this JVM can run, the plain loops first. */
    public static List<ReadFloor> implementations() {
        return INSTANCE == PLAIN ? List.of(PLAIN) : List.of(PLAIN, INSTANCE);
    }

    /** One way of reading: an implementation and the number of streams it walks the input in. */
    public record Variant(ReadFloor floor, int streams) {

        /** "plain-1", "SIMD-4", ...: the implementation's name and the stream count. */
        public String name() {
            return floor.name() + "-" + streams;
        }

        /** Reads the whole input of a case; the OR it returns keeps the reads from being optimized away. */
        public long pass(InputData input) {
            return floor.pass(input, streams);
        }
    }

    /** Every variant this JVM can run: each implementation in one, two and four streams. */
    public static List<Variant> variants() {
        List<Variant> variants = new ArrayList<>();
        for (ReadFloor floor : implementations()) {
            for (int streams : STREAMS) {
                variants.add(new Variant(floor, streams));
            }
        }
        return variants;
    }

    /**
     * The variant of that name.
     *
     * @throws IllegalArgumentException naming the variants this JVM allows
     */
    public static Variant variant(String name) {
        for (Variant v : variants()) {
            if (v.name().equals(name)) {
                return v;
            }
        }
        throw new IllegalArgumentException("read floor variant '" + name + "' is not one this JVM runs (allowed: "
                + String.join(", ", variants().stream().map(Variant::name).toList()) + ")");
    }

    /** True when the Vector API implementation is in use. */
    public abstract boolean vectorized();

    /** "SIMD" for the Vector API's loops, "plain" for plain Java loops. */
    public final String name() {
        return vectorized() ? "SIMD" : "plain";
    }

    @Override
    public String toString() {
        return name() + " read floor";
    }

    /** The OR of the raw bits of every element, read in {@code streams} streams (1, 2 or 4). */
    public abstract int pass(float[] a, int streams);

    /** The OR of the raw bits of every element, read in {@code streams} streams (1, 2 or 4). */
    public abstract long pass(double[] a, int streams);

    /** The OR of every element, read in {@code streams} streams (1, 2 or 4). */
    public abstract int pass(int[] a, int streams);

    /** The OR of every element, read in {@code streams} streams (1, 2 or 4). */
    public abstract long pass(long[] a, int streams);

    /** The OR of every element, read in {@code streams} streams (1, 2 or 4). */
    public abstract short pass(short[] a, int streams);

    /** The OR of every element, read in {@code streams} streams (1, 2 or 4). */
    public abstract byte pass(byte[] a, int streams);

    /** Reads the whole input of a case in one stream. */
    public final long pass(InputData input) {
        return pass(input, 1);
    }

    /** Reads the whole input of a case in {@code streams} streams. */
    public final long pass(InputData input, int streams) {
        Object array = input.array();
        if (array instanceof float[]) {
            return pass((float[]) array, streams);
        } else if (array instanceof double[]) {
            return pass((double[]) array, streams);
        } else if (array instanceof int[]) {
            return pass((int[]) array, streams);
        } else if (array instanceof long[]) {
            return pass((long[]) array, streams);
        } else if (array instanceof short[]) {
            return pass((short[]) array, streams);
        } else {
            return pass((byte[]) array, streams);
        }
    }

    static IllegalArgumentException streamsRefused(int streams) {
        return new IllegalArgumentException("a read floor walks 1, 2 or 4 streams, not " + streams);
    }

    /** The OR of the raw bits of a[from, to): the stretches' ends that no full step covers. */
    static int or(float[] a, int from, int to) {
        int bits = 0;
        for (int i = from; i < to; i++) {
            bits |= Float.floatToRawIntBits(a[i]);
        }
        return bits;
    }

    static long or(double[] a, int from, int to) {
        long bits = 0;
        for (int i = from; i < to; i++) {
            bits |= Double.doubleToRawLongBits(a[i]);
        }
        return bits;
    }

    static int or(int[] a, int from, int to) {
        int bits = 0;
        for (int i = from; i < to; i++) {
            bits |= a[i];
        }
        return bits;
    }

    static long or(long[] a, int from, int to) {
        long bits = 0;
        for (int i = from; i < to; i++) {
            bits |= a[i];
        }
        return bits;
    }

    static int or(short[] a, int from, int to) {
        int bits = 0;
        for (int i = from; i < to; i++) {
            bits |= a[i];
        }
        return bits;
    }

    static int or(byte[] a, int from, int to) {
        int bits = 0;
        for (int i = from; i < to; i++) {
            bits |= a[i];
        }
        return bits;
    }

    private static ReadFloor create() {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()) {
            try {
                // Loaded by name so that this class never links against the incubator module.
                return (ReadFloor) Class.forName("io.github.argonnx.benchmarks.VectorReadFloor")
                        .getDeclaredConstructor()
                        .newInstance();
            } catch (ReflectiveOperationException | LinkageError e) {
                throw new IllegalStateException("jdk.incubator.vector is present but unusable", e);
            }
        }
        return PLAIN;
    }
}
