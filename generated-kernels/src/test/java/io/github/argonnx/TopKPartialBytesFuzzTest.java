package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.TopKAccumulator;
import io.github.argonnx.runtime.TopKPartial;
import io.github.argonnx.runtime.TopKResult;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The byte form of TopK partials under seeded, structure-aware mutation, as {@link PartialBytesFuzzTest} does
 * for ArgMax/ArgMin: real forms (whole, with gaps, with fewer positions than k; NaN-capable and unsigned
 * types, both directions) changed field by field (the op type's length, version, type, axis, the flags
 * {@code largest} and {@code sorted}, k, the shape, ranges, entries' bits and indices, entries swapped,
 * sections cut or grown, bits flipped), the declared length and the CRC mostly made right again. Every case
 * must give an {@link ArgOnnxException} that names the reduction, or a partial that is valid: of the
 * expected reduction, read back the same from its own bytes, and when complete finishing to k distinct
 * indices per output element inside the axis. Each case may allocate only in proportion to the form's size;
 * the whole run has a ceiling far above what it takes, against a case that never ends.
 *
 * <p>{@code -Dargonnx.fuzz.seed=N} repeats a run; a failure names its seed and case.
 */
class TopKPartialBytesFuzzTest {

    private static final int CASES = 3000;
    private static final long SEED = Long.getLong("argonnx.fuzz.seed", 53L);
    /** Where the fixed fields of a TopK form are: after the op type "TopK" of four bytes. */
    private static final int OP_LENGTH = 9;
    private static final int VERSION = 14;
    private static final int FLAGS = 26;
    private static final int K = 28;
    private static final int RANK = 36;
    private static final int SHAPE = 40;

    private record Subject(TopKPartials partials, long k, byte[][] forms) {}

    private static Subject subject(TopK op, long k, DataType type, SplittableRandom random, long... shape) {
        TopKPartials partials = TopKPartials.of(op, k, type, shape);
        int axis = partials.signature().axis();
        byte[][] forms = new byte[4][];
        for (int f = 0; f < forms.length; f++) {
            TopKAccumulator accumulator = partials.accumulator();
            boolean added = false;
            for (long position = 0; position < shape[axis]; position++) {
                // the first form covers the axis; the others leave gaps, the last holds a few positions only
                if (f == 0 || random.nextInt(f == 3 ? 40 : 3) == 0) {
                    partials.reduceInto(chunk(type, random, withAxis(shape, axis)), position, accumulator);
                    added = true;
                }
            }
            if (!added) {
                partials.reduceInto(chunk(type, random, withAxis(shape, axis)), 0, accumulator);
            }
            forms[f] = accumulator.partial().toBytes();
        }
        return new Subject(partials, k, forms);
    }

    private static long[] withAxis(long[] shape, int axis) {
        long[] one = shape.clone();
        one[axis] = 1;
        return one;
    }

    private static Tensor chunk(DataType type, SplittableRandom random, long[] shape) {
        int n = (int) Arrays.stream(shape).reduce(1, (a, b) -> a * b);
        switch (type) {
            case FLOAT -> {
                float[] v = new float[n];
                for (int i = 0; i < n; i++) {
                    v[i] = random.nextInt(8) == 0 ? Float.intBitsToFloat(0x7FC00001) : random.nextInt(5) - 2;
                }
                return Tensor.ofFloat(v, shape);
            }
            case UINT64 -> {
                long[] v = new long[n];
                for (int i = 0; i < n; i++) {
                    v[i] = random.nextInt(3) == 0 ? -1L : random.nextLong(4);
                }
                return Tensor.ofUint64(v, shape);
            }
            case FLOAT16 -> {
                short[] v = new short[n];
                for (int i = 0; i < n; i++) {
                    v[i] = random.nextInt(6) == 0 ? (short) 0x7E01 : (short) (0x3C00 + random.nextInt(3));
                }
                return Tensor.ofFloat16(v, shape);
            }
            default -> {
                byte[] v = new byte[n];
                for (int i = 0; i < n; i++) {
                    v[i] = (byte) random.nextInt(4);
                }
                return Tensor.ofInt8(v, shape);
            }
        }
    }

    @Test
    void mutatedFormsAreRefusedByNameOrReadAsValidPartials() {
        assertTimeoutPreemptively(Duration.ofMinutes(2), this::run);
    }

    private void run() {
        SplittableRandom random = new SplittableRandom(SEED);
        Subject[] subjects = {
            subject(TopK.version(11).axis(1), 3, DataType.FLOAT, random, 2, 6),
            subject(TopK.version(24).axis(1).largest(false), 5, DataType.UINT64, random, 3, 300),
            subject(TopK.version(10).axis(0), 40, DataType.FLOAT16, random, 40),
            subject(TopK.version(24).axis(1).largest(false).sorted(false), 7, DataType.INT8, random, 4, 50, 3),
        };
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int refused = 0;
        for (int c = 0; c < CASES; c++) {
            Subject subject = subjects[random.nextInt(subjects.length)];
            byte[] form = subject.forms()[random.nextInt(subject.forms().length)];
            byte[] mutated = mutate(form, random);
            String where = "seed " + SEED + ", case " + c + ": ";
            long before = threads.getCurrentThreadAllocatedBytes();
            TopKPartial partial;
            try {
                partial = subject.partials().fromBytes(mutated);
            } catch (ArgOnnxException e) {
                refused++;
                assertTrue(e.getMessage().startsWith(subject.partials().signature().operatorName() + " partial over "),
                        where + e.getMessage());
                assertTrue(e.getMessage().length() < 1000, where + "a long message: " + e.getMessage().length());
                continue;
            } catch (RuntimeException | Error e) {
                throw new AssertionError(where + "not an ArgOnnxException: " + e, e);
            }
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            assertTrue(allocated <= 64L * mutated.length + (1 << 20), where + allocated + " bytes for a form of "
                    + mutated.length);
            assertValid(subject, partial, where);
        }
        assertTrue(refused > CASES / 2 && refused < CASES, "refused " + refused + " of " + CASES);
    }

    private static void assertValid(Subject subject, TopKPartial partial, String where) {
        TopKPartials partials = subject.partials();
        assertEquals(partials.signature(), partial.signature(), where);
        byte[] again = partial.toBytes();
        assertArrayEquals(again, partials.fromBytes(again).toBytes(), where);
        if (partial.isComplete()) {
            TopKResult<Tensor> result = partials.finish(partial);
            long axisLength = partials.signature().axisLength();
            long inner = partials.signature().inner();
            long[] indices = result.indices();
            assertEquals(partials.signature().outputSize() * subject.k(), indices.length, where);
            for (int list = 0; list < partials.signature().outputSize(); list++) {
                Set<Long> seen = new HashSet<>();
                long outer = list / inner;
                long i = list % inner;
                for (long j = 0; j < subject.k(); j++) {
                    long index = indices[(int) ((outer * subject.k() + j) * inner + i)];
                    assertTrue(index >= 0 && index < axisLength && seen.add(index), where + "index " + index);
                }
            }
        }
    }

    static byte[] mutate(byte[] form, SplittableRandom random) {
        ByteBuffer original = ByteBuffer.wrap(form).order(ByteOrder.LITTLE_ENDIAN);
        int rangeCount = SHAPE + 8 * original.getInt(RANK);
        int ranges = rangeCount + 4;
        int entries = ranges + 16 * original.getInt(rangeCount);
        int width = switch (original.getInt(VERSION + 4)) {
            case 1 -> 4;
            case 10 -> 2;
            case 13 -> 8;
            default -> 1;
        };
        int entry = width + 8;
        byte[] bytes = form.clone();
        int steps = 1 + random.nextInt(3);
        for (int s = 0; s < steps && bytes.length > 16; s++) {
            ByteBuffer out = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            int body = bytes.length - 4;
            int entryCount = (form.length - 4 - entries) / entry;
            switch (random.nextInt(11)) {
                case 0 -> bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
                case 1 -> { // an int field: version, type, axis, rank or range count
                    int[] fields = {VERSION, VERSION + 4, VERSION + 8, RANK, rangeCount};
                    int field = fields[random.nextInt(fields.length)];
                    if (field + 4 <= body) {
                        out.putInt(field, ByteFormEdits.edgeInt(random));
                    }
                }
                case 2 -> { // a long: k, the shape, a range, or an entry's index
                    int field = random.nextInt(4) == 0 ? K : SHAPE + 8 * random.nextInt((entries - SHAPE) / 8);
                    if (random.nextBoolean() && entryCount > 0) {
                        field = entries + entry * random.nextInt(entryCount) + width;
                    }
                    if (field + 8 <= body) {
                        out.putLong(field, ByteFormEdits.edgeLong(random));
                    }
                }
                case 3 -> bytes[FLAGS + random.nextInt(2)] = (byte) new int[] {0, 1, 2, 255}[random.nextInt(4)];
                case 4 -> bytes[OP_LENGTH] = (byte) random.nextInt(256);
                case 5 -> bytes = ByteFormEdits.cut(bytes, 9 + random.nextInt(body - 9), 1 + random.nextInt(24));
                case 6 -> bytes = ByteFormEdits.grow(bytes, 9 + random.nextInt(body - 9), random.nextInt(24) + 1, random);
                case 7 -> { // a range repeated, the count raised to match
                    int count = (entries - ranges) / 16;
                    int r = ranges + 16 * random.nextInt(count);
                    if (r + 16 <= body) {
                        bytes = ByteFormEdits.insert(bytes, r, Arrays.copyOfRange(bytes, r, r + 16));
                        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(rangeCount, count + 1);
                    }
                }
                case 8 -> { // two entries swapped: a list out of order, or two lists' entries exchanged
                    if (entryCount > 1 && entries + entry * entryCount <= body) {
                        int a = entries + entry * random.nextInt(entryCount);
                        int b = entries + entry * random.nextInt(entryCount);
                        byte[] kept = Arrays.copyOfRange(bytes, a, a + entry);
                        System.arraycopy(bytes, b, bytes, a, entry);
                        System.arraycopy(kept, 0, bytes, b, entry);
                    }
                }
                case 9 -> { // an entry repeated in place of the next: a list with one index twice
                    if (entryCount > 1 && entries + entry * entryCount <= body) {
                        int a = entries + entry * random.nextInt(entryCount - 1);
                        System.arraycopy(bytes, a, bytes, a + entry, entry);
                    }
                }
                default -> ByteFormEdits.specialElementByte(bytes, entries, body, random); // NaN, infinities, all ones
            }
        }
        return ByteFormEdits.resealed(bytes, random);
    }
}
