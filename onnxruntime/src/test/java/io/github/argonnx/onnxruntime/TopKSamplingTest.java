package io.github.argonnx.onnxruntime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgOnnxException;
import java.util.Arrays;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** Drawing a token among TopK's candidates: the distribution, the draw, determinism and the refusals. */
class TopKSamplingTest {

    private static final float NEG_INF = Float.NEGATIVE_INFINITY;

    @Test
    void theProbabilitiesAreTheSoftmaxOfTheLogitsOverTheTemperature() {
        double e = Math.E;
        double sum = e * e + e + 1;
        assertArrayEquals(new double[] {e * e / sum, e / sum, 1 / sum, 0},
                TopKSampling.probabilities(new float[] {2, 1, 0, NEG_INF}, 1), 1e-15);
        double sumHalf = Math.exp(4) + Math.exp(2) + 1; // temperature 0.5 doubles the logits
        assertArrayEquals(new double[] {Math.exp(4) / sumHalf, Math.exp(2) / sumHalf, 1 / sumHalf},
                TopKSampling.probabilities(new float[] {2, 1, 0}, 0.5), 1e-15);
        // large logits do not overflow: only their differences count
        assertArrayEquals(new double[] {1 / (1 + 1 / e), (1 / e) / (1 + 1 / e)},
                TopKSampling.probabilities(new float[] {1000, 999}, 1), 1e-15);
    }

    @Test
    void aDrawIsTheCandidateWhoseShareHoldsTheGeneratorsDouble() {
        long[] tokens = {70, 71, 72, 73};
        float[] even = {0.5f, 0.5f, 0.5f, 0.5f}; // a quarter each
        assertEquals(70, TopKSampling.sample(even, tokens, 1, fixed(0.0)));
        assertEquals(70, TopKSampling.sample(even, tokens, 1, fixed(0.2499)));
        assertEquals(71, TopKSampling.sample(even, tokens, 1, fixed(0.25)));
        assertEquals(72, TopKSampling.sample(even, tokens, 1, fixed(0.7)));
        assertEquals(73, TopKSampling.sample(even, tokens, 1, fixed(Math.nextDown(1.0))));
        float[] masked = {0, 0, NEG_INF, 0}; // a third each, none for the masked token 72
        assertEquals(71, TopKSampling.sample(masked, tokens, 1, fixed(0.5)));
        assertEquals(73, TopKSampling.sample(masked, tokens, 1, fixed(0.7)));
        float[] maskedLast = {0, 0, NEG_INF};
        assertEquals(71, TopKSampling.sample(maskedLast, new long[] {70, 71, 72}, 1, fixed(Math.nextDown(1.0))));
    }

    @Test
    void aDrawTakesExactlyOneDoubleFromTheGenerator() {
        CountingGenerator random = new CountingGenerator(0.6);
        TopKSampling.sample(new float[] {3, 2, 1}, new long[] {5, 6, 7}, 0.8, random);
        assertEquals(1, random.calls);
    }

    @Test
    void aSeededGeneratorDrawsTheSameTokensEachRunAndOnlyTheCandidates() {
        float[] values = {2.5f, 2.1f, 1.7f, 0.4f, -1f};
        long[] tokens = {31_999, 17, 4_096, 0, 250};
        double[] p = TopKSampling.probabilities(values, 1.3);
        for (RandomGenerator seeded : new RandomGenerator[] {new SplittableRandom(42), new Random(42)}) {
            long[] first = draws(values, tokens, 1.3, seeded, 2_000);
            RandomGenerator reseeded = seeded instanceof Random ? new Random(42) : new SplittableRandom(42);
            long[] again = draws(values, tokens, 1.3, reseeded, 2_000);
            assertArrayEquals(first, again, "the same seed draws the same tokens");
            for (int i = 0; i < tokens.length; i++) {
                long token = tokens[i];
                long count = Arrays.stream(first).filter(t -> t == token).count();
                // every candidate is drawn about as often as its probability says (these seeds are fixed)
                assertEquals(p[i], count / 2_000.0, 0.03, "token " + token);
            }
            assertTrue(Arrays.stream(first).allMatch(t -> Arrays.stream(tokens).anyMatch(c -> c == t)),
                    "only the candidates are drawn");
        }
    }

    @Test
    void aLowTemperatureDrawsTheBestCandidate() {
        long[] drawn = draws(new float[] {3f, 2.9f, 1f}, new long[] {8, 9, 10}, 1e-3, new SplittableRandom(7), 200);
        assertTrue(Arrays.stream(drawn).allMatch(t -> t == 8), Arrays.toString(drawn));
    }

    @Test
    void refusalsNameWhatIsWrongAndWhatIsAllowed() {
        float[] values = {1, 0};
        long[] tokens = {3, 4};
        RandomGenerator random = new SplittableRandom(1);
        assertEquals("TopKSampling.sample: temperature 0.0 is not allowed: a finite number above 0 (the greedy "
                + "choice is the first of TopK's candidates)",
                refusal(() -> TopKSampling.sample(values, tokens, 0, random)));
        assertEquals("TopKSampling.sample: temperature NaN is not allowed: a finite number above 0 (the greedy "
                + "choice is the first of TopK's candidates)",
                refusal(() -> TopKSampling.sample(values, tokens, Double.NaN, random)));
        assertEquals("TopKSampling.probabilities: temperature Infinity is not allowed: a finite number above 0 (the "
                + "greedy choice is the first of TopK's candidates)",
                refusal(() -> TopKSampling.probabilities(values, Double.POSITIVE_INFINITY)));
        assertEquals("TopKSampling.sample: 2 values but 3 tokens; give one token id per value",
                refusal(() -> TopKSampling.sample(values, new long[] {3, 4, 5}, 1, random)));
        assertEquals("TopKSampling.sample: logit 1 is NaN; allowed: finite numbers and -Infinity (a masked token)",
                refusal(() -> TopKSampling.sample(new float[] {1, Float.NaN}, tokens, 1, random)));
        assertEquals("TopKSampling.probabilities: logit 0 is Infinity; allowed: finite numbers and -Infinity (a "
                + "masked token)", refusal(() -> TopKSampling.probabilities(new float[] {Float.POSITIVE_INFINITY}, 1)));
        assertEquals("TopKSampling.sample: all 2 logits are -Infinity (masked); at least one must be finite",
                refusal(() -> TopKSampling.sample(new float[] {NEG_INF, NEG_INF}, tokens, 1, random)));
        assertEquals("TopKSampling.sample: no candidates; give the k >= 1 best logits",
                refusal(() -> TopKSampling.sample(new float[0], new long[0], 1, random)));
        assertEquals("TopKSampling.sample: the values are null",
                refusal(() -> TopKSampling.sample(null, tokens, 1, random)));
        assertEquals("TopKSampling.sample: the tokens are null",
                refusal(() -> TopKSampling.sample(values, null, 1, random)));
        assertEquals("TopKSampling.sample: the generator is null",
                refusal(() -> TopKSampling.sample(values, tokens, 1, null)));
    }

    private static long[] draws(float[] values, long[] tokens, double temperature, RandomGenerator random, int n) {
        long[] drawn = new long[n];
        for (int i = 0; i < n; i++) {
            drawn[i] = TopKSampling.sample(values, tokens, temperature, random);
        }
        return drawn;
    }

    private static String refusal(org.junit.jupiter.api.function.Executable call) {
        return assertThrows(ArgOnnxException.class, call).getMessage();
    }

    private static RandomGenerator fixed(double value) {
        return new CountingGenerator(value);
    }

    /** A generator whose every double is the one given, counting the calls. */
    private static final class CountingGenerator implements RandomGenerator {

        private final double value;
        private int calls;

        CountingGenerator(double value) {
            this.value = value;
        }

        @Override
        public double nextDouble() {
            calls++;
            return value;
        }

        @Override
        public long nextLong() {
            throw new AssertionError("the sampler takes doubles");
        }
    }
}
