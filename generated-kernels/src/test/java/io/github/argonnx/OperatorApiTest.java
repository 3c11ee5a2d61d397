package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.ArgResult;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The public operator API: choosing versions, attributes, shapes, output forms, and every kind of refusal. */
class OperatorApiTest {

    /** [[2, 1, 3], [7, 10, 10]]: row maxima at columns 2 and 1 (or 2 with the last index), row minima at 1 and 0. */
    private static final float[] SCORES = {2, 1, 3, 7, 10, 10};

    private static Tensor scores() {
        return Tensor.ofFloat(SCORES.clone(), 2, 3);
    }

    private static String refusal(Executable call) {
        return assertThrows(ArgOnnxException.class, call).getMessage();
    }

    // ---- choosing a version

    @Test
    void latestIsVersion13() {
        assertEquals(13, ArgMax.latest().version());
        assertEquals(13, ArgMin.latest().version());
        assertEquals(13, ArgMax.LATEST_VERSION);
    }

    @Test
    void opsetAcceptsExactlyTheSpecVersions() {
        for (int version : new int[] {1, 11, 12, 13}) {
            assertEquals(version, ArgMax.version(version).version());
            assertEquals(version, ArgMin.version(version).version());
        }
        for (int version : new int[] {0, 2, 10, 14, -1}) {
            assertThrows(ArgOnnxException.class, () -> ArgMax.version(version));
        }
    }

    @Test
    void versionRefusesOtherNumbersAndPointsToForModelOpset() {
        assertEquals("ArgMax has no version 14 (versions: 1, 11, 12, 13; each is in force from its opset until the"
                + " next); for a model's opset import use ArgMax.forModelOpset(14), which selects ArgMax-13",
                refusal(() -> ArgMax.version(14)));
        assertEquals("ArgMin has no version 7 (versions: 1, 11, 12, 13; each is in force from its opset until the"
                + " next); for a model's opset import use ArgMin.forModelOpset(7), which selects ArgMin-1",
                refusal(() -> ArgMin.version(7)));
        // What the hint names is what forModelOpset gives.
        assertEquals(13, ArgMax.forModelOpset(14).version());
        assertEquals(1, ArgMin.forModelOpset(7).version());
    }

    @Test
    void versionRefusesNumbersThatAreNoOpsetWithoutAHint() {
        for (int number : new int[] {0, -1, ArgMax.LATEST_KNOWN_OPSET + 1}) {
            assertEquals("ArgMax has no version " + number + " (versions: 1, 11, 12, 13; each is in force from its"
                    + " opset until the next)", refusal(() -> ArgMax.version(number)));
        }
    }

    @Test
    void forModelOpsetGivesTheVersionInForce() {
        int[][] opsetToVersion = {{1, 1}, {7, 1}, {10, 1}, {11, 11}, {12, 12}, {13, 13}, {17, 13}, {21, 13}};
        for (int[] pair : opsetToVersion) {
            assertEquals(pair[1], ArgMax.forModelOpset(pair[0]).version(), "opset " + pair[0]);
            assertEquals(pair[1], ArgMin.forModelOpset(pair[0]).version(), "opset " + pair[0]);
        }
        assertEquals(13, ArgMax.forModelOpset(ArgMax.LATEST_KNOWN_OPSET).version());
    }

    @Test
    void forModelOpsetRefusesOpsetsOutsideTheKnownRange() {
        assertEquals("ArgMax: no version is known for opset 0 (known opsets: 1 to " + ArgMax.LATEST_KNOWN_OPSET
                + "; the first version of ArgMax is ArgMax-1)", refusal(() -> ArgMax.forModelOpset(0)));
        int beyond = ArgMax.LATEST_KNOWN_OPSET + 1;
        assertEquals("ArgMax: no version is known for opset " + beyond + " (known opsets: 1 to "
                + ArgMax.LATEST_KNOWN_OPSET + "; the first version of ArgMax is ArgMax-1)",
                refusal(() -> ArgMax.forModelOpset(beyond)));
    }

    // ---- attributes

    @Test
    void settersReturnNewInstancesAndLeaveTheOriginal() {
        ArgMax base = ArgMax.latest();
        ArgMax axis = base.axis(1);
        assertNotSame(base, axis);
        assertEquals(ArgMax.latest(), base);
        assertEquals("ArgMax-13{}", base.toString());
        assertEquals("ArgMax-13{axis=1}", axis.toString());
        assertEquals("ArgMax-13{axis=1, keepdims=0, select_last_index=1}",
                axis.keepdims(false).selectLastIndex(true).toString());
        assertEquals(ArgMax.latest().axis(1), ArgMax.version(13).axis(1));
        assertNotEquals(ArgMax.version(12).axis(1), ArgMax.version(13).axis(1));
    }

    @Test
    void booleanSettersSetOneOrZero() {
        assertEquals(ArgMax.latest().keepdims(0), ArgMax.latest().keepdims(false));
        assertEquals(ArgMax.latest().selectLastIndex(1), ArgMax.latest().selectLastIndex(true));
    }

    @Test
    void selectLastIndexDoesNotExistBeforeVersion12() {
        assertEquals("ArgMax-11: attribute 'select_last_index' (set to 1) does not exist in ArgMax-11: it was"
                + " introduced in ArgMax-12 (ArgMax-11 has attributes: axis, keepdims)",
                refusal(() -> ArgMax.version(11).selectLastIndex(1)));
        assertEquals("ArgMin-1: attribute 'select_last_index' (set to 0) does not exist in ArgMin-1: it was"
                + " introduced in ArgMin-12 (ArgMin-1 has attributes: axis, keepdims)",
                refusal(() -> ArgMin.version(1).selectLastIndex(false)));
    }

    @Test
    void flagsAllowOnlyZeroAndOne() {
        assertEquals("ArgMax-13: attribute 'keepdims' = 2 is not allowed in ArgMax-13 (allowed: 0, 1)",
                refusal(() -> ArgMax.latest().keepdims(2)));
        assertEquals("ArgMin-12: attribute 'select_last_index' = -1 is not allowed in ArgMin-12 (allowed: 0, 1)",
                refusal(() -> ArgMin.version(12).selectLastIndex(-1)));
    }

    // ---- results

    @Test
    void argMaxAlongRowsAndColumns() {
        ArgResult rows = ArgMax.latest().axis(1).keepdims(false).apply(scores());
        assertArrayEquals(new long[] {2, 1}, rows.indices());
        assertArrayEquals(new long[] {2}, rows.shape());
        ArgResult columns = ArgMax.latest().apply(scores());
        assertArrayEquals(new long[] {1, 1, 1}, columns.indices());
        assertArrayEquals(new long[] {1, 3}, columns.shape());
    }

    @Test
    void tiesGoToTheLastIndexOnlyWhenAsked() {
        assertArrayEquals(new long[] {2, 2},
                ArgMax.latest().axis(-1).keepdims(0).selectLastIndex(1).apply(scores()).indices());
        assertArrayEquals(new long[] {2, 1}, ArgMax.version(11).axis(-1).keepdims(0).apply(scores()).indices());
    }

    @Test
    void argMinAlongRows() {
        ArgResult rows = ArgMin.version(1).axis(1).apply(scores());
        assertArrayEquals(new long[] {1, 0}, rows.indices());
        assertArrayEquals(new long[] {2, 1}, rows.shape());
    }

    @Test
    void unsignedValuesCompareAsUnsigned() {
        Tensor x = Tensor.ofUint8(new byte[] {100, (byte) 200}, 2);
        assertArrayEquals(new long[] {1}, ArgMax.latest().apply(x).indices());
        assertArrayEquals(new long[] {0}, ArgMin.latest().apply(x).indices());
    }

    @Test
    void theInputIsNotModified() {
        float[] data = SCORES.clone();
        ArgMax.latest().axis(1).apply(Tensor.ofFloat(data, 2, 3));
        assertArrayEquals(SCORES, data);
    }

    @Test
    void heapDirectAndReadOnlyBuffersGiveTheSameResultAsArrays() {
        FloatBuffer heap = FloatBuffer.wrap(new float[] {99, 2, 1, 3, 7, 10, 10, 99}, 1, 6);
        FloatBuffer direct = ByteBuffer.allocateDirect(32).order(ByteOrder.nativeOrder()).asFloatBuffer();
        direct.put(new float[] {99, 2, 1, 3, 7, 10, 10, 99}).position(1).limit(7);
        FloatBuffer readOnly = FloatBuffer.wrap(SCORES).asReadOnlyBuffer();
        ArgMax op = ArgMax.latest().axis(1).keepdims(0);
        for (FloatBuffer buffer : new FloatBuffer[] {heap, direct, readOnly}) {
            assertArrayEquals(new long[] {2, 1}, op.apply(Tensor.ofFloat(buffer, 2, 3)).indices(), buffer.toString());
        }
    }

    @Test
    void aZeroLengthDimensionThatIsNotReducedGivesAnEmptyOutput() {
        Tensor empty = Tensor.ofFloat(new float[0], 0, 3);
        ArgResult kept = ArgMax.latest().axis(1).apply(empty);
        assertArrayEquals(new long[] {0, 1}, kept.shape());
        assertEquals(0, kept.size());
        assertArrayEquals(new long[] {0}, ArgMin.version(12).axis(1).keepdims(0).apply(empty).shape());
        assertArrayEquals(new long[] {0}, ArgMax.version(1).axis(-1).keepdims(0).apply(empty).shape());
    }

    @Test
    void aRankOneInputWithoutKeepdimsGivesAScalar() {
        ArgResult result = ArgMax.latest().keepdims(0).apply(Tensor.ofInt64(new long[] {3, 9, 4}, 3));
        assertArrayEquals(new long[] {}, result.shape());
        assertArrayEquals(new long[] {1}, result.indices());
    }

    // ---- output shapes

    @Test
    void outputShapeFollowsKeepdims() {
        assertArrayEquals(new long[] {2, 3, 1}, ArgMax.latest().axis(-1).outputShape(2, 3, 4));
        assertArrayEquals(new long[] {2, 3}, ArgMax.latest().axis(-1).keepdims(0).outputShape(2, 3, 4));
        assertArrayEquals(new long[] {1, 3, 4}, ArgMin.version(1).outputShape(2, 3, 4));
        assertArrayEquals(new long[] {}, ArgMin.version(11).keepdims(0).outputShape(7));
    }

    @Test
    void outputShapeRefusesWhatApplyRefuses() {
        assertEquals("ArgMax-13: input 'data' has shape [2, -1]: dimension 1 is -1, but dimensions must be >= 0",
                refusal(() -> ArgMax.latest().outputShape(2, -1)));
        assertEquals("ArgMax-13: attribute 'axis' = 3 is out of range for input 'data' of rank 3 (shape [2, 3, 4]);"
                + " allowed: [-3, 2]", refusal(() -> ArgMax.latest().axis(3).outputShape(2, 3, 4)));
    }

    // ---- refusals of a call

    @Test
    void axisOutOfRangeIsRefusedWithTheRange() {
        assertEquals("ArgMax-13: attribute 'axis' = 2 is out of range for input 'data' of rank 2 (shape [2, 3]);"
                + " allowed: [-2, 1]", refusal(() -> ArgMax.latest().axis(2).apply(scores())));
        assertEquals("ArgMin-12: attribute 'axis' = -3 is out of range for input 'data' of rank 2 (shape [2, 3]);"
                + " allowed: [-2, 1]", refusal(() -> ArgMin.version(12).axis(-3).apply(scores())));
    }

    @Test
    void version1RefusesAxesOutOfRangeAndSaysWhy() {
        assertEquals("ArgMax-1: attribute 'axis' = -3 is out of range for input 'data' of rank 2 (shape [2, 3]);"
                + " allowed: [-2, 1] (ArgMax-1's definition states no range for 'axis', but an axis outside it"
                + " names no dimension, so the reduction is undefined)",
                refusal(() -> ArgMax.version(1).axis(-3).apply(scores())));
    }

    @Test
    void negativeAxesWorkAtEveryVersion() {
        for (int version : new int[] {1, 11, 12, 13}) {
            assertArrayEquals(new long[] {2, 1}, ArgMax.version(version).axis(-1).keepdims(0).apply(scores()).indices(),
                    "ArgMax-" + version);
            assertArrayEquals(new long[] {1, 1, 1}, ArgMax.version(version).axis(-2).apply(scores()).indices(),
                    "ArgMax-" + version);
        }
    }

    @Test
    void scalarsAreRefusedBecauseNoAxisIsInRange() {
        Tensor scalar = Tensor.ofFloat(new float[] {1});
        assertEquals("ArgMax-13: input 'data' is a scalar (rank 0), which has no axis to reduce: attribute 'axis' = 0"
                + " must be in [-r, r-1] with r = rank(data), and [-0, -1] holds no axis (reshape the input to [1] to"
                + " reduce one element)", refusal(() -> ArgMax.latest().apply(scalar)));
        assertEquals("ArgMin-1: input 'data' is a scalar (rank 0), which has no axis to reduce: attribute 'axis' = -1"
                + " would have to name a dimension, in [-r, r-1] with r = rank(data), and [-0, -1] holds no axis"
                + " (reshape the input to [1] to reduce one element)",
                refusal(() -> ArgMin.version(1).axis(-1).apply(scalar)));
    }

    @Test
    void anEmptyReducedAxisIsRefused() {
        Tensor empty = Tensor.ofFloat(new float[0], 3, 0);
        assertEquals("ArgMax-13: input 'data' has shape [3, 0]: the reduced axis 1 has length 0, and an empty slice"
                + " has no max element (allowed: a reduced dimension of length >= 1)",
                refusal(() -> ArgMax.latest().axis(1).apply(empty)));
        assertEquals("ArgMin-12: input 'data' has shape [3, 0]: the reduced axis -1 has length 0, and an empty slice"
                + " has no min element (allowed: a reduced dimension of length >= 1)",
                refusal(() -> ArgMin.version(12).axis(-1).apply(empty)));
    }

    @Test
    void version11RefusesEveryEmptyInput() {
        Tensor empty = Tensor.ofFloat(new float[0], 0, 3);
        assertEquals("ArgMax-11: input 'data' must not be empty in ArgMax-11, but its shape [0, 3] has no elements"
                + " (ArgMax-1, ArgMax-12, ArgMax-13 allow an empty input whose reduced dimension is not empty)",
                refusal(() -> ArgMax.version(11).axis(1).apply(empty)));
    }

    @Test
    void bfloat16NeedsVersion13() {
        Tensor x = Tensor.ofBfloat16(new short[] {0x3F80, 0x4000}, 2);
        assertEquals("ArgMax-12: input 'data' has element type bfloat16, which ArgMax-12 does not accept (allowed:"
                + " tensor(double), tensor(float), tensor(float16), tensor(int16), tensor(int32), tensor(int64),"
                + " tensor(int8), tensor(uint16), tensor(uint32), tensor(uint64), tensor(uint8)); bfloat16 is"
                + " accepted from ArgMax-13 on (ArgMax.version(13))",
                refusal(() -> ArgMax.version(12).apply(x)));
        assertThrows(ArgOnnxException.class, () -> ArgMin.version(1).apply(x));
        assertArrayEquals(new long[] {1}, ArgMax.version(13).apply(x).indices());
    }

    @Test
    void aNullInputIsRefused() {
        assertEquals("ArgMax-13: input 'data' is null", refusal(() -> ArgMax.latest().apply(null)));
    }

    // ---- calls in a loop: the last check is kept for the next input of its type and shape

    @Test
    void aCallOfAnotherShapeOrTypeIsCheckedAgainAfterOneThatPassed() {
        ArgReductionOperator op = ArgMax.version(12).axis(1).keepdims(0);
        long[] out = new long[2];
        assertArrayEquals(new long[] {2}, op.apply(scores(), out, 0));
        assertArrayEquals(new long[] {2, 1}, out);
        // rank 1 has no axis 1; bfloat16 is not in ArgMax-12's type constraint; each refused as a first call is
        Tensor rankOne = Tensor.ofFloat(new float[] {1, 2, 3}, 3);
        Tensor bfloat16 = Tensor.ofBfloat16(new short[6], 2, 3);
        assertEquals(refusal(() -> ArgMax.version(12).axis(1).keepdims(0).apply(rankOne, out, 0)),
                refusal(() -> op.apply(rankOne, out, 0)));
        assertEquals(refusal(() -> ArgMax.version(12).axis(1).keepdims(0).apply(bfloat16, out, 0)),
                refusal(() -> op.apply(bfloat16, out, 0)));
        assertArrayEquals(new long[] {2, 1}, out, "a refused call writes nothing");
        // and a call of the first shape after them still gets its own answer
        Tensor transposed = Tensor.ofFloat(new float[] {2, 7, 1, 10, 3, 10}, 3, 2);
        long[] three = new long[3];
        assertArrayEquals(new long[] {3}, op.apply(transposed, three, 0));
        assertArrayEquals(new long[] {1, 1, 1}, three);
        assertArrayEquals(new long[] {2}, op.apply(scores(), out, 0));
        assertArrayEquals(new long[] {2, 1}, out);
    }

    @Test
    void theReturnedShapeIsTheCallersToChange() {
        ArgReductionOperator op = ArgMin.latest().axis(0);
        long[] first = op.apply(scores(), new long[3], 0);
        first[0] = 99;
        assertArrayEquals(new long[] {1, 3}, op.apply(scores(), new long[3], 0));
        assertArrayEquals(new long[] {1, 3}, op.apply(scores()).shape());
    }

    // ---- caller-supplied output

    @Test
    void indicesGoToTheArrayFromTheOffset() {
        long[] out = {-7, -7, -7, -7};
        long[] shape = ArgMax.latest().axis(1).keepdims(0).apply(scores(), out, 1);
        assertArrayEquals(new long[] {2}, shape);
        assertArrayEquals(new long[] {-7, 2, 1, -7}, out);
    }

    @Test
    void anArrayWithoutRoomIsRefusedAndNotWritten() {
        long[] out = {-7, -7, -7};
        assertEquals("ArgMax-13: output 'reduced' has shape [2] (2 indices), but the output array has room for 1 from"
                + " offset 2 (length 3); nothing was written",
                refusal(() -> ArgMax.latest().axis(1).keepdims(0).apply(scores(), out, 2)));
        assertEquals("ArgMax-13: output offset -1 is outside the output array (length 3); nothing was written",
                refusal(() -> ArgMax.latest().axis(1).keepdims(0).apply(scores(), out, -1)));
        assertArrayEquals(new long[] {-7, -7, -7}, out);
    }

    @Test
    void anInvalidCallWritesNothing() {
        long[] out = {-7, -7, -7};
        assertThrows(ArgOnnxException.class, () -> ArgMax.latest().axis(5).apply(scores(), out, 0));
        assertArrayEquals(new long[] {-7, -7, -7}, out);
    }

    @Test
    void indicesGoToAHeapBufferFromItsPositionWhichStays() {
        LongBuffer out = LongBuffer.wrap(new long[] {-7, -7, -7, -7});
        out.position(1);
        long[] shape = ArgMin.latest().axis(1).keepdims(1).apply(scores(), out);
        assertArrayEquals(new long[] {2, 1}, shape);
        assertEquals(1, out.position());
        assertArrayEquals(new long[] {-7, 1, 0, -7}, out.array());
    }

    @Test
    void indicesGoToADirectBufferFromItsPositionWhichStays() {
        LongBuffer out = ByteBuffer.allocateDirect(32).order(ByteOrder.nativeOrder()).asLongBuffer();
        out.put(new long[] {-7, -7, -7, -7}).position(2);
        ArgMax.latest().axis(1).keepdims(0).apply(scores(), out);
        assertEquals(2, out.position());
        assertEquals(4, out.limit());
        assertArrayEquals(new long[] {-7, -7, 2, 1}, new long[] {out.get(0), out.get(1), out.get(2), out.get(3)});
    }

    @Test
    void aBufferWithoutRoomOrReadOnlyIsRefused() {
        LongBuffer small = LongBuffer.allocate(3).position(2);
        assertEquals("ArgMax-13: output 'reduced' has shape [2] (2 indices), but the output LongBuffer has room for 1"
                + " (position 2, limit 3); nothing was written",
                refusal(() -> ArgMax.latest().axis(1).keepdims(0).apply(scores(), small)));
        assertEquals("ArgMax-13: the output LongBuffer is read-only",
                refusal(() -> ArgMax.latest().apply(scores(), LongBuffer.allocate(8).asReadOnlyBuffer())));
    }

    // ---- sharing

    @Test
    void oneInstanceServesManyThreads() throws Exception {
        ArgMax shared = ArgMax.latest().axis(1).keepdims(0);
        Tensor x = scores();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<long[]>> results = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                boolean last = i % 2 == 1;
                results.add(pool.submit(() -> (last ? shared.selectLastIndex(true) : shared).apply(x).indices()));
            }
            for (int i = 0; i < results.size(); i++) {
                assertArrayEquals(i % 2 == 1 ? new long[] {2, 2} : new long[] {2, 1}, results.get(i).get(), "call " + i);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals("ArgMax-13{axis=1, keepdims=0}", shared.toString(), "the shared instance is unchanged");
    }
}
