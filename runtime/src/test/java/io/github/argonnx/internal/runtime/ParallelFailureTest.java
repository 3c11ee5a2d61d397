package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.Parallelism;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Executors that refuse, drop or fail work, and calls made on an executor's own thread: the call
 * either gives the single-threaded indices or throws an {@link ArgOnnxException} naming the cause,
 * and never writes into the caller's output after it has thrown, nor waits forever.
 *
 * <p>The timeouts below only guard against a hang; no assertion depends on how long anything takes.
 */
class ParallelFailureTest {

    private static final Duration HANG_GUARD = Duration.ofSeconds(60);

    /** Four slices of 10 elements, each with its maximum at a different index. */
    private static final ReductionPlan PLAN = new ReductionPlan(4, 10, 1);

    private static float[] data() {
        float[] data = new float[40];
        for (int o = 0; o < 4; o++) {
            data[o * 10 + o + 1] = 1;
        }
        return data;
    }

    private static final long[] EXPECTED = {1, 2, 3, 4};

    private static void reduce(Parallelism parallelism, ParallelReduction.ColumnKernel<float[]> kernel, long[] out) {
        ParallelReduction.reduce("ArgMax-13", ParallelReductionTest.workers(parallelism.withMinElementsPerTask(1)), kernel, data(), 0, PLAN, false,
                out, 0);
    }

    @Test
    void aRejectedTaskFailsTheCallOnlyOnceNoTaskCanWriteAnyMore() throws Exception {
        AtomicReference<Thread> callerRef = new AtomicReference<>();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch workerDone = new CountDownLatch(1);
        // Accepts the first task on a thread of its own, refuses every other one.
        AtomicInteger accepted = new AtomicInteger();
        Executor firstOnly = task -> {
            if (accepted.getAndIncrement() > 0) {
                throw new RejectedExecutionException("queue full");
            }
            Thread worker = new Thread(() -> {
                try {
                    task.run();
                } finally {
                    workerDone.countDown();
                }
            });
            worker.setDaemon(true);
            worker.start();
        };
        ParallelReduction.ColumnKernel<float[]> slowOnWorkers = (d, offset, plan, from, to, last, out, outOffset) -> {
            if (Thread.currentThread() != callerRef.get()) {
                awaitQuietly(release);
            }
            Arrays.fill(out, outOffset, outOffset + plan.outputSize(), 99);
        };
        // Lets the worker go on once the caller waits (for the worker inside the call, or below it).
        Thread watcher = new Thread(() -> {
            Thread caller = callerRef.get();
            while (caller.getState() != Thread.State.WAITING && caller.getState() != Thread.State.TIMED_WAITING) {
                Thread.onSpinWait();
            }
            release.countDown();
        });
        watcher.setDaemon(true);
        long[] out = new long[4];
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            callerRef.set(Thread.currentThread());
            watcher.start();
            ArgOnnxException e = assertThrows(ArgOnnxException.class,
                    () -> reduce(Parallelism.using(firstOnly, 4), slowOnWorkers, out));
            long[] atThrow = out.clone();
            release.countDown();
            workerDone.await();
            assertArrayEquals(atThrow, out, "the output changed after the call threw");
            assertTrue(e.getMessage().startsWith("ArgMax-13: "), e.getMessage());
            assertTrue(e.getMessage().contains("queue full"), e.getMessage());
            assertTrue(e.getCause() instanceof RejectedExecutionException, String.valueOf(e.getCause()));
        });
    }

    @Test
    void aBoundedThreadPoolThatRejectsGivesAnArgOnnxException() throws Exception {
        ThreadPoolExecutor bounded = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(1));
        CountDownLatch busy = new CountDownLatch(1);
        CountDownLatch blocker = new CountDownLatch(1);
        try {
            bounded.execute(() -> {
                busy.countDown();
                awaitQuietly(blocker);
            });
            busy.await();
            // The pool's thread is busy and its queue holds one task: of three tasks, two are refused.
            long[] out = new long[4];
            assertTimeoutPreemptively(HANG_GUARD, () -> {
                ArgOnnxException e = assertThrows(ArgOnnxException.class,
                        () -> reduce(Parallelism.using(bounded, 4), ParallelReductionTest::argMaxFloat, out));
                assertTrue(e.getCause() instanceof RejectedExecutionException, String.valueOf(e.getCause()));
            });
            blocker.countDown();
            bounded.shutdown();
            assertTrue(bounded.awaitTermination(60, TimeUnit.SECONDS));
            assertArrayEquals(new long[4], out, "a task left in the queue wrote after the call threw");
        } finally {
            blocker.countDown();
            bounded.shutdownNow();
        }
    }

    @Test
    void anExecutorThatThrowsGivesAnArgOnnxExceptionNamingTheCause() {
        IllegalStateException cause = new IllegalStateException("executor is closed");
        Executor throwing = task -> {
            throw cause;
        };
        long[] out = new long[4];
        ArgOnnxException e = assertThrows(ArgOnnxException.class,
                () -> reduce(Parallelism.using(throwing, 4), ParallelReductionTest::argMaxFloat, out));
        assertSame(cause, e.getCause());
        assertTrue(e.getMessage().startsWith("ArgMax-13: "), e.getMessage());
        assertTrue(e.getMessage().contains("IllegalStateException: executor is closed"), e.getMessage());
        assertArrayEquals(new long[4], out, "nothing runs once a task is refused");
    }

    @Test
    void anExecutorThatDropsTasksDoesNotHangTheCall() {
        Executor dropping = task -> { };
        long[] out = new long[4];
        assertTimeoutPreemptively(HANG_GUARD,
                () -> reduce(Parallelism.using(dropping, 4), ParallelReductionTest::argMaxFloat, out));
        assertArrayEquals(EXPECTED, out);
    }

    @Test
    void aCallOnTheOnlyThreadOfItsOwnExecutorRunsInline() throws Exception {
        ExecutorService single = Executors.newSingleThreadExecutor();
        try {
            long[] out = new long[4];
            assertTimeoutPreemptively(HANG_GUARD, () -> single.submit(
                    () -> reduce(Parallelism.using(single, 4), ParallelReductionTest::argMaxFloat, out)).get());
            assertArrayEquals(EXPECTED, out);
        } finally {
            single.shutdownNow();
        }
    }

    @Test
    void aFailedTaskCancelsTheTasksNotYetStarted() {
        List<Runnable> held = new ArrayList<>();
        Executor holding = held::add;
        AtomicInteger kernelCalls = new AtomicInteger();
        ParallelReduction.ColumnKernel<float[]> failsFirst = (d, offset, plan, from, to, last, out, outOffset) -> {
            kernelCalls.incrementAndGet();
            if (offset == 0) {
                throw new IllegalStateException("slice 0 failed");
            }
            Arrays.fill(out, outOffset, outOffset + plan.outputSize(), 99);
        };
        long[] out = new long[4];
        ArgOnnxException e = assertThrows(ArgOnnxException.class,
                () -> reduce(Parallelism.using(holding, 4), failsFirst, out));
        assertTrue(e.getMessage().contains("slice 0 failed"), e.getMessage());
        assertEquals(3, held.size());
        held.forEach(Runnable::run); // the executor gets round to the tasks after the call has thrown
        assertEquals(1, kernelCalls.get(), "tasks after the failed one still ran");
        assertArrayEquals(new long[4], out);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
