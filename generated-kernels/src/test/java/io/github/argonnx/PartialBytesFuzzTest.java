package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgAccumulator;
import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.ArgPartial;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The byte form of partials under seeded, structure-aware mutation: real forms of several
 * reductions (gaps, many ranges, NaN-capable and unsigned types), changed field by field (integers and
 * indices set to edge values, flags, lengths, ranges duplicated, swapped or moved, sections cut or
 * grown, bits flipped), the declared length and the CRC mostly made right again so that the checks
 * after them are reached. Every case must give an {@link ArgOnnxException} or a partial that is valid:
 * of the expected reduction, its winners inside its covered ranges, and read back the same from its
 * own bytes. Each case may allocate only in proportion to the form's size; the whole run has a
 * ceiling far above what it takes, against a case that never ends.
 *
 * <p>{@code -Dargonnx.fuzz.seed=N} repeats a run; a failure names its seed and case.
 */
class PartialBytesFuzzTest {

    private static final int CASES = 3000;
    private static final long SEED = Long.getLong("argonnx.fuzz.seed", 47L);

    /** A reduction and a few of its partials' byte forms, the mutations' starting points. */
    private record Subject(PartialReduction reduction, byte[][] forms) {}

    private static Subject subject(ArgReductionOperator op, DataType type, SplittableRandom random, long... shape) {
        PartialReduction reduction = PartialReduction.of(op, type, shape);
        int axis = reduction.signature().axis();
        long axisLength = shape[axis];
        byte[][] forms = new byte[4][];
        for (int f = 0; f < forms.length; f++) {
            ArgAccumulator accumulator = reduction.accumulator();
            boolean added = false;
            for (long position = 0; position < axisLength; position++) {
                if (f == 0 || random.nextInt(3) == 0) { // the first form covers the axis, the others leave gaps
                    reduction.reduceInto(chunk(type, random, withAxis(shape, axis)), position, accumulator);
                    added = true;
                }
            }
            if (!added) {
                reduction.reduceInto(chunk(type, random, withAxis(shape, axis)), 0, accumulator);
            }
            forms[f] = accumulator.partial().toBytes();
        }
        return new Subject(reduction, forms);
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
                    v[i] = random.nextInt(8) == 0 ? Float.NaN : random.nextInt(5) - 2;
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
            subject(ArgMax.version(13).axis(1).keepdims(0), DataType.FLOAT, random, 2, 6),
            subject(ArgMin.version(12).axis(1).selectLastIndex(1), DataType.UINT64, random, 3, 300),
            subject(ArgMax.version(11).axis(0), DataType.FLOAT16, random, 40),
            subject(ArgMin.version(13).axis(1).keepdims(0), DataType.INT8, random, 4, 50, 3),
        };
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int refused = 0;
        for (int c = 0; c < CASES; c++) {
            Subject subject = subjects[random.nextInt(subjects.length)];
            byte[] form = subject.forms()[random.nextInt(subject.forms().length)];
            byte[] mutated = mutate(form, random);
            String where = "seed " + SEED + ", case " + c + ": ";
            long before = threads.getCurrentThreadAllocatedBytes();
            ArgPartial partial;
            try {
                partial = subject.reduction().fromBytes(mutated);
            } catch (ArgOnnxException e) {
                refused++;
                assertTrue(e.getMessage().startsWith(subject.reduction().signature().operatorName() + " partial over "),
                        where + e.getMessage());
                assertTrue(e.getMessage().length() < 1000, where + "a long message: " + e.getMessage().length());
                continue;
            } catch (RuntimeException | Error e) {
                throw new AssertionError(where + "not an ArgOnnxException: " + e, e);
            }
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            assertTrue(allocated <= 64L * mutated.length + (1 << 20), where + allocated + " bytes for a form of "
                    + mutated.length);
            assertValid(subject.reduction(), partial, where);
        }
        assertTrue(refused > CASES / 2 && refused < CASES, "refused " + refused + " of " + CASES);
    }

    /** Of the expected reduction, each winner inside the covered ranges, and stable through its bytes. */
    private static void assertValid(PartialReduction reduction, ArgPartial partial, String where) {
        assertEquals(reduction.signature(), partial.signature(), where);
        long axisLength = reduction.signature().axisLength();
        String ranges = partial.coveredRanges();
        long[] bounds = Arrays.stream(ranges.replaceAll("[\\[\\),]", " ").trim().split("\\s+"))
                .mapToLong(Long::parseLong).toArray();
        for (long index : partial.indicesSoFar()) {
            boolean inside = false;
            for (int r = 0; r < bounds.length; r += 2) {
                inside |= index >= bounds[r] && index < bounds[r + 1];
            }
            assertTrue(inside && index >= 0 && index < axisLength, where + "index " + index + " outside " + ranges);
        }
        byte[] again = partial.toBytes();
        assertArrayEquals(again, reduction.fromBytes(again).toBytes(), where);
        if (partial.isComplete()) {
            assertEquals(reduction.signature().outputSize(), partial.finish().size(), where);
        }
    }

    // ---- mutations, by field

    /** Offsets of a well-formed form's fields: where the int fields, flags, shape, ranges and entries are. */
    private record Layout(int opLength, int version, int keepdims, int rank, int shape, int rangeCount, int ranges,
            int entries, int entry, int checksum) {
        static Layout of(byte[] form) {
            ByteBuffer in = ByteBuffer.wrap(form).order(ByteOrder.LITTLE_ENDIAN);
            int opLength = 9;
            int version = opLength + 1 + Byte.toUnsignedInt(form[opLength]);
            int keepdims = version + 12;
            int rank = keepdims + 2;
            int shape = rank + 4;
            int rangeCount = shape + 8 * in.getInt(rank);
            int ranges = rangeCount + 4;
            int entries = ranges + 16 * in.getInt(rangeCount);
            int width = switch (in.getInt(version + 4)) { // the TensorProto code of the subjects' types
                case 1 -> 4;
                case 10 -> 2;
                case 13 -> 8;
                default -> 1;
            };
            return new Layout(opLength, version, keepdims, rank, shape, rangeCount, ranges, entries, width + 8,
                    form.length - 4);
        }
    }

    static byte[] mutate(byte[] form, SplittableRandom random) {
        byte[] bytes = form.clone();
        int steps = 1 + random.nextInt(3);
        for (int s = 0; s < steps && bytes.length > 16; s++) {
            Layout at = Layout.of(form); // the original's layout: later steps aim at where fields were
            ByteBuffer out = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            int body = bytes.length - 4;
            switch (random.nextInt(10)) {
                case 0 -> bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
                case 1 -> { // an int field: version, type, axis, rank or range count
                    int[] fields = {at.version(), at.version() + 4, at.version() + 8, at.rank(), at.rangeCount()};
                    int field = fields[random.nextInt(fields.length)];
                    if (field + 4 <= body) {
                        out.putInt(field, ByteFormEdits.edgeInt(random));
                    }
                }
                case 2 -> { // a long of the shape, a range or an entry's index
                    int field = at.shape() + 8 * random.nextInt((at.entries() - at.shape()) / 8);
                    if (random.nextBoolean()) {
                        field = at.checksum() - 8 - at.entry() * random.nextInt((at.checksum() - at.entries()) / at.entry());
                    }
                    if (field + 8 <= body) {
                        out.putLong(field, ByteFormEdits.edgeLong(random));
                    }
                }
                case 3 -> {
                    if (at.keepdims() + 1 < body) {
                        bytes[at.keepdims() + random.nextInt(2)] = (byte) new int[] {0, 1, 2, 255}[random.nextInt(4)];
                    }
                }
                case 4 -> bytes[at.opLength()] = (byte) random.nextInt(256);
                case 5 -> bytes = ByteFormEdits.cut(bytes, 9 + random.nextInt(body - 9), 1 + random.nextInt(24));
                case 6 -> bytes = ByteFormEdits.grow(bytes, 9 + random.nextInt(body - 9), random.nextInt(24) + 1, random);
                case 7 -> { // a range repeated, the count raised to match
                    int count = (at.entries() - at.ranges()) / 16; // as the original has them
                    int r = at.ranges() + 16 * random.nextInt(count);
                    if (r + 16 <= body) {
                        byte[] range = Arrays.copyOfRange(bytes, r, r + 16);
                        bytes = ByteFormEdits.insert(bytes, r, range);
                        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(at.rangeCount(), count + 1);
                    }
                }
                case 8 -> { // two ranges' starts swapped, or a range's start and end
                    int count = (at.entries() - at.ranges()) / 16;
                    if (count > 0 && at.entries() <= body) {
                        int a = at.ranges() + 16 * random.nextInt(count);
                        int b = random.nextBoolean() ? at.ranges() + 16 * random.nextInt(count) : a + 8;
                        long swap = out.getLong(a);
                        out.putLong(a, out.getLong(b));
                        out.putLong(b, swap);
                    }
                }
                default -> { // an entry's element bits: NaN, infinities, all ones
                    if (at.entries() < body) {
                        bytes[at.entries() + random.nextInt(body - at.entries())] = (byte) new int[] {0x7F, 0xFF, 0x80,
                            0x7E, 0xFC, 0x00}[random.nextInt(6)];
                    }
                }
            }
        }
        return ByteFormEdits.resealed(bytes, random);
    }
}
