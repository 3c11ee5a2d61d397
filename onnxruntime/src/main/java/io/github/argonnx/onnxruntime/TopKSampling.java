package io.github.argonnx.onnxruntime;

import io.github.argonnx.runtime.ArgOnnxException;
import java.util.random.RandomGenerator;

/**
 * The token of a decoding step, drawn among the k best logits: with probability softmax(value / temperature)
 * over the k, from the caller's generator.
 *
 * <p>The candidates are what the array form of {@code TopK.apply(scores, k, values, tokens)} writes: the k
 * best logits and their token ids, here read in place from a pinned {@code [1, vocab]} output viewed with
 * {@link OrtTensors#view}:
 *
 * <pre>{@code
 * Tensor scores = OrtTensors.view(logits);   // once: every run's logits, in place
 * float[] values = new float[40];
 * long[] tokens = new long[40];
 * // for each step: session.run(inputs, Map.of("logits", logits)), then
 * TopK.latest().apply(scores, 40, values, tokens);   // the 40 best, best first
 * long next = TopKSampling.sample(values, tokens, 0.8, random);
 * }</pre>
 *
 * <p>A draw takes exactly one {@code nextDouble()} of the generator, so a seeded generator
 * ({@code new SplittableRandom(seed)}, {@code new Random(seed)}) gives the same tokens every run. The greedy
 * choice needs no draw: it is {@code tokens[0]}. Stateless and thread-safe; a generator shared by threads
 * must be one that allows it.
 */
public final class TopKSampling {

    private TopKSampling() {}

    /**
     * One of the candidates' tokens, each drawn with its probability from {@link #probabilities}: a candidate
     * whose logit is {@code -Infinity} (masked) is never drawn.
     *
     * @param values the candidates' logits, in any order
     * @param tokens the candidates' token ids, {@code tokens[i]} the id of {@code values[i]}; as many as values
     * @param temperature what the logits are divided by before the softmax, a finite number above 0: below 1
     *     it favours the best candidates, above 1 it evens them out
     * @param random the generator; exactly one {@code nextDouble()} is taken from it
     * @return the drawn token id, one of {@code tokens}
     * @throws ArgOnnxException if an argument is null, the arrays are empty or of different lengths, the
     *     temperature is not a finite number above 0, a logit is NaN or {@code +Infinity}, or every logit is
     *     {@code -Infinity}
     */
    public static long sample(float[] values, long[] tokens, double temperature, RandomGenerator random) {
        String call = "TopKSampling.sample";
        if (tokens == null || random == null) {
            throw new ArgOnnxException(call + ": the " + (tokens == null ? "tokens are" : "generator is") + " null");
        }
        double[] weights = weights(call, values, temperature);
        if (tokens.length != weights.length) {
            throw new ArgOnnxException(call + ": " + values.length + " values but " + tokens.length
                    + " tokens; give one token id per value");
        }
        double total = 0;
        for (double w : weights) {
            total += w;
        }
        double target = random.nextDouble() * total;
        double cumulative = 0;
        int drawn = 0;
        for (int i = 0; i < weights.length; i++) {
            if (weights[i] > 0) {
                drawn = i;
                cumulative += weights[i];
                if (target < cumulative) {
                    break;
                }
            }
        }
        // a target that rounding leaves at or past the sum falls to the last candidate that can be drawn
        return tokens[drawn];
    }

    /**
     * The probabilities {@link #sample} draws the candidates with: softmax(value / temperature), computed in
     * double from the largest logit down, so that large logits do not overflow.
     *
     * @param values the candidates' logits, in any order
     * @param temperature what the logits are divided by before the softmax, a finite number above 0
     * @return a new array, one probability per value, in the values' order; they sum to 1 up to rounding
     * @throws ArgOnnxException if the values are null or empty, the temperature is not a finite number above 0,
     *     a logit is NaN or {@code +Infinity}, or every logit is {@code -Infinity}
     */
    public static double[] probabilities(float[] values, double temperature) {
        double[] weights = weights("TopKSampling.probabilities", values, temperature);
        double total = 0;
        for (double w : weights) {
            total += w;
        }
        for (int i = 0; i < weights.length; i++) {
            weights[i] /= total;
        }
        return weights;
    }

    /** exp((value - max) / temperature) per value: the largest weighs 1, so the sum is at least 1. */
    private static double[] weights(String call, float[] values, double temperature) {
        if (values == null) {
            throw new ArgOnnxException(call + ": the values are null");
        }
        if (!(temperature > 0) || Double.isInfinite(temperature)) {
            throw new ArgOnnxException(call + ": temperature " + temperature + " is not allowed: a finite number "
                    + "above 0 (the greedy choice is the first of TopK's candidates)");
        }
        if (values.length == 0) {
            throw new ArgOnnxException(call + ": no candidates; give the k >= 1 best logits");
        }
        float max = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < values.length; i++) {
            float v = values[i];
            if (Float.isNaN(v) || v == Float.POSITIVE_INFINITY) {
                throw new ArgOnnxException(call + ": logit " + i + " is " + v + "; allowed: finite numbers and "
                        + "-Infinity (a masked token)");
            }
            max = Math.max(max, v);
        }
        if (max == Float.NEGATIVE_INFINITY) {
            throw new ArgOnnxException(call + ": all " + values.length + " logits are -Infinity (masked); at "
                    + "least one must be finite");
        }
        double[] weights = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            weights[i] = Math.exp(((double) values[i] - max) / temperature);
        }
        return weights;
    }
}
