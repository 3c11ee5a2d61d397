package io.github.argonnx.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/** Which inputs the default rule splits, and into how many tasks: by bytes, and by which loop runs. */
class ParallelismTest {

    /** Never runs anything: only the decision is under test. */
    private static final Executor UNUSED = task -> {
        throw new AssertionError("no task runs in a decision test");
    };

    private static final Parallelism TWO = Parallelism.using(UNUSED, 2);
    private static final Parallelism FOUR = Parallelism.using(UNUSED, 4);

    private static final int MIB = 1 << 20;

    private static ReductionPlan slice(long elements) {
        return new ReductionPlan(1, Math.toIntExact(elements), 1);
    }

    @Test
    void smallInputsRunOnTheCallingThread() {
        for (int elements : new int[] {1, 10, 1000, 32_000, 1 << 17}) {
            assertEquals(1, FOUR.tasksFor(slice(elements), 8, false), elements + " elements");
            assertEquals(1, FOUR.tasksFor(slice(elements), 4, true), elements + " elements");
        }
        // The small-tensor suite's outer axis and rows, with SIMD loops.
        assertEquals(1, FOUR.tasksFor(new ReductionPlan(1, 8, 8), 8, true));
        assertEquals(1, FOUR.tasksFor(new ReductionPlan(32, 1000, 1), 4, true));
        assertEquals(1, FOUR.tasksFor(new ReductionPlan(1, 1 << 10, 1 << 10), 4, true), "4 MiB with the outer-axis SIMD loops");
    }

    @Test
    void simdLoopsSplitOnlyAtTwiceTheirMinimumBytesPerTask() {
        long min = Parallelism.DEFAULT_MIN_BYTES_PER_TASK_SIMD;
        // uint8, one 16 Mi-element slice: 16 MiB, one task's worth, so the contiguous SIMD loop keeps it whole.
        assertEquals(1, TWO.tasksFor(slice(16 * MIB), 1, true));
        assertEquals(1, TWO.tasksFor(slice(2 * min - 1), 1, true));
        assertEquals(2, TWO.tasksFor(slice(2 * min), 1, true));
        // float, 16 Mi elements: 64 MiB, four tasks' worth, as many as the threads allow.
        assertEquals(2, TWO.tasksFor(slice(16 * MIB), 4, true));
        assertEquals(4, FOUR.tasksFor(slice(16 * MIB), 4, true));
        assertEquals(3, FOUR.tasksFor(slice(3 * min / 4), 4, true));
    }

    @Test
    void outerAxisSimdLoopsSplitSoonerThanContiguousOnes() {
        long min = Parallelism.DEFAULT_MIN_BYTES_PER_TASK_SIMD_OUTER_AXIS;
        assertTrue(min < Parallelism.DEFAULT_MIN_BYTES_PER_TASK_SIMD);
        // uint8 [4096, 4096] axis 0 (16 MiB) splits in two with SIMD loops, where the uint8 slice of the
        // same size stays on one thread...
        assertEquals(2, FOUR.tasksFor(new ReductionPlan(1, 4096, 4096), 1, true));
        assertEquals(1, FOUR.tasksFor(slice(16 * MIB), 1, true));
        // ...and half of it does not.
        assertEquals(1, FOUR.tasksFor(new ReductionPlan(1, 2048, 4096), 1, true));
        // float16 (32 MiB) takes four tasks where there are four threads, float (64 MiB) too.
        assertEquals(4, FOUR.tasksFor(new ReductionPlan(1, 4096, 4096), 2, true));
        assertEquals(4, FOUR.tasksFor(new ReductionPlan(64, 256, 1024), 4, true));
        assertEquals(2, TWO.tasksFor(new ReductionPlan(1, 4096, 4096), 4, true));
    }

    @Test
    void plainLoopsSplitSooner() {
        long min = Parallelism.DEFAULT_MIN_BYTES_PER_TASK_PLAIN;
        assertTrue(min < Parallelism.DEFAULT_MIN_BYTES_PER_TASK_SIMD);
        assertEquals(1, TWO.tasksFor(slice(2 * min - 1), 1, false));
        assertEquals(2, TWO.tasksFor(slice(2 * min), 1, false));
        // uint8, 16 Mi elements without SIMD: split, where the contiguous SIMD loop is not.
        assertEquals(2, TWO.tasksFor(slice(16 * MIB), 1, false));
        assertEquals(4, FOUR.tasksFor(slice(16 * MIB), 1, false));
        // The same element count splits sooner for wider elements.
        assertEquals(1, TWO.tasksFor(slice(min / 2), 2, false));
        assertEquals(2, TWO.tasksFor(slice(min / 2), 8, false));
    }

    @Test
    void bytesCountWholeInputWhateverTheLayout() {
        // [4096, 4096] rows and outer axis read the same bytes as one slice of 16 Mi.
        assertEquals(TWO.tasksFor(slice(16 * MIB), 4, false), TWO.tasksFor(new ReductionPlan(4096, 4096, 1), 4, false));
        // With SIMD loops the layout chooses the minimum, but float [4096, 4096] (64 MiB) splits either way.
        assertEquals(TWO.tasksFor(slice(16 * MIB), 4, true), TWO.tasksFor(new ReductionPlan(1, 4096, 4096), 4, true));
    }

    @Test
    void aFixedElementCountReplacesTheRuleByBytes() {
        Parallelism fixed = FOUR.withMinElementsPerTask(1000);
        assertEquals(1000, fixed.minElementsPerTask());
        assertEquals(1, fixed.tasksFor(slice(1999), 8, false));
        assertEquals(2, fixed.tasksFor(slice(2000), 1, true));
        assertEquals(3, fixed.tasksFor(slice(3999), 1, true));
        assertEquals(4, fixed.tasksFor(slice(1_000_000), 1, true));
        assertEquals(0, FOUR.minElementsPerTask(), "the default rule goes by bytes");
    }

    @Test
    void oneThreadNeverSplits() {
        ReductionPlan huge = slice(Integer.MAX_VALUE);
        assertEquals(1, Parallelism.singleThread().tasksFor(huge, 8, false));
        assertEquals(1, Parallelism.using(UNUSED, 1).tasksFor(huge, 8, false));
        assertEquals(1, Parallelism.singleThread().withMinElementsPerTask(1).tasksFor(huge, 8, false));
    }

    @Test
    void saysWhichRuleDecides() {
        assertTrue(TWO.toString().contains("split by bytes and loop"), TWO.toString());
        assertTrue(TWO.withMinElementsPerTask(7).toString().contains("min 7 elements per task"));
    }
}
