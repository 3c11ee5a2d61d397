package io.github.argonnx;

import static io.github.argonnx.AxisChunks.alongAxis;
import static io.github.argonnx.AxisChunks.arrayTensor;
import static io.github.argonnx.AxisChunks.chunk;
import static io.github.argonnx.AxisChunks.product;
import static io.github.argonnx.AxisChunks.randomChunking;
import static io.github.argonnx.AxisChunks.randomShape;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.reference.RandomTensors;
import io.github.argonnx.reference.TestType;
import io.github.argonnx.runtime.ArgAccumulator;
import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.ArgPartial;
import io.github.argonnx.runtime.ArgResult;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Partial results against one {@code apply} on the whole tensor: every element type, operator and
 * version, random shapes, axes, attributes and chunkings, chunks given as arrays, heap and direct
 * buffers, merged in random trees and out of order, through an accumulator (partials added, or chunks
 * reduced straight into it: in order, which folds the rows of an outer axis, out of order, which finds
 * each chunk's winners, and in order first, then out of order), and through the byte form.
 */
class PartialReductionPropertyTest {

    private static final List<TestType<?, ?>> TYPES = List.of(TestType.FLOAT, TestType.UINT8, TestType.INT8,
            TestType.UINT16, TestType.INT16, TestType.INT32, TestType.INT64, TestType.FLOAT16, TestType.DOUBLE,
            TestType.UINT32, TestType.UINT64, TestType.BFLOAT16);
    private static final int TRIALS = 40;

    static Stream<Arguments> reductions() {
        List<Arguments> all = new ArrayList<>();
        for (TestType<?, ?> type : TYPES) {
            for (String opType : List.of("ArgMax", "ArgMin")) {
                for (int version : new int[] {1, 11, 12, 13}) {
                    if (version == 13 || !type.onnxName().equals("bfloat16")) {
                        all.add(Arguments.of(type, opType, version));
                    }
                }
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{1}-{2} {0}")
    @MethodSource("reductions")
    <A> void anyChunkingAndMergeTreeGivesTheWholeTensorAnswer(TestType<A, ?> type, String opType, int version) {
        Random random = new Random(opType.hashCode() * 31L + version * 1009L + type.onnxName().hashCode());
        DataType dataType = DataType.fromOnnxName(type.onnxName());
        RandomTensors.Profile[] profiles = RandomTensors.Profile.values();
        for (int trial = 0; trial < TRIALS; trial++) {
            long[] shape = randomShape(random, 40);
            int rank = shape.length;
            int axis = random.nextInt(rank);
            ArgReductionOperator op = ArgReductionOperator.version(opType, version)
                    .axis(random.nextBoolean() ? axis : axis - rank)
                    .keepdims(random.nextInt(2));
            if (version >= 12) {
                op = op.selectLastIndex(random.nextInt(2));
            }
            int count = (int) product(shape);
            A data = type.generator().generate(random, count, profiles[trial % profiles.length]);
            ArgResult expected = op.apply(arrayTensor(dataType, data, shape));
            String what = op + " over " + type + " " + java.util.Arrays.toString(shape) + ", trial " + trial;

            PartialReduction reduction = PartialReduction.of(op, dataType, shape);
            List<ArgPartial> partials = new ArrayList<>();
            List<Tensor> chunks = new ArrayList<>();
            List<long[]> ranges = randomChunking(random, shape[axis]);
            for (long[] range : ranges) {
                Tensor chunk = chunk(random, dataType, data, shape, axis, range[0], range[1]);
                chunks.add(chunk);
                partials.add(reduction.reduce(chunk, range[0]));
            }
            Collections.shuffle(partials, random);

            ArgAccumulator inOrder = reduction.accumulator();
            for (int k = 0; k < chunks.size(); k++) {
                reduction.reduceInto(chunks.get(k), ranges.get(k)[0], inOrder);
            }
            assertEquals(expected, inOrder.finish(), what + ", streamed with reduceInto in order");

            // in order up to a random chunk (folded on an outer axis), a partial taken, then the rest shuffled
            int folded = random.nextInt(chunks.size() + 1);
            ArgAccumulator mixed = reduction.accumulator();
            List<Integer> rest = new ArrayList<>();
            for (int k = 0; k < chunks.size(); k++) {
                if (k < folded) {
                    reduction.reduceInto(chunks.get(k), ranges.get(k)[0], mixed);
                } else {
                    rest.add(k);
                }
            }
            ArgPartial prefix = folded == 0 ? null : mixed.partial();
            Collections.shuffle(rest, random);
            for (int k : rest) {
                reduction.reduceInto(chunks.get(k), ranges.get(k)[0], mixed);
            }
            assertEquals(expected, mixed.finish(), what + ", " + folded + " chunks in order, then the rest shuffled");
            if (prefix != null) {
                ArgAccumulator fromPrefix = reduction.accumulator().add(reduction.fromBytes(prefix.toBytes()));
                rest.forEach(k -> fromPrefix.add(reduction.reduce(chunks.get(k), ranges.get(k)[0])));
                assertEquals(expected, fromPrefix.finish(), what + ", the partial of the chunks in order, merged");
            }

            ArgAccumulator streamed = reduction.accumulator();
            List<Integer> order = new ArrayList<>();
            for (int k = 0; k < chunks.size(); k++) {
                order.add(k);
            }
            Collections.shuffle(order, random);
            for (int k : order) {
                reduction.reduceInto(chunks.get(k), ranges.get(k)[0], streamed);
            }
            assertEquals(expected, streamed.finish(), what + ", streamed with reduceInto out of order");

            ArgAccumulator accumulator = reduction.accumulator();
            partials.forEach(accumulator::add);
            assertEquals(expected, accumulator.finish(), what + ", accumulated out of order");

            assertEquals(expected, mergeRandomTree(random, reduction, partials).finish(), what + ", merge tree");
        }
    }

    static Stream<Arguments> foldedTypes() {
        return TYPES.stream().flatMap(type -> Stream.of(Arguments.of(type, "ArgMax"), Arguments.of(type, "ArgMin")));
    }

    /**
     * Long outer axes streamed in order in chunks of a few rows. The SIMD loops keep the row places of
     * the rows they fold from one chunk to the next, in groups of 128 rows of the axis for 8-bit lanes,
     * 32768 for 16-bit ones: these axes cross group ends inside chunks and between them, with partials
     * taken on the way (which write the open group out) and buffer chunks (whose loops write indices as
     * they go) among the arrays. 67 columns: whole vectors of columns and some left over.
     */
    @ParameterizedTest(name = "{1} {0}")
    @MethodSource("foldedTypes")
    <A> void longOuterAxesInChunksOfFewRowsGiveTheWholeTensorAnswer(TestType<A, ?> type, String opType) {
        Random random = new Random(opType.hashCode() * 17L + type.onnxName().hashCode());
        DataType dataType = DataType.fromOnnxName(type.onnxName());
        long[] shape = {dataType.byteWidth() == 2 ? 33_000 : 700, 67};
        int count = (int) product(shape);
        RandomTensors.Profile[] profiles = RandomTensors.Profile.values();
        // every data profile with either tie rule, but two runs of the 16-bit types' long axes
        int runs = dataType.byteWidth() == 2 ? 2 : 2 * profiles.length;
        for (int run = 0; run < runs; run++) {
            int selectLastIndex = run % 2;
            RandomTensors.Profile profile = runs == 2 ? profiles[random.nextInt(profiles.length)] : profiles[run / 2];
            A data = type.generator().generate(random, count, profile);
            ArgReductionOperator op = ArgReductionOperator.version(opType, 13).axis(0).selectLastIndex(selectLastIndex);
            ArgResult expected = op.apply(arrayTensor(dataType, data, shape));
            String what = op + " over " + type + " " + java.util.Arrays.toString(shape) + ", " + profile;
            PartialReduction reduction = PartialReduction.of(op, dataType, shape);
            ArgAccumulator streamed = reduction.accumulator();
            ArgPartial midway = null;
            long midwayEnd = 0;
            for (long start = 0; start < shape[0]; ) {
                long end = Math.min(shape[0], start + 1 + random.nextInt(40));
                long groupEnd = (start / 128 + 1) * 128; // 8-bit lanes' groups end there, 16-bit ones' at some of them
                if (random.nextInt(3) == 0 && groupEnd - start <= 40) {
                    end = Math.min(shape[0], groupEnd);
                }
                Tensor chunk = random.nextInt(8) == 0 ? chunk(random, dataType, data, shape, 0, start, end)
                        : arrayTensor(dataType, alongAxis(data, shape, 0, start, end), new long[] {end - start, shape[1]});
                reduction.reduceInto(chunk, start, streamed);
                if (random.nextInt(64) == 0) {
                    midway = streamed.partial();
                    midwayEnd = end;
                }
                start = end;
            }
            assertEquals(expected, streamed.finish(), what + ", streamed in order");
            if (midway != null) {
                ArgAccumulator rest = reduction.accumulator().add(midway);
                if (midwayEnd < shape[0]) {
                    rest.add(reduction.reduce(arrayTensor(dataType, alongAxis(data, shape, 0, midwayEnd, shape[0]),
                            new long[] {shape[0] - midwayEnd, shape[1]}), midwayEnd));
                }
                assertEquals(expected, rest.finish(), what + ", a partial taken midway, merged with the rest");
            }
        }
    }

    static Stream<Arguments> sixteenBitTypes() {
        return foldedTypes().filter(arguments -> DataType.fromOnnxName(((TestType<?, ?>) arguments.get()[0]).onnxName())
                .byteWidth() == 2);
    }

    /**
     * The 16-bit folds take the rows of a long outer axis in groups (JDK 22 and later), from 512 rows
     * taken: here every special value twice in a column, one to three rows apart, after 2500 rows that
     * all hold one special value (each in turn), streamed in chunks of 1 to 40 rows; a pair that beats
     * the rest is often in one group, and the first of the two must win, as in one {@code apply}.
     */
    @ParameterizedTest(name = "{1} {0}")
    @MethodSource("sixteenBitTypes")
    <A> void tiedPairsInLateRowsStreamedGiveTheWholeTensorAnswer(TestType<A, ?> type, String opType) {
        Random random = new Random(opType.hashCode() * 31L + type.onnxName().hashCode());
        DataType dataType = DataType.fromOnnxName(type.onnxName());
        long[] shape = {3000, 33};
        int count = (int) product(shape);
        A specials = type.generator().generate(random, 16, RandomTensors.Profile.SPECIALS_IN_ORDER);
        int kinds = Array.getLength(specials);
        ArgReductionOperator op = ArgReductionOperator.version(opType, 13).axis(0);
        PartialReduction reduction = PartialReduction.of(op, dataType, shape);
        for (int base = 0; base < kinds; base++) {
            A data = type.storage().filledWith(specials, base, count);
            for (int column = 0; column < shape[1]; column++) {
                int row = 2500 + column % 5;
                System.arraycopy(specials, column % kinds, data, row * (int) shape[1] + column, 1);
                System.arraycopy(specials, column % kinds, data, (row + 1 + column % 3) * (int) shape[1] + column, 1);
            }
            ArgAccumulator streamed = reduction.accumulator();
            for (long start = 0; start < shape[0]; ) {
                long end = Math.min(shape[0], start + 1 + random.nextInt(40));
                reduction.reduceInto(arrayTensor(dataType, alongAxis(data, shape, 0, start, end),
                        new long[] {end - start, shape[1]}), start, streamed);
                start = end;
            }
            assertEquals(op.apply(arrayTensor(dataType, data, shape)), streamed.finish(),
                    op + " over " + type + ", pairs on special #" + base);
        }
    }

    /**
     * Long contiguous slices streamed in order in chunks of random lengths, most of them longer than
     * the 16-bit loops' screened blocks (512 elements), which a chunk after the first searches against
     * the running bests (first index only: a later chunk takes the last index by a tie). Every data
     * profile four times with each tie rule, arrays and buffers; one chunk in sixteen is held back and added last,
     * out of order, and a partial taken midway is merged with the rest.
     */
    @ParameterizedTest(name = "{1} {0}")
    @MethodSource("foldedTypes")
    <A> void longContiguousSlicesInChunksGiveTheWholeTensorAnswer(TestType<A, ?> type, String opType) {
        Random random = new Random(opType.hashCode() * 13L + type.onnxName().hashCode());
        DataType dataType = DataType.fromOnnxName(type.onnxName());
        for (int run = 0; run < 4 * 2 * RandomTensors.Profile.values().length; run++) {
            RandomTensors.Profile profile = RandomTensors.Profile.values()[run / 8];
            int selectLastIndex = run % 2;
            long[] shape = {1 + random.nextInt(3), 3000 + random.nextInt(6000)};
            A data = type.generator().generate(random, (int) product(shape), profile);
            ArgReductionOperator op = ArgReductionOperator.version(opType, 13).axis(1).selectLastIndex(selectLastIndex);
            ArgResult expected = op.apply(arrayTensor(dataType, data, shape));
            String what = op + " over " + type + " " + java.util.Arrays.toString(shape) + ", " + profile;
            PartialReduction reduction = PartialReduction.of(op, dataType, shape);
            ArgAccumulator streamed = reduction.accumulator();
            List<long[]> heldBack = new ArrayList<>();
            ArgPartial midway = null;
            long midwayEnd = 0;
            int maxLength = 1 + random.nextInt(3000);
            for (long start = 0; start < shape[1]; ) {
                long end = Math.min(shape[1], start + 1 + random.nextInt(maxLength));
                if (start > 0 && random.nextInt(16) == 0) {
                    heldBack.add(new long[] {start, end});
                } else {
                    reduction.reduceInto(chunk(random, dataType, data, shape, 1, start, end), start, streamed);
                }
                if (midway == null && heldBack.isEmpty() && random.nextInt(4) == 0) {
                    midway = streamed.partial();
                    midwayEnd = end;
                }
                start = end;
            }
            for (long[] range : heldBack) {
                reduction.reduceInto(chunk(random, dataType, data, shape, 1, range[0], range[1]), range[0], streamed);
            }
            assertEquals(expected, streamed.finish(), what + ", streamed in order, " + heldBack.size() + " chunks held back");
            if (midway != null && midwayEnd < shape[1]) {
                ArgAccumulator rest = reduction.accumulator().add(midway);
                reduction.reduceInto(chunk(random, dataType, data, shape, 1, midwayEnd, shape[1]), midwayEnd, rest);
                assertEquals(expected, rest.finish(), what + ", a partial taken midway, then the rest as one chunk");
            }
        }
    }

    /**
     * Every step of the reduced axis as a chunk of its own, as a global aggregate feeds one element per
     * row: such a chunk's elements are its winners, found with no kernel call. Contiguous slices and an
     * outer axis, steps in order (searched against the running bests, or folded) and shuffled, every
     * data profile with each tie rule; a step given twice is refused as an overlap.
     */
    @ParameterizedTest(name = "{1} {0}")
    @MethodSource("foldedTypes")
    <A> void oneStepChunksInAnyOrderGiveTheWholeTensorAnswer(TestType<A, ?> type, String opType) {
        Random random = new Random(opType.hashCode() * 19L + type.onnxName().hashCode());
        DataType dataType = DataType.fromOnnxName(type.onnxName());
        for (int run = 0; run < 2 * 2 * RandomTensors.Profile.values().length; run++) {
            RandomTensors.Profile profile = RandomTensors.Profile.values()[run / 4];
            int selectLastIndex = run % 2;
            int axis = (run / 2) % 2;
            long steps = 1 + random.nextInt(300);
            long[] shape = axis == 1 ? new long[] {1 + random.nextInt(3), steps} : new long[] {steps, 1 + random.nextInt(5)};
            A data = type.generator().generate(random, (int) product(shape), profile);
            ArgReductionOperator op = ArgReductionOperator.version(opType, 13).axis(axis).selectLastIndex(selectLastIndex);
            ArgResult expected = op.apply(arrayTensor(dataType, data, shape));
            String what = op + " over " + type + " " + java.util.Arrays.toString(shape) + ", " + profile;
            PartialReduction reduction = PartialReduction.of(op, dataType, shape);
            List<Long> order = new ArrayList<>();
            for (long step = 0; step < steps; step++) {
                order.add(step);
            }
            ArgAccumulator inOrder = reduction.accumulator();
            for (long step : order) {
                reduction.reduceInto(chunk(random, dataType, data, shape, axis, step, step + 1), step, inOrder);
            }
            assertEquals(expected, inOrder.finish(), what + ", one step at a time in order");
            Collections.shuffle(order, random);
            ArgAccumulator shuffled = reduction.accumulator();
            for (long step : order) {
                reduction.reduceInto(chunk(random, dataType, data, shape, axis, step, step + 1), step, shuffled);
            }
            assertEquals(expected, shuffled.finish(), what + ", one step at a time shuffled");
            long again = order.get(random.nextInt(order.size()));
            ArgOnnxException overlap = assertThrows(ArgOnnxException.class, () -> reduction.reduceInto(
                    chunk(random, dataType, data, shape, axis, again, again + 1), again, shuffled), what);
            assertTrue(overlap.getMessage().contains("overlap"), overlap.getMessage());
            assertEquals(expected, shuffled.finish(), what + ", after the refused step");
        }
    }

    /** Merges pairs picked at random, in random order, some after a trip through the byte form. */
    private static ArgPartial mergeRandomTree(Random random, PartialReduction reduction, List<ArgPartial> partials) {
        List<ArgPartial> pool = new ArrayList<>(partials);
        while (pool.size() > 1) {
            ArgPartial a = pool.remove(random.nextInt(pool.size()));
            ArgPartial b = pool.remove(random.nextInt(pool.size()));
            if (random.nextInt(3) == 0) {
                byte[] bytes = a.toBytes();
                a = reduction.fromBytes(bytes);
                assertArrayEquals(bytes, a.toBytes(), "the byte form reads back to the same bytes");
            }
            pool.add(random.nextBoolean() ? a.merge(b) : b.merge(a));
        }
        return pool.get(0);
    }

}
