package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.internal.runtime.Accumulation;
import io.github.argonnx.internal.runtime.Faces;
import io.github.argonnx.runtime.ArgAccumulator;
import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.ArgPartial;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Partial results: the ONNX rules across chunks, the byte form, and every refusal by name. */
class PartialReductionTest {

    /** ArgMax-13 over float [2, 6] along axis 1, keepdims 0; the partials below split it at column 3. */
    private static final ArgReductionOperator ARGMAX = ArgMax.version(13).axis(1).keepdims(0);
    private static final PartialReduction REDUCTION = PartialReduction.of(ARGMAX, DataType.FLOAT, 2, 6);

    private static ArgPartial left() {
        return REDUCTION.reduce(Tensor.ofFloat(new float[] {1, 5, 2, -0f, 0f, -0f}, 2, 3), 0);
    }

    private static ArgPartial right() {
        return REDUCTION.reduce(Tensor.ofFloat(new float[] {5, 4, 5, 0f, -1, 0f}, 2, 3), 3);
    }

    @Test
    void tiesAcrossChunksGoToTheFirstGlobalIndexOrTheLast() {
        assertArrayEquals(new long[] {1, 0}, right().merge(left()).finish().indices());
        PartialReduction last = PartialReduction.of(ARGMAX.selectLastIndex(1), DataType.FLOAT, 2, 6);
        ArgPartial a = last.reduce(Tensor.ofFloat(new float[] {1, 5, 2, -0f, 0f, -0f}, 2, 3), 0);
        ArgPartial b = last.reduce(Tensor.ofFloat(new float[] {5, 4, 5, 0f, -1, 0f}, 2, 3), 3);
        assertArrayEquals(new long[] {5, 5}, a.merge(b).finish().indices()); // -0 ties +0: the last zero
    }

    @Test
    void aNaNInAnyChunkWinsForArgMinToo() {
        PartialReduction argmin = PartialReduction.of(ArgMin.version(13), DataType.FLOAT16, 4);
        ArgPartial numbers = argmin.reduce(Tensor.ofFloat16(new short[] {(short) 0xFC00, 0x3C00}, 2), 0); // -inf, 1
        ArgPartial nan = argmin.reduce(Tensor.ofFloat16(new short[] {0x3C00, 0x7E01}, 2), 2);            // 1, NaN
        assertArrayEquals(new long[] {3}, numbers.merge(nan).finish().indices());
        assertArrayEquals(new long[] {3}, argmin.fromBytes(nan.merge(numbers).toBytes()).finish().indices());
    }

    @Test
    void unsignedExtremesCompareUnsigned() {
        PartialReduction argmax = PartialReduction.of(ArgMax.version(12), DataType.UINT64, 3);
        ArgPartial a = argmax.reduce(Tensor.ofUint64(new long[] {Long.MAX_VALUE}, 1), 0);
        ArgPartial b = argmax.reduce(Tensor.ofUint64(new long[] {-1L, 0}, 2), 1); // 2^64-1 beats 2^63-1
        assertArrayEquals(new long[] {1}, a.merge(b).finish().indices());
    }

    @Test
    void keepdimsShapesTheOutput() {
        PartialReduction kept = PartialReduction.of(ArgMax.version(1).axis(1), DataType.INT32, 2, 2);
        ArgPartial whole = kept.reduce(Tensor.ofInt32(new int[] {1, 2, 4, 3}, 2, 2), 0);
        assertArrayEquals(new long[] {2, 1}, whole.finish().shape());
        assertArrayEquals(new long[] {1, 0}, whole.finish().indices());
        assertArrayEquals(new long[] {2}, left().merge(right()).finish().shape());
    }

    @Test
    void theAxisMayBeLongerThanAnyArray() {
        long length = 3_000_000_000L;
        PartialReduction argmax = PartialReduction.of(ArgMax.latest(), DataType.INT8, length);
        ArgAccumulator accumulator = argmax.accumulator();
        accumulator.add(argmax.reduce(Tensor.ofInt8(new byte[] {7, 9}, 2), length - 2));
        accumulator.add(argmax.reduce(Tensor.ofInt8(new byte[] {9}, 1), 0));
        assertFalse(accumulator.isComplete());
        refused(accumulator::finish, "missing [1, 2999999998)");
        ArgPartial sparse = argmax.fromBytes(accumulator.partial().toBytes());
        assertEquals("[0, 1), [2999999998, 3000000000)", sparse.coveredRanges());
        assertArrayEquals(accumulator.partial().toBytes(), sparse.toBytes());
        // the first 9 of the positions seen wins, though the axis is not covered
        assertArrayEquals(new long[] {length - 1}, argmax.reduce(Tensor.ofInt8(new byte[] {7, 9}, 2), length - 2).indicesSoFar());
        assertArrayEquals(new long[] {0}, sparse.indicesSoFar());
    }

    @Test
    void chunksInOrderKeepOneCoveredRange() {
        PartialReduction argmax = PartialReduction.of(ArgMax.latest(), DataType.INT16, 10_000);
        ArgAccumulator accumulator = argmax.accumulator();
        for (int offset = 0; offset < 10_000; offset += 7) {
            int length = Math.min(7, 10_000 - offset);
            accumulator.add(argmax.reduce(Tensor.ofInt16(new short[length], length), offset));
            assertEquals("[0, " + (offset + length) + ")", accumulator.partial().coveredRanges());
        }
        assertTrue(accumulator.isComplete());
        assertArrayEquals(new long[] {0}, accumulator.finish().indices());
    }

    @Test
    void aGapFilledLaterJoinsTheRanges() {
        PartialReduction argmin = PartialReduction.of(ArgMin.version(11), DataType.UINT8, 6);
        ArgAccumulator accumulator = argmin.accumulator();
        accumulator.add(argmin.reduce(Tensor.ofUint8(new byte[] {(byte) 200, 9}, 2), 4));
        accumulator.add(argmin.reduce(Tensor.ofUint8(new byte[] {(byte) 255, 9}, 2), 0));
        assertEquals("[0, 2), [4, 6)", accumulator.partial().coveredRanges());
        accumulator.add(argmin.reduce(Tensor.ofUint8(new byte[] {(byte) 128, 10}, 2), 2));
        assertEquals("[0, 6)", accumulator.partial().coveredRanges());
        assertArrayEquals(new long[] {1}, accumulator.finish().indices()); // 9 at 1 and 5: the first
    }

    @Test
    void overlappingChunksAreRefusedWhenMerged() {
        ArgPartial overlapping = REDUCTION.reduce(Tensor.ofFloat(new float[] {1, 2}, 2, 1), 2);
        refused(() -> left().merge(overlapping), "chunks overlap along the reduced axis: [2, 3) overlaps [0, 3)");
        ArgAccumulator accumulator = REDUCTION.accumulator().add(left());
        refused(() -> accumulator.add(overlapping), "overlaps");
        assertEquals("[0, 3)", accumulator.partial().coveredRanges(), "a refused add changes nothing");
    }

    @Test
    void chunksReducedIntoAnAccumulatorGiveTheWholeTensorAnswer() {
        // ArgMax over axis 0 of [4, 3]: rows 0-1 and 2-3 as chunks, fed last first, as an array and as raw_data
        float nan = Float.intBitsToFloat(0x7FC00001);
        float[] whole = {1, nan, -0f, 7, 2, 0f, 7, nan, 3, 1, 2, 3};
        long[] shape = {4, 3};
        for (int last = 0; last <= 1; last++) {
            ArgReductionOperator op = ArgMax.version(13).axis(0).keepdims(0).selectLastIndex(last);
            long[] expected = op.apply(Tensor.ofFloat(whole, shape)).indices();
            assertArrayEquals(last == 0 ? new long[] {1, 0, 2} : new long[] {2, 2, 3}, expected);
            PartialReduction reduction = PartialReduction.of(op, DataType.FLOAT, shape);
            ArgAccumulator fromArrays = reduction.accumulator();
            reduction.reduceInto(Tensor.ofFloat(Arrays.copyOfRange(whole, 6, 12), 2, 3), 2, fromArrays);
            reduction.reduceInto(Tensor.ofFloat(Arrays.copyOfRange(whole, 0, 6), 2, 3), 0, fromArrays);
            assertArrayEquals(expected, fromArrays.finish().indices(), "arrays, select_last_index " + last);
            ArgAccumulator fromBuffers = reduction.accumulator();
            reduction.reduceInto(Tensor.ofRawData(DataType.FLOAT, rawFloats(whole, 6, 12, true), 2, 3), 2, fromBuffers);
            reduction.reduceInto(Tensor.ofRawData(DataType.FLOAT, rawFloats(whole, 0, 6, false), 2, 3), 0, fromBuffers);
            assertArrayEquals(expected, fromBuffers.finish().indices(), "buffers, select_last_index " + last);
        }
    }

    @Test
    void chunksReducedIntoAnAccumulatorAreRefusedWithoutChangingIt() {
        ArgAccumulator accumulator = REDUCTION.reduceInto(Tensor.ofFloat(new float[] {1, 5, 2, -0f, 0f, -0f}, 2, 3), 0,
                REDUCTION.accumulator());
        ArgPartial before = accumulator.partial();
        refused(() -> REDUCTION.reduceInto(Tensor.ofFloat(new float[] {9, 9}, 2, 1), 2, accumulator),
                "chunks overlap along the reduced axis: [2, 3) overlaps [0, 3)");
        refused(() -> REDUCTION.reduceInto(Tensor.ofDouble(new double[] {9, 9}, 2, 1), 3, accumulator),
                "chunk has element type double, expected float");
        refused(() -> REDUCTION.reduceInto(Tensor.ofFloat(new float[] {9, 9, 9}, 3, 1), 3, accumulator),
                "chunk shape [3, 1] does not match input shape [2, 6]");
        refused(() -> REDUCTION.reduceInto(Tensor.ofFloat(new float[] {9, 9}, 2, 1), 6, accumulator),
                "at axis offset 6 does not fit");
        refused(() -> REDUCTION.reduceInto(null, 3, accumulator), "the chunk is null");
        refused(() -> REDUCTION.reduceInto(Tensor.ofFloat(new float[] {9, 9}, 2, 1), 3, null), "the accumulator is null");
        PartialReduction argmin = PartialReduction.of(ArgMin.version(13).axis(1).keepdims(0), DataType.FLOAT, 2, 6);
        refused(() -> argmin.reduceInto(Tensor.ofFloat(new float[] {9, 9}, 2, 1), 3, accumulator),
                "the accumulator is of another reduction: operator ArgMax, expected ArgMin");
        assertArrayEquals(before.toBytes(), accumulator.partial().toBytes(), "refused chunks change nothing");
        REDUCTION.reduceInto(Tensor.ofFloat(new float[] {5, 4, 5, 0f, -1, 0f}, 2, 3), 3, accumulator);
        assertArrayEquals(new long[] {1, 0}, accumulator.finish().indices());
    }

    @Test
    void chunksOfAnOuterAxisInOrderGiveOneApplysAnswerForEveryType() {
        // raw_data bits from a small alphabet: ties, -0 and +0, NaN, the unsigned extremes
        byte[] alphabet = {0x00, (byte) 0x80, (byte) 0xFF, 0x01, 0x7F, (byte) 0xC0};
        java.util.Random random = new java.util.Random(12);
        for (DataType type : DataType.values()) {
            // wide enough for the SIMD loops' vectors (and a tail), narrower, and chunks longer than a byte index group
            for (long[] shape : new long[][] {{37, 70}, {3, 29, 5}, {300, 33}}) {
                int axis = shape.length - 2;
                int count = (int) Arrays.stream(shape).reduce(1, (a, b) -> a * b);
                byte[] bits = new byte[count * type.byteWidth()];
                for (int i = 0; i < bits.length; i++) {
                    bits[i] = alphabet[random.nextInt(alphabet.length)];
                }
                for (ArgReductionOperator op : new ArgReductionOperator[] {ArgMax.version(13), ArgMin.version(13)}) {
                    for (int last = 0; last <= 1; last++) {
                        ArgReductionOperator reducing = op.axis(axis).selectLastIndex(last);
                        long[] expected = reducing.apply(Tensor.ofRawData(type, littleEndian(bits), shape)).indices();
                        PartialReduction reduction = PartialReduction.of(reducing, type, shape);
                        ArgAccumulator accumulator = reduction.accumulator();
                        for (long start = 0; start < shape[axis]; ) {
                            long end = Math.min(shape[axis], start + 1 + random.nextInt((int) Math.max(9, shape[axis] / 2)));
                            reduction.reduceInto(rows(type, bits, shape, axis, start, end), start, accumulator);
                            start = end;
                        }
                        assertArrayEquals(expected, accumulator.finish().indices(),
                                reducing + " over " + type + " " + Arrays.toString(shape));
                    }
                }
            }
        }
    }

    @Test
    void aRefusedChunkAfterFoldedOnesLeavesTheResultUnchanged() {
        // ArgMin over axis 0 of int32 [6, 3], last index: rows 0-1 and 2-3 folded, then refused chunks
        int[] whole = {4, 2, 9, 1, 2, 9, 1, 7, 3, 8, 2, 1, 1, 3, 1, 5, 5, 5};
        long[] shape = {6, 3};
        ArgReductionOperator op = ArgMin.version(13).axis(0).keepdims(0).selectLastIndex(1);
        PartialReduction reduction = PartialReduction.of(op, DataType.INT32, shape);
        ArgAccumulator accumulator = reduction.accumulator();
        reduction.reduceInto(Tensor.ofInt32(Arrays.copyOfRange(whole, 0, 6), 2, 3), 0, accumulator);
        reduction.reduceInto(Tensor.ofInt32(Arrays.copyOfRange(whole, 6, 12), 2, 3), 2, accumulator);
        byte[] before = accumulator.partial().toBytes();
        refused(() -> reduction.reduceInto(Tensor.ofInt32(Arrays.copyOfRange(whole, 6, 12), 2, 3), 3, accumulator),
                "[3, 5) overlaps [0, 4)");
        refused(() -> reduction.reduceInto(Tensor.ofInt32(Arrays.copyOfRange(whole, 12, 18), 2, 3), 5, accumulator),
                "at axis offset 5 does not fit");
        refused(() -> reduction.reduceInto(Tensor.ofInt32(new int[] {0, 0}, 1, 2), 4, accumulator),
                "chunk shape [1, 2] does not match input shape [6, 3]");
        refused(() -> reduction.reduceInto(Tensor.ofUint32(new int[] {0, 0, 0}, 1, 3), 4, accumulator),
                "chunk has element type uint32, expected int32");
        assertArrayEquals(before, accumulator.partial().toBytes(), "refused chunks change nothing");
        reduction.reduceInto(Tensor.ofInt32(Arrays.copyOfRange(whole, 12, 18), 2, 3), 4, accumulator);
        assertArrayEquals(op.apply(Tensor.ofInt32(whole, shape)).indices(), accumulator.finish().indices());
        assertArrayEquals(new long[] {4, 3, 4}, accumulator.finish().indices());
    }

    @Test
    void onlyChunksAfterEverythingAddedAreFolded() {
        ArgAccumulator accumulator = REDUCTION.accumulator();
        StringBuilder calls = new StringBuilder();
        RecordingFold fold = new RecordingFold(calls);
        Accumulation state = state(accumulator);
        state.fold(2, 2, fold);
        state.fold(1, 4, fold);
        state.fold(2, 0, fold);
        state.fold(1, 5, fold);
        // the chunk out of order stops the fold: what it kept aside is written before its winners are found
        assertEquals("seed 2, fold 4, settle, find, find", calls.toString());
        refused(() -> state.fold(1, 5, fold), "overlaps");
        assertEquals("seed 2, fold 4, settle, find, find", calls.toString(), "a refused chunk is not looked at");
    }

    /** What generated code feeds chunks in a kernel's form. */
    private static Accumulation state(ArgAccumulator accumulator) {
        return Faces.of(ArgAccumulator.class, Accumulation.class).state(accumulator);
    }

    /** A fold that records which of its methods the accumulator calls. */
    private static final class RecordingFold implements io.github.argonnx.internal.runtime.ChunkFold {
        private final StringBuilder calls;

        RecordingFold(StringBuilder calls) {
            this.calls = calls;
        }

        private void record(String call) {
            calls.append(calls.length() == 0 ? "" : ", ").append(call);
        }

        @Override
        public void find(long[] localIndices, long[] orderKeys) {
            record("find");
        }

        @Override
        public io.github.argonnx.internal.runtime.RunningBests seed(long axisOffset, long[] indices) {
            record("seed " + axisOffset);
            return new io.github.argonnx.internal.runtime.RunningBests() {
                @Override
                public void orderKeys(long[] orderKeys) {
                    Arrays.fill(orderKeys, 0);
                }

                @Override
                public void settleIndices(long[] indices) {
                    record("settle");
                }
            };
        }

        @Override
        public void fold(io.github.argonnx.internal.runtime.RunningBests bests, long axisOffset, long[] indices) {
            record("fold " + axisOffset);
        }
    }

    /** Rows {@code [start, end)} of the reduced axis of a tensor given as raw_data bits, as a heap buffer. */
    private static Tensor rows(DataType type, byte[] bits, long[] shape, int axis, long start, long end) {
        int width = type.byteWidth();
        int inner = (int) shape[axis + 1] * width;
        int outer = axis == 0 ? 1 : (int) shape[0];
        int length = (int) (end - start);
        byte[] part = new byte[outer * length * inner];
        for (int o = 0; o < outer; o++) {
            System.arraycopy(bits, (int) ((o * shape[axis] + start) * inner), part, o * length * inner, length * inner);
        }
        long[] chunkShape = shape.clone();
        chunkShape[axis] = length;
        return Tensor.ofRawData(type, littleEndian(part), chunkShape);
    }

    private static ByteBuffer littleEndian(byte[] bytes) {
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    @Test
    void aChunkThatDoesNotFitTheAxisIsRefusedBeforeItsWinnersAreLookedFor() {
        ArgAccumulator accumulator = REDUCTION.accumulator();
        refused(() -> state(accumulator).add(4, 3, (indices, keys) -> {
            throw new AssertionError("the winners of a refused chunk are looked for");
        }), "a chunk of length 4 at axis offset 3 does not fit the reduced axis [0, 6)");
        refused(() -> state(accumulator).add(0, 0, (indices, keys) -> {
            throw new AssertionError("the winners of a refused chunk are looked for");
        }), "allowed: length >= 1");
        refused(accumulator::partial, "no chunk added yet");
    }

    private static ByteBuffer rawFloats(float[] values, int from, int to, boolean direct) {
        ByteBuffer bytes = (direct ? ByteBuffer.allocateDirect((to - from) * 4) : ByteBuffer.allocate((to - from) * 4))
                .order(ByteOrder.LITTLE_ENDIAN);
        for (int i = from; i < to; i++) {
            bytes.putFloat(values[i]);
        }
        return bytes.flip();
    }

    @Test
    void missingChunksAreRefusedWhenFinished() {
        refused(() -> left().finish(), "missing [3, 6)");
        refused(() -> REDUCTION.accumulator().finish(), "missing [0, 6)");
        refused(() -> REDUCTION.accumulator().partial(), "no chunk added yet");
    }

    @Test
    void chunksThatDoNotFitAreRefused() {
        refused(() -> REDUCTION.reduce(Tensor.ofDouble(new double[] {1, 2}, 2, 1), 0),
                "chunk has element type double, expected float");
        refused(() -> REDUCTION.reduce(Tensor.ofFloat(new float[] {1, 2, 3}, 3, 1), 0),
                "chunk shape [3, 1] does not match input shape [2, 6]");
        refused(() -> REDUCTION.reduce(Tensor.ofFloat(new float[] {1, 2}, 2, 1), 6), "at axis offset 6 does not fit");
        refused(() -> REDUCTION.reduce(Tensor.ofFloat(new float[] {1, 2, 3, 4}, 2, 2), -1), "at axis offset -1");
        refused(() -> REDUCTION.reduce(null, 0), "the chunk is null");
        refused(() -> PartialReduction.of(ArgMax.version(12), DataType.BFLOAT16, 4), "bfloat16");
    }

    @Test
    void mergesOfAnotherReductionAreRefusedByName() {
        ArgPartial mine = left();
        refused(() -> mine.merge(other(ArgMin.version(13).axis(1).keepdims(0), DataType.FLOAT, 2, 6)),
                "operator ArgMin, expected ArgMax");
        refused(() -> REDUCTION.accumulator().add(other(ArgMax.version(12).axis(1).keepdims(0), DataType.FLOAT, 2, 6)),
                "operator version 12, expected 13");
        refused(() -> mine.merge(other(ARGMAX, DataType.DOUBLE, 2, 6)), "element type double, expected float");
    }

    @Test
    void byteFormsOfAnotherReductionAreRefusedByName() {
        String[][] cases = {
            {"ArgMin-13 axis 1 keepdims 0 float 2x6", "operator ArgMin, expected ArgMax"},
            {"ArgMax-12 axis 1 keepdims 0 float 2x6", "operator version 12, expected 13"},
            {"ArgMax-13 axis 1 keepdims 0 double 2x6", "element type with TensorProto code 11, expected float"},
            {"ArgMax-13 axis 0 keepdims 0 float 6x6", "attribute 'axis' 0, expected 1"},
            {"ArgMax-13 axis 1 keepdims 1 float 2x6", "attribute 'keepdims' 1, expected 0"},
            {"ArgMax-13 axis 1 keepdims 0 last float 2x6", "attribute 'select_last_index' 1, expected 0"},
            {"ArgMax-13 axis 1 keepdims 0 float 3x6", "input shape [3, 6], expected [2, 6]"},
        };
        for (String[] c : cases) {
            byte[] bytes = partialFor(c[0]).toBytes();
            refused(() -> REDUCTION.fromBytes(bytes), "is of another reduction: " + c[1]);
        }
    }

    @Test
    void corruptedOrTruncatedBytesAreRefusedByName() {
        byte[] good = left().merge(right()).toBytes();
        assertArrayEquals(new long[] {1, 0}, REDUCTION.fromBytes(good).finish().indices());

        refused(() -> REDUCTION.fromBytes(Arrays.copyOf(good, good.length - 1)), "is truncated: " + (good.length - 1)
                + " bytes of the " + good.length + " it declares");
        refused(() -> REDUCTION.fromBytes(Arrays.copyOf(good, 3)), "is truncated: 3 bytes");
        refused(() -> REDUCTION.fromBytes(Arrays.copyOf(good, good.length + 2)), "has 2 trailing bytes");
        refused(() -> REDUCTION.fromBytes(null), "byte form is null");
        for (int at : new int[] {12, good.length / 2, good.length - 9, good.length - 1}) {
            byte[] flipped = good.clone();
            flipped[at] ^= 0x10;
            refused(() -> REDUCTION.fromBytes(flipped), "is corrupted: its CRC-32C is");
        }
        byte[] magic = good.clone();
        magic[0] = 'X';
        refused(() -> REDUCTION.fromBytes(magic), "does not start with the magic \"ARGP\"");
        byte[] format = good.clone();
        format[4] = 2;
        refused(() -> REDUCTION.fromBytes(format), "has format version 2, this library reads version 1");
    }

    @Test
    void wellSealedButInconsistentBytesAreRefusedByName() {
        byte[] good = left().toBytes();
        assertEquals(98, good.length, "the size docs/partials.md works out for this partial");
        // The last entry's index (8 bytes before the checksum) points outside the covered [0, 3).
        byte[] index = good.clone();
        ByteBuffer.wrap(index).order(ByteOrder.LITTLE_ENDIAN).putLong(index.length - 12, 4);
        refused(() -> REDUCTION.fromBytes(resealed(index)), "entry 1 has index 4, outside the covered ranges [0, 3)");
        // keepdims is the byte after magic, format, length, op type (1 + 6), version, type and axis.
        int keepdims = 4 + 1 + 4 + 1 + 6 + 4 + 4 + 4;
        assertEquals(0, good[keepdims]);
        byte[] flag = good.clone();
        flag[keepdims] = 2;
        refused(() -> REDUCTION.fromBytes(resealed(flag)), "attribute 'keepdims' is stored as 2");
        // The covered range [0, 3) becomes [0, 7), past the axis.
        int rangeEnd = keepdims + 2 + 4 + 16 + 4 + 8;
        byte[] range = good.clone();
        ByteBuffer.wrap(range).order(ByteOrder.LITTLE_ENDIAN).putLong(rangeEnd, 7);
        refused(() -> REDUCTION.fromBytes(resealed(range)), "covered range 0 [0, 7) is not an ascending");
    }

    private static byte[] resealed(byte[] bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, bytes.length - 4);
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(bytes.length - 4, (int) crc.getValue());
        return bytes;
    }

    /** A complete partial of a reduction described as "ArgMax-13 axis 1 keepdims 0 [last] float 2x6". */
    private static ArgPartial partialFor(String description) {
        String[] words = description.split(" ");
        String[] opVersion = words[0].split("-");
        ArgReductionOperator op = ArgReductionOperator.version(opVersion[0], Integer.parseInt(opVersion[1]))
                .axis(Long.parseLong(words[2])).keepdims(Long.parseLong(words[4]));
        boolean last = words[5].equals("last");
        if (last) {
            op = op.selectLastIndex(1);
        }
        DataType type = DataType.fromOnnxName(words[last ? 6 : 5]);
        long[] shape = Arrays.stream(words[last ? 7 : 6].split("x")).mapToLong(Long::parseLong).toArray();
        return other(op, type, shape);
    }

    /** A partial of the whole of a zero-filled tensor. */
    private static ArgPartial other(ArgReductionOperator op, DataType type, long... shape) {
        int count = (int) Arrays.stream(shape).reduce(1, (a, b) -> a * b);
        ByteBuffer zeros = ByteBuffer.allocate(count * type.byteWidth()).order(ByteOrder.LITTLE_ENDIAN);
        return PartialReduction.of(op, type, shape).reduce(Tensor.ofRawData(type, zeros, shape), 0);
    }

    private static void refused(Executable call, String expectedPart) {
        ArgOnnxException e = assertThrows(ArgOnnxException.class, call);
        assertTrue(e.getMessage().contains(expectedPart), () -> "expected \"" + expectedPart + "\" in: " + e.getMessage());
    }
}
