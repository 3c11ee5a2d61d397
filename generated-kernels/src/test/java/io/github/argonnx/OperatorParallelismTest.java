package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.ArgResult;
import io.github.argonnx.runtime.Parallelism;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Through the public API, every element type gives the same indices on several threads as on one,
 * whatever way the call is split (over slices, or over the reduced axis with a merge); and the
 * SIMD loops are reached by inputs large enough for them.
 */
class OperatorParallelismTest {

    private static ExecutorService pool;

    @BeforeAll
    static void startPool() {
        pool = Executors.newFixedThreadPool(3);
    }

    @AfterAll
    static void stopPool() {
        pool.shutdownNow();
    }

    /**
     * Shapes whose splits differ: one long slice, few outer rows, many rows, outer axis of a matrix, and
     * outer axes wide enough to be split by columns (two or three ranges).
     */
    private static final long[][] SHAPES = {{5000}, {3, 1500}, {1200, 3}, {40, 70}, {2, 3, 700}, {3, 2}, {6, 1100},
        {3, 5, 1500}};

    @Test
    void everyTypeGivesTheSingleThreadedIndicesOnSeveralThreads() {
        SplittableRandom random = new SplittableRandom(2024);
        Parallelism split = Parallelism.using(pool, 3).withMinElementsPerTask(1);
        for (DataType type : DataType.values()) {
            for (long[] shape : SHAPES) {
                int n = (int) Arrays.stream(shape).reduce(1, (a, b) -> a * b);
                Tensor tensor = arrayTensor(type, tiesAndExtremes(type, n, random), shape);
                for (int axis = 0; axis < shape.length; axis++) {
                    for (int last = 0; last <= 1; last++) {
                        ArgMax max = ArgMax.latest().axis(axis).keepdims(0).selectLastIndex(last);
                        ArgMin min = ArgMin.latest().axis(axis).keepdims(0).selectLastIndex(last);
                        ArgResult maxOne = max.parallelism(Parallelism.singleThread()).apply(tensor);
                        ArgResult minOne = min.parallelism(Parallelism.singleThread()).apply(tensor);
                        String where = type + " " + Arrays.toString(shape) + " axis " + axis + " last " + last;
                        assertArrayEquals(maxOne.indices(), max.parallelism(split).apply(tensor).indices(), "ArgMax " + where);
                        assertArrayEquals(minOne.indices(), min.parallelism(split).apply(tensor).indices(), "ArgMin " + where);
                        assertArrayEquals(maxOne.indices(), max.apply(tensor).indices(), "ArgMax default " + where);
                    }
                }
            }
        }
    }

    /**
     * Little-endian raw data drawn from few byte values, so that elements tie often; the bytes 0x7F,
     * 0x80, 0xFF and 0x00 make NaNs, infinities, -0/+0 and unsigned values above the signed range.
     */
    static java.nio.ByteBuffer tiesAndExtremes(DataType type, int n, SplittableRandom random) {
        byte[] palette = {0x00, 0x7F, (byte) 0x80, (byte) 0xFF, 0x3C, 0x01};
        int width = type.byteWidth();
        byte[] bytes = new byte[n * width];
        int kinds = 2 + random.nextInt(3);
        byte[][] elements = new byte[kinds][width];
        for (byte[] element : elements) {
            for (int b = 0; b < width; b++) {
                element[b] = palette[random.nextInt(palette.length)];
            }
        }
        for (int i = 0; i < n; i++) {
            System.arraycopy(elements[random.nextInt(kinds)], 0, bytes, i * width, width);
        }
        return java.nio.ByteBuffer.wrap(bytes);
    }

    /** A tensor over a Java array (the form the threads split), with the elements of {@code le}. */
    static Tensor arrayTensor(DataType type, java.nio.ByteBuffer le, long[] shape) {
        le.order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int n = le.remaining() / type.byteWidth();
        switch (type.byteWidth()) {
            case 1: {
                byte[] a = new byte[n];
                le.get(a);
                return type == DataType.UINT8 ? Tensor.ofUint8(a, shape) : Tensor.ofInt8(a, shape);
            }
            case 2: {
                short[] a = new short[n];
                le.asShortBuffer().get(a);
                switch (type) {
                    case FLOAT16: return Tensor.ofFloat16(a, shape);
                    case BFLOAT16: return Tensor.ofBfloat16(a, shape);
                    case UINT16: return Tensor.ofUint16(a, shape);
                    default: return Tensor.ofInt16(a, shape);
                }
            }
            case 4: {
                if (type == DataType.FLOAT) {
                    float[] a = new float[n];
                    le.asFloatBuffer().get(a);
                    return Tensor.ofFloat(a, shape);
                }
                int[] a = new int[n];
                le.asIntBuffer().get(a);
                return type == DataType.UINT32 ? Tensor.ofUint32(a, shape) : Tensor.ofInt32(a, shape);
            }
            default: {
                if (type == DataType.DOUBLE) {
                    double[] a = new double[n];
                    le.asDoubleBuffer().get(a);
                    return Tensor.ofDouble(a, shape);
                }
                long[] a = new long[n];
                le.asLongBuffer().get(a);
                return type == DataType.UINT64 ? Tensor.ofUint64(a, shape) : Tensor.ofInt64(a, shape);
            }
        }
    }

    @Test
    void parallelismIsRequired() {
        ArgOnnxException e = assertThrows(ArgOnnxException.class, () -> ArgMax.latest().parallelism(null));
        assertEquals("ArgMax-13: the parallelism (argument 'parallelism') is null; Parallelism.singleThread() keeps"
                + " every call on the calling thread", e.getMessage());
    }

    @Test
    void parallelismIsNotAnAttribute() {
        assertEquals(ArgMax.latest(), ArgMax.latest().parallelism(Parallelism.singleThread()));
        assertEquals(ArgMax.latest().axis(1).toString(),
                ArgMax.latest().parallelism(Parallelism.singleThread()).axis(1).toString());
    }
}
