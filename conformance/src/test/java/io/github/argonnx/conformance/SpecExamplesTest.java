package io.github.argonnx.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.conformance.support.Api;
import io.github.argonnx.conformance.support.Cases;
import io.github.argonnx.conformance.support.ConformanceReport;
import io.github.argonnx.conformance.support.ElementType;
import io.github.argonnx.conformance.support.Elements;
import io.github.argonnx.conformance.support.NodeTest;
import io.github.argonnx.conformance.support.Paths;
import io.github.argonnx.conformance.support.Reference;
import io.github.argonnx.conformance.support.TensorValue;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.loader.SpecLoader;
import io.github.argonnx.generator.model.ExampleSpec;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.TensorLiteral;
import io.github.argonnx.generator.semantics.OperatorFamily;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import io.github.argonnx.TopK;
import io.github.argonnx.conformance.support.TopKApi;

/**
 * The worked examples in specs/operators/*.yaml: those named like an ONNX node test must say
 * exactly what the node test's files say, and every example must hold for the library.
 */
class SpecExamplesTest {

    private static List<OperatorSpec> specs;

    @BeforeAll
    static void load() throws Exception {
        Path dir = Paths.repositoryRoot().resolve("specs/operators");
        specs = SpecLoader.loadDirectory(dir);
    }

    private static List<Map.Entry<String, ExampleSpec>> examples() {
        List<Map.Entry<String, ExampleSpec>> all = new ArrayList<>();
        for (OperatorSpec op : specs) {
            for (ExampleSpec e : op.examples()) {
                all.add(Map.entry(op.name(), e));
            }
        }
        return all;
    }

    @Test
    void examples_named_like_node_tests_match_their_files() {
        Map<String, NodeTest> nodeTests = NodeTest.loadAll(Paths.nodeTests()).stream()
                .collect(Collectors.toMap(NodeTest::name, Function.identity()));
        int matched = 0;
        for (Map.Entry<String, ExampleSpec> entry : examples()) {
            ExampleSpec e = entry.getValue();
            NodeTest t = nodeTests.get(e.name());
            if (t == null) {
                continue;
            }
            matched++;
            assertEquals(t.opType(), entry.getKey(), e.name() + " operator");
            assertEquals(t.opsetVersion(), e.opset(), e.name() + " opset");
            assertEquals(t.attributes(), e.attributes(), e.name() + " attributes as set on the node");
            NodeTest.DataSet set = t.dataSets().get(0);
            assertEquals(set.inputs().size(), e.inputs().size(), e.name() + " inputs");
            assertEquals(set.outputs().size(), e.outputs().size(), e.name() + " outputs");
            for (int i = 0; i < e.inputs().size(); i++) {
                assertEquals(set.inputs().get(i), toTensor(e.inputs().get(i)), e.name() + " input " + i);
            }
            for (int i = 0; i < e.outputs().size(); i++) {
                assertEquals(set.outputs().get(i), toTensor(e.outputs().get(i)), e.name() + " output " + i);
            }
        }
        assertEquals(nodeTests.size(), matched, "every bundled node test has a spec example of the same name");
    }

    @Test
    void every_spec_example_holds_for_the_library() {
        // The library has operators for the generated families only.
        List<Map.Entry<String, ExampleSpec>> all = examples().stream()
                .filter(e -> GenerationContext.GENERATED_FAMILIES.contains(OperatorFamily.forOperator(e.getKey())
                        .orElseThrow()))
                .toList();
        assertFalse(all.isEmpty());
        Cases.Failures failures = new Cases.Failures("spec examples");
        SplittableRandom random = new SplittableRandom(7);
        for (Map.Entry<String, ExampleSpec> entry : all) {
            ExampleSpec e = entry.getValue();
            if (OperatorFamily.forOperator(entry.getKey()).orElseThrow() == OperatorFamily.TOP_K) {
                checkTopK(e, random).forEach(f -> failures.add(entry.getKey() + " " + e.name() + ": " + f));
                continue;
            }
            TensorValue x = toTensor(e.inputs().get(0));
            TensorValue y = toTensor(e.outputs().get(0));
            Reference.Result expected = new Reference.Result(y.int64Values(), y.shape());
            ArgReductionOperator op = Api.configure(Api.forModelOpset(entry.getKey(), e.opset()), e.attributes().get("axis"),
                    e.attributes().get("keepdims"), e.attributes().get("select_last_index"));
            for (Api.InputForm in : Api.InputForm.values()) {
                for (Api.OutputForm out : Api.OutputForm.values()) {
                    String failure = Cases.check(op, x, in, out, random, expected);
                    if (failure != null) {
                        failures.add(entry.getKey() + " " + e.name() + ": " + failure);
                    }
                }
            }
        }
        ConformanceReport.note("spec examples (specs/operators/*.yaml) through every input/output form", all.size());
        failures.assertNone(all.size());
    }

    /** A TopK example through the library's {@code TopK} at the example's opset, every input form, both output forms. */
    private static List<String> checkTopK(ExampleSpec e, SplittableRandom random) {
        TensorValue x = toTensor(e.inputs().get(0));
        long k = e.inputs().size() > 1 ? toTensor(e.inputs().get(1)).int64Values()[0] : e.attributes().get("k");
        TopK op = TopK.forNode(e.opset(), e.attributes());
        List<String> failures = new ArrayList<>();
        for (Api.InputForm in : Api.InputForm.values()) {
            Api.Input input = Api.input(x, in, random);
            for (TopKApi.Outputs got : List.of(TopKApi.viaResult(op, input.tensor(), k, x.type()),
                    TopKApi.viaArrays(op, input.tensor(), k, x.type()))) {
                if (!got.values().equals(toTensor(e.outputs().get(0))) || !got.indices().equals(toTensor(e.outputs().get(1)))) {
                    failures.add(in + ": got " + got);
                }
            }
        }
        return failures;
    }

    /** The literal as a tensor, parsing its text independently of the loader's own parsing. */
    static TensorValue toTensor(TensorLiteral literal) {
        ElementType type = ElementType.valueOf(literal.type().name());
        long[] shape = literal.shape().stream().mapToLong(Long::longValue).toArray();
        long[] bits = new long[literal.values().size()];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = parse(type, literal.values().get(i));
        }
        return TensorValue.ofBits(type, shape, bits);
    }

    static long parse(ElementType type, String text) {
        String t = text.strip();
        switch (type.kind()) {
            case SIGNED:
            case UNSIGNED: {
                BigInteger v = new BigInteger(t);
                int bitsWide = 8 * type.byteWidth();
                BigInteger min = type.kind() == ElementType.Kind.UNSIGNED ? BigInteger.ZERO
                        : BigInteger.ONE.shiftLeft(bitsWide - 1).negate();
                BigInteger max = type.kind() == ElementType.Kind.UNSIGNED
                        ? BigInteger.ONE.shiftLeft(bitsWide).subtract(BigInteger.ONE)
                        : BigInteger.ONE.shiftLeft(bitsWide - 1).subtract(BigInteger.ONE);
                assertTrue(v.compareTo(min) >= 0 && v.compareTo(max) <= 0, text + " fits " + type.onnxName());
                return v.longValue();
            }
            default: {
                double d = parseFloating(t);
                if (type == ElementType.FLOAT) {
                    // Parsed directly as float: going through double could round twice.
                    float f = Double.isNaN(d) || Double.isInfinite(d) ? (float) d : Float.parseFloat(t);
                    return Float.floatToRawIntBits(f) & 0xFFFF_FFFFL;
                }
                if (type == ElementType.DOUBLE) {
                    return Double.doubleToRawLongBits(d);
                }
                // 16-bit types: the pattern whose value is exactly the literal (examples are exact).
                for (long bits = 0; bits <= 0xFFFF; bits++) {
                    double v = Elements.floatingValue(type, bits);
                    if (Double.isNaN(d) ? Double.isNaN(v) : Double.doubleToRawLongBits(v) == Double.doubleToRawLongBits(d)) {
                        return bits;
                    }
                }
                throw new AssertionError(text + " is not exactly representable in " + type.onnxName());
            }
        }
    }

    private static double parseFloating(String t) {
        String lower = t.toLowerCase(Locale.ROOT);
        if (lower.equals("nan") || lower.equals("+nan") || lower.equals("-nan")) {
            return Double.NaN;
        }
        if (lower.matches("[+]?(inf|infinity)")) {
            return Double.POSITIVE_INFINITY;
        }
        if (lower.matches("-(inf|infinity)")) {
            return Double.NEGATIVE_INFINITY;
        }
        return Double.parseDouble(t);
    }

    @Test
    void literal_parsing_is_exact() {
        assertEquals(0x3C00L, parse(ElementType.FLOAT16, "1.0"));
        assertEquals(0xFF80L, parse(ElementType.BFLOAT16, "-inf"));
        assertEquals(0xFFL, parse(ElementType.UINT8, "255"));
        assertEquals(0x80L, parse(ElementType.INT8, "-128") & 0xFF);
        assertArrayEquals(new long[] {Float.floatToRawIntBits(2f)}, new long[] {parse(ElementType.FLOAT, "2.")});
    }
}
