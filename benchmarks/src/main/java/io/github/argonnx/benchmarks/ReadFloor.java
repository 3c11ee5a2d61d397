package io.github.argonnx.benchmarks;

/**
 * One pass over the input that does nothing with each element but read it: the time any
 * ArgMax/ArgMin must at least spend on it. Each pass ORs the bits of every element into one number
 * (integer lanes of the element's own width; float and double as their raw bits, with no float
 * arithmetic), so a pass costs the reads and one cheap instruction per vector, nothing a comparison
 * could undercut, and its result changes when any one element's bits do, so the JIT cannot drop a
 * read. It reads the whole input contiguously, whatever the case's layout. Uses the Vector API when
 * the JVM was started with {@code --add-modules jdk.incubator.vector}, and a plain loop otherwise.
 */
public abstract class ReadFloor {

    private static final ReadFloor INSTANCE = create();

    /** The fastest implementation this JVM can run. */
    public static ReadFloor get() {
        return INSTANCE;
    }

    /** True when the Vector API implementation is in use (the floor is meaningful only then). */
    public abstract boolean vectorized();

    /** The OR of the raw bits of every element. */
    public abstract int pass(float[] a);

    /** The OR of the raw bits of every element. */
    public abstract long pass(double[] a);

    /** The OR of every element. */
    public abstract int pass(int[] a);

    /** The OR of every element. */
    public abstract long pass(long[] a);

    /** The OR of every element. */
    public abstract short pass(short[] a);

    /** The OR of every element. */
    public abstract byte pass(byte[] a);

    /** Reads the whole input of a case; the OR it returns keeps the reads from being optimized away. */
    public final long pass(InputData input) {
        Object array = input.array();
        if (array instanceof float[]) {
            return pass((float[]) array);
        } else if (array instanceof double[]) {
            return pass((double[]) array);
        } else if (array instanceof int[]) {
            return pass((int[]) array);
        } else if (array instanceof long[]) {
            return pass((long[]) array);
        } else if (array instanceof short[]) {
            return pass((short[]) array);
        } else {
            return pass((byte[]) array);
        }
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
        return new ScalarReadFloor();
    }

    /** Plain loops, which C2 may or may not vectorize on its own. */
    static final class ScalarReadFloor extends ReadFloor {

        @Override
        public boolean vectorized() {
            return false;
        }

        @Override
        public int pass(float[] a) {
            int bits = 0;
            for (float v : a) {
                bits |= Float.floatToRawIntBits(v);
            }
            return bits;
        }

        @Override
        public long pass(double[] a) {
            long bits = 0;
            for (double v : a) {
                bits |= Double.doubleToRawLongBits(v);
            }
            return bits;
        }

        @Override
        public int pass(int[] a) {
            int bits = 0;
            for (int v : a) {
                bits |= v;
            }
            return bits;
        }

        @Override
        public long pass(long[] a) {
            long bits = 0;
            for (long v : a) {
                bits |= v;
            }
            return bits;
        }

        @Override
        public short pass(short[] a) {
            int bits = 0;
            for (short v : a) {
                bits |= v;
            }
            return (short) bits;
        }

        @Override
        public byte pass(byte[] a) {
            int bits = 0;
            for (byte v : a) {
                bits |= v;
            }
            return (byte) bits;
        }
    }
}
