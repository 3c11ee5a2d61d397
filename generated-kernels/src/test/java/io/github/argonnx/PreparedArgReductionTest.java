package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.ArgResult;
import io.github.argonnx.runtime.Parallelism;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * A prepared operator gives exactly the indices and shape of {@code apply} for every type, version,
 * attribute set and storage (array, heap and direct raw data, split over threads or not), and refuses
 * by name every input and output that does not fit what it was prepared for.
 */
class PreparedArgReductionTest {

    private static ExecutorService pool;

    @BeforeAll
    static void startPool() {
        pool = Executors.newFixedThreadPool(2);
    }

    @AfterAll
    static void stopPool() {
        pool.shutdownNow();
    }

    /** Small shapes, the benchmark's cases, and lengths around the SIMD loops' blocks and vector widths. */
    private static final long[][] SHAPES = {{1}, {7}, {1, 10}, {8, 8}, {2, 3, 5}, {3, 0, 2}, {1, 64}, {2, 129},
        {513}, {3, 1025}, {1040, 2}};

    @Test
    void everyTypeVersionAttributeSetAndStorageGivesTheIndicesOfApply() {
        SplittableRandom random = new SplittableRandom(13);
        Parallelism split = Parallelism.using(pool, 2).withMinElementsPerTask(1);
        int checked = 0;
        int refusals = 0;
        for (DataType type : DataType.values()) {
            for (long[] shape : SHAPES) {
                int n = (int) Arrays.stream(shape).reduce(1, (a, b) -> a * b);
                ByteBuffer le = OperatorParallelismTest.tiesAndExtremes(type, n, random);
                Tensor array = OperatorParallelismTest.arrayTensor(type, le.duplicate(), shape);
                ByteBuffer direct = ByteBuffer.allocateDirect(le.remaining()).order(ByteOrder.LITTLE_ENDIAN);
                direct.put(le.duplicate()).flip();
                List<Tensor> tensors = List.of(array,
                        Tensor.ofRawData(type, le.duplicate().order(ByteOrder.LITTLE_ENDIAN), shape),
                        Tensor.ofRawData(type, direct, shape));
                for (ArgReductionOperator op : operators(shape.length)) {
                    ArgReductionOperator one = op.parallelism(Parallelism.singleThread());
                    ArgOnnxException refused = refusal(() -> one.apply(array));
                    if (refused != null) {
                        // An input this version refuses is refused by prepare too, in the same words.
                        assertEquals(refused.getMessage(), message(() -> op.prepare(type, shape)));
                        refusals++;
                        continue;
                    }
                    for (ArgReductionOperator threads : List.of(op, op.parallelism(split))) {
                        PreparedArgReduction prepared = threads.prepare(type, shape);
                        for (Tensor tensor : tensors) {
                            ArgResult expected = one.apply(tensor);
                            String where = prepared + " on " + tensor;
                            assertArrayEquals(expected.shape(), prepared.outputShape(), where);
                            long[] out = new long[expected.indices().length + 3];
                            Arrays.fill(out, -7);
                            prepared.apply(tensor, out, 2);
                            assertArrayEquals(expected.indices(), Arrays.copyOfRange(out, 2, out.length - 1), where);
                            assertEquals(-7, out[1], where + ": before the offset");
                            assertEquals(-7, out[out.length - 1], where + ": after the output");
                            LongBuffer buffer = LongBuffer.allocate(expected.indices().length);
                            prepared.apply(tensor, buffer);
                            assertArrayEquals(expected.indices(), buffer.array(), where + " into a LongBuffer");
                            LongBuffer directOut = ByteBuffer.allocateDirect(8 * expected.indices().length)
                                    .order(ByteOrder.nativeOrder()).asLongBuffer();
                            prepared.apply(tensor, directOut);
                            long[] written = new long[expected.indices().length];
                            directOut.get(0, written);
                            assertArrayEquals(expected.indices(), written, where + " into a direct LongBuffer");
                            checked++;
                        }
                    }
                }
            }
        }
        assertTrue(checked > 5000, "checked only " + checked + " calls");
        assertTrue(refusals > 100, "checked only " + refusals + " refusals");
    }

    /** Every version and attribute set for a rank: every axis, both keepdims, both tie rules where they exist. */
    private static List<ArgReductionOperator> operators(int rank) {
        List<ArgReductionOperator> operators = new ArrayList<>();
        for (String opType : List.of("ArgMax", "ArgMin")) {
            for (int version : new int[] {1, 11, 12, 13}) {
                for (int axis = -rank; axis < rank; axis++) {
                    for (int keepdims = 0; keepdims <= 1; keepdims++) {
                        ArgReductionOperator op = ArgReductionOperator.version(opType, version).axis(axis).keepdims(keepdims);
                        operators.add(op);
                        if (version >= 12) {
                            operators.add(op.selectLastIndex(true));
                        }
                    }
                }
            }
        }
        return operators;
    }

    private static ArgOnnxException refusal(Executable call) {
        try {
            call.execute();
            return null;
        } catch (ArgOnnxException e) {
            return e;
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theInt64InputAsItsOwnOutputGivesTheIndicesOfApply() {
        long[] data = {5, 9, 2, 9, 1, 0, 7, 7};
        long[] expected = ArgMax.latest().axis(1).apply(Tensor.ofInt64(data.clone(), 2, 4)).indices();
        long[] shared = data.clone();
        ArgMax.latest().axis(1).prepare(DataType.INT64, 2, 4).apply(Tensor.ofInt64(shared, 2, 4), shared, 1);
        assertArrayEquals(expected, Arrays.copyOfRange(shared, 1, 3));
    }

    @Test
    void prepareRefusesWhatApplyRefusesWithTheSameMessage() {
        Tensor scalar = Tensor.ofFloat(new float[] {1}, new long[0]);
        assertSameRefusal(() -> ArgMax.latest().apply(scalar), () -> ArgMax.latest().prepare(DataType.FLOAT));
        Tensor matrix = Tensor.ofFloat(new float[6], 2, 3);
        assertSameRefusal(() -> ArgMax.latest().axis(2).apply(matrix), () -> ArgMax.latest().axis(2).prepare(DataType.FLOAT, 2, 3));
        assertSameRefusal(() -> ArgMin.version(11).axis(-3).apply(matrix), () -> ArgMin.version(11).axis(-3).prepare(DataType.FLOAT, 2, 3));
        Tensor emptyAxis = Tensor.ofFloat(new float[0], 2, 0);
        assertSameRefusal(() -> ArgMin.latest().axis(1).apply(emptyAxis), () -> ArgMin.latest().axis(1).prepare(DataType.FLOAT, 2, 0));
        Tensor bfloat16 = Tensor.ofBfloat16(new short[2], 2);
        assertSameRefusal(() -> ArgMax.version(12).apply(bfloat16), () -> ArgMax.version(12).prepare(DataType.BFLOAT16, 2));
    }

    private static void assertSameRefusal(Executable apply, Executable prepare) {
        String expected = assertThrows(ArgOnnxException.class, apply).getMessage();
        assertEquals(expected, assertThrows(ArgOnnxException.class, prepare).getMessage());
    }

    @Test
    void prepareRefusesBadShapesAndTypesByName() {
        assertEquals("ArgMax-13: input 'data' has no element type (null)",
                message(() -> ArgMax.latest().prepare(null, 2, 3)));
        assertTrue(message(() -> ArgMax.latest().prepare(DataType.FLOAT, (long[]) null)).startsWith("ArgMax-13: input 'data'"));
        assertTrue(message(() -> ArgMax.latest().prepare(DataType.FLOAT, 2, -1)).contains("dimension 1 is -1"));
        String tooLarge = message(() -> ArgMin.version(12).prepare(DataType.UINT8, 1L << 20, 1L << 12));
        assertTrue(tooLarge.startsWith("ArgMin-12: input 'data' has shape [1048576, 4096] (4294967296 elements), more than"),
                tooLarge);
    }

    @Test
    void aCallRefusesAnInputOfAnotherTypeOrShapeByName() {
        PreparedArgReduction prepared = ArgMax.latest().axis(1).prepare(DataType.FLOAT, 2, 3);
        long[] out = {-1, -1};
        assertEquals("ArgMax-13: prepared for input 'data' of type float and shape [2, 3], but input 'data' has type "
                + "double and shape [2, 3] (allowed: that type and shape only; prepare another for this input, or use apply)",
                message(() -> prepared.apply(Tensor.ofDouble(new double[6], 2, 3), out, 0)));
        assertTrue(message(() -> prepared.apply(Tensor.ofFloat(new float[6], 3, 2), out, 0))
                .contains("but input 'data' has type float and shape [3, 2]"));
        assertTrue(message(() -> prepared.apply(Tensor.ofFloat(new float[6], 6), out, 0))
                .contains("but input 'data' has type float and shape [6]"));
        assertTrue(message(() -> prepared.apply(Tensor.ofFloat(new float[6], 1, 2, 3), LongBuffer.allocate(2)))
                .contains("but input 'data' has type float and shape [1, 2, 3]"));
        assertEquals("ArgMax-13: input 'data' is null", message(() -> prepared.apply(null, out, 0)));
        assertArrayEquals(new long[] {-1, -1}, out, "nothing written");
    }

    @Test
    void aCallRefusesAnOutputWithoutRoomByName() {
        PreparedArgReduction prepared = ArgMin.version(11).axis(0).prepare(DataType.INT32, 2, 3);
        Tensor x = Tensor.ofInt32(new int[] {4, 1, 6, 3, 5, 2}, 2, 3);
        long[] out = new long[4];
        Arrays.fill(out, -1);
        assertEquals("ArgMin-11: the output array is null", message(() -> prepared.apply(x, null, 0)));
        assertTrue(message(() -> prepared.apply(x, out, 2)).startsWith("ArgMin-11: output 'reduced' has shape [1, 3] "
                + "(3 indices), but the output array has room for 2 from offset 2"));
        assertTrue(message(() -> prepared.apply(x, out, -1)).contains("output offset -1 is outside the output array"));
        assertEquals("ArgMin-11: the output LongBuffer is read-only",
                message(() -> prepared.apply(x, LongBuffer.allocate(3).asReadOnlyBuffer())));
        assertTrue(message(() -> prepared.apply(x, LongBuffer.allocate(2))).contains("has room for 2"));
        assertArrayEquals(new long[] {-1, -1, -1, -1}, out, "nothing written");
        prepared.apply(x, out, 1);
        assertArrayEquals(new long[] {-1, 1, 0, 1}, out);
    }

    @Test
    void describesWhatItWasPreparedFor() {
        ArgMax op = ArgMax.latest().axis(1).keepdims(false);
        long[] shape = {4, 10};
        PreparedArgReduction prepared = op.prepare(DataType.FLOAT16, shape);
        shape[1] = 99;
        assertSame(op, prepared.operator());
        assertEquals(DataType.FLOAT16, prepared.dataType());
        assertArrayEquals(new long[] {4, 10}, prepared.inputShape(), "the caller's array is copied");
        assertArrayEquals(new long[] {4}, prepared.outputShape());
        assertEquals(4, prepared.outputSize());
        assertEquals("ArgMax-13{axis=1, keepdims=0} prepared for float16 [4, 10]", prepared.toString());
        prepared.outputShape()[0] = 7;
        assertArrayEquals(new long[] {4}, prepared.outputShape(), "returned shapes are copies");
    }

    private static String message(Executable call) {
        return assertThrows(ArgOnnxException.class, call).getMessage();
    }
}
