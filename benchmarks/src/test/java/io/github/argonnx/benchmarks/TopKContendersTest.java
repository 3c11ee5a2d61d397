package io.github.argonnx.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.github.argonnx.DataType;
import io.github.argonnx.TopK;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The TopK reference that every contender is checked against, and the contenders themselves on small
 * stand-ins for the TopK cases' layouts, on data full of equal elements: ArgONNX and ONNX Runtime
 * both give the reference's indices, equal elements by the lower index.
 */
class TopKContendersTest {

    /** Stand-ins for the cases' layouts: a decoding step, heads, one slice, an outer axis. */
    private static final List<Geometry> STAND_INS = List.of(Geometry.of(1, 1, 320), Geometry.of(1, 64, 100),
            Geometry.of(0, 1000), Geometry.of(0, 64, 64));

    @Test
    void theReferenceTakesTheLargestFirstEqualElementsByIndexNanAboveAllAndBothZerosAlike() {
        float[] x = {1f, Float.NaN, -0f, 3f, 0f, 3f, -2f};
        InputData input = InputData.of(DataType.FLOAT, Geometry.of(0, 7), x);
        assertArrayEquals(new long[] {1, 3, 5, 0, 2, 4, 6}, TopKReference.indices(input, 7));
        assertArrayEquals(new long[] {1, 3}, TopKReference.indices(input, 2));
        int[] columns = {5, 1, 5, 9, 1, 9}; // [3,2] axis 0: columns {5, 5, 1} and {1, 9, 9}
        InputData ints = InputData.of(DataType.INT32, Geometry.of(0, 3, 2), columns);
        assertArrayEquals(new long[] {0, 1, 1, 2}, TopKReference.indices(ints, 2));
        assertThrows(IllegalArgumentException.class,
                () -> TopKReference.indices(InputData.of(DataType.INT8, Geometry.of(0, 1), new byte[1]), 1));
    }

    /** Values from eight levels only, so that most slices hold equal elements at and around the k-th place. */
    private static InputData fewLevels(DataType type, Geometry g, long seed) {
        int n = g.elementCount();
        int[] ints = new int[n];
        float[] floats = new float[n];
        for (int i = 0; i < n; i++) {
            int level = (int) Long.remainderUnsigned(InputData.hash(seed, i), 8);
            ints[i] = level - 4;
            floats[i] = level == 4 && i % 2 == 0 ? -0f : (level - 4) * 0.5f;
        }
        return InputData.of(type, g, type == DataType.FLOAT ? floats : ints);
    }

    @Test
    void argOnnxGivesTheReferencesIndicesOnEveryStandIn() {
        for (DataType type : List.of(DataType.FLOAT, DataType.INT32)) {
            for (Geometry g : STAND_INS) {
                for (int k : new int[] {1, 5, 10, 50}) {
                    InputData input = fewLevels(type, g, k);
                    long[] actual = TopK.latest().axis(g.axis()).apply(ArgOnnxBenchmark.tensorOf(input), k).indices();
                    assertArrayEquals(TopKReference.indices(input, k), actual, type + " " + g + " k = " + k);
                }
            }
        }
    }

    @Test
    void onnxRuntimeGivesTheReferencesIndicesOnEveryStandIn() throws OrtException {
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        for (DataType type : List.of(DataType.FLOAT, DataType.INT32)) {
            for (Geometry g : STAND_INS) {
                for (int k : new int[] {1, 5, 10, 50}) {
                    InputData input = fewLevels(type, g, k);
                    long[] shape = g.shape();
                    shape[g.axis()] = k;
                    try (OrtSession session = environment.createSession(OnnxModel.topK(type, g, shape),
                                    new OrtSession.SessionOptions());
                            OnnxTensor x = OrtBenchmark.directTensor(environment, input);
                            OnnxTensor kTensor = OnnxTensor.createTensor(environment, new long[] {k});
                            OrtSession.Result result = session.run(Map.of("x", x, "k", kTensor))) {
                        assertArrayEquals(TopKReference.indices(input, k),
                                OrtBenchmark.flatten(result.get(1).getValue()), type + " " + g + " k = " + k);
                    }
                }
            }
        }
    }

    /** ONNX Runtime is timed on the TopK cases of exactly the types its CPU provider has a TopK kernel for. */
    @Test
    void onnxRuntimeTopKTypesAreExactlyTheTypesItBuildsASessionFor() throws OrtException {
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        Geometry g = Geometry.of(1, 4, 8);
        Set<DataType> accepted = EnumSet.noneOf(DataType.class);
        for (DataType type : DataType.values()) {
            try (OrtSession.SessionOptions options = new OrtSession.SessionOptions();
                    OrtSession session = environment.createSession(OnnxModel.topK(type, g, new long[] {4, 2}),
                            options)) {
                accepted.add(type);
            } catch (OrtException e) {
                // no kernel for the type, or a type TopK-11's schema does not take
                assertTrue(e.getMessage().contains("Could not find an implementation")
                        || e.getMessage().contains("Type Error: Type 'tensor(" + type.onnxName() + ")'"),
                        type + " failed for another reason: " + e.getMessage());
            }
        }
        assertEquals(ApplicationTopK.ORT_TYPES, accepted);
    }

    @Test
    void aContenderThatDisagreesIsNamedWithTheCaseAndTheFirstDifference() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ApplicationTopK.require(
                "ONNX Runtime TopK", TopKCase.FLOAT_1x32000_K10, new long[] {3, 4}, new long[] {3, 5}));
        assertEquals("ONNX Runtime TopK disagrees with the TopK reference on FLOAT_1x32000_K10: output 1 is 5,"
                + " expected 4", e.getMessage());
    }

    @Test
    void smallerCasesWarmUpWithMoreCallsSoThatEveryWarmUpReadsAsManyElements() {
        assertEquals(5, ApplicationTopK.warmupCalls(TopKCase.FLOAT_16777216_K10, 5));
        assertEquals(5, ApplicationTopK.warmupCalls(TopKCase.FLOAT_4096x4096_AXIS0_K5, 5));
        assertEquals(20, ApplicationTopK.warmupCalls(TopKCase.FLOAT_4096x1000_K5, 5), "4,096,000 elements");
        assertEquals(2621, ApplicationTopK.warmupCalls(TopKCase.FLOAT_1x32000_K10, 5), "32,000 elements");
        assertEquals(0, ApplicationTopK.warmupCalls(TopKCase.FLOAT_1x32000_K10, 0), "no warm-up asked, none given");
    }

    @Test
    void everyCaseReadsTheFirstElementsOfItsTypesInput() {
        InputData floats = InputData.generate(new BenchCase(DataType.FLOAT, Layout.SLICE, DataKind.NO_EXTREME));
        InputData heads = TopKCase.FLOAT_4096x1000_K5.input(floats);
        assertEquals(List.of(4096L, 1000L), List.of(heads.geometry().shape()[0], heads.geometry().shape()[1]));
        for (int i : new int[] {0, 1, 4_095_999}) {
            assertEquals(floats.floats()[i], heads.floats()[i]);
        }
        assertTrue(TopKCase.FLOAT_16777216_K10.input(floats).array() == floats.array(), "the same array");
        assertArrayEquals(new long[] {4096, 5}, TopKCase.FLOAT_4096x1000_K5.outputShape());
        assertArrayEquals(new long[] {5, 4096}, TopKCase.FLOAT_4096x4096_AXIS0_K5.outputShape());
        assertEquals(List.of(TopKCase.INT32_16777216_K10), ApplicationTopK.cases(List.of(DataType.INT8,
                DataType.INT32)));
    }
}
