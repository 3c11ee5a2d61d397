package io.github.argonnx.benchmarks;

/**
 * The read floor in plain Java loops, which C2 may or may not vectorize on its own: the floor a JVM
 * without the Vector API module allows, and a contender for the floor in one that has it.
 */
final class PlainReadFloor extends ReadFloor {

    @Override
    public boolean vectorized() {
        return false;
    }

    @Override
    public int pass(float[] a, int streams) {
        int n = a.length;
        switch (streams) {
            case 1:
                return or(a, 0, n);
            case 2: {
                int h = n / 2;
                int b0 = 0;
                int b1 = 0;
                for (int i = 0; i < h; i++) {
                    b0 |= Float.floatToRawIntBits(a[i]);
                    b1 |= Float.floatToRawIntBits(a[h + i]);
                }
                return b0 | b1 | or(a, 2 * h, n);
            }
            case 4: {
                int q = n / 4;
                int b0 = 0;
                int b1 = 0;
                int b2 = 0;
                int b3 = 0;
                for (int i = 0; i < q; i++) {
                    b0 |= Float.floatToRawIntBits(a[i]);
                    b1 |= Float.floatToRawIntBits(a[q + i]);
                    b2 |= Float.floatToRawIntBits(a[2 * q + i]);
                    b3 |= Float.floatToRawIntBits(a[3 * q + i]);
                }
                return b0 | b1 | b2 | b3 | or(a, 4 * q, n);
            }
            default:
                throw streamsRefused(streams);
        }
    }

    @Override
    public long pass(double[] a, int streams) {
        int n = a.length;
        switch (streams) {
            case 1:
                return or(a, 0, n);
            case 2: {
                int h = n / 2;
                long b0 = 0;
                long b1 = 0;
                for (int i = 0; i < h; i++) {
                    b0 |= Double.doubleToRawLongBits(a[i]);
                    b1 |= Double.doubleToRawLongBits(a[h + i]);
                }
                return b0 | b1 | or(a, 2 * h, n);
            }
            case 4: {
                int q = n / 4;
                long b0 = 0;
                long b1 = 0;
                long b2 = 0;
                long b3 = 0;
                for (int i = 0; i < q; i++) {
                    b0 |= Double.doubleToRawLongBits(a[i]);
                    b1 |= Double.doubleToRawLongBits(a[q + i]);
                    b2 |= Double.doubleToRawLongBits(a[2 * q + i]);
                    b3 |= Double.doubleToRawLongBits(a[3 * q + i]);
                }
                return b0 | b1 | b2 | b3 | or(a, 4 * q, n);
            }
            default:
                throw streamsRefused(streams);
        }
    }

    @Override
    public int pass(int[] a, int streams) {
        int n = a.length;
        switch (streams) {
            case 1:
                return or(a, 0, n);
            case 2: {
                int h = n / 2;
                int b0 = 0;
                int b1 = 0;
                for (int i = 0; i < h; i++) {
                    b0 |= a[i];
                    b1 |= a[h + i];
                }
                return b0 | b1 | or(a, 2 * h, n);
            }
            case 4: {
                int q = n / 4;
                int b0 = 0;
                int b1 = 0;
                int b2 = 0;
                int b3 = 0;
                for (int i = 0; i < q; i++) {
                    b0 |= a[i];
                    b1 |= a[q + i];
                    b2 |= a[2 * q + i];
                    b3 |= a[3 * q + i];
                }
                return b0 | b1 | b2 | b3 | or(a, 4 * q, n);
            }
            default:
                throw streamsRefused(streams);
        }
    }

    @Override
    public long pass(long[] a, int streams) {
        int n = a.length;
        switch (streams) {
            case 1:
                return or(a, 0, n);
            case 2: {
                int h = n / 2;
                long b0 = 0;
                long b1 = 0;
                for (int i = 0; i < h; i++) {
                    b0 |= a[i];
                    b1 |= a[h + i];
                }
                return b0 | b1 | or(a, 2 * h, n);
            }
            case 4: {
                int q = n / 4;
                long b0 = 0;
                long b1 = 0;
                long b2 = 0;
                long b3 = 0;
                for (int i = 0; i < q; i++) {
                    b0 |= a[i];
                    b1 |= a[q + i];
                    b2 |= a[2 * q + i];
                    b3 |= a[3 * q + i];
                }
                return b0 | b1 | b2 | b3 | or(a, 4 * q, n);
            }
            default:
                throw streamsRefused(streams);
        }
    }

    @Override
    public short pass(short[] a, int streams) {
        int n = a.length;
        switch (streams) {
            case 1:
                return (short) (or(a, 0, n));
            case 2: {
                int h = n / 2;
                int b0 = 0;
                int b1 = 0;
                for (int i = 0; i < h; i++) {
                    b0 |= a[i];
                    b1 |= a[h + i];
                }
                return (short) (b0 | b1 | or(a, 2 * h, n));
            }
            case 4: {
                int q = n / 4;
                int b0 = 0;
                int b1 = 0;
                int b2 = 0;
                int b3 = 0;
                for (int i = 0; i < q; i++) {
                    b0 |= a[i];
                    b1 |= a[q + i];
                    b2 |= a[2 * q + i];
                    b3 |= a[3 * q + i];
                }
                return (short) (b0 | b1 | b2 | b3 | or(a, 4 * q, n));
            }
            default:
                throw streamsRefused(streams);
        }
    }

    @Override
    public byte pass(byte[] a, int streams) {
        int n = a.length;
        switch (streams) {
            case 1:
                return (byte) (or(a, 0, n));
            case 2: {
                int h = n / 2;
                int b0 = 0;
                int b1 = 0;
                for (int i = 0; i < h; i++) {
                    b0 |= a[i];
                    b1 |= a[h + i];
                }
                return (byte) (b0 | b1 | or(a, 2 * h, n));
            }
            case 4: {
                int q = n / 4;
                int b0 = 0;
                int b1 = 0;
                int b2 = 0;
                int b3 = 0;
                for (int i = 0; i < q; i++) {
                    b0 |= a[i];
                    b1 |= a[q + i];
                    b2 |= a[2 * q + i];
                    b3 |= a[3 * q + i];
                }
                return (byte) (b0 | b1 | b2 | b3 | or(a, 4 * q, n));
            }
            default:
                throw streamsRefused(streams);
        }
    }
}
