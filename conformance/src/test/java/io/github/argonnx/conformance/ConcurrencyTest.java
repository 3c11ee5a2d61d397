package io.github.argonnx.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.conformance.support.Api;
import io.github.argonnx.conformance.support.Cases;
import io.github.argonnx.conformance.support.ConformanceReport;
import io.github.argonnx.conformance.support.ElementType;
import io.github.argonnx.conformance.support.Gen;
import io.github.argonnx.conformance.support.Reference;
import io.github.argonnx.conformance.support.TensorValue;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Operators and tensors are shared between threads: many threads call the same operator
 * instances, on different inputs and all on the same input at once, in every input and output
 * form, and must get exactly what one thread gets (which in turn must equal the reference).
 */
class ConcurrencyTest {

    private static final int THREADS = 8;

    /** One shared operator, one shared input, and the answer. */
    private record Shared(String label, ArgReductionOperator op, Api.Input input, Reference.Result expected) {}

    private static ExecutorService pool;
    private static List<Shared> cases;

    @BeforeAll
    static void build() {
        pool = Executors.newFixedThreadPool(THREADS);
        long seed = Cases.seed("argonnx.conformance.seed", 0xC0C0L, "concurrency");
        Gen gen = new Gen(seed);
        SplittableRandom forms = new SplittableRandom(seed);
        cases = new ArrayList<>();
        for (int i = 0; i < 96; i++) {
            ElementType type = ElementType.values()[i % ElementType.values().length];
            int version = type.firstVersion() == 13 ? 13 : gen.pick(List.of(1, 11, 12, 13));
            String opType = i % 2 == 0 ? "ArgMax" : "ArgMin";
            // Every eighth input is large enough that calls on it overlap in time.
            long[] shape = i % 8 == 0 ? new long[] {64, 128} : gen.shape(gen.nextInt(1, 4), 7, false);
            int rank = shape.length;
            int axis = gen.nextInt(-rank, rank - 1);
            int keepdims = gen.nextInt(0, 1);
            int last = version >= 12 ? gen.nextInt(0, 1) : 0;
            TensorValue x = gen.tieHeavy(type, shape, true);
            ArgReductionOperator op = Api.version(opType, version).axis(axis).keepdims(keepdims);
            if (version >= 12) {
                op = op.selectLastIndex(last);
            }
            Api.Input input = Api.input(x, Api.InputForm.values()[i % 4], forms);
            Reference.Result expected = Reference.arg(opType.equals("ArgMax"), x, axis, keepdims == 1, last == 1);
            cases.add(new Shared(opType + "-" + version + " axis=" + axis + " keepdims=" + keepdims + " last=" + last
                    + " " + input + " " + x, op, input, expected));
        }
    }

    @AfterAll
    static void stop() throws InterruptedException {
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(1, TimeUnit.MINUTES));
    }

    @Test
    void single_threaded_results_equal_the_reference() {
        SplittableRandom random = new SplittableRandom(1);
        for (Shared c : cases) {
            for (Api.OutputForm out : Api.OutputForm.values()) {
                Reference.Result r = Api.run(c.op(), c.input(), out, random);
                assertArrayEquals(c.expected().indices(), r.indices(), c.label());
                assertArrayEquals(c.expected().shape(), r.shape(), c.label());
            }
        }
    }

    @Test
    void threads_on_different_inputs_with_shared_operators() throws Exception {
        List<Callable<Integer>> tasks = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int threadIndex = t;
            tasks.add(() -> {
                SplittableRandom random = new SplittableRandom(threadIndex);
                int calls = 0;
                for (int round = 0; round < 6; round++) {
                    // Each thread walks the cases from a different start, so neighbours differ.
                    for (int k = 0; k < cases.size(); k++) {
                        Shared c = cases.get((k + threadIndex * 13) % cases.size());
                        Api.OutputForm out = Api.OutputForm.any(random);
                        Reference.Result r = Api.run(c.op(), c.input(), out, random);
                        assertArrayEquals(c.expected().indices(), r.indices(), c.label());
                        assertArrayEquals(c.expected().shape(), r.shape(), c.label());
                        calls++;
                    }
                }
                return calls;
            });
        }
        int calls = runAll(tasks);
        assertEquals(THREADS * 6 * cases.size(), calls);
        ConformanceReport.note("concurrent calls checked (8 threads, shared operators, different inputs)", calls);
    }

    @Test
    void threads_on_the_same_input_at_the_same_time() throws Exception {
        CyclicBarrier start = new CyclicBarrier(THREADS);
        List<Callable<Integer>> tasks = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int threadIndex = t;
            tasks.add(() -> {
                SplittableRandom random = new SplittableRandom(100 + threadIndex);
                int calls = 0;
                for (Shared c : cases) {
                    start.await(1, TimeUnit.MINUTES); // all threads enter the same case together
                    for (int repeat = 0; repeat < 3; repeat++) {
                        Api.OutputForm out = Api.OutputForm.inTurn(threadIndex + repeat);
                        Reference.Result r = Api.run(c.op(), c.input(), out, random);
                        assertArrayEquals(c.expected().indices(), r.indices(), c.label());
                        assertArrayEquals(c.expected().shape(), r.shape(), c.label());
                        calls++;
                    }
                }
                return calls;
            });
        }
        int calls = runAll(tasks);
        assertEquals(THREADS * 3 * cases.size(), calls);
        ConformanceReport.note("concurrent calls checked (8 threads, same operator and same input at once)", calls);
    }

    /**
     * Runs the tasks and sums their call counts. A wrong answer in any thread fails the test with
     * that thread's assertion (not with the broken barrier it leaves behind); a hang fails it too.
     */
    private static int runAll(List<Callable<Integer>> tasks) throws Exception {
        List<Future<Integer>> futures = new ArrayList<>();
        for (Callable<Integer> task : tasks) {
            futures.add(pool.submit(task));
        }
        int total = 0;
        Throwable firstFailure = null;
        for (Future<Integer> f : futures) {
            try {
                total += f.get(3, TimeUnit.MINUTES);
            } catch (ExecutionException e) {
                if (firstFailure == null || !(firstFailure instanceof AssertionError)) {
                    firstFailure = e.getCause();
                }
            }
        }
        if (firstFailure != null) {
            throw new AssertionError("a thread failed: " + firstFailure, firstFailure);
        }
        return total;
    }
}
