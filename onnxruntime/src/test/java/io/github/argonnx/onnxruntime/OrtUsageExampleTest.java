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
import io.github.argonnx.TopK;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.random.RandomGenerator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The ONNX Runtime examples of docs/usage.md, run verbatim: a classifier's logits reduced where ONNX Runtime wrote
 * them, and a decoding step's top-k of the logits with a token drawn among them.
 */
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
    void theDocsDecodingExampleRunsAndDrawsAmongEachStepsBest() throws Exception {
        float[][] steps = OrtTopKDecodingTest.STEPS;
        long[] drawn = decodingExample(OrtEnvironment.getEnvironment(), OrtTopKDecodingTest.lmHead(), steps);
        assertArrayEquals(drawn, decodingExample(OrtEnvironment.getEnvironment(), OrtTopKDecodingTest.lmHead(), steps),
                "seeded: the same tokens every run");
        float[][] logits = OrtTopKDecodingTest.referenceLogits(steps);
        for (int step = 0; step < steps.length; step++) {
            long token = drawn[step];
            assertTrue(Arrays.stream(OrtTopKDecodingTest.plainTopK(logits[step], 40)).anyMatch(t -> t == token),
                    "step " + step + " drew " + token + ", not one of its 40 best");
        }
    }

    /** The snippet, verbatim; {@code modelBytes} maps {@code hidden [1, 8]} to {@code logits [1, 32000]}. */
    private static long[] decodingExample(OrtEnvironment env, byte[] modelBytes, float[][] steps) throws Exception {
        // snippet:ort-decoding
        // A language model's next tokens: per step, the 40 best of its logits [1, 32000], read where ONNX Runtime
        // wrote them, and one token drawn among those 40.
        FloatBuffer hidden = ByteBuffer.allocateDirect(4 * 8).order(ByteOrder.nativeOrder()).asFloatBuffer();
        RandomGenerator random = new SplittableRandom(42); // seeded: the same tokens every run
        long[] drawn = new long[steps.length];
        try (OrtSession session = env.createSession(modelBytes, new OrtSession.SessionOptions());
                OnnxTensor input = OnnxTensor.createTensor(env, hidden, new long[] {1, 8});
                OnnxTensor logits = OrtTensors.allocate(env, DataType.FLOAT, 1, 32000)) { // the pinned output
            Tensor scores = OrtTensors.view(logits); // every step's logits, where ONNX Runtime writes them
            TopK topK = TopK.latest(); // along the last axis, largest first
            float[] values = new float[40];
            long[] tokens = new long[40];
            for (int step = 0; step < steps.length; step++) {
                hidden.put(0, steps[step]); // this step's hidden state
                try (OrtSession.Result unused = session.run(Map.of("hidden", input), Map.of("logits", logits))) {
                    topK.apply(scores, 40, values, tokens); // the 40 best logits, best first, and their token ids
                    drawn[step] = TopKSampling.sample(values, tokens, 0.8, random); // softmax(values / 0.8)
                }
            }
        }
        // drawn holds one token per step, each among that step's 40 best (tokens[0] is the greedy choice)
        // end-snippet
        return drawn;
    }

    @Test
    void docsUsageCarriesTheSameExamples() throws Exception {
        String test = Files.readString(Path.of("src/test/java/io/github/argonnx/onnxruntime/OrtUsageExampleTest.java"),
                StandardCharsets.UTF_8);
        String docs = Files.readString(Path.of("../docs/usage.md"), StandardCharsets.UTF_8);
        Map<String, String> inTest = snippets(test, "// snippet:ort-([a-z-]+)\\n(.*?)\\n\\s*// end-snippet");
        Map<String, String> inDocs = snippets(docs, "<!-- ort-snippet:([a-z-]+) -->\\n```java\\n(.*?)\\n```");
        assertEquals(Set.of("classifier", "decoding"), inTest.keySet());
        // the classifier's snippet hands its answer to the test in one line the page leaves out
        inTest.put("classifier", inTest.get("classifier").replace("\n    result = classes;", ""));
        assertEquals(inTest, inDocs, "docs/usage.md's ONNX Runtime examples and OrtUsageExampleTest's differ: update both");
    }

    /** Each snippet by name, its lines with their common indentation removed. */
    private static Map<String, String> snippets(String text, String regex) {
        Matcher snippet = Pattern.compile(regex, Pattern.DOTALL).matcher(text);
        Map<String, String> byName = new TreeMap<>();
        while (snippet.find()) {
            byName.put(snippet.group(1), snippet.group(2).stripIndent());
        }
        return byName;
    }
}
