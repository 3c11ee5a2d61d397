package io.github.argonnx.generator.model;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which of two values each extremum prefers: what the generated docs' worked examples are computed with. */
class ExtremumTest {

    @Test
    void largestPrefersTheLargerValueOnly() {
        assertTrue(Extremum.LARGEST.prefers(10, 3));
        assertFalse(Extremum.LARGEST.prefers(3, 10));
        assertFalse(Extremum.LARGEST.prefers(2, 2), "a tie is not preferred: ties go to an index rule");
    }

    @Test
    void smallestPrefersTheSmallerValueOnly() {
        assertTrue(Extremum.SMALLEST.prefers(1, 2));
        assertFalse(Extremum.SMALLEST.prefers(2, 1));
        assertFalse(Extremum.SMALLEST.prefers(2, 2));
    }
}
