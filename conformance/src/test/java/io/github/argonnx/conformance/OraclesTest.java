package io.github.argonnx.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.onnxruntime.OrtException;
import io.github.argonnx.conformance.support.ElementType;
import io.github.argonnx.conformance.support.Gen;
import io.github.argonnx.conformance.support.NodeTest;
import io.github.argonnx.conformance.support.OrtOracle;
import io.github.argonnx.conformance.support.Paths;
import io.github.argonnx.conformance.support.Reference;
import io.github.argonnx.conformance.support.TensorValue;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The oracles are checked before they judge the library: the independent reference and ONNX
 * Runtime must both reproduce ONNX's own vectors and hand-worked answers, and agree with each
 * other on NaN-free data.
 */
class OraclesTest {

    private static OrtOracle ort;

    @BeforeAll
    static void start() {
        ort = new OrtOracle();
    }

    @AfterAll
    static void stop() throws OrtException {
        ort.close();
    }

    private static Reference.Result reference(NodeTest t, TensorValue x) {
        return Reference.arg(t.opType().equals("ArgMax"), x, (int) t.attribute("axis", 0),
                t.attribute("keepdims", 1) != 0, t.attribute("select_last_index", 0) != 0);
    }

    @Test
    void reference_and_onnx_runtime_reproduce_every_node_vector() throws OrtException {
        List<NodeTest> tests = NodeTest.loadAll(Paths.nodeTests());
        assertEquals(32, tests.size());
        for (NodeTest t : tests) {
            for (NodeTest.DataSet set : t.dataSets()) {
                TensorValue x = set.inputs().get(0);
                TensorValue expected = set.outputs().get(0);
                Reference.Result ref = reference(t, x);
                assertArrayEquals(expected.int64Values(), ref.indices(), t.name() + " reference indices");
                assertArrayEquals(expected.shape(), ref.shape(), t.name() + " reference shape");
                Reference.Result rt = ort.run(new OrtOracle.ModelKey(t.opType(), t.opsetVersion(), x.type(),
                        x.rank(), t.attributes().get("axis"), t.attributes().get("keepdims"),
                        t.attributes().get("select_last_index")), x);
                assertArrayEquals(expected.int64Values(), rt.indices(), t.name() + " ONNX Runtime indices");
                assertArrayEquals(expected.shape(), rt.shape(), t.name() + " ONNX Runtime shape");
            }
        }
    }

    private static TensorValue bits(ElementType type, long... bits) {
        return TensorValue.ofBits(type, new long[] {bits.length}, bits);
    }

    private static long argmax(TensorValue x, boolean last) {
        return Reference.arg(true, x, 0, true, last).indices()[0];
    }

    private static long argmin(TensorValue x, boolean last) {
        return Reference.arg(false, x, 0, true, last).indices()[0];
    }

    @Test
    void reference_follows_the_documented_rules() {
        // Unsigned: 200 > 100 for uint8; 2^64-1 is the largest uint64.
        assertEquals(0, argmax(bits(ElementType.UINT8, 200, 100), false));
        assertEquals(1, argmin(bits(ElementType.UINT64, -1L, 1), false));
        assertEquals(0, argmax(bits(ElementType.UINT32, 0x8000_0000L, 0x7FFF_FFFFL), false));
        // Signed minimum values.
        assertEquals(0, argmin(bits(ElementType.INT8, 0x80, 0x7F), false));
        assertEquals(1, argmax(bits(ElementType.INT16, 0x8000, 0x0001), false));
        // float16 compares by value, not by bit pattern: -1 (0xBC00) < 1 (0x3C00).
        assertEquals(1, argmax(bits(ElementType.FLOAT16, 0xBC00, 0x3C00), false));
        assertEquals(0, argmin(bits(ElementType.BFLOAT16, 0xBF80, 0x3F80), false));
        // Subnormal float16 (0x0001) beats zero.
        assertEquals(1, argmax(bits(ElementType.FLOAT16, 0x0000, 0x0001), false));
        // A NaN beats every number for both; first NaN, or last with select_last_index.
        long nan = Float.floatToRawIntBits(Float.NaN);
        long one = Float.floatToRawIntBits(1f);
        long inf = Float.floatToRawIntBits(Float.POSITIVE_INFINITY);
        assertEquals(1, argmax(bits(ElementType.FLOAT, inf, nan, one, nan), false));
        assertEquals(3, argmax(bits(ElementType.FLOAT, inf, nan, one, nan, one), true));
        assertEquals(1, argmin(bits(ElementType.FLOAT, one, nan, one), false));
        // All NaN: 0, or n-1 with select_last_index.
        assertEquals(0, argmin(bits(ElementType.FLOAT, nan, nan, nan), false));
        assertEquals(2, argmin(bits(ElementType.FLOAT, nan, nan, nan), true));
        // All -inf: first, or last.
        long negInf = Float.floatToRawIntBits(Float.NEGATIVE_INFINITY);
        assertEquals(0, argmax(bits(ElementType.FLOAT, negInf, negInf), false));
        assertEquals(1, argmax(bits(ElementType.FLOAT, negInf, negInf), true));
        // +0 and -0 tie.
        long negZero = Float.floatToRawIntBits(-0f);
        assertEquals(0, argmax(bits(ElementType.FLOAT, negZero, 0), false));
        assertEquals(1, argmax(bits(ElementType.FLOAT, negZero, 0), true));
        // Axis and shapes: [[1, 5], [7, 3]] along axis 1 without keepdims.
        Reference.Result r = Reference.arg(true, TensorValue.ofBits(ElementType.INT32, new long[] {2, 2},
                new long[] {1, 5, 7, 3}), -1, false, false);
        assertArrayEquals(new long[] {1, 0}, r.indices());
        assertArrayEquals(new long[] {2}, r.shape());
        // Rank 1, keepdims 0: a scalar.
        assertArrayEquals(new long[0], Reference.arg(true, bits(ElementType.INT64, 3, 9), 0, false, false).shape());
    }

    @Test
    void reference_agrees_with_onnx_runtime_on_nan_free_data() throws OrtException {
        Gen gen = new Gen(20240611L);
        List<String> mismatches = new ArrayList<>();
        int cases = 0;
        for (ElementType type : OrtOracle.SUPPORTED_TYPES) {
            for (int i = 0; i < 150; i++) {
                int rank = gen.nextInt(1, 4);
                TensorValue x = gen.tieHeavy(type, gen.shape(rank, 5, false), false);
                String op = gen.nextBoolean() ? "ArgMax" : "ArgMin";
                long axis = gen.nextInt(-rank, rank - 1);
                long keepdims = gen.nextInt(0, 1);
                long last = gen.nextInt(0, 1);
                Reference.Result rt = ort.run(new OrtOracle.ModelKey(op, 13, type, rank, axis, keepdims, last), x);
                Reference.Result ref = Reference.arg(op.equals("ArgMax"), x, (int) axis, keepdims == 1, last == 1);
                cases++;
                if (!java.util.Arrays.equals(rt.indices(), ref.indices())
                        || !java.util.Arrays.equals(rt.shape(), ref.shape())) {
                    mismatches.add(op + " axis=" + axis + " keepdims=" + keepdims + " last=" + last + " " + x
                            + "\n  ORT " + rt + "\n  ref " + ref);
                }
            }
        }
        assertTrue(mismatches.isEmpty(), mismatches.size() + " of " + cases + " differ:\n"
                + String.join("\n", mismatches.subList(0, Math.min(10, mismatches.size()))));
    }
}
