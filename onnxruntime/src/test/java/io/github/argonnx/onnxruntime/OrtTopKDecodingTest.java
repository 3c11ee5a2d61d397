package io.github.argonnx.onnxruntime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.TopK;
import io.github.argonnx.runtime.TopKResult;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A decoding step on a real session: a language model's head (hidden [1, 8] × W [8, 32000] + b) writes its
 * logits into a pinned output, TopK reads them there, and a token is drawn among the k best.
 */
class OrtTopKDecodingTest {

    private static final OrtEnvironment ENV = OrtEnvironment.getEnvironment();
    private static final int HIDDEN = 8;
    private static final int VOCAB = 32_000;
    /** Tokens whose logits are exactly equal (zero weights, one bias) and high enough to be among the best. */
    private static final int[] TIED = {5, 100, 31_999};
    /** Hidden states, one per step; the first keeps every other logit below the tie's. */
    static final float[][] STEPS = {
        {1, 0, 0, 0, 0, 0, 0, 0},
        {0.3f, -0.7f, 0.2f, 0.9f, -0.1f, 0.5f, -0.4f, 0.8f},
        {-0.5f, 0.5f, -0.5f, 0.5f, -0.5f, 0.5f, -0.5f, 0.5f}};

    /** Tokens drawn per step in the sampling test. */
    private static final int DRAWS = 50;

    @Test
    void theTopKOfPinnedLogitsIsTheLibrarysOverACopyAndThePlainReferences() throws Exception {
        FloatBuffer hidden = ByteBuffer.allocateDirect(4 * HIDDEN).order(ByteOrder.nativeOrder()).asFloatBuffer();
        try (OrtSession session = ENV.createSession(lmHead(), new OrtSession.SessionOptions());
                OnnxTensor input = OnnxTensor.createTensor(ENV, hidden, new long[] {1, HIDDEN});
                OnnxTensor logits = OrtTensors.allocate(ENV, DataType.FLOAT, 1, VOCAB)) {
            Tensor scores = OrtTensors.view(logits); // made once, before any run
            TopK topK = TopK.latest();
            for (int step = 0; step < STEPS.length; step++) {
                hidden.put(0, STEPS[step]);
                try (OrtSession.Result unused = session.run(Map.of("hidden", input), Map.of("logits", logits))) {
                    float[] copy = new float[VOCAB];
                    logits.getFloatBuffer().get(copy); // ONNX Runtime's own copy of what it wrote
                    assertTrue(Arrays.stream(TIED).allMatch(t -> copy[t] == copy[TIED[0]]), "the planted tie");
                    for (int k : new int[] {1, 40, VOCAB}) {
                        String what = "step " + step + ", k " + k;
                        float[] values = new float[k];
                        long[] tokens = new long[k];
                        assertArrayEquals(new long[] {1, k}, topK.apply(scores, k, values, tokens), what);
                        long[] reference = plainTopK(copy, k);
                        assertArrayEquals(reference, tokens, what + ": against the plain reference");
                        for (int i = 0; i < k; i++) {
                            assertEquals(copy[(int) tokens[i]], values[i], what + ": value " + i);
                        }
                        float[] copiedValues = new float[k];
                        long[] copiedTokens = new long[k];
                        topK.apply(Tensor.ofFloat(copy, 1, VOCAB), k, copiedValues, copiedTokens);
                        assertArrayEquals(copiedTokens, tokens, what + ": against the library over the copy");
                        assertArrayEquals(copiedValues, values, what + ": against the library over the copy");
                        TopKResult<Tensor> result = topK.apply(scores, k);
                        assertArrayEquals(tokens, result.indices(), what + ": the TopKResult form");
                        assertArrayEquals(new long[] {1, k}, result.shape(), what);
                    }
                    long[] top40 = plainTopK(copy, 40);
                    assertTrue(Arrays.stream(TIED).allMatch(t -> Arrays.stream(top40).anyMatch(c -> c == t)),
                            "step " + step + ": the tied tokens are among the 40 best, so their order is checked");
                }
            }
        }
    }

    @Test
    void theTopKReadsThePinnedBufferInPlace() throws Exception {
        FloatBuffer hidden = ByteBuffer.allocateDirect(4 * HIDDEN).order(ByteOrder.nativeOrder()).asFloatBuffer();
        try (OrtSession session = ENV.createSession(lmHead(), new OrtSession.SessionOptions());
                OnnxTensor input = OnnxTensor.createTensor(ENV, hidden, new long[] {1, HIDDEN});
                OnnxTensor logits = OrtTensors.allocate(ENV, DataType.FLOAT, 1, VOCAB)) {
            Tensor scores = OrtTensors.view(logits);
            assertTrue(scores.toString().contains("direct buffer"), scores.toString());
            hidden.put(0, STEPS[0]); // its logits stay below the tie's 3.5
            try (OrtSession.Result unused = session.run(Map.of("hidden", input), Map.of("logits", logits))) {
                float[] values = new float[3];
                long[] tokens = new long[3];
                TopK.latest().apply(scores, 3, values, tokens);
                assertEquals(TIED[0], tokens[0], "the planted tie leads after the run");
                // Written into the pinned buffer after the run and after the view was made: the top-k sees it.
                FloatBuffer pinned = (FloatBuffer) logits.getBufferRef().orElseThrow();
                pinned.put(12_345, 100f);
                pinned.put(777, 99f);
                TopK.latest().apply(scores, 3, values, tokens);
                assertArrayEquals(new long[] {12_345, 777, TIED[0]}, tokens);
                assertArrayEquals(new float[] {100f, 99f, values[2]}, values);
            }
        }
    }

    @Test
    void aSeededDecodingDrawsOnlyAmongEachStepsTopKAndTheSameTokensEachRun() throws Exception {
        long[] first = decode(new SplittableRandom(2026), 20);
        long[] again = decode(new SplittableRandom(2026), 20);
        assertArrayEquals(first, again);
        // each step's draw (several per step) is one of its 20 best, and not always the best
        float[][] reference = referenceLogits(STEPS);
        for (int step = 0; step < STEPS.length; step++) {
            long[] top = plainTopK(reference[step], 20);
            for (int draw = 0; draw < DRAWS; draw++) {
                long token = first[step * DRAWS + draw];
                assertTrue(Arrays.stream(top).anyMatch(t -> t == token), "step " + step + " drew " + token);
            }
        }
        assertTrue(Arrays.stream(first).distinct().count() > STEPS.length, Arrays.toString(first));
    }

    /** DRAWS tokens per step, drawn among the k best at temperature 1.5, from one generator. */
    private static long[] decode(SplittableRandom random, int k) throws Exception {
        FloatBuffer hidden = ByteBuffer.allocateDirect(4 * HIDDEN).order(ByteOrder.nativeOrder()).asFloatBuffer();
        long[] drawn = new long[STEPS.length * DRAWS];
        try (OrtSession session = ENV.createSession(lmHead(), new OrtSession.SessionOptions());
                OnnxTensor input = OnnxTensor.createTensor(ENV, hidden, new long[] {1, HIDDEN});
                OnnxTensor logits = OrtTensors.allocate(ENV, DataType.FLOAT, 1, VOCAB)) {
            Tensor scores = OrtTensors.view(logits);
            float[] values = new float[k];
            long[] tokens = new long[k];
            for (int step = 0; step < STEPS.length; step++) {
                hidden.put(0, STEPS[step]);
                try (OrtSession.Result unused = session.run(Map.of("hidden", input), Map.of("logits", logits))) {
                    TopK.latest().apply(scores, k, values, tokens);
                    for (int draw = 0; draw < DRAWS; draw++) {
                        drawn[step * DRAWS + draw] = TopKSampling.sample(values, tokens, 1.5, random);
                    }
                }
            }
        }
        return drawn;
    }

    /** The k best tokens: larger logit first, equal logits in token order (the logits hold no NaN). */
    static long[] plainTopK(float[] logits, int k) {
        return IntStream.range(0, logits.length).boxed()
                .sorted(Comparator.<Integer>comparingDouble(i -> logits[i]).reversed().thenComparingInt(i -> i))
                .limit(k).mapToLong(i -> i).toArray();
    }

    /** Each step's logits as a fresh session writes them into an output of its own, copied out. */
    static float[][] referenceLogits(float[][] steps) throws Exception {
        float[][] all = new float[steps.length][];
        try (OrtSession session = ENV.createSession(lmHead(), new OrtSession.SessionOptions())) {
            for (int step = 0; step < steps.length; step++) {
                try (OnnxTensor input = OnnxTensor.createTensor(ENV, new float[][] {steps[step]});
                        OrtSession.Result result = session.run(Map.of("hidden", input))) {
                    all[step] = ((float[][]) result.get(0).getValue())[0];
                }
            }
        }
        return all;
    }

    /** hidden [1, 8] × W [8, 32000] + b, seeded; the tied tokens have zero weights and one bias. */
    static byte[] lmHead() {
        SplittableRandom random = new SplittableRandom(20261207);
        float[][] weights = new float[HIDDEN][VOCAB];
        float[] bias = new float[VOCAB];
        for (int v = 0; v < VOCAB; v++) {
            for (int h = 0; h < HIDDEN; h++) {
                weights[h][v] = (float) random.nextDouble(-1, 1);
            }
            bias[v] = (float) random.nextDouble(-0.1, 0.1);
        }
        for (int t : TIED) {
            for (int h = 0; h < HIDDEN; h++) {
                weights[h][t] = 0;
            }
            bias[t] = 3.5f;
        }
        return OnnxModels.linear("hidden", "logits", weights, bias);
    }
}
