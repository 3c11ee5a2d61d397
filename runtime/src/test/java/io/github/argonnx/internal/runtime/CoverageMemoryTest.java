package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgAccumulator;
import io.github.argonnx.runtime.PartialSignature;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What an accumulator retains for the gaps chunks leave open: one range each, 16 bytes (docs/partials.md,
 * "Memory"), in whatever order the chunks come. Counted in ranges the coverage's arrays have room for.
 */
class CoverageMemoryTest {

    private static final int CHUNKS = 100_000;

    /** One-element chunks at every second position of an axis of {@code 2 * CHUNKS}, fed as generated code feeds them. */
    private static Accumulation accumulate(long[] positions) {
        ValidatedCall call = new ValidatedCall(new long[] {2L * CHUNKS}, 0, false, false);
        PartialSignature signature = Faces.of(PartialSignature.class, ReductionSignature.class)
                .wrap(new ReductionSignature("ArgMax", 13, true, Int64Keys.INSTANCE, call));
        ArgAccumulator accumulator = new ArgAccumulator(signature);
        Accumulation state = Faces.of(ArgAccumulator.class, Accumulation.class).state(accumulator);
        for (long position : positions) {
            state.add(1, position, (localIndices, orderKeys) -> {
                localIndices[0] = 0;
                orderKeys[0] = position;
            });
        }
        assertEquals("[0, 1), [2, 3), [4, 5), [6, 7), [8, 9), [10, 11), [12, 13), [14, 15), ... (" + CHUNKS
                + " ranges, " + CHUNKS + " positions in all; the first 8 shown)", accumulator.partial().toString()
                        .replaceAll(".*covered (.*)}$", "$1"));
        return state;
    }

    private static long[] everySecond(String order) {
        long[] positions = new long[CHUNKS];
        for (int k = 0; k < CHUNKS; k++) {
            positions[k] = 2L * (order.equals("descending") ? CHUNKS - 1 - k : k);
        }
        if (order.equals("shuffled")) {
            SplittableRandom random = new SplittableRandom(16);
            for (int k = CHUNKS - 1; k > 0; k--) {
                int j = random.nextInt(k + 1);
                long swap = positions[k];
                positions[k] = positions[j];
                positions[j] = swap;
            }
        }
        return positions;
    }

    @Test
    void chunksInOrderRetainAboutOneRangePerGap() {
        for (String order : new String[] {"ascending", "descending"}) {
            int retained = accumulate(everySecond(order)).retainedRanges();
            // full blocks, the last one growing: at most a block's growth step of room unused
            assertTrue(retained <= CHUNKS + 16, order + ": room for " + retained + " ranges, " + CHUNKS + " held");
        }
    }

    @Test
    void chunksInAnyOrderRetainAtMostAnEighthMoreThanTheirRanges() {
        int retained = accumulate(everySecond("shuffled")).retainedRanges();
        // halves of split blocks grow by a sixteenth of a block at a time
        assertTrue(retained <= CHUNKS + CHUNKS / 8, "shuffled: room for " + retained + " ranges, " + CHUNKS + " held");
    }
}
