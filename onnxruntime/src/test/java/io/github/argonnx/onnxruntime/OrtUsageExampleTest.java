package io.github.argonnx.onnxruntime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import io.github.argonnx.ArgMax;
import io.github.argonnx.DataType;
import io.github.argonnx.PreparedArgReduction;
import io.github.argonnx.Tensor;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The ONNX Runtime example of docs/usage.md, run verbatim: a classifier's logits reduced where ONNX Runtime wrote them. */
class OrtUsageExampleTest {

    @Test
    void theDocsClassifierExampleRuns() throws Exception {
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        byte[] modelBytes = OnnxModels.linearClassifier(
                new float[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0.5f, 0.5f, 0.5f}}, new float[] {0, 0.25f, -0.25f});
        float[][] batches = {{1, 0, 0, 0}, {0, 0, 2, 0}, {0, 0.1f, 0, 4}};
        long[] result;
        // snippet:ort-classifier
        // A classifier's logits [1, 3], written by ONNX Runtime into a buffer of ours and reduced where they lie.
        FloatBuffer features = ByteBuffer.allocateDirect(4 * 4).order(ByteOrder.nativeOrder()).asFloatBuffer();
        try (OrtSession session = env.createSession(modelBytes, new OrtSession.SessionOptions());
                OnnxTensor input = OnnxTensor.createTensor(env, features, new long[] {1, 4});
                OnnxTensor logits = OrtTensors.allocate(env, DataType.FLOAT, 1, 3)) { // the pinned output
            Tensor scores = OrtTensors.view(logits); // the pinned buffer itself: every run's logits, no copy
            PreparedArgReduction best = ArgMax.latest().axis(1).keepdims(false).prepare(DataType.FLOAT, 1, 3);
            long[] classes = new long[batches.length];
            for (int i = 0; i < batches.length; i++) {
                features.put(0, batches[i]); // the input tensor reads this direct buffer as it is
                try (OrtSession.Result unused = session.run(Map.of("features", input), Map.of("logits", logits))) {
                    best.apply(scores, classes, i); // ONNX Runtime's output, reduced in place
                }
            }
            // classes is {0, 2, 1}
            result = classes;
        }
        // end-snippet
        assertArrayEquals(new long[] {0, 2, 1}, result);
    }

    @Test
    void docsUsageCarriesTheSameExample() throws Exception {
        String test = Files.readString(Path.of("src/test/java/io/github/argonnx/onnxruntime/OrtUsageExampleTest.java"),
                StandardCharsets.UTF_8);
        String docs = Files.readString(Path.of("../docs/usage.md"), StandardCharsets.UTF_8);
        Matcher inTest = Pattern.compile("// snippet:ort-classifier\\n(.*?)\\n\\s*// end-snippet", Pattern.DOTALL)
                .matcher(test);
        Matcher inDocs = Pattern.compile("<!-- ort-snippet:classifier -->\\n```java\\n(.*?)\\n```", Pattern.DOTALL)
                .matcher(docs);
        assertTrue(inTest.find() && inDocs.find(), "docs/usage.md lost its ONNX Runtime example");
        String snippet = inTest.group(1).stripIndent().replace("\n    result = classes;", "");
        assertEquals(snippet, inDocs.group(1).stripIndent(), "docs/usage.md and OrtUsageExampleTest differ: update both");
    }
}
