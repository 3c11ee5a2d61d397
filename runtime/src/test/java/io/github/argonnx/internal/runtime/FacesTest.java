package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.argonnx.runtime.ArgAccumulator;
import io.github.argonnx.runtime.PartialSignature;
import org.junit.jupiter.api.Test;

class FacesTest {

    @Test
    void anApiTypeInstallsItsFaceOnFirstUse() {
        assertNotNull(Faces.of(PartialSignature.class, ReductionSignature.class));
        assertNotNull(Faces.of(ArgAccumulator.class, Accumulation.class));
    }

    @Test
    void noOtherFaceCanBeInstalled() {
        Faces.Face<ReductionSignature, PartialSignature> existing = Faces.of(PartialSignature.class, ReductionSignature.class);
        Faces.Face<ReductionSignature, PartialSignature> impostor = new Faces.Face<>() {
            @Override
            public PartialSignature wrap(ReductionSignature state) {
                return null;
            }

            @Override
            public ReductionSignature state(PartialSignature face) {
                return null;
            }
        };
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> Faces.install(PartialSignature.class, ReductionSignature.class, impostor));
        assertEquals("Faces.install: io.github.argonnx.runtime.PartialSignature installs its own face, once",
                refused.getMessage());
        assertThrows(IllegalStateException.class,
                () -> Faces.install(PartialSignature.class, ReductionSignature.class, existing));
    }

    @Test
    void aFaceOverAnotherStateIsRefused() {
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> Faces.of(PartialSignature.class, Accumulation.class));
        assertEquals("io.github.argonnx.runtime.PartialSignature installs no face over "
                + "io.github.argonnx.internal.runtime.Accumulation", refused.getMessage());
    }

    @Test
    void generatedCodeFeedsAnAccumulatorThroughItsFace() {
        ValidatedCall call = new ValidatedCall(new long[] {3, 2}, 0, true, false);
        PartialSignature signature = Faces.of(PartialSignature.class, ReductionSignature.class)
                .wrap(new ReductionSignature("ArgMax", 13, true, Int64Keys.INSTANCE, call));
        ArgAccumulator accumulator = new ArgAccumulator(signature);
        Accumulation state = Faces.of(ArgAccumulator.class, Accumulation.class).state(accumulator);
        state.add(2, 0, columnWinners(new long[][] {{5, 1}, {7, 0}}));
        state.add(1, 2, columnWinners(new long[][] {{6, 9}}));
        assertArrayEquals(new long[] {1, 2}, accumulator.finish().indices());
        assertArrayEquals(new long[] {1, 2}, accumulator.finish().shape());
    }

    /** The first largest row of each column, as a kernel over axis 0 finds it. */
    private static ChunkWinners columnWinners(long[][] rows) {
        return (localIndices, orderKeys) -> {
            for (int c = 0; c < rows[0].length; c++) {
                int best = 0;
                for (int r = 1; r < rows.length; r++) {
                    best = rows[r][c] > rows[best][c] ? r : best;
                }
                localIndices[c] = best;
                orderKeys[c] = rows[best][c];
            }
        };
    }
}
