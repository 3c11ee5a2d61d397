package io.github.argonnx.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.argonnx.internal.runtime.ReductionPlan;
import io.github.argonnx.reference.RandomTensors.Profile;
import java.nio.Buffer;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Collectors;

/**
 * Property checks of one generated kernel against {@link ScalarReference}: seeded random tensors,
 * every axis, both values of {@code selectLastIndex}, and every form the kernel accepts the data in
 * (array at an offset, a random range of the array's output columns, heap buffer with an array offset and a
 * position, read-only heap buffer, direct buffer, little-endian byte view). The generated
 * {@code *KernelPropertyTest} classes only wire a kernel's two {@code reduce} methods, its
 * {@code reduceColumns} and its {@link TestType} into this.
 *
 * <p>A failure names the seed, the case and the data. The seed comes from the test class; set the
 * system property {@code argonnx.seed} to run every check with another one.
 */
public final class KernelProperties<A, B extends Buffer> {

    /** The array form of a kernel's {@code reduce}. */
    @FunctionalInterface
    public interface ArrayKernel<A> {
        void reduce(A data, int offset, ReductionPlan plan, boolean selectLastIndex, long[] out, int outOffset);
    }

    /** A kernel's {@code reduceColumns}: the array form for a range of output columns. */
    @FunctionalInterface
    public interface ColumnKernel<A> {
        void reduceColumns(A data, int offset, ReductionPlan plan, int columnFrom, int columnTo, boolean selectLastIndex,
                long[] out, int outOffset);
    }

    /** The buffer form of a kernel's {@code reduce}. */
    @FunctionalInterface
    public interface BufferKernel<B> {
        void reduce(B data, ReductionPlan plan, boolean selectLastIndex, long[] out, int outOffset);
    }

    /** The ways the same elements are handed to the kernel. */
    private enum Form {
        ARRAY,
        /** The array, a random range of its output columns (empty, part or all): only those are written. */
        COLUMN_RANGE,
        HEAP_BUFFER,
        READ_ONLY_BUFFER,
        DIRECT_BUFFER,
        LITTLE_ENDIAN_VIEW
    }

    /** Written to every output slot beforehand, to catch writes outside the output range. */
    private static final long UNTOUCHED = -7;
    /**
     * Axis lengths on both sides of every power of two a vector or unrolled loop might use, and of one
     * and two blocks of the contiguous loops (256 bytes of words, 512 elements of a NaN screen).
     */
    private static final int[] BOUNDARY_LENGTHS = {1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129,
        255, 256, 257, 263, 511, 512, 513, 1023, 1024, 1025};
    /**
     * Output rows around the kernels' block of output columns (4096), reduced over the axis before the
     * last; and rows of one, three and nine elements over more columns than a small input has, whole
     * words of eight columns and one to seven after them.
     */
    private static final int[][] WIDE_SHAPES = {{2, 4095}, {2, 4096}, {2, 4097}, {2, 8193}, {3, 2, 4097},
        {1, 4103}, {3, 1369}, {9, 463}, {9, 464}};

    /**
     * Outer-axis lengths around the rows the column loops fold per pass (4) and around the groups of
     * 8-bit index lanes (128 rows after the first).
     */
    private static final int[] OUTER_AXIS_LENGTHS = {1, 2, 3, 4, 5, 6, 7, 8, 9, 127, 128, 129, 130, 131, 255, 256, 257, 258};

    /** Output rows around every vector width (8 to 64 lanes), and one a multiple of none. */
    private static final int[] OUTER_COLUMNS = {15, 16, 17, 63, 64, 65, 67};

    /** Outer-axis lengths that fill one group of 16-bit index lanes (32768 rows after the first) and pass it. */
    private static final int[] LONG_OUTER_AXES = {32769, 32770};

    private final String kernelName;
    private final TestType<A, B> type;
    private final ScalarReference.Op op;
    private final ArrayKernel<A> arrayForm;
    private final ColumnKernel<A> columnForm;
    private final BufferKernel<B> bufferForm;

    public KernelProperties(String kernelName, TestType<A, B> type, ScalarReference.Op op,
            ArrayKernel<A> arrayForm, ColumnKernel<A> columnForm, BufferKernel<B> bufferForm) {
        this.kernelName = kernelName;
        this.type = type;
        this.op = op;
        this.arrayForm = arrayForm;
        this.columnForm = columnForm;
        this.bufferForm = bufferForm;
    }

    /** Random shapes of rank 1 to 5 with any kind of values; every axis, both flags. */
    public void randomShapesEveryAxis(long classSeed) {
        long seed = seed(classSeed);
        Random random = new Random(seed ^ 0x5EED_0001L);
        Profile[] profiles = Profile.values();
        for (int c = 0; c < 30; c++) {
            int[] shape = RandomTensors.shape(random, 1 + random.nextInt(5), 3000);
            A data = type.generator().generate(random, RandomTensors.size(shape), profiles[random.nextInt(profiles.length)]);
            checkEveryAxis(seed, "randomShapesEveryAxis #" + c, random, shape, data);
        }
    }

    /** Values from a pool of two or three: ties in almost every slice. */
    public void heavyTies(long classSeed) {
        long seed = seed(classSeed);
        Random random = new Random(seed ^ 0x5EED_0002L);
        for (int c = 0; c < 30; c++) {
            int[] shape = RandomTensors.shape(random, 1 + random.nextInt(4), 2000);
            A data = type.generator().generate(random, RandomTensors.size(shape), Profile.TINY_POOL);
            checkEveryAxis(seed, "heavyTies #" + c, random, shape, data);
        }
    }

    /** Extremes, and for floating-point types NaN, infinities, zeros of both signs and subnormals. */
    public void specialValues(long classSeed) {
        long seed = seed(classSeed);
        Random random = new Random(seed ^ 0x5EED_0003L);
        for (int c = 0; c < 30; c++) {
            int[] shape = RandomTensors.shape(random, 1 + random.nextInt(4), 2000);
            A data = type.generator().generate(random, RandomTensors.size(shape), Profile.SPECIAL_VALUES);
            checkEveryAxis(seed, "specialValues #" + c, random, shape, data);
        }
    }

    /** Reduced axes whose lengths cross 8, 16, 32, 64 and 128, as the last axis and as an outer one. */
    public void axisLengthsAcrossBlockBoundaries(long classSeed) {
        long seed = seed(classSeed);
        Random random = new Random(seed ^ 0x5EED_0004L);
        Profile[] profiles = Profile.values();
        int c = 0;
        for (int length : BOUNDARY_LENGTHS) {
            // The reduced axis is the one of this length: last, last after an outer one, first, middle.
            int[][] shapes = {{length}, {3, length}, {length, 5}, {2, length, 3}};
            int[] axes = {0, 1, 0, 1};
            for (int s = 0; s < shapes.length; s++) {
                A data = type.generator().generate(random, RandomTensors.size(shapes[s]), profiles[c % profiles.length]);
                Number[] values = type.widen(data);
                for (boolean last : new boolean[] {false, true}) {
                    check(seed, "axisLengthsAcrossBlockBoundaries #" + c, random, shapes[s], axes[s], last, data, values);
                }
                c++;
            }
        }
    }

    /**
     * Long slices of one special value with another special value at two positions: every pair of the
     * type's special values, the pair at block edges of the contiguous loops (words of 8 elements,
     * parts of 64 and 256 and blocks of 512 and 2048, from either end), so that the winner, a tie, or a NaN
     * sits in a late part, a late block or the tail. The slices are 4200 elements long, and 8192 longer
     * (past the shortest slice the 16-bit integer kernels screen by words), with the positions repeated
     * 8192 on.
     */
    public void pairsInLongSlices(long classSeed) {
        int[] positions = {0, 7, 8, 63, 64, 255, 256, 511, 520, 575, 576, 2047, 2048, 2055, 3943, 3944, 4095, 4096, 4135,
            4136, 4199};
        pairsInLongSlices(classSeed, 4200, positions);
        int[] longer = Arrays.copyOf(positions, 2 * positions.length);
        for (int p = 0; p < positions.length; p++) {
            longer[positions.length + p] = positions[p] + 8192;
        }
        pairsInLongSlices(classSeed, 4200 + 8192, longer);
    }

    private void pairsInLongSlices(long classSeed, int length, int[] positions) {
        long seed = seed(classSeed);
        Random random = new Random(seed ^ 0x5EED_0007L);
        A specials = type.generator().generate(random, 16, Profile.SPECIALS_IN_ORDER);
        for (int filler = 0; filler < type.storage().length(specials); filler++) {
            for (int other = 0; other < type.storage().length(specials); other++) {
                int at = positions[(filler + other) % positions.length];
                int tie = positions[(filler * 3 + other + 5) % positions.length];
                A data = type.storage().filledWith(specials, filler, length);
                System.arraycopy(specials, other, data, at, 1);
                System.arraycopy(specials, other, data, tie, 1);
                Number[] values = type.widen(data);
                for (boolean last : new boolean[] {false, true}) {
                    check(seed, "pairsInLongSlices of " + length + ", " + filler + "/" + other + " at " + at + " and "
                            + tie, random, new int[] {length}, 0, last, data, values);
                }
            }
        }
    }

    /** Outer-axis reductions over wide output rows: around the kernels' block of columns and their words of eight. */
    public void wideOutputRows(long classSeed) {
        long seed = seed(classSeed);
        Random random = new Random(seed ^ 0x5EED_0005L);
        Profile[] profiles = Profile.values();
        int c = 0;
        for (int[] shape : WIDE_SHAPES) {
            A data = type.generator().generate(random, RandomTensors.size(shape), profiles[c % profiles.length]);
            Number[] values = type.widen(data);
            for (boolean last : new boolean[] {false, true}) {
                check(seed, "wideOutputRows #" + c, random, shape, shape.length - 2, last, data, values);
            }
            c++;
        }
    }

    /**
     * Outer-axis reductions across the column loops' edges: axis lengths around their rows per pass and
     * their groups of index lanes, output rows around the vector widths, the type's special values
     * (NaN, extremes, zeros of both signs) in the first and the last row, and columns all equal.
     */
    public void outerAxisAcrossGroupsAndLanes(long classSeed) {
        long seed = seed(classSeed);
        Random random = new Random(seed ^ 0x5EED_0007L);
        Profile[] profiles = Profile.values();
        A specials = type.generator().generate(random, 16, Profile.SPECIALS_IN_ORDER);
        int c = 0;
        for (int length : OUTER_AXIS_LENGTHS) {
            for (int columns : OUTER_COLUMNS) {
                checkOuterAxis(seed, "outerAxisAcrossGroupsAndLanes #" + c, random, new int[] {length, columns}, 0,
                        profiles[c % profiles.length], specials);
                c++;
            }
            checkOuterAxis(seed, "outerAxisAcrossGroupsAndLanes #" + c, random, new int[] {2, length, 65}, 1,
                    profiles[c % profiles.length], specials);
            c++;
        }
        for (int length : LONG_OUTER_AXES) {
            checkOuterAxis(seed, "outerAxisAcrossGroupsAndLanes #" + c, random, new int[] {length, 33}, 0,
                    profiles[c % profiles.length], specials);
            c++;
        }
        checkTiesWithinRowGroups(seed, "outerAxisAcrossGroupsAndLanes tied pairs", random, specials);
        int[] shape = {130, 67};
        for (int j = 0; j < type.storage().length(specials); j++) {
            A data = type.storage().filledWith(specials, j, RandomTensors.size(shape));
            Number[] values = type.widen(data);
            for (boolean last : new boolean[] {false, true}) {
                check(seed, "outerAxisAcrossGroupsAndLanes all equal #" + j, random, shape, 0, last, data, values);
            }
        }
    }

    /**
     * Each special value twice in a column, one to three rows apart, in the middle of an axis of 5000
     * rows otherwise all one special value (each in turn): where the 16-bit column screens
     * take rows in groups of up to eight from either end (from 2048 rows taken), so that a pair that
     * beats the rest is often in one group, whose rows must still be taken in the scalar loop's order.
     */
    private void checkTiesWithinRowGroups(long seed, String label, Random random, A specials) {
        int[] shape = {5000, 33};
        int count = type.storage().length(specials);
        for (int base = 0; base < count; base++) {
            A data = type.storage().filledWith(specials, base, RandomTensors.size(shape));
            for (int column = 0; column < shape[1]; column++) {
                int row = 2500 + column % 5;
                System.arraycopy(specials, column % count, data, row * shape[1] + column, 1);
                System.arraycopy(specials, column % count, data, (row + 1 + column % 3) * shape[1] + column, 1);
            }
            Number[] values = type.widen(data);
            for (boolean last : new boolean[] {false, true}) {
                check(seed, label + " on special #" + base, random, shape, 0, last, data, values);
            }
        }
    }

    /**
     * Random data of {@code shape} with every special value put in the first and in the last row of the
     * reduced axis, at columns that differ between the two rows; checked with both flags.
     */
    private void checkOuterAxis(long seed, String label, Random random, int[] shape, int axis, Profile profile, A specials) {
        A data = type.generator().generate(random, RandomTensors.size(shape), profile);
        int length = shape[axis];
        int inner = RandomTensors.size(shape) / (shape[0] * (axis == 0 ? 1 : shape[1]));
        int sliceSize = length * inner;
        for (int j = 0; j < type.storage().length(specials); j++) {
            for (int slice = 0; slice < RandomTensors.size(shape) / sliceSize; slice++) {
                int first = slice * sliceSize + (3 * j) % inner;
                int last = slice * sliceSize + (length - 1) * inner + (3 * j + 1) % inner;
                System.arraycopy(specials, j, data, first, 1);
                System.arraycopy(specials, j, data, last, 1);
            }
        }
        Number[] values = type.widen(data);
        for (boolean last : new boolean[] {false, true}) {
            check(seed, label, random, shape, axis, last, data, values);
        }
    }

    /**
     * Tensors whose elements are all one special value, for each of the type's special values: all-NaN,
     * all -inf, all +inf, all -0 slices and so on give index 0, or the last index with {@code selectLastIndex}.
     */
    public void uniformTensors(long classSeed) {
        long seed = seed(classSeed);
        Random random = new Random(seed ^ 0x5EED_0006L);
        A specials = type.generator().generate(random, 16, Profile.SPECIALS_IN_ORDER);
        int[] shape = {2, 3, 4};
        for (int j = 0; j < type.storage().length(specials); j++) {
            A data = type.storage().filledWith(specials, j, RandomTensors.size(shape));
            checkEveryAxis(seed, "uniformTensors #" + j, random, shape, data);
        }
    }

    /** A zero-length dimension that is not reduced: nothing to read, nothing written, no error. */
    public void emptyOutputs() {
        for (ReductionPlan plan : new ReductionPlan[] {new ReductionPlan(0, 3, 4), new ReductionPlan(2, 3, 0)}) {
            A data = type.generator().generate(new Random(1), 0, Profile.FULL_RANGE);
            long[] out = {UNTOUCHED, UNTOUCHED};
            arrayForm.reduce(data, 0, plan, false, out, 1);
            bufferForm.reduce(type.storage().directBuffer(data, 0), plan, true, out, 2);
            assertEquals(UNTOUCHED, out[0], kernelName + " wrote to an empty output, plan " + plan);
            assertEquals(UNTOUCHED, out[1], kernelName + " wrote to an empty output, plan " + plan);
        }
    }

    /**
     * Input or output storage that is too small for the plan, or a column range outside the plan's
     * columns: IndexOutOfBoundsException, nothing written.
     */
    public void refusesStorageTooSmallForThePlan() {
        A data = type.generator().generate(new Random(2), 12, Profile.FULL_RANGE);
        ReductionPlan plan = new ReductionPlan(2, 3, 2);
        long[] out = new long[4];
        Arrays.fill(out, UNTOUCHED);
        assertThrows(IndexOutOfBoundsException.class, () -> arrayForm.reduce(data, 1, plan, false, out, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> arrayForm.reduce(data, 0, plan, false, out, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> columnForm.reduceColumns(data, 1, plan, 0, 2, false, out, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> columnForm.reduceColumns(data, 0, plan, 1, 3, false, out, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> columnForm.reduceColumns(data, 0, plan, 2, 1, false, out, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> columnForm.reduceColumns(data, 0, plan, -1, 1, false, out, 0));
        B shortBuffer = type.storage().directBuffer(data, 0);
        shortBuffer.limit(11);
        assertThrows(IndexOutOfBoundsException.class, () -> bufferForm.reduce(shortBuffer, plan, false, out, 0));
        B heap = type.storage().heapBuffer(data, 0, 1);
        assertThrows(IndexOutOfBoundsException.class, () -> bufferForm.reduce(heap, plan, false, out, 0));
        long[] expected = new long[4];
        Arrays.fill(expected, UNTOUCHED);
        assertEquals(Arrays.toString(expected), Arrays.toString(out), kernelName + " wrote before refusing");
    }

    // ---- the check ---------------------------------------------------------------------------

    private void checkEveryAxis(long seed, String label, Random random, int[] shape, A data) {
        Number[] values = type.widen(data);
        for (int axis = 0; axis < shape.length; axis++) {
            for (boolean last : new boolean[] {false, true}) {
                check(seed, label, random, shape, axis, last, data, values);
            }
        }
    }

    /** Runs one case through every form and compares each output with the reference's. */
    private void check(long seed, String label, Random random, int[] shape, int axis, boolean last, A data, Number[] values) {
        if (type.storage().length(data) != RandomTensors.size(shape)) {
            throw new IllegalArgumentException("test bug: " + type.storage().length(data) + " elements for shape " + Arrays.toString(shape));
        }
        long[] expected = ScalarReference.apply(op, values, shape, axis, last);
        ReductionPlan plan = planOf(shape, axis);
        for (Form form : Form.values()) {
            int before = 1 + random.nextInt(4);
            int outOffset = 1 + random.nextInt(3);
            A padded = type.storage().padded(data, before, random.nextInt(3));
            long[] out = new long[outOffset + expected.length + 2];
            Arrays.fill(out, UNTOUCHED);
            int[] cuts = {random.nextInt(plan.inner() + 1), random.nextInt(plan.inner() + 1)};
            Arrays.sort(cuts);
            boolean all = form != Form.COLUMN_RANGE || random.nextInt(4) == 0;
            int columnFrom = all ? 0 : cuts[0];
            int columnTo = all ? plan.inner() : cuts[1];
            B buffer = null;
            switch (form) {
                case ARRAY:
                    arrayForm.reduce(padded, before, plan, last, out, outOffset);
                    break;
                case COLUMN_RANGE:
                    columnForm.reduceColumns(padded, before, plan, columnFrom, columnTo, last, out, outOffset);
                    break;
                case HEAP_BUFFER:
                    int arrayOffset = random.nextInt(before); // so that the position is not 0 either
                    buffer = type.storage().heapBuffer(padded, arrayOffset, before - arrayOffset);
                    break;
                case READ_ONLY_BUFFER:
                    buffer = type.storage().readOnlyBuffer(padded, before);
                    break;
                case DIRECT_BUFFER:
                    buffer = type.storage().directBuffer(padded, before);
                    break;
                case LITTLE_ENDIAN_VIEW:
                    buffer = type.storage().littleEndianView(padded, before);
                    break;
                default:
                    throw new AssertionError(form);
            }
            if (buffer != null) {
                int position = buffer.position();
                int limit = buffer.limit();
                bufferForm.reduce(buffer, plan, last, out, outOffset);
                if (buffer.position() != position || buffer.limit() != limit) {
                    fail(describe(seed, label, shape, axis, last, form, plan, data)
                            + ": the kernel moved the buffer's position or limit");
                }
            }
            for (int i = 0; i < out.length; i++) {
                boolean output = i >= outOffset && i < outOffset + expected.length;
                int column = output ? (i - outOffset) % plan.inner() : -1;
                boolean inside = output && column >= columnFrom && column < columnTo;
                long want = inside ? expected[i - outOffset] : UNTOUCHED;
                if (out[i] != want) {
                    fail(describe(seed, label, shape, axis, last, form, plan, data)
                            + (inside
                                    ? ": output element " + (i - outOffset) + " is " + out[i] + ", the reference says " + want
                                            + "\n  expected " + Arrays.toString(expected)
                                            + "\n  actual   " + Arrays.toString(Arrays.copyOfRange(out, outOffset, outOffset + expected.length))
                                    : output
                                    ? ": wrote " + out[i] + " to output element " + (i - outOffset) + ", column " + column
                                            + ", outside the columns reduced, " + columnFrom + " to " + columnTo
                                    : ": wrote " + out[i] + " outside the output, at out[" + i + "] (outOffset " + outOffset + ")"));
                }
            }
        }
    }

    private String describe(long seed, String label, int[] shape, int axis, boolean last, Form form, ReductionPlan plan, A data) {
        Number[] values = type.widen(data);
        String shown = Arrays.stream(values).limit(200).map(String::valueOf).collect(Collectors.joining(", "));
        return kernelName + " (" + op + " on " + type + "), seed " + seed + " (-Dargonnx.seed=" + seed + "), " + label
                + ": shape " + Arrays.toString(shape) + ", axis " + axis + ", selectLastIndex " + last + ", form " + form
                + ", " + plan + "\n  data [" + shown + (values.length > 200 ? ", ... (" + values.length + " values)" : "") + "]\n";
    }

    static ReductionPlan planOf(int[] shape, int axis) {
        int outer = 1;
        for (int d = 0; d < axis; d++) {
            outer *= shape[d];
        }
        int inner = 1;
        for (int d = axis + 1; d < shape.length; d++) {
            inner *= shape[d];
        }
        return new ReductionPlan(outer, shape[axis], inner);
    }

    private static long seed(long classSeed) {
        return Long.getLong("argonnx.seed", classSeed);
    }
}
