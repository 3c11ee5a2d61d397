package io.github.argonnx.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.internal.runtime.Faces;
import io.github.argonnx.internal.runtime.ReductionPlan;
import io.github.argonnx.internal.runtime.TaskCount;
import io.github.argonnx.internal.runtime.Workers;
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

    /** The tasks {@link TaskCount} decides on for what a parallelism hands generated code. */
    private static int tasksFor(Parallelism parallelism, ReductionPlan plan, int elementBytes, boolean simdLoops) {
        return TaskCount.tasksFor(Faces.of(Parallelism.class, Workers.class).state(parallelism), plan, elementBytes,
                simdLoops);
    }

    private static ReductionPlan slice(long elements) {
        return new ReductionPlan(1, Math.toIntExact(elements), 1);
    }

    @Test
    void smallInputsRunOnTheCallingThread() {
        for (int elements : new int[] {1, 10, 1000, 32_000, 1 << 17}) {
            assertEquals(1, tasksFor(FOUR, slice(elements), 8, false), elements + " elements");
            assertEquals(1, tasksFor(FOUR, slice(elements), 4, true), elements + " elements");
        }
        // The small-tensor suite's outer axis and rows, with SIMD loops.
        assertEquals(1, tasksFor(FOUR, new ReductionPlan(1, 8, 8), 8, true));
        assertEquals(1, tasksFor(FOUR, new ReductionPlan(32, 1000, 1), 4, true));
        assertEquals(1, tasksFor(FOUR, new ReductionPlan(1, 1 << 10, 1 << 10), 4, true), "4 MiB with the outer-axis SIMD loops");
    }

    @Test
    void simdLoopsSplitOnlyAtTwiceTheirMinimumBytesPerTask() {
        long min = Parallelism.DEFAULT_MIN_BYTES_PER_TASK_SIMD;
        assertEquals(1, tasksFor(TWO, slice(2 * min - 1), 1, true));
        assertEquals(2, tasksFor(TWO, slice(2 * min), 1, true));
        // uint8, one 16 Mi-element slice or [4096, 4096] axis 0: 16 MiB, two tasks' worth; half of it, one.
        assertEquals(2, tasksFor(FOUR, slice(16 * MIB), 1, true));
        assertEquals(2, tasksFor(FOUR, new ReductionPlan(1, 4096, 4096), 1, true));
        assertEquals(1, tasksFor(FOUR, new ReductionPlan(1, 2048, 4096), 1, true));
        // float, 16 Mi elements: 64 MiB, eight tasks' worth, as many as the threads allow.
        assertEquals(2, tasksFor(TWO, slice(16 * MIB), 4, true));
        assertEquals(4, tasksFor(FOUR, slice(16 * MIB), 4, true));
        assertEquals(4, tasksFor(FOUR, new ReductionPlan(64, 256, 1024), 4, true));
        assertEquals(3, tasksFor(FOUR, slice(3 * min / 4), 4, true));
    }

    @Test
    void plainLoopsSplitSooner() {
        long min = Parallelism.DEFAULT_MIN_BYTES_PER_TASK_PLAIN;
        assertTrue(min < Parallelism.DEFAULT_MIN_BYTES_PER_TASK_SIMD);
        assertEquals(1, tasksFor(TWO, slice(2 * min - 1), 1, false));
        assertEquals(2, tasksFor(TWO, slice(2 * min), 1, false));
        // uint8, 16 Mi elements without SIMD: four tasks' worth, where the SIMD loops take two.
        assertEquals(2, tasksFor(TWO, slice(16 * MIB), 1, false));
        assertEquals(4, tasksFor(FOUR, slice(16 * MIB), 1, false));
        assertEquals(2, tasksFor(FOUR, slice(16 * MIB), 1, true));
        // The same element count splits sooner for wider elements.
        assertEquals(1, tasksFor(TWO, slice(min / 2), 2, false));
        assertEquals(2, tasksFor(TWO, slice(min / 2), 8, false));
    }

    @Test
    void bytesCountWholeInputWhateverTheLayout() {
        // [4096, 4096] rows and outer axis read the same bytes as one slice of 16 Mi.
        assertEquals(tasksFor(TWO, slice(16 * MIB), 4, false), tasksFor(TWO, new ReductionPlan(4096, 4096, 1), 4, false));
        // With SIMD loops too.
        assertEquals(tasksFor(FOUR, slice(16 * MIB), 1, true), tasksFor(FOUR, new ReductionPlan(1, 4096, 4096), 1, true));
    }

    @Test
    void aFixedElementCountReplacesTheRuleByBytes() {
        Parallelism fixed = FOUR.withMinElementsPerTask(1000);
        assertEquals(1000, fixed.minElementsPerTask());
        assertEquals(1, tasksFor(fixed, slice(1999), 8, false));
        assertEquals(2, tasksFor(fixed, slice(2000), 1, true));
        assertEquals(3, tasksFor(fixed, slice(3999), 1, true));
        assertEquals(4, tasksFor(fixed, slice(1_000_000), 1, true));
        assertEquals(0, FOUR.minElementsPerTask(), "the default rule goes by bytes");
    }

    @Test
    void oneThreadNeverSplits() {
        ReductionPlan huge = slice(Integer.MAX_VALUE);
        assertEquals(1, tasksFor(Parallelism.singleThread(), huge, 8, false));
        assertEquals(1, tasksFor(Parallelism.using(UNUSED, 1), huge, 8, false));
        assertEquals(1, tasksFor(Parallelism.singleThread().withMinElementsPerTask(1), huge, 8, false));
    }

    @Test
    void saysWhichRuleDecides() {
        assertTrue(TWO.toString().contains("split by bytes and loop"), TWO.toString());
        assertTrue(TWO.withMinElementsPerTask(7).toString().contains("min 7 elements per task"));
    }
}
