package io.github.argonnx.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.github.argonnx.DataType;
import java.util.EnumSet;
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
        for (Operator op : Operator.values()) {
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
}
