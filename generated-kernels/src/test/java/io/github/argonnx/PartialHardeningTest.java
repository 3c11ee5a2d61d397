package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgAccumulator;
import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.ArgPartial;
import io.github.argonnx.runtime.ArgResult;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Partial results outside Spark at their edges, through the public API: many gaps in any order, byte
 * forms of many ranges, empty outputs with wide inner strides, the numbers {@code forNode} takes, null
 * arguments, malformed covered ranges and the length of coverage messages. generated-kernels runs them
 * on the plain and on the SIMD loops.
 *
 * <p>The first two build inputs large enough that checking each range or entry against every other
 * would take time quadratic in them; the tests check the answers, and {@code CoverageBenchmark}
 * measures the time. The runtime's {@code AxisCoverageTest} also feeds
 * one-element chunks, a million ranges of them; here the chunks go through the public API, fewer.
 */
class PartialHardeningTest {

    private static String refusal(Executable call) {
        return assertThrows(ArgOnnxException.class, call).getMessage();
    }

    /** One-element chunks of an int32 axis at every second position, in the order {@code order} gives. */
    private static void everySecondPosition(String order) {
        int chunks = 100_000;
        long length = 2L * chunks;
        PartialReduction argmax = PartialReduction.of(ArgMax.latest(), DataType.INT32, length);
        int[] positions = new int[chunks];
        for (int k = 0; k < chunks; k++) {
            positions[k] = order.equals("descending") ? 2 * (chunks - 1 - k) : 2 * k;
        }
        if (order.equals("shuffled")) {
            SplittableRandom random = new SplittableRandom(47);
            for (int k = chunks - 1; k > 0; k--) {
                int j = random.nextInt(k + 1);
                int swap = positions[k];
                positions[k] = positions[j];
                positions[j] = swap;
            }
        }
        ArgAccumulator accumulator = argmax.accumulator();
        for (int position : positions) {
            // the value 7 at position 100,000 (even), 5 elsewhere: the one winner
            argmax.reduceInto(Tensor.ofInt32(new int[] {position == chunks ? 7 : 5}, 1), position, accumulator);
        }
        assertFalse(accumulator.isComplete());
        String missing = refusal(accumulator::finish);
        assertTrue(missing.contains("missing [1, 2), [3, 4), "), missing);
        assertTrue(missing.contains("(100000 ranges missing, 100000 positions in all; the first 8 shown)"), missing);
        ArgAccumulator other = argmax.accumulator();
        for (int position : positions) {
            argmax.reduceInto(Tensor.ofInt32(new int[] {5}, 1), position + 1, other);
        }
        ArgPartial odd = other.partial();
        ArgPartial even = argmax.fromBytes(accumulator.partial().toBytes());
        assertArrayEquals(new long[] {chunks}, even.merge(odd).finish().indices());
        assertArrayEquals(new long[] {chunks}, accumulator.add(odd).finish().indices());
    }

    @Test
    void oneElementChunksAtEverySecondPositionInAnyOrderAccumulateAndAnswer() {
        for (String order : new String[] {"ascending", "descending", "shuffled"}) {
            everySecondPosition(order);
        }
    }

    /**
     * A byte form written field by field as docs/partials.md has it: ArgMax-13 int8 {@code [n, 2n]} over
     * axis 1, keepdims 0, covering every second column, each row's entry at the last covered column.
     */
    private static byte[] sparseForm(int n) {
        byte[] op = "ArgMax".getBytes(StandardCharsets.US_ASCII);
        int length = 4 + 1 + 4 + 1 + op.length + 4 + 4 + 4 + 1 + 1 + 4 + 16 + 4 + 16 * n + 9 * n + 4;
        ByteBuffer out = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        out.put(new byte[] {'A', 'R', 'G', 'P'}).put((byte) 1).putInt(length).put((byte) op.length).put(op);
        out.putInt(13).putInt(3).putInt(1).put((byte) 0).put((byte) 0).putInt(2).putLong(n).putLong(2L * n);
        out.putInt(n);
        for (int k = 0; k < n; k++) {
            out.putLong(2L * k).putLong(2L * k + 1);
        }
        for (int p = 0; p < n; p++) {
            out.put((byte) 1).putLong(2L * (n - 1)); // in the last range, which a scan of the ranges meets last
        }
        CRC32C crc = new CRC32C();
        crc.update(out.array(), 0, out.position());
        out.putInt((int) crc.getValue());
        return out.array();
    }

    @Test
    void aByteFormOfManyRangesAndEntriesIsReadAndWrittenBackUnchanged() {
        int n = 300_000; // each entry checked against every range would be 9 * 10^10 pairs
        PartialReduction argmax = PartialReduction.of(ArgMax.latest().axis(1).keepdims(0), DataType.INT8, n, 2L * n);
        byte[] form = sparseForm(n);
        ArgPartial partial = argmax.fromBytes(form);
        assertEquals(2L * (n - 1), partial.indicesSoFar()[0]);
        assertArrayEquals(form, partial.toBytes());
    }

    @Test
    void anEmptyOutputWithAnInnerStrideBeyondAnIntAnswersAsApplyDoes() {
        for (long inner : new long[] {1L << 32, 1L << 31, (1L << 31) - 1, 3}) {
            ArgReductionOperator argmax = ArgMax.latest().axis(1);
            Tensor whole = Tensor.ofInt8(new byte[0], 0, 5, inner);
            ArgResult expected = argmax.apply(whole);
            PartialReduction reduction = PartialReduction.of(argmax, DataType.INT8, 0, 5, inner);
            ArgPartial first = reduction.reduce(Tensor.ofInt8(new byte[0], 0, 2, inner), 0);
            ArgAccumulator accumulator = reduction.accumulator();
            reduction.reduceInto(Tensor.ofInt8(new byte[0], 0, 3, inner), 2, accumulator);
            reduction.reduceInto(Tensor.ofInt8(new byte[0], 0, 1, inner), 1, reduction.accumulator());
            assertEquals(expected, first.merge(accumulator.partial()).finish(), "inner " + inner);
            assertEquals(expected, accumulator.add(first).finish(), "inner " + inner);
        }
    }

    private static ArgMax forNode(Map<String, ?> attributes) {
        @SuppressWarnings("unchecked") // what a JSON parser, Kotlin or Groovy hands over: Numbers of any kind
        Map<String, Long> erased = (Map<String, Long>) attributes;
        return ArgMax.forNode(13, erased);
    }

    private static Map<String, Object> map(Object... nameValue) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            map.put((String) nameValue[i], nameValue[i + 1]);
        }
        return map;
    }

    @Test
    void forNodeTakesEveryIntegralNumberExactlyAndRefusesTheRestByName() {
        ArgMax expected = ArgMax.latest().axis(-1).keepdims(0).selectLastIndex(1);
        assertEquals(expected, forNode(map("axis", -1, "keepdims", 0, "select_last_index", 1)));
        assertEquals(expected, forNode(map("axis", (short) -1, "keepdims", (byte) 0, "select_last_index", 1L)));
        assertEquals(expected, forNode(map("axis", BigInteger.ONE.negate(), "keepdims", new BigDecimal("0.000"),
                "select_last_index", 1.0)));
        assertEquals(ArgMax.latest().axis(Long.MIN_VALUE).toString(),
                forNode(map("axis", -0x1p63)).toString(), "-2^63 as a double is exact");
        assertEquals("ArgMax-13: attribute 'axis' has value 1.5, not an integer within the range of a 64-bit integer",
                refusal(() -> forNode(map("axis", 1.5))));
        assertEquals("ArgMax-13: attribute 'keepdims' has value 9223372036854775808, outside the range of a"
                + " 64-bit integer", refusal(() -> forNode(map("keepdims", BigInteger.ONE.shiftLeft(63)))));
        assertTrue(refusal(() -> forNode(map("axis", Double.NaN))).startsWith("ArgMax-13: attribute 'axis' has value NaN"));
        assertTrue(refusal(() -> forNode(map("axis", 0x1p63))).contains("attribute 'axis'"));
        assertEquals("ArgMax-13: attribute 'axis' has value 1, a java.lang.String, not an integral Number (Long,"
                + " Integer, Short, Byte, BigInteger, or an integral BigDecimal, Double or Float)",
                refusal(() -> forNode(map("axis", "1"))));
        Map<Object, Object> numberName = new LinkedHashMap<>();
        numberName.put(1, 1);
        @SuppressWarnings("unchecked")
        Map<String, ?> erased = (Map<String, ?>) (Map<?, ?>) numberName;
        assertEquals("ArgMax-13: attribute name 1 is a java.lang.Integer, expected a String", refusal(() -> forNode(erased)));
    }

    @Test
    void nullPartialsAccumulatorsAndParallelismAreRefusedByArgumentName() {
        PartialReduction argmax = PartialReduction.of(ArgMax.latest(), DataType.FLOAT, 4);
        ArgPartial partial = argmax.reduce(Tensor.ofFloat(new float[] {1, 2}, 2), 0);
        String what = "ArgMax-13 partial over float [4]: ";
        assertEquals(what + "the partial merged in (argument 'other') is null", refusal(() -> partial.merge(null)));
        assertEquals(what + "the partial added (argument 'partial') is null",
                refusal(() -> argmax.accumulator().add(null)));
        assertEquals("accumulator: the signature (argument 'signature') is null", refusal(() -> new ArgAccumulator(null)));
        assertEquals("partial result: the expected signature (argument 'expected') is null",
                refusal(() -> ArgPartial.fromBytes(null, partial.toBytes())));
        assertEquals("ArgMax-13: the parallelism (argument 'parallelism') is null; Parallelism.singleThread() keeps"
                + " every call on the calling thread", refusal(() -> ArgMax.latest().parallelism(null)));
        assertEquals("ArgMin-11: the parallelism (argument 'parallelism') is null; Parallelism.singleThread() keeps"
                + " every call on the calling thread",
                refusal(() -> ArgReductionOperator.version("ArgMin", 11).parallelism(null)));
    }

    @Test
    void aMalformedCoveredRangeIsRefusedInTheDocumentedWording() {
        byte[] form = sparseForm(3);
        // the second range [2, 3) becomes [1, 3): it touches the first, [0, 1)
        ByteBuffer.wrap(form).order(ByteOrder.LITTLE_ENDIAN).putLong(form.length - 4 - 27 - 48 + 16, 1);
        CRC32C crc = new CRC32C();
        crc.update(form, 0, form.length - 4);
        ByteBuffer.wrap(form).order(ByteOrder.LITTLE_ENDIAN).putInt(form.length - 4, (int) crc.getValue());
        PartialReduction argmax = PartialReduction.of(ArgMax.latest().axis(1).keepdims(0), DataType.INT8, 3, 6);
        assertEquals("ArgMax-13 partial over int8 [3, 6]: byte form is malformed: covered range 1 [1, 3) is not an"
                + " ascending, non-empty, disjoint, non-adjacent range inside [0, 6) after [0, 1)",
                refusal(() -> argmax.fromBytes(form)));
    }

    @Test
    void coverageMessagesStayShortWhateverTheGaps() {
        int gaps = 100_000;
        PartialReduction argmax = PartialReduction.of(ArgMin.latest(), DataType.UINT8, 2L * gaps);
        ArgAccumulator accumulator = argmax.accumulator();
        for (int k = gaps - 1; k >= 0; k--) {
            argmax.reduceInto(Tensor.ofUint8(new byte[] {1}, 1), 2L * k, accumulator);
        }
        String missing = refusal(accumulator::finish);
        assertTrue(missing.length() < 400, missing);
        assertEquals("ArgMin-13 partial over uint8 [200000]: cannot finish, the reduced axis is not covered: missing"
                + " [1, 2), [3, 4), [5, 6), [7, 8), [9, 10), [11, 12), [13, 14), [15, 16), ... (100000 ranges missing,"
                + " 100000 positions in all; the first 8 shown)", missing);
        assertTrue(accumulator.toString().length() < 400, "toString is bounded too");
        assertTrue(accumulator.partial().toString().contains("(100000 ranges, 100000 positions in all; the first 8 shown)"));
        String overlap = refusal(() -> accumulator.add(accumulator.partial()));
        assertTrue(overlap.length() < 400, overlap);
        byte[] outside = accumulator.partial().toBytes();
        ByteBuffer.wrap(outside).order(ByteOrder.LITTLE_ENDIAN).putLong(outside.length - 12, 1); // the entry's index
        CRC32C crc = new CRC32C();
        crc.update(outside, 0, outside.length - 4);
        ByteBuffer.wrap(outside).order(ByteOrder.LITTLE_ENDIAN).putInt(outside.length - 4, (int) crc.getValue());
        String entry = refusal(() -> argmax.fromBytes(outside));
        assertTrue(entry.contains("entry 0 has index 1, outside the covered ranges [0, 1), [2, 3)"), entry);
        assertTrue(entry.length() < 400, entry);
    }

    @Test
    void aForgedByteFormOfAMillionDimensionsIsRefusedInAShortMessage() {
        int rank = 1_000_000;
        byte[] opType = "ArgMax".getBytes(StandardCharsets.US_ASCII);
        int length = 4 + 1 + 4 + 1 + opType.length + 4 + 4 + 4 + 1 + 1 + 4 + 8 * rank + 4 + 16 + 4;
        ByteBuffer form = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        form.put(new byte[] {'A', 'R', 'G', 'P'}).put((byte) 1).putInt(length);
        form.put((byte) opType.length).put(opType).putInt(13).putInt(1).putInt(0).put((byte) 1).put((byte) 0);
        form.putInt(rank);
        for (int d = 0; d < rank; d++) {
            form.putLong(1);
        }
        form.putInt(1).putLong(0).putLong(1);
        CRC32C crc = new CRC32C();
        crc.update(form.array(), 0, length - 4);
        form.putInt((int) crc.getValue());
        PartialReduction argmax = PartialReduction.of(ArgMax.latest(), DataType.FLOAT, 2, 6);
        String refusal = refusal(() -> argmax.fromBytes(form.array()));
        assertEquals("ArgMax-13 partial over float [2, 6]: byte form is of another reduction: input shape [1, 1, 1, 1,"
                + " 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, ... (1000000 dimensions)], expected [2, 6]", refusal);
    }

    @Test
    void shapesInMessagesShowTheirFirstDimensionsAndTheirRank() {
        long[] shape = new long[40];
        java.util.Arrays.fill(shape, 1);
        shape[0] = 0;
        String refusal = refusal(() -> ArgMax.latest().axis(0).apply(Tensor.ofFloat(new float[0], shape)));
        assertTrue(refusal.contains("[0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, ... (40 dimensions)]"), refusal);
        assertTrue(refusal.length() < 400, refusal);
    }
}
