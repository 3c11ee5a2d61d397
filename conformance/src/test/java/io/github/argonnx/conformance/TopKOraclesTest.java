package io.github.argonnx.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.argonnx.conformance.support.ElementType;
import io.github.argonnx.conformance.support.NodeTest;
import io.github.argonnx.conformance.support.Paths;
import io.github.argonnx.conformance.support.TensorValue;
import io.github.argonnx.conformance.support.TopKReference;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The TopK oracle is checked before it judges anything: {@link TopKReference} reproduces ONNX's own
 * TopK vectors exactly (values bit for bit, indices, shapes) and the hand-worked answers for the
 * rules its Javadoc states.
 */
class TopKOraclesTest {

    private static final List<String> VECTORS = List.of("test_top_k", "test_top_k_negative_axis",
            "test_top_k_same_values", "test_top_k_same_values_2d", "test_top_k_same_values_largest",
            "test_top_k_smallest", "test_top_k_uint64");

    private static TopKReference.Result reference(NodeTest t, NodeTest.DataSet set) {
        TensorValue x = set.inputs().get(0);
        long[] k = set.inputs().get(1).int64Values();
        assertEquals(1, k.length, t.name() + ": K holds one value");
        return TopKReference.topK(x, k[0], (int) t.attribute("axis", -1), t.attribute("largest", 1) != 0);
    }

    @Test
    void reference_reproduces_every_topk_node_vector() {
        List<NodeTest> tests = NodeTest.loadAll(Paths.topKNodeTests());
        assertEquals(VECTORS, tests.stream().map(NodeTest::name).toList());
        for (NodeTest t : tests) {
            assertEquals("TopK", t.opType(), t.name());
            assertEquals(24, t.opsetVersion(), t.name());
            for (NodeTest.DataSet set : t.dataSets()) {
                assertEquals(2, set.inputs().size(), t.name() + ": X and K");
                assertEquals(2, set.outputs().size(), t.name() + ": Values and Indices");
                TopKReference.Result ref = reference(t, set);
                assertEquals(set.outputs().get(0), ref.values(), t.name() + " values");
                assertEquals(set.outputs().get(1), ref.indices(), t.name() + " indices");
            }
        }
    }

    private static TensorValue row(ElementType type, long... bits) {
        return TensorValue.ofBits(type, new long[] {bits.length}, bits);
    }

    private static long[] indices(TensorValue x, long k, boolean largest) {
        return TopKReference.topK(x, k, 0, largest).indices().int64Values();
    }

    private static long f(float v) {
        return Float.floatToRawIntBits(v) & 0xFFFF_FFFFL;
    }

    @Test
    void reference_follows_the_documented_rules() {
        // Ties: the lower index first, for largest and smallest alike; the cut keeps the lower indices.
        TensorValue ties = row(ElementType.INT32, 5, 7, 5, 7, 5);
        assertArrayEquals(new long[] {1, 3, 0}, indices(ties, 3, true));
        assertArrayEquals(new long[] {0, 2, 4, 1}, indices(ties, 4, false));
        // NaN is greater than every number, +inf included: first (by index) with largest, last without.
        long nan = 0x7FC0_0000L;
        long negNan = 0xFFC0_0001L; // another sign and payload: still just a NaN
        TensorValue withNaN = row(ElementType.FLOAT, f(1), negNan, f(Float.POSITIVE_INFINITY), nan, f(-2));
        assertArrayEquals(new long[] {1, 3, 2, 0, 4}, indices(withNaN, 5, true));
        assertArrayEquals(new long[] {4, 0, 2, 1, 3}, indices(withNaN, 5, false));
        // Values are the selected elements bit for bit: the NaN payloads survive.
        assertEquals(row(ElementType.FLOAT, negNan, nan), TopKReference.topK(withNaN, 2, 0, true).values());
        // -0.0 equals +0.0: ties by index, each keeps its sign.
        TensorValue zeros = row(ElementType.DOUBLE, Double.doubleToRawLongBits(-0.0), 0L, Double.doubleToRawLongBits(-0.0));
        assertArrayEquals(new long[] {0, 1, 2}, indices(zeros, 3, true));
        assertArrayEquals(new long[] {0, 1, 2}, indices(zeros, 3, false));
        assertEquals(zeros, TopKReference.topK(zeros, 3, 0, true).values());
        // Subnormals are numbers: the smallest positive float beats +0 and loses to the smallest normal.
        TensorValue tiny = row(ElementType.FLOAT, f(0f), f(Float.MIN_NORMAL), f(Float.MIN_VALUE), f(-Float.MIN_VALUE));
        assertArrayEquals(new long[] {1, 2, 0, 3}, indices(tiny, 4, true));
        // Unsigned types compare unsigned: 0xFF is 255 for uint8, 2^64-1 the largest uint64.
        assertArrayEquals(new long[] {0, 1}, indices(row(ElementType.UINT8, 0xFF, 0x7F), 2, true));
        assertArrayEquals(new long[] {1, 2, 0}, indices(row(ElementType.UINT64, -1L, 0, 1L << 63), 3, false));
        assertArrayEquals(new long[] {1, 0}, indices(row(ElementType.UINT32, 0x7FFF_FFFFL, 0x8000_0000L), 2, true));
        assertArrayEquals(new long[] {1, 0}, indices(row(ElementType.UINT16, 0x7FFF, 0x8000), 2, true));
        // Signed types: the minimum is the smallest.
        assertArrayEquals(new long[] {1, 0}, indices(row(ElementType.INT8, 0x7F, 0x80), 2, false));
        assertArrayEquals(new long[] {1, 0}, indices(row(ElementType.INT64, Long.MAX_VALUE, Long.MIN_VALUE), 2, false));
        // float16 and bfloat16 compare by value, not bits: -1 (0xBC00 / 0xBF80) < +1 (0x3C00 / 0x3F80),
        // -2 < -1 although its pattern is larger, and a NaN still beats +inf.
        assertArrayEquals(new long[] {3, 2, 1, 0, 4},
                indices(row(ElementType.FLOAT16, 0xBC00, 0x3C00, 0x7C00, 0x7E00, 0xC000), 5, true));
        assertArrayEquals(new long[] {4, 0, 1, 2, 3},
                indices(row(ElementType.BFLOAT16, 0xBF80, 0x3F80, 0x7F80, 0x7FC0, 0xC000), 5, false));
        // float16 subnormal 0x0001 (2^-24) > -0 (0x8000), which ties with +0 (0x0000).
        assertArrayEquals(new long[] {2, 0, 1}, indices(row(ElementType.FLOAT16, 0x8000, 0x0000, 0x0001), 3, true));
        // k = 0: empty outputs of the right shape; k = n: the whole slice, sorted.
        TopKReference.Result none = TopKReference.topK(ties, 0, 0, true);
        assertArrayEquals(new long[] {0}, none.values().shape());
        assertArrayEquals(new long[] {0}, none.indices().shape());
        assertArrayEquals(new long[] {1, 3, 0, 2, 4}, indices(ties, 5, true));
    }

    @Test
    void reference_selects_along_any_axis() {
        // x[i][j][l] = 10*i + (j odd ? -j : j) + l, shape [2, 3, 2]; along axis 1 (negative -2) the
        // middle dimension is sorted in every (i, l) column.
        long[] bits = new long[12];
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 3; j++) {
                for (int l = 0; l < 2; l++) {
                    bits[(i * 3 + j) * 2 + l] = 10 * i + (j % 2 == 1 ? -j : j) + l;
                }
            }
        }
        TensorValue x = TensorValue.ofBits(ElementType.INT16, new long[] {2, 3, 2}, bits);
        TopKReference.Result r = TopKReference.topK(x, 2, -2, true);
        // Column values along j: j=0 -> c, j=1 -> c-1, j=2 -> c+2; largest two are j=2 then j=0.
        assertArrayEquals(new long[] {2, 2, 2}, r.indices().shape());
        assertArrayEquals(new long[] {2, 2, 0, 0, 2, 2, 0, 0}, r.indices().int64Values());
        assertEquals(TensorValue.ofBits(ElementType.INT16, new long[] {2, 2, 2}, new long[] {2, 3, 0, 1, 12, 13, 10, 11}),
                r.values());
        // Along axis 0 the rows with 10 added win everywhere.
        assertArrayEquals(new long[] {1, 1, 1, 1, 1, 1}, TopKReference.topK(x, 1, 0, true).indices().int64Values());
        // Along axis 2 (the contiguous one) l = 1 is larger in every pair.
        assertArrayEquals(new long[] {1, 1, 1, 1, 1, 1}, TopKReference.topK(x, 1, 2, true).indices().int64Values());
        assertArrayEquals(new long[] {0, 0, 0, 0, 0, 0}, TopKReference.topK(x, 1, -1, false).indices().int64Values());
    }

    @Test
    void reordering_by_index_keeps_values_with_their_indices() {
        TensorValue x = TensorValue.ofBits(ElementType.INT8, new long[] {2, 3}, new long[] {1, 2, 3, 6, 4, 5});
        TopKReference.Result sorted = TopKReference.topK(x, 2, 1, true);
        assertArrayEquals(new long[] {2, 1, 0, 2}, sorted.indices().int64Values());
        TopKReference.Result byIndex = TopKReference.inIndexOrder(sorted, 1);
        assertArrayEquals(new long[] {1, 2, 0, 2}, byIndex.indices().int64Values());
        assertEquals(TensorValue.ofBits(ElementType.INT8, new long[] {2, 2}, new long[] {2, 3, 6, 5}), byIndex.values());
        // Along a strided axis: largest first puts row 1 first in every column; by index, row 0.
        TopKReference.Result columns = TopKReference.topK(x, 2, 0, true);
        assertArrayEquals(new long[] {1, 1, 1, 0, 0, 0}, columns.indices().int64Values());
        TopKReference.Result columnsByIndex = TopKReference.inIndexOrder(columns, 0);
        assertArrayEquals(new long[] {0, 0, 0, 1, 1, 1}, columnsByIndex.indices().int64Values());
        assertEquals(x, columnsByIndex.values());
    }

    @Test
    void reference_refuses_what_topk_does_not_define() {
        TensorValue x = row(ElementType.FLOAT, f(1), f(2));
        assertThrows(IllegalArgumentException.class, () -> TopKReference.topK(x, 3, 0, true));
        assertThrows(IllegalArgumentException.class, () -> TopKReference.topK(x, -1, 0, true));
        assertThrows(IllegalArgumentException.class, () -> TopKReference.topK(x, 1, 1, true));
        assertThrows(IllegalArgumentException.class, () -> TopKReference.topK(x, 1, -2, true));
    }
}
