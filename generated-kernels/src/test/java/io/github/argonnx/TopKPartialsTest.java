package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgAccumulator;
import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.ArgPartial;
import io.github.argonnx.runtime.TopKAccumulator;
import io.github.argonnx.runtime.TopKPartial;
import io.github.argonnx.runtime.TopKResult;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** TopK partials through the public API: the rules across chunks, the byte form, and every refusal by name. */
class TopKPartialsTest {

    /** Two rows of six: ties, a NaN, both zeros. */
    private static final float[] ROWS = {1f, Float.NaN, 3f, 3f, -0f, 0f, 5f, 4f, 5f, -1f, 0f, -0f};
    private static final TopK LARGEST = TopK.version(11).axis(1);

    private static String refusal(Executable call) {
        return assertThrows(ArgOnnxException.class, call).getMessage();
    }

    private static Tensor columns(int from, int to) {
        float[] part = new float[2 * (to - from)];
        for (int row = 0; row < 2; row++) {
            System.arraycopy(ROWS, row * 6 + from, part, row * (to - from), to - from);
        }
        return Tensor.ofFloat(part, 2, to - from);
    }

    @Test
    void chunksMergedInEitherOrderGiveWhatApplyGivesNaNFirstForTheLargestAndLastForTheSmallest() {
        for (TopK op : new TopK[] {LARGEST, LARGEST.largest(false)}) {
            TopKPartials partials = TopKPartials.of(op, 4, DataType.FLOAT, 2, 6);
            TopKPartial left = partials.reduce(columns(0, 2), 0);
            TopKPartial right = partials.reduce(columns(2, 6), 2);
            TopKResult<Tensor> expected = op.apply(Tensor.ofFloat(ROWS, 2, 6), 4);
            for (TopKPartial merged : new TopKPartial[] {left.merge(right), right.merge(left)}) {
                TopKResult<Tensor> result = partials.finish(merged);
                TopKPartialsPropertyTest.assertSame(expected, result, op.toString());
            }
        }
        long[] largest = TopKPartials.of(LARGEST, 4, DataType.FLOAT, 2, 6).finish(
                TopKPartials.of(LARGEST, 4, DataType.FLOAT, 2, 6).reduce(Tensor.ofFloat(ROWS, 2, 6), 0)).indices();
        assertArrayEquals(new long[] {1, 2, 3, 0, 0, 2, 1, 4}, largest, "NaN first, then 3 at 2 before 3 at 3");
    }

    @Test
    void anAccumulatorTakesChunksAndPartialsAndRefusesOverlapsAndGaps() {
        TopKPartials partials = TopKPartials.of(LARGEST, 2, DataType.FLOAT, 2, 6);
        TopKAccumulator accumulator = partials.accumulator();
        partials.reduceInto(columns(4, 6), 4, accumulator);
        assertFalse(accumulator.isComplete());
        assertEquals("TopK-11 partial over float [2, 6]: cannot finish, the reduced axis is not covered: missing [0, 4)",
                refusal(() -> partials.finish(accumulator)));
        assertTrue(refusal(() -> partials.reduceInto(columns(3, 5), 3, accumulator)).contains("chunks overlap"));
        accumulator.add(partials.reduce(columns(0, 4), 0));
        assertTrue(accumulator.isComplete());
        TopKPartialsPropertyTest.assertSame(LARGEST.apply(Tensor.ofFloat(ROWS, 2, 6), 2), partials.finish(accumulator),
                "chunk, then partial");
    }

    @Test
    void partialsOfAnotherKDirectionOrOperatorAreRefusedByName() {
        TopKPartials three = TopKPartials.of(LARGEST, 3, DataType.FLOAT, 2, 6);
        TopKPartials two = TopKPartials.of(LARGEST, 2, DataType.FLOAT, 2, 6);
        TopKPartials smallest = TopKPartials.of(LARGEST.largest(false), 3, DataType.FLOAT, 2, 6);
        TopKPartial ofThree = three.reduce(columns(0, 3), 0);
        assertEquals("TopK-11 partial over float [2, 6]: the partial merged in is of another reduction: attribute 'k' 2,"
                + " expected 3", refusal(() -> ofThree.merge(two.reduce(columns(3, 6), 3))));
        assertEquals("TopK-11 partial over float [2, 6]: the partial merged in is of another reduction: attribute"
                + " 'largest' 0, expected 1", refusal(() -> ofThree.merge(smallest.reduce(columns(3, 6), 3))));
        assertEquals("TopK-11 partial over float [2, 6]: byte form is of another reduction: attribute 'k' 2, expected 3",
                refusal(() -> three.fromBytes(two.reduce(columns(0, 6), 0).toBytes())));
        assertEquals(152, ofThree.toBytes().length, "the size docs/partials.md works out");
        PartialReduction argMax = PartialReduction.of(ArgMax.version(13).axis(1), DataType.FLOAT, 2, 6);
        assertEquals("TopK-11 partial over float [2, 6]: byte form is of another reduction: operator ArgMax, expected TopK",
                refusal(() -> three.fromBytes(argMax.reduce(columns(0, 6), 0).toBytes())));
        assertEquals("ArgMax-13 partial over float [2, 6]: byte form is of another reduction: operator TopK, expected ArgMax",
                refusal(() -> argMax.fromBytes(ofThree.toBytes())));
        assertEquals("ArgMax-13 partial over float [2, 6]: not a TopK signature (ArgMax and ArgMin partials are ArgPartials)",
                refusal(() -> new TopKAccumulator(argMax.signature())));
        assertEquals("TopK-11 partial over float [2, 6]: a TopK signature (TopK partials are TopKPartials)",
                refusal(() -> new ArgAccumulator(three.signature())));
        assertEquals("TopK-11 partial over float [2, 6]: a TopK signature (TopK partials are TopKPartials)",
                refusal(() -> ArgPartial.fromBytes(three.signature(), ofThree.toBytes())));
        assertEquals("TopK-11 partial over float [2, 6]: the accumulator is of another reduction: attribute 'k' 2, expected 3",
                refusal(() -> three.reduceInto(columns(0, 1), 0, two.accumulator())));
    }

    @Test
    void theFactoryRefusesWhatApplyRefusesAndWhatAPartialCannotHold() {
        assertEquals(LARGEST + " partials: k = 7 is larger than the length of axis 1 (input shape [2, 6]); allowed: 0 to 6",
                refusal(() -> TopKPartials.of(LARGEST, 7, DataType.FLOAT, 2, 6)));
        assertEquals(LARGEST + " partials: k = -1 is negative (input shape [2, 6]); allowed: 0 to 6",
                refusal(() -> TopKPartials.of(LARGEST, -1, DataType.FLOAT, 2, 6)));
        assertTrue(refusal(() -> TopKPartials.of(LARGEST, 1, DataType.BFLOAT16, 2, 6))
                .contains("input 'X' has element type bfloat16, which TopK-11 does not accept"));
        assertEquals("TopK-11{axis=2} partials: attribute 'axis' = 2 is out of range for input shape [2, 6] of rank 2;"
                + " allowed: [-2, 1]", refusal(() -> TopKPartials.of(TopK.version(11).axis(2), 1, DataType.FLOAT, 2, 6)));
        assertTrue(refusal(() -> TopKPartials.of(TopK.version(1).k(2), 3, DataType.FLOAT, 2, 6))
                .contains("k = 3 differs from attribute 'k' = 2"));
        assertTrue(refusal(() -> TopKPartials.of(LARGEST, 0, DataType.FLOAT, 2, 0)).contains("is empty"));
        assertTrue(refusal(() -> TopKPartials.of(LARGEST, 1000, DataType.FLOAT, 3_000_000, 1000))
                .contains("entries in all"));
        assertEquals(LARGEST + " partials: the input shape is a scalar's (rank 0), which has no axis",
                refusal(() -> TopKPartials.of(LARGEST, 0, DataType.FLOAT)));
    }

    @Test
    void kZeroAndChunksShorterThanKFinishAsApplyDoes() {
        TopKPartials none = TopKPartials.of(LARGEST, 0, DataType.FLOAT, 2, 6);
        TopKResult<Tensor> empty = none.finish(none.reduce(columns(0, 3), 0).merge(none.reduce(columns(3, 6), 3)));
        assertArrayEquals(new long[] {2, 0}, empty.shape());
        TopKPartials all = TopKPartials.of(LARGEST, 6, DataType.FLOAT, 2, 6);
        TopKPartial merged = all.reduce(columns(0, 1), 0);
        for (int c = 1; c < 6; c++) {
            merged = all.fromBytes(merged.merge(all.reduce(columns(c, c + 1), c)).toBytes());
        }
        TopKPartialsPropertyTest.assertSame(LARGEST.apply(Tensor.ofFloat(ROWS, 2, 6), 6), all.finish(merged),
                "k the whole axis, one column at a time through the byte form");
    }

    @Test
    void aByteFormWhoseListIsOutOfOrderIsRefusedAsMalformed() {
        TopKPartials partials = TopKPartials.of(LARGEST, 2, DataType.FLOAT, 2, 6);
        byte[] form = partials.reduce(columns(0, 6), 0).toBytes();
        // the last entries: row 1's two, 12 bytes each (float bits, index), then the checksum
        int second = form.length - 4 - 12;
        int first = second - 12;
        byte[] swapped = form.clone();
        System.arraycopy(form, first, swapped, second, 12);
        System.arraycopy(form, second, swapped, first, 12);
        CRC32C crc = new CRC32C();
        crc.update(swapped, 0, swapped.length - 4);
        ByteBuffer.wrap(swapped).order(ByteOrder.LITTLE_ENDIAN).putInt(swapped.length - 4, (int) crc.getValue());
        String message = refusal(() -> partials.fromBytes(swapped));
        assertTrue(message.startsWith("TopK-11 partial over float [2, 6]: byte form is malformed: entry 3"), message);
        assertTrue(message.contains("does not rank after the entry before it"), message);

        // row 1 keeps 5 at 0 and 5 at 2; the second made 4 at 0 ranks after the first, but repeats its index
        byte[] repeated = form.clone();
        ByteBuffer.wrap(repeated).order(ByteOrder.LITTLE_ENDIAN).putFloat(second, 4f).putLong(second + 4, 0);
        crc.reset();
        crc.update(repeated, 0, repeated.length - 4);
        ByteBuffer.wrap(repeated).order(ByteOrder.LITTLE_ENDIAN).putInt(repeated.length - 4, (int) crc.getValue());
        assertEquals("TopK-11 partial over float [2, 6]: byte form is malformed: the list of output element 1 holds"
                + " index 0 twice", refusal(() -> partials.fromBytes(repeated)));
    }
}
