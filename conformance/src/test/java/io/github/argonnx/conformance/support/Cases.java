package io.github.argonnx.conformance.support;

import io.github.argonnx.ArgReductionOperator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/** Runs one case through the library and compares it with an expected answer, exactly. */
public final class Cases {

    private Cases() {}

    /** The version of ArgMax/ArgMin in force for a model's ai.onnx opset import. */
    public static int versionInForce(int opset) {
        if (opset >= 13) {
            return 13;
        }
        return opset >= 11 ? opset : 1;
    }

    /** Seed from a system property ({@code random} picks one), else the default; always printed. */
    public static long seed(String property, long defaultSeed, String who) {
        String s = System.getProperty(property);
        long seed;
        if (s == null || s.isBlank()) {
            seed = defaultSeed;
        } else if (s.equals("random")) {
            seed = new SplittableRandom().nextLong();
        } else {
            seed = Long.decode(s);
        }
        System.out.println(who + ": seed " + seed + " (rerun with -D" + property + "=" + seed + ")");
        return seed;
    }

    /** An integer system property, for case counts. */
    public static int intProperty(String property, int defaultValue) {
        return Integer.getInteger(property, defaultValue);
    }

    /**
     * Runs the library on {@code x} in the given forms and returns a description of the failure,
     * or {@code null} when indices and shape equal {@code expected} exactly.
     */
    public static String check(ArgReductionOperator op, TensorValue x, Api.InputForm in, Api.OutputForm out,
            SplittableRandom random, Reference.Result expected) {
        Api.Input input = null;
        try {
            input = Api.input(x, in, random);
            Reference.Result actual = Api.run(op, input, out, random);
            if (Arrays.equals(actual.indices(), expected.indices()) && Arrays.equals(actual.shape(), expected.shape())) {
                return null;
            }
            return "input " + input + ", output " + out + ": expected " + expected + " but got " + actual;
        } catch (RuntimeException | AssertionError e) {
            return "input " + (input == null ? in : input) + ", output " + out + ": expected " + expected
                    + " but the call failed: " + e;
        }
    }

    /** Collects failures and fails once with the first few, so one run shows the pattern. */
    public static final class Failures {
        private final String header;
        private final List<String> items = new ArrayList<>();
        private int count;

        public Failures(String header) {
            this.header = header;
        }

        public void add(String failure) {
            count++;
            if (items.size() < 15) {
                items.add(failure);
            }
        }

        public int count() {
            return count;
        }

        public void assertNone(long cases) {
            if (count > 0) {
                throw new AssertionError(header + ": " + count + " of " + cases + " cases failed; first ones:\n\n"
                        + String.join("\n\n", items));
            }
        }
    }
}
