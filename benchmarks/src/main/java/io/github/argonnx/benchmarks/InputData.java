package io.github.argonnx.benchmarks;

import java.util.SplittableRandom;

/**
 * The input array of one benchmark case: the same pseudo-random values (fixed seed per case) in
 * every fork, so that every contender reads the same data. No NaN, so ONNX Runtime is comparable.
 */
public final class InputData {

    private final BenchCase benchCase;
    private final Object array;

    private InputData(BenchCase benchCase, Object array) {
        this.benchCase = benchCase;
        this.array = array;
    }

    public static InputData generate(BenchCase benchCase) {
        SplittableRandom random = new SplittableRandom(0x5EED_0000L + benchCase.ordinal());
        int n = benchCase.elementCount();
        Object array;
        switch (benchCase.type()) {
            case FLOAT: {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (float) (random.nextDouble() * 2 - 1);
                }
                array = a;
                break;
            }
            case DOUBLE: {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = random.nextDouble() * 2 - 1;
                }
                array = a;
                break;
            }
            case FLOAT16: {
                short[] a = new short[n];
                for (int i = 0; i < n; i++) {
                    // Random sign, a normal exponent (1..30, so never inf/NaN) and a random mantissa.
                    int sign = random.nextInt(2) << 15;
                    int exponent = 1 + random.nextInt(30);
                    a[i] = (short) (sign | exponent << 10 | random.nextInt(1 << 10));
                }
                array = a;
                break;
            }
            case BFLOAT16: {
                short[] a = new short[n];
                for (int i = 0; i < n; i++) {
                    float f = (float) (random.nextDouble() * 2 - 1);
                    a[i] = (short) (Float.floatToRawIntBits(f) >>> 16);
                }
                array = a;
                break;
            }
            case INT32: {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = random.nextInt();
                }
                array = a;
                break;
            }
            case INT64:
            case UINT64: {
                long[] a = new long[n];
                for (int i = 0; i < n; i++) {
                    a[i] = random.nextLong();
                }
                array = a;
                break;
            }
            case UINT8: {
                byte[] a = new byte[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (byte) random.nextInt(256);
                }
                array = a;
                break;
            }
            default:
                throw new IllegalStateException("no generator for " + benchCase.type());
        }
        return new InputData(benchCase, array);
    }

    public BenchCase benchCase() {
        return benchCase;
    }

    /** The primitive array: float[], double[], short[] (float16/bfloat16 bits), int[], long[] or byte[]. */
    public Object array() {
        return array;
    }

    public float[] floats() {
        return (float[]) array;
    }

    public double[] doubles() {
        return (double[]) array;
    }

    public short[] shorts() {
        return (short[]) array;
    }

    public int[] ints() {
        return (int[]) array;
    }

    public long[] longs() {
        return (long[]) array;
    }

    public byte[] bytes() {
        return (byte[]) array;
    }
}
