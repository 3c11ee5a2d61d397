package io.github.argonnx.benchmarks;

/**
 * One pass over the input that does as little as possible with each element: the time any
 * ArgMax/ArgMin must at least spend reading it. Uses the Vector API when the JVM was started with
 * {@code --add-modules jdk.incubator.vector}, and a plain loop otherwise.
 */
public abstract class ReadFloor {

    private static final ReadFloor INSTANCE = create();

    /** The fastest implementation this JVM can run. */
    public static ReadFloor get() {
        return INSTANCE;
    }

    /** True when the Vector API implementation is in use (the floor is meaningful only then). */
    public abstract boolean vectorized();

    public abstract float pass(float[] a);

    public abstract double pass(double[] a);

    public abstract int pass(int[] a);

    public abstract long pass(long[] a);

    public abstract int pass(short[] a);

    public abstract int pass(byte[] a);

    /** Reads the whole input of a case; the result only keeps the work from being optimized away. */
    public final long pass(InputData input) {
        Object array = input.array();
        if (array instanceof float[]) {
            return Float.floatToRawIntBits(pass((float[]) array));
        } else if (array instanceof double[]) {
            return Double.doubleToRawLongBits(pass((double[]) array));
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

    /** Plain loops; C2 vectorizes the integer ones on its own, not the floating-point sums. */
    static final class ScalarReadFloor extends ReadFloor {

        @Override
        public boolean vectorized() {
            return false;
        }

        @Override
        public float pass(float[] a) {
            float max = a[0];
            for (float v : a) {
                max = Math.max(max, v);
            }
            return max;
        }

        @Override
        public double pass(double[] a) {
            double max = a[0];
            for (double v : a) {
                max = Math.max(max, v);
            }
            return max;
        }

        @Override
        public int pass(int[] a) {
            int sum = 0;
            for (int v : a) {
                sum += v;
            }
            return sum;
        }

        @Override
        public long pass(long[] a) {
            long sum = 0;
            for (long v : a) {
                sum += v;
            }
            return sum;
        }

        @Override
        public int pass(short[] a) {
            int sum = 0;
            for (short v : a) {
                sum += v;
            }
            return sum;
        }

        @Override
        public int pass(byte[] a) {
            int sum = 0;
            for (byte v : a) {
                sum += v;
            }
            return sum;
        }
    }
}
