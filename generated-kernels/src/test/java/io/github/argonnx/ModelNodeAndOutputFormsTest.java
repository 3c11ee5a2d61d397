package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.Parallelism;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Operators built from a model node's attributes; int and long outputs; outputs that are the input's
 * own memory; executors that refuse work, through the public API.
 */
class ModelNodeAndOutputFormsTest {

    /** [[2, 1, 3], [7, 10, 10]]. */
    private static Tensor scores() {
        return Tensor.ofFloat(new float[] {2, 1, 3, 7, 10, 10}, 2, 3);
    }

    private static String refusal(Executable call) {
        return assertThrows(ArgOnnxException.class, call).getMessage();
    }

    private static Map<String, Long> attributes(Object... nameValue) {
        Map<String, Long> map = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            map.put((String) nameValue[i], nameValue[i + 1] == null ? null : ((Number) nameValue[i + 1]).longValue());
        }
        return map;
    }

    // ---- an operator from a model node

    @Test
    void aNodesAttributesAreSetOnTheVersionInForce() {
        ArgMax max = ArgMax.forNode(17, attributes("axis", 1, "keepdims", 0, "select_last_index", 1));
        assertEquals(ArgMax.latest().axis(1).keepdims(0).selectLastIndex(1), max);
        assertArrayEquals(new long[] {2, 2}, max.apply(scores()).indices());

        ArgReductionOperator min = ArgReductionOperator.forNode("ArgMin", 11, attributes("axis", -1));
        assertTrue(min instanceof ArgMin);
        assertEquals(11, min.version());
        assertArrayEquals(new long[] {2, 1}, min.outputShape(2, 3));
        assertArrayEquals(new long[] {1, 0}, min.apply(scores()).indices());

        assertEquals(ArgMin.version(1), ArgMin.forNode(10, Map.of()), "no attributes: the version's defaults");
    }

    @Test
    void unknownAttributesAndWrongValuesGetTheVersionsOwnMessage() {
        assertEquals(refusal(() -> ArgMax.version(11).selectLastIndex(1)),
                refusal(() -> ArgMax.forNode(11, attributes("axis", 0, "select_last_index", 1))));
        assertEquals("ArgMax-11: attribute 'select_last_index' (set to 1) does not exist in ArgMax-11: it was"
                + " introduced in ArgMax-12 (ArgMax-11 has attributes: axis, keepdims)",
                refusal(() -> ArgReductionOperator.forNode("ArgMax", 11, attributes("select_last_index", 1))));
        assertEquals(refusal(() -> ArgMin.latest().keepdims(2)),
                refusal(() -> ArgMin.forNode(13, attributes("keepdims", 2))));
        assertEquals("ArgMin-13: attribute 'axes' (set to 1) does not exist in ArgMin-13 (ArgMin-13 has attributes:"
                + " axis, keepdims, select_last_index)", refusal(() -> ArgMin.forNode(13, attributes("axes", 1))));
    }

    @Test
    void nullsAndUnknownOpTypesAndOpsetsAreRefused() {
        assertEquals("ArgMax-13: the node's attributes are null (pass an empty map for none)",
                refusal(() -> ArgMax.forNode(13, null)));
        assertEquals("ArgMax-13: attribute 'axis' has no value (null)",
                refusal(() -> ArgMax.forNode(13, attributes("axis", null))));
        Map<String, Long> nullName = new HashMap<>();
        nullName.put(null, 1L);
        assertEquals("ArgMax-12: an attribute has a null name (set to 1)", refusal(() -> ArgMax.forNode(12, nullName)));
        assertEquals(refusal(() -> ArgReductionOperator.forModelOpset("Argmax", 13)),
                refusal(() -> ArgReductionOperator.forNode("Argmax", 13, Map.of())));
        assertEquals(refusal(() -> ArgMax.forModelOpset(0)), refusal(() -> ArgMax.forNode(0, Map.of())));
    }

    @Test
    void toStringListsAttributesInTheOnnxOrderWhateverOrderTheyCameIn() {
        String expected = "ArgMax-13{axis=-1, keepdims=0, select_last_index=1}";
        List<String> names = List.of("axis", "keepdims", "select_last_index");
        Map<String, Long> values = Map.of("axis", -1L, "keepdims", 0L, "select_last_index", 1L);
        // every order a node's map can iterate in
        for (List<String> order : List.of(names, List.of("axis", "select_last_index", "keepdims"),
                List.of("keepdims", "axis", "select_last_index"), List.of("keepdims", "select_last_index", "axis"),
                List.of("select_last_index", "axis", "keepdims"), List.of("select_last_index", "keepdims", "axis"))) {
            Map<String, Long> node = new LinkedHashMap<>();
            order.forEach(name -> node.put(name, values.get(name)));
            assertEquals(expected, ArgMax.forNode(17, node).toString(), order.toString());
            assertEquals(expected, ArgReductionOperator.forNode("ArgMax", 13, node).toString(), order.toString());
        }
        assertEquals(expected, ArgMax.forNode(13, values).toString(), "Map.of's order, which varies from run to run");
        assertEquals(expected, ArgMax.latest().selectLastIndex(true).keepdims(false).axis(-1).toString(), "a setter chain");
        assertEquals("ArgMin-11{axis=1, keepdims=0}", ArgMin.forNode(11, Map.of("keepdims", 0L, "axis", 1L)).toString());
        assertEquals(expected + " prepared for float [2, 3]",
                ArgMax.forNode(13, values).prepare(DataType.FLOAT, 2, 3).toString());
    }

    @Test
    void theNodesMapIsCopied() {
        Map<String, Long> map = attributes("axis", 1);
        ArgMax max = ArgMax.forNode(13, map);
        map.put("axis", 0L);
        assertEquals(ArgMax.latest().axis(1), max);
    }

    // ---- int outputs

    @Test
    void indicesGoToAnIntArrayFromItsOffset() {
        int[] out = {-1, -1, -1, -1};
        long[] shape = ArgMax.latest().axis(1).keepdims(0).apply(scores(), out, 1);
        assertArrayEquals(new long[] {2}, shape);
        assertArrayEquals(new int[] {-1, 2, 1, -1}, out);
    }

    @Test
    void indicesGoToAnIntBufferFromItsPositionHeapOrDirect() {
        for (IntBuffer out : new IntBuffer[] {IntBuffer.allocate(4),
                ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder()).asIntBuffer()}) {
            out.put(0, -1).put(3, -1).position(1).limit(3);
            long[] shape = ArgMin.latest().axis(1).keepdims(0).apply(scores(), out);
            assertArrayEquals(new long[] {2}, shape);
            assertEquals(1, out.position());
            assertEquals(3, out.limit());
            out.limit(4);
            assertArrayEquals(new int[] {-1, 1, 0, -1}, new int[] {out.get(0), out.get(1), out.get(2), out.get(3)},
                    out.isDirect() ? "direct" : "heap");
        }
    }

    @Test
    void intOutputsWithoutRoomAreRefusedBeforeAnythingIsWritten() {
        int[] small = {-1};
        assertEquals("ArgMax-13: output 'reduced' has shape [2] (2 indices), but the output int array has room for 1"
                + " from offset 0 (length 1); nothing was written",
                refusal(() -> ArgMax.latest().axis(1).keepdims(0).apply(scores(), small, 0)));
        assertArrayEquals(new int[] {-1}, small);
        assertEquals("ArgMax-13: output offset 3 is outside the output int array (length 1); nothing was written",
                refusal(() -> ArgMax.latest().apply(scores(), small, 3)));
        assertEquals("ArgMax-13: the output int array is null",
                refusal(() -> ArgMax.latest().apply(scores(), (int[]) null, 0)));
        IntBuffer one = IntBuffer.allocate(1);
        assertTrue(refusal(() -> ArgMax.latest().axis(1).apply(scores(), one))
                .contains("but the output IntBuffer has room for 1 (position 0, limit 1); nothing was written"));
        assertEquals("ArgMax-13: the output IntBuffer is read-only",
                refusal(() -> ArgMax.latest().apply(scores(), IntBuffer.allocate(8).asReadOnlyBuffer())));
    }

    @Test
    void int32InputsMayBeTheirOwnIntOutput() {
        int[] data = {4, 2, 9, 1};
        ArgMin.latest().axis(1).keepdims(0).apply(Tensor.ofInt32(data, 2, 2), data, 0);
        assertArrayEquals(new int[] {1, 1, 9, 1}, data);
    }

    // ---- outputs that are the input's own memory

    /** What numpy gives, from a copy of the input that no output touches. */
    private static long[] expected(ArgReductionOperator op, long[] data, long... shape) {
        return op.apply(Tensor.ofInt64(data.clone(), shape)).indices();
    }

    @Test
    void anInt64InputThatIsItsOwnOutputGivesTheRightIndices() {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            SplittableRandom random = new SplittableRandom(11);
            long[][] shapes = {{2}, {3, 2}, {2, 3}, {4, 5}, {2, 3, 4}, {40, 30}};
            for (long[] shape : shapes) {
                int n = (int) Arrays.stream(shape).reduce(1, (a, b) -> a * b);
                long[] original = random.longs(n, 0, 4).toArray();
                for (int axis = 0; axis < shape.length; axis++) {
                    for (Parallelism parallelism : new Parallelism[] {Parallelism.singleThread(),
                            Parallelism.using(pool, 3).withMinElementsPerTask(1)}) {
                        ArgReductionOperator op = ArgMax.latest().axis(axis).parallelism(parallelism);
                        long[] want = expected(op, original, shape);
                        String where = Arrays.toString(shape) + " axis " + axis + " " + parallelism;

                        long[] a = original.clone();
                        op.apply(Tensor.ofInt64(a, shape), a, 0);
                        assertArrayEquals(want, Arrays.copyOf(a, want.length), "same array: " + where);

                        long[] b = original.clone();
                        op.apply(Tensor.ofInt64(LongBuffer.wrap(b), shape), LongBuffer.wrap(b));
                        assertArrayEquals(want, Arrays.copyOf(b, want.length), "LongBuffer.wrap: " + where);

                        long[] c = original.clone();
                        op.apply(Tensor.ofInt64(LongBuffer.wrap(c).asReadOnlyBuffer(), shape), c, 0);
                        assertArrayEquals(want, Arrays.copyOf(c, want.length), "read-only view: " + where);

                        long[] d = original.clone();
                        op.apply(Tensor.ofUint64(d, shape), LongBuffer.wrap(d, 1, d.length - 1).slice());
                        long[] wantUnsigned = ArgMax.latest().axis(axis).apply(Tensor.ofUint64(original.clone(), shape))
                                .indices();
                        assertArrayEquals(wantUnsigned, Arrays.copyOfRange(d, 1, 1 + want.length), "offset 1: " + where);
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aDirectInt64InputThatIsItsOwnDirectOutputGivesTheRightIndices() {
        ByteBuffer bytes = ByteBuffer.allocateDirect(6 * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        long[] values = {3, 1, 4, 1, 5, 9};
        for (long v : values) {
            bytes.putLong(v);
        }
        bytes.flip();
        long[] want = ArgMax.latest().axis(1).apply(Tensor.ofInt64(values.clone(), 3, 2)).indices();
        ArgMax.latest().axis(1).apply(Tensor.ofRawData(DataType.INT64, bytes, 3, 2), bytes.asLongBuffer());
        assertArrayEquals(want, new long[] {bytes.getLong(0), bytes.getLong(8), bytes.getLong(16)});
    }

    // ---- executors that refuse work

    @Test
    void anExecutorThatRefusesGivesAnArgOnnxExceptionNamingTheVersionAndCause() {
        Parallelism refusing = Parallelism.using(task -> {
            throw new RejectedExecutionException("pool is shut down");
        }, 4).withMinElementsPerTask(1);
        long[] out = new long[40];
        ArgOnnxException e = assertThrows(ArgOnnxException.class, () -> ArgMin.version(12).axis(1).parallelism(refusing)
                .apply(Tensor.ofFloat(new float[400], 40, 10), out, 0));
        assertTrue(e.getMessage().startsWith("ArgMin-12: a parallel task failed"), e.getMessage());
        assertTrue(e.getMessage().contains("pool is shut down"), e.getMessage());
        assertSame(RejectedExecutionException.class, e.getCause().getClass());
    }
}
