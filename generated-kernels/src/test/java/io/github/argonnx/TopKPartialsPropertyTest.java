package io.github.argonnx;

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
import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.TopKAccumulator;
import io.github.argonnx.runtime.TopKPartial;
import io.github.argonnx.runtime.TopKResult;
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
 * TopK partial results against one {@code apply} on the whole tensor, values (bit for bit) and indices:
 * every element type and version, random shapes, axes, k, {@code largest} and {@code sorted}, random
 * chunkings, chunks as arrays, heap and direct buffers, merged in random trees and orders with trips
 * through the byte form, and streamed through an accumulator in shuffled order. The data mixes ties,
 * NaN with payloads of both signs, signed zeros, infinities and extremes.
 */
class TopKPartialsPropertyTest {

    private static final List<TestType<?, ?>> TYPES = List.of(TestType.FLOAT, TestType.UINT8, TestType.INT8,
            TestType.UINT16, TestType.INT16, TestType.INT32, TestType.INT64, TestType.FLOAT16, TestType.DOUBLE,
            TestType.UINT32, TestType.UINT64, TestType.BFLOAT16);
    private static final List<String> FLOATS_OF_VERSION_1 = List.of("float", "float16", "double");
    private static final int TRIALS = 30;

    static Stream<Arguments> reductions() {
        List<Arguments> all = new ArrayList<>();
        for (TestType<?, ?> type : TYPES) {
            for (int version : new int[] {1, 10, 11, 24}) {
                boolean accepted = switch (version) {
                    case 1, 10 -> FLOATS_OF_VERSION_1.contains(type.onnxName());
                    case 11 -> !type.onnxName().equals("bfloat16");
                    default -> true;
                };
                if (accepted) {
                    all.add(Arguments.of(type, version));
                }
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "TopK-{1} {0}")
    @MethodSource("reductions")
    <A> void anyChunkingMergeTreeAndOrderGiveTheWholeTensorValuesAndIndices(TestType<A, ?> type, int version) {
        Random random = new Random(version * 1009L + type.onnxName().hashCode());
        DataType dataType = DataType.fromOnnxName(type.onnxName());
        RandomTensors.Profile[] profiles = RandomTensors.Profile.values();
        for (int trial = 0; trial < TRIALS; trial++) {
            long[] shape = randomShape(random, 30);
            int rank = shape.length;
            int axis = random.nextInt(rank);
            long k = random.nextInt(4) == 0 ? shape[axis] : random.nextInt((int) Math.min(shape[axis], 12) + 1);
            TopK op = TopK.version(version).axis(random.nextBoolean() ? axis : axis - rank);
            if (version >= 11) {
                op = op.largest(random.nextBoolean()).sorted(random.nextInt(4) != 0);
            }
            if (version == 1 && random.nextBoolean()) {
                op = op.k(k);
            }
            int count = (int) product(shape);
            Object data = trial % 3 == 2 ? fromBitPool(random, dataType, count)
                    : type.generator().generate(random, count, profiles[trial % profiles.length]);
            TopKResult<Tensor> expected = op.apply(arrayTensor(dataType, data, shape), k);
            String what = op + " k " + k + " over " + type + " " + java.util.Arrays.toString(shape) + ", trial " + trial;

            TopKPartials partials = TopKPartials.of(op, k, dataType, shape);
            List<long[]> ranges = randomChunking(random, shape[axis]);
            Collections.shuffle(ranges, random);
            List<TopKPartial> parts = new ArrayList<>();
            TopKAccumulator streamed = partials.accumulator();
            for (long[] range : ranges) {
                Tensor chunk = chunk(random, dataType, data, shape, axis, range[0], range[1]);
                parts.add(partials.reduce(chunk, range[0]));
                partials.reduceInto(chunk, range[0], streamed);
            }
            assertSame(expected, partials.finish(mergeRandomTree(random, partials, parts)), what + ", merged");
            assertSame(expected, partials.finish(streamed), what + ", streamed");
            TopKAccumulator added = partials.accumulator();
            Collections.shuffle(parts, random);
            parts.forEach(added::add);
            TopKPartial whole = added.partial();
            assertSame(expected, partials.finish(partials.fromBytes(whole.toBytes())), what + ", through bytes");
        }
    }

    @ParameterizedTest(name = "TopK-{1} {0}")
    @MethodSource("reductions")
    <A> void partialsOfOneElementAtATimeHoldKEntriesPerOutputElement(TestType<A, ?> type, int version) {
        Random random = new Random(version * 7919L + type.onnxName().hashCode());
        DataType dataType = DataType.fromOnnxName(type.onnxName());
        long[] shape = {3, 400, 2};
        long k = 5;
        TopK op = version == 1 ? TopK.version(1).axis(1).k(k) : TopK.version(version).axis(1);
        Object data = fromBitPool(random, dataType, (int) product(shape));
        TopKPartials partials = TopKPartials.of(op, k, dataType, shape);
        TopKAccumulator accumulator = partials.accumulator();
        int formLength = 0;
        for (long step = 0; step < shape[1]; step++) {
            partials.reduceInto(chunk(random, dataType, data, shape, 1, step, step + 1), step, accumulator);
            if (step == k - 1) {
                formLength = accumulator.partial().toBytes().length;
            }
        }
        // one range either way, so the forms differ in nothing but the ranges' bounds: k entries per element
        assertEquals(formLength, accumulator.partial().toBytes().length, "the byte form after all 400 steps");
        assertSame(op.apply(arrayTensor(dataType, data, shape), k), partials.finish(accumulator), "one step at a time");
        long again = random.nextInt(400);
        ArgOnnxException overlap = assertThrows(ArgOnnxException.class, () -> partials.reduceInto(
                chunk(random, dataType, data, shape, 1, again, again + 1), again, accumulator));
        assertTrue(overlap.getMessage().contains("overlap"), overlap.getMessage());
    }

    /** Values bit for bit, indices and shape. */
    static void assertSame(TopKResult<Tensor> expected, TopKResult<Tensor> actual, String what) {
        assertArrayEquals(expected.shape(), actual.shape(), what + ": shape");
        assertArrayEquals(expected.indices(), actual.indices(), what + ": indices");
        assertEquals(expected.values().dataType(), actual.values().dataType(), what + ": type");
        assertArrayEquals(bits(expected.values().array()), bits(actual.values().array()), what + ": values");
    }

    /** Each element's bits, exact: NaN payloads and the sign of zero count. */
    static long[] bits(Object array) {
        long[] bits = new long[Array.getLength(array)];
        for (int i = 0; i < bits.length; i++) {
            Object e = Array.get(array, i);
            bits[i] = e instanceof Float f ? Float.floatToRawIntBits(f)
                    : e instanceof Double d ? Double.doubleToRawLongBits(d)
                    : ((Number) e).longValue();
        }
        return bits;
    }

    /**
     * Elements drawn from a few bit patterns: for the floating-point types NaNs with payloads and both
     * signs, both zeros, infinities and a few numbers; for the integers a few values, extremes included.
     */
    static Object fromBitPool(Random random, DataType type, int count) {
        long[] pool = switch (type) {
            case FLOAT -> new long[] {0x7FC00000L, 0x7F800001L, 0xFFC00123L, 0x80000000L, 0, 0x7F800000L, 0xFF800000L,
                0x3F800000L, 0xBF800000L, 1};
            case DOUBLE -> new long[] {0x7FF8000000000000L, 0x7FF0000000000001L, 0xFFF8000000000123L, Long.MIN_VALUE, 0,
                0x7FF0000000000000L, 0xFFF0000000000000L, 0x3FF0000000000000L, 0xBFF0000000000000L, 1};
            case FLOAT16 -> new long[] {0x7E00, 0x7C01, 0xFE12, 0x8000, 0, 0x7C00, 0xFC00, 0x3C00, 0xBC00, 1};
            case BFLOAT16 -> new long[] {0x7FC0, 0x7F81, 0xFFC3, 0x8000, 0, 0x7F80, 0xFF80, 0x3F80, 0xBF80, 1};
            default -> new long[] {0, 1, -1, 2, Long.MIN_VALUE, Long.MAX_VALUE, 0x80, 0x7F, 0x8000, 0x80000000L};
        };
        long[] bits = new long[count];
        for (int i = 0; i < count; i++) {
            bits[i] = pool[random.nextInt(pool.length)];
        }
        Object array = Array.newInstance(storageOf(type), count);
        for (int i = 0; i < count; i++) {
            Class<?> component = array.getClass().getComponentType();
            if (component == float.class) {
                Array.setFloat(array, i, Float.intBitsToFloat((int) bits[i]));
            } else if (component == double.class) {
                Array.setDouble(array, i, Double.longBitsToDouble(bits[i]));
            } else if (component == short.class) {
                Array.setShort(array, i, (short) bits[i]);
            } else if (component == byte.class) {
                Array.setByte(array, i, (byte) bits[i]);
            } else if (component == int.class) {
                Array.setInt(array, i, (int) bits[i]);
            } else {
                Array.setLong(array, i, bits[i]);
            }
        }
        return array;
    }

    private static Class<?> storageOf(DataType type) {
        return switch (type.byteWidth()) {
            case 1 -> byte.class;
            case 2 -> short.class;
            case 4 -> type == DataType.FLOAT ? float.class : int.class;
            default -> type == DataType.DOUBLE ? double.class : long.class;
        };
    }

    /** Merges pairs picked at random, in random order, some after a trip through the byte form. */
    private static TopKPartial mergeRandomTree(Random random, TopKPartials partials, List<TopKPartial> parts) {
        List<TopKPartial> pool = new ArrayList<>(parts);
        while (pool.size() > 1) {
            TopKPartial a = pool.remove(random.nextInt(pool.size()));
            TopKPartial b = pool.remove(random.nextInt(pool.size()));
            if (random.nextInt(3) == 0) {
                byte[] bytes = a.toBytes();
                a = partials.fromBytes(bytes);
                assertArrayEquals(bytes, a.toBytes(), "the byte form reads back to the same bytes");
            }
            pool.add(random.nextBoolean() ? a.merge(b) : b.merge(a));
        }
        return pool.get(0);
    }

}
