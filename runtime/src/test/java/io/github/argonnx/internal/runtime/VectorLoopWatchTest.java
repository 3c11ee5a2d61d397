package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The watch on a SIMD entry turns it off only after a run of large calls that allocated in proportion
 * to their input, as a loop compiled with boxed vectors does, and never for the allocating calls a
 * loop makes before the JIT has compiled it.
 */
class VectorLoopWatchTest {

    private static final long LARGE = 1 << 24;

    private final RecordingLogger log = new RecordingLogger();
    /** What the "thread" has allocated so far; each simulated call adds to it. */
    private long allocated;
    /** The "clock": each simulated call takes a second. */
    private long now = 1;
    private final VectorLoopWatch watch = new VectorLoopWatch("ArgMaxFloatVectorLoops.reduceStrided", () -> allocated,
            () -> now, log);

    /** One call over {@code elements} that allocates {@code bytes}. */
    private void call(long elements, long bytes) {
        long mark = watch.before(elements);
        allocated += bytes;
        now += 1_000_000_000L;
        watch.after(mark, elements);
    }

    /** Calls enough to end the warm-up, allocating nothing. */
    private void warmUp() {
        while (now < VectorLoopWatch.WARM_UP_NANOS) {
            call(LARGE, 0);
        }
    }

    @Test
    void aRunOfAllocatingLargeCallsTurnsTheEntryOffAndSaysSoOnce() {
        warmUp();
        for (int i = 0; i < VectorLoopWatch.STREAK - 1; i++) {
            call(LARGE, 90L << 20);
            assertFalse(watch.isOff(), "after " + (i + 1) + " calls");
        }
        call(LARGE, 90L << 20);
        assertTrue(watch.isOff());
        call(LARGE, 90L << 20);
        assertEquals(List.of("INFO ArgONNX: ArgMaxFloatVectorLoops.reduceStrided allocated " + 8 * (90L << 20)
                + " bytes in its last 8 calls over " + 8 * LARGE + " elements: the JIT compiled it with its vectors"
                + " as objects, slower than the plain loop, which runs there from now on"), log.records);
    }

    @Test
    void callsDuringTheWarmUpDoNotCountHoweverMany() {
        for (int i = 0; i < 9; i++) {
            call(LARGE, 400L << 20);
        }
        assertFalse(watch.isOff());
        call(LARGE, 400L << 20);
        assertFalse(watch.isOff(), "the first call to count is the tenth");
        for (int i = 0; i < VectorLoopWatch.STREAK - 1; i++) {
            call(LARGE, 400L << 20);
        }
        assertTrue(watch.isOff());
    }

    @Test
    void aRunBrokenByACallThatDoesNotAllocateStartsAgain() {
        warmUp();
        for (int round = 0; round < 100; round++) {
            for (int i = 0; i < VectorLoopWatch.STREAK - 1; i++) {
                call(LARGE, 400L << 20);
            }
            call(LARGE, 64 << 10);
        }
        assertFalse(watch.isOff());
        assertEquals(List.of(), log.records);
    }

    @Test
    void aLongRunOfSmallAllocatingCallsIsNeededBeforeTheEntryTurnsOff() {
        warmUp();
        long small = VectorLoopWatch.WATCHED_ELEMENTS;
        long calls = VectorLoopWatch.STREAK_ELEMENTS / small;
        for (long i = 1; i < calls; i++) {
            call(small, 1 << 20);
        }
        assertFalse(watch.isOff());
        call(small, 1 << 20);
        assertTrue(watch.isOff());
    }

    @Test
    void scratchArraysAndAllocationBelowHalfTheInputsSizeAreNotVectors() {
        warmUp();
        for (int i = 0; i < 1000; i++) {
            call(LARGE, VectorLoopWatch.ALLOCATING_BYTES);
            call(1L << 30, (1L << 30 >> VectorLoopWatch.BYTES_PER_ELEMENT_SHIFT) - 1);
        }
        assertFalse(watch.isOff());
    }

    @Test
    void callsBelowTheWatchedSizeAreNotMeasured() {
        for (int i = 0; i < 10_000; i++) {
            assertEquals(-1, watch.before(VectorLoopWatch.WATCHED_ELEMENTS - 1));
            call(VectorLoopWatch.WATCHED_ELEMENTS - 1, 1L << 30);
        }
        assertFalse(watch.isOff());
    }

    @Test
    void withoutAnAllocationCounterTheEntryStaysOn() {
        VectorLoopWatch blind = new VectorLoopWatch("x.y", null, () -> now, log);
        for (int i = 0; i < 100; i++) {
            blind.after(blind.before(LARGE), LARGE);
        }
        assertFalse(blind.isOff());
    }

    @Test
    void hotSpotCountsTheCallingThreadsAllocation() {
        VectorLoopWatch real = new VectorLoopWatch("x.y", VectorLoopWatch.THREAD_ALLOCATED, () -> now, log);
        warmUpOf(real);
        for (int i = 0; i < VectorLoopWatch.STREAK; i++) {
            long mark = real.before(VectorLoopWatch.STREAK_ELEMENTS);
            assertTrue(mark >= 0, "HotSpot counts a thread's allocation");
            byte[][] garbage = new byte[128][];
            for (int k = 0; k < garbage.length; k++) {
                garbage[k] = new byte[1 << 20];
            }
            real.after(mark, VectorLoopWatch.STREAK_ELEMENTS);
            assertEquals(1 << 20, garbage[127].length);
        }
        assertTrue(real.isOff());
    }

    private void warmUpOf(VectorLoopWatch w) {
        w.after(w.before(LARGE), LARGE);
        now += VectorLoopWatch.WARM_UP_NANOS;
    }
}
