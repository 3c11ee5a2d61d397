package io.github.argonnx.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnxruntime.OrtException;
import io.github.argonnx.conformance.support.Cases;
import io.github.argonnx.conformance.support.ElementType;
import io.github.argonnx.conformance.support.Gen;
import io.github.argonnx.conformance.support.NodeTest;
import io.github.argonnx.conformance.support.Paths;
import io.github.argonnx.conformance.support.TensorValue;
import io.github.argonnx.conformance.support.TopKOrtOracle;
import io.github.argonnx.conformance.support.TopKReference;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * {@link TopKReference} against ONNX Runtime 1.22's CPU TopK, on NaN-free data full of ties, ±0,
 * ±inf, subnormals and the types' extremes: opsets 1, 10, 11 and 22 (ONNX Runtime 1.22 loads no
 * opset above 22; TopK-11 is in force at 22), the types it runs at each, rank 1-4, every axis
 * (negative ones too), largest and sorted 0/1 or unset, k from 0 to the axis length. Every model
 * gets one session, fed 4 inputs of random shapes.
 *
 * <p>Where the two disagree, ONNX Runtime is the one that departs from the ONNX semantics, and the
 * tests below name the cases: it orders NaN like no number at all, and with {@code sorted = 0} it
 * returns the selection in an order of its own.
 */
class TopKOnnxRuntimeDifferentialTest {

    /**
     * The element types ONNX Runtime 1.22's CPU provider runs TopK for, per opset. It refuses
     * uint8, int8, uint16, int16, uint32 and uint64 ("Could not find an implementation") although
     * TopK-11 allows them, float16 at opset 1 (TopK-1 allows it), and every model with an opset
     * above 22, so TopK-24 and bfloat16 cannot run at all.
     */
    static final Map<Integer, Set<ElementType>> ORT_TYPES = Map.of(
            1, EnumSet.of(ElementType.FLOAT, ElementType.DOUBLE),
            10, EnumSet.of(ElementType.FLOAT, ElementType.DOUBLE, ElementType.FLOAT16),
            11, EnumSet.of(ElementType.FLOAT, ElementType.DOUBLE, ElementType.FLOAT16, ElementType.INT32,
                    ElementType.INT64),
            22, EnumSet.of(ElementType.FLOAT, ElementType.DOUBLE, ElementType.FLOAT16, ElementType.INT32,
                    ElementType.INT64),
            24, EnumSet.noneOf(ElementType.class));

    /** Largest dimension per rank off the axis, and along it, so inputs stay at a few hundred elements. */
    private static final int[] MAX_DIM = {0, 1, 6, 4, 3};
    private static final int MAX_AXIS = 40;

    @Test
    void onnx_runtime_runs_topk_for_exactly_these_types() {
        Map<Integer, Set<ElementType>> runs = new TreeMap<>();
        try (TopKOrtOracle ort = new TopKOrtOracle()) {
            for (int opset : ORT_TYPES.keySet()) {
                Set<ElementType> types = EnumSet.noneOf(ElementType.class);
                for (ElementType type : ElementType.values()) {
                    TopKOrtOracle.ModelKey key = new TopKOrtOracle.ModelKey(opset, type, 2, opset < 10 ? 1L : null,
                            null, null, null);
                    try {
                        ort.session(key);
                        types.add(type);
                    } catch (OrtException refused) {
                        // Not run at this opset; the assertion below lists what must run.
                    }
                }
                runs.put(opset, types);
            }
        } catch (OrtException e) {
            throw new AssertionError(e);
        }
        assertEquals(new TreeMap<>(ORT_TYPES), runs);
    }

    /**
     * ONNX Runtime 1.22 loads no opset above 22, so the opset-24 vectors run there at opset 22
     * (TopK-11 in force, the same semantics for these types); uint64 has no ONNX Runtime kernel.
     */
    @Test
    void onnx_runtime_at_opset_22_reproduces_the_vectors_of_the_types_it_runs() throws OrtException {
        int ran = 0;
        try (TopKOrtOracle ort = new TopKOrtOracle()) {
            for (NodeTest t : NodeTest.loadAll(Paths.topKNodeTests())) {
                NodeTest.DataSet set = t.dataSets().get(0);
                TensorValue x = set.inputs().get(0);
                if (!ORT_TYPES.get(22).contains(x.type())) {
                    continue;
                }
                TopKOrtOracle.ModelKey key = new TopKOrtOracle.ModelKey(22, x.type(), x.rank(), null,
                        t.attributes().get("axis"), t.attributes().get("largest"), t.attributes().get("sorted"));
                TopKReference.Result rt = ort.run(key, x, set.inputs().get(1).int64Values()[0]);
                assertEquals(set.outputs().get(0), rt.values(), t.name() + " values");
                assertEquals(set.outputs().get(1), rt.indices(), t.name() + " indices");
                ran++;
            }
        }
        assertEquals(6, ran, "every vector but uint64");
    }

    @Test
    void reference_matches_onnx_runtime_on_nan_free_data() throws OrtException {
        long seed = Cases.seed("argonnx.conformance.seed", 0x70_9C_0A46L, "TopK ONNX Runtime differential");
        Gen gen = new Gen(seed);
        Cases.Failures failures = new Cases.Failures("TopK ONNX Runtime differential, -Dargonnx.conformance.seed=" + seed);
        int cases = 0;
        int reordered = 0;
        try (TopKOrtOracle ort = new TopKOrtOracle()) {
            for (int opset : new int[] {1, 10, 11, 22}) {
                for (ElementType type : ORT_TYPES.get(opset)) {
                    for (int model = 0; model < 24; model++) {
                        int rank = gen.nextInt(1, 4);
                        int axis = gen.nextInt(-rank, rank - 1);
                        // Defaults are sometimes left unset: axis -1, largest 1, sorted 1.
                        Long axisAttr = axis == -1 && gen.nextBoolean() ? null : (long) axis;
                        Long largest = opset < 11 ? null : zeroOneOrUnset(gen);
                        Long sorted = opset < 11 ? null : zeroOneOrUnset(gen);
                        Long kAttr = opset < 10 ? (long) gen.nextInt(1, 8) : null; // k = 0: see k_zero_gives_empty_outputs
                        TopKOrtOracle.ModelKey key = new TopKOrtOracle.ModelKey(opset, type, rank, kAttr, axisAttr,
                                largest, sorted);
                        for (int input = 0; input < 4; input++) {
                            int a = axis < 0 ? axis + rank : axis;
                            long[] shape = gen.shape(rank, MAX_DIM[rank], false);
                            shape[a] = gen.nextInt(kAttr == null ? 0 : kAttr.intValue(), MAX_AXIS);
                            long k = kAttr != null ? kAttr : gen.nextInt(0, (int) shape[a]);
                            if (rank > 1 && kAttr == null && gen.nextInt(8) == 0) {
                                // An empty dimension off the axis, with k = 0 only: ONNX Runtime 1.22
                                // crashes the process (SIGFPE) on such an input when k > 0.
                                shape[(a + gen.nextInt(1, rank - 1)) % rank] = 0;
                                k = 0;
                            }
                            TensorValue x = gen.nextBoolean()
                                    ? gen.tieHeavy(type, shape, false) : gen.structured(type, shape, axis, false);
                            TopKReference.Result expected = TopKReference.topK(x, k, axis, largest == null || largest == 1);
                            TopKReference.Result actual = ort.run(key, x, k);
                            cases++;
                            boolean anyOrder = sorted != null && sorted == 0;
                            if (anyOrder && !expected.equals(actual)) {
                                // sorted = 0: ONNX leaves the order open, so only the selection must agree.
                                reordered++;
                                expected = TopKReference.inIndexOrder(expected, axis);
                                actual = TopKReference.inIndexOrder(actual, axis);
                            }
                            if (!expected.equals(actual)) {
                                failures.add("case " + cases + ": " + key + ", k=" + k + " on " + x
                                        + "\n  reference    " + expected + "\n  ONNX Runtime " + actual);
                            }
                        }
                        ort.release(key);
                    }
                }
            }
            System.out.println("TopK ONNX Runtime differential: " + cases + " cases, " + ort.sessionCount()
                    + " sessions, " + reordered + " sorted=0 answers in another order, " + failures.count()
                    + " mismatches");
        }
        failures.assertNone(cases);
        assertTrue(cases >= 1000, "cases run: " + cases);
    }

    private static Long zeroOneOrUnset(Gen gen) {
        return gen.nextInt(3) == 0 ? null : (long) gen.nextInt(0, 1);
    }

    private static long f(float v) {
        return Float.floatToRawIntBits(v) & 0xFFFF_FFFFL;
    }

    private static long[] indices(TopKReference.Result r) {
        return r.indices().int64Values();
    }

    /**
     * ONNX orders a NaN above every number (the reference implementation's sort puts NaNs last in
     * ascending order, so first for largest, last for smallest, lower index first among NaNs).
     * ONNX Runtime 1.22 does not: its comparisons treat a NaN as neither larger nor smaller, so
     * a NaN can lose its place to a number (largest) or NaNs come out in descending index order
     * (smallest). The reference keeps the ONNX semantics; this test pins both answers down.
     */
    @Test
    void onnx_runtime_orders_nan_differently_and_the_reference_keeps_the_onnx_order() throws OrtException {
        long nan = 0x7FC0_0000L;
        TensorValue x = TensorValue.ofBits(ElementType.FLOAT, new long[] {6},
                new long[] {f(1), nan, f(0), f(-0f), nan, f(1)});
        try (TopKOrtOracle ort = new TopKOrtOracle()) {
            TopKOrtOracle.ModelKey largest = new TopKOrtOracle.ModelKey(11, ElementType.FLOAT, 1, null, null, 1L, 1L);
            TopKOrtOracle.ModelKey smallest = new TopKOrtOracle.ModelKey(11, ElementType.FLOAT, 1, null, null, 0L, 1L);
            // Largest 3: both NaNs (lower index first), then the first 1.
            assertArrayEquals(new long[] {1, 4, 0}, indices(TopKReference.topK(x, 3, 0, true)));
            assertNotEquals(List.of(1L, 4L, 0L), boxed(indices(ort.run(largest, x, 3))),
                    "ONNX Runtime now ranks NaN first: update the documented disagreement");
            // Smallest 6: +0 and -0 tie (by index), then the 1s, then the NaNs by index.
            assertArrayEquals(new long[] {2, 3, 0, 5, 1, 4}, indices(TopKReference.topK(x, 6, 0, false)));
            assertNotEquals(List.of(2L, 3L, 0L, 5L, 1L, 4L), boxed(indices(ort.run(smallest, x, 6))),
                    "ONNX Runtime now orders NaNs by index: update the documented disagreement");
        }
    }

    /**
     * With {@code sorted = 0} ONNX leaves the order of the selection open. ONNX Runtime then returns
     * its heap's order; the reference (like ONNX's reference implementation) returns the sorted
     * order, which is one valid answer. Both select the same elements, ties at the cut included.
     */
    @Test
    void with_sorted_0_onnx_runtime_returns_the_same_selection_in_another_order() throws OrtException {
        TensorValue x = TensorValue.ofBits(ElementType.INT32, new long[] {7}, new long[] {1, 2, 3, 4, 5, 3, 3});
        TopKOrtOracle.ModelKey unsorted = new TopKOrtOracle.ModelKey(11, ElementType.INT32, 1, null, null, 1L, 0L);
        try (TopKOrtOracle ort = new TopKOrtOracle()) {
            TopKReference.Result ref = TopKReference.topK(x, 4, 0, true);
            TopKReference.Result rt = ort.run(unsorted, x, 4);
            // 5, 4, then the first two of the three 3s.
            assertArrayEquals(new long[] {4, 3, 2, 5}, indices(ref));
            assertNotEquals(boxed(indices(ref)), boxed(indices(rt)), "ONNX Runtime's order for sorted=0");
            assertEquals(TopKReference.inIndexOrder(ref, 0), TopKReference.inIndexOrder(rt, 0));
        }
    }

    /**
     * k = 0 is valid from TopK-10 on (K is an input) and gives empty outputs; ONNX Runtime agrees.
     * At opset 1 ONNX's shape inference refuses the attribute k = 0, so the model does not load.
     * (ONNX Runtime 1.22 crashes the process on an input with an empty dimension off the axis when
     * k > 0, so no test feeds it one.)
     */
    @Test
    void k_zero_gives_empty_outputs() throws OrtException {
        TensorValue x = TensorValue.ofBits(ElementType.DOUBLE, new long[] {2, 3}, new long[6]);
        try (TopKOrtOracle ort = new TopKOrtOracle()) {
            for (int opset : new int[] {10, 11, 22}) {
                TopKReference.Result ref = TopKReference.topK(x, 0, -1, true);
                assertArrayEquals(new long[] {2, 0}, ref.values().shape());
                assertEquals(ref, ort.run(new TopKOrtOracle.ModelKey(opset, ElementType.DOUBLE, 2, null, null, null, null),
                        x, 0), "opset " + opset);
            }
            OrtException refused = assertThrows(OrtException.class,
                    () -> ort.session(new TopKOrtOracle.ModelKey(1, ElementType.DOUBLE, 2, 0L, null, null, null)));
            assertTrue(refused.getMessage().contains("attribute k"), refused.getMessage());
        }
    }

    private static List<Long> boxed(long[] v) {
        return Arrays.stream(v).boxed().toList();
    }
}
