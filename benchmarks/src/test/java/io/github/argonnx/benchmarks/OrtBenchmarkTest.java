package io.github.argonnx.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.github.argonnx.DataType;
import java.util.Arrays;
import java.util.List;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OrtBenchmarkTest {

    /**
     * The report runs ONNX Runtime on exactly the types its CPU provider has a kernel for: asked of
     * ONNX Runtime itself, by building a one-node session for every type and operator.
     */
    @Test
    void kernelTypesAreExactlyTheTypesOnnxRuntimeBuildsASessionFor() throws OrtException {
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        Geometry geometry = Layout.ROWS.geometry();
        for (Operator op : Operator.ARG_REDUCTIONS) {
            Set<DataType> accepted = EnumSet.noneOf(DataType.class);
            for (DataType type : DataType.values()) {
                try (OrtSession.SessionOptions options = new OrtSession.SessionOptions();
                        OrtSession session = environment.createSession(OnnxModel.argReduce(op, type, geometry), options)) {
                    accepted.add(type);
                } catch (OrtException e) {
                    assertTrue(e.getMessage().contains("Could not find an implementation"),
                            op + " " + type + " failed for another reason: " + e.getMessage());
                }
            }
            assertEquals(OrtBenchmark.KERNEL_TYPES, accepted, op.name());
        }
    }

    /**
     * Why ONNX Runtime is measured on NAN_LAST only on the one-dimensional slice: on small stand-ins
     * for the four layouts, it returns the NaN's index for a 1-D input and another index otherwise.
     */
    @Test
    void onnxRuntimeReturnsTheIndexOfANanOnlyForOneDimensionalInputs() throws OrtException {
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        List<Geometry> standIns = List.of(Geometry.of(0, 1000), Geometry.of(1, 16, 64), Geometry.of(0, 64, 16),
                Geometry.of(1, 4, 32, 8));
        for (DataType type : OrtBenchmark.KERNEL_TYPES) {
            if (!DataKind.NAN_LAST.appliesTo(type)) {
                continue;
            }
            for (Geometry g : standIns) {
                for (Operator op : Operator.ARG_REDUCTIONS) {
                    InputData data = InputData.generate("ORT_NAN", type, g, DataKind.NAN_LAST);
                    long[] actual;
                    try (OrtSession session = environment.createSession(OnnxModel.argReduce(op, type, g),
                                    new OrtSession.SessionOptions());
                            OnnxTensor input = OrtBenchmark.directTensor(environment, data);
                            OrtSession.Result result = session.run(Map.of("x", input))) {
                        actual = OrtBenchmark.flatten(result.get(0).getValue());
                    }
                    boolean agrees = Arrays.equals(PlainLoops.argReduce(data, op.isMax()), actual);
                    assertEquals(g.shape().length == 1, agrees, op + " " + type + " " + g);
                }
            }
        }
        assertTrue(OrtBenchmark.runs(BenchCase.named("FLOAT_SLICE_NAN_LAST")));
        assertFalse(OrtBenchmark.runs(BenchCase.named("FLOAT_ROWS_NAN_LAST")));
        assertTrue(OrtBenchmark.runs(BenchCase.named("FLOAT_OUTER_ALL_EQUAL")));
        assertFalse(OrtBenchmark.runs(BenchCase.named("UINT16_SLICE_NO_EXTREME")));
    }
}
