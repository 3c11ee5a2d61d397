package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgAccumulator;
import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.ArgPartial;
import io.github.argonnx.runtime.ArgResult;
import io.github.argonnx.runtime.Parallelism;
import io.github.argonnx.runtime.PartialSignature;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every public entry point against arguments that are null, of another Java type or out of range:
 * each is refused with an {@link ArgOnnxException} whose message names what is wrong. The
 * cases are the rows of the table "What each public entry point refuses" in docs/security.md, and
 * {@link #theTableInDocsSecurityListsExactlyTheseCases} keeps the two the same.
 */
class PublicEntryPointsTest {

    /** One row of the table: the entry point, its argument, and a part of the message it gives. */
    record Case(String entryPoint, String argument, Executable call, String message) {
        String key() {
            return entryPoint + " | " + argument;
        }

        @Override
        public String toString() {
            return key();
        }
    }

    private static final PartialReduction FLOAT_2X6 = PartialReduction.of(ArgMax.latest().axis(1), DataType.FLOAT, 2, 6);

    private static ArgPartial partial() {
        return FLOAT_2X6.reduce(Tensor.ofFloat(new float[] {1, 2, 3, 4}, 2, 2), 0);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Long> erased(Object... nameValue) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            map.put((String) nameValue[i], nameValue[i + 1]);
        }
        return (Map<String, Long>) (Map<String, ?>) map;
    }

    static List<Case> cases() {
        Tensor x = Tensor.ofFloat(new float[] {1, 2, 3, 4}, 2, 2);
        ArgMax argmax = ArgMax.latest();
        List<Case> c = new ArrayList<>();
        // the operators, generated: ArgMax and ArgMin alike, and the interface's static factories
        c.add(new Case("ArgMax/ArgMin.version", "version not generated", () -> ArgMax.version(2), "ArgMax has no version 2"));
        c.add(new Case("ArgMax/ArgMin.forModelOpset", "opset out of range", () -> ArgMin.forModelOpset(0),
                "no version is known for opset 0"));
        c.add(new Case("ArgMax/ArgMin.forNode", "opset beyond the int range", () -> ArgMax.forNode(1L << 32, Map.of()),
                "no version is known for opset 4294967296"));
        c.add(new Case("ArgMax/ArgMin.forNode", "attributes null", () -> ArgMax.forNode(13, null),
                "the node's attributes are null"));
        c.add(new Case("ArgMax/ArgMin.forNode", "attribute value null, fractional, too large or not a Number",
                () -> ArgMax.forNode(13, erased("axis", "1")), "attribute 'axis' has value 1, a java.lang.String"));
        c.add(new Case("ArgMax/ArgMin.forNode", "attribute unknown to the version",
                () -> ArgMax.forNode(11, erased("select_last_index", 1)), "select_last_index"));
        c.add(new Case("ArgMax/ArgMin attribute setters", "value out of range", () -> argmax.keepdims(2), "keepdims"));
        c.add(new Case("ArgMax/ArgMin attribute setters", "attribute unknown to the version",
                () -> ArgMin.version(11).selectLastIndex(true), "select_last_index"));
        c.add(new Case("ArgMax/ArgMin.parallelism", "null", () -> argmax.parallelism(null),
                "the parallelism (argument 'parallelism') is null"));
        c.add(new Case("ArgMax/ArgMin.outputShape", "shape null or a dimension negative",
                () -> argmax.outputShape(2, -1), "dimension 1 is -1"));
        c.add(new Case("ArgMax/ArgMin.apply", "input null", () -> argmax.apply(null), "input 'data' is null"));
        c.add(new Case("ArgMax/ArgMin.apply", "axis outside the input's rank", () -> argmax.axis(2).apply(x), "axis"));
        c.add(new Case("ArgMax/ArgMin.apply", "output array null, offset negative or too little room",
                () -> argmax.apply(x, new long[4], 3), "output"));
        c.add(new Case("ArgMax/ArgMin.apply", "output buffer null or read-only",
                () -> argmax.apply(x, LongBuffer.allocate(2).asReadOnlyBuffer()), "read-only"));
        c.add(new Case("ArgMax/ArgMin.apply", "int output null or an index beyond int",
                () -> argmax.apply(x, (IntBuffer) null), "null"));
        c.add(new Case("ArgMax/ArgMin.prepare", "type or shape null", () -> argmax.prepare(null, 2, 2), "null"));
        c.add(new Case("ArgReductionOperator.version/latest/forModelOpset/forNode", "op type null or unknown",
                () -> ArgReductionOperator.version("Argmax", 13), "Argmax"));
        // tensors and data types, generated
        c.add(new Case("Tensor.of<Type>", "data null", () -> Tensor.ofFloat((float[]) null, 2), "is null"));
        c.add(new Case("Tensor.of<Type>", "shape null, a dimension negative, or not the data's length",
                () -> Tensor.ofFloat(new float[3], 2, 2), "[2, 2]"));
        c.add(new Case("Tensor.ofRawData", "type null, buffer null, big-endian, or not whole elements",
                () -> Tensor.ofRawData(DataType.FLOAT, ByteBuffer.allocate(8).order(ByteOrder.BIG_ENDIAN), 2),
                "byte order BIG_ENDIAN"));
        c.add(new Case("DataType.fromOnnxName/fromTensorProtoCode", "name null or unknown, code unknown",
                () -> DataType.fromTensorProtoCode(99), "99"));
        c.add(new Case("PreparedArgReduction.apply", "input null, or of another type or shape",
                () -> argmax.prepare(DataType.FLOAT, 2, 2).apply(Tensor.ofFloat(new float[2], 2), new long[2], 0),
                "prepared for input 'data' of type float and shape [2, 2]"));
        c.add(new Case("PreparedArgReduction.apply", "output null, read-only or too small",
                () -> argmax.prepare(DataType.FLOAT, 2, 2).apply(x, (long[]) null, 0), "null"));
        // partial results: the generated PartialReduction, the runtime's partials and accumulators
        c.add(new Case("PartialReduction.of", "operator, type or shape null, or a shape apply refuses",
                () -> PartialReduction.of(argmax, null, 2, 6), "the element type is null"));
        c.add(new Case("PartialReduction.reduce/reduceInto", "chunk or accumulator null",
                () -> FLOAT_2X6.reduceInto(x, 0, null), "the accumulator is null"));
        c.add(new Case("PartialReduction.reduce/reduceInto", "chunk of another type or shape, or outside the axis",
                () -> FLOAT_2X6.reduce(x, 5), "at axis offset 5 does not fit"));
        c.add(new Case("PartialReduction.reduceInto", "accumulator of another reduction",
                () -> FLOAT_2X6.reduceInto(x, 0, PartialReduction.of(ArgMin.latest().axis(1), DataType.FLOAT, 2, 6)
                        .accumulator()), "the accumulator is of another reduction: operator ArgMin, expected ArgMax"));
        c.add(new Case("PartialReduction.fromBytes, ArgPartial.fromBytes", "bytes null, truncated, corrupted or malformed",
                () -> FLOAT_2X6.fromBytes(new byte[3]), "is truncated"));
        c.add(new Case("ArgPartial.fromBytes", "signature null", () -> ArgPartial.fromBytes(null, new byte[0]),
                "the expected signature (argument 'expected') is null"));
        c.add(new Case("ArgPartial.merge", "null", () -> partial().merge(null), "(argument 'other') is null"));
        c.add(new Case("ArgPartial.merge, ArgAccumulator.add", "of another reduction, or overlapping",
                () -> partial().merge(partial()), "chunks overlap along the reduced axis: [0, 2) overlaps [0, 2)"));
        c.add(new Case("ArgPartial.finish, ArgAccumulator.finish", "axis not covered",
                () -> partial().finish(), "cannot finish, the reduced axis is not covered: missing [2, 6)"));
        c.add(new Case("ArgAccumulator(signature)", "null", () -> new ArgAccumulator(null),
                "the signature (argument 'signature') is null"));
        c.add(new Case("ArgAccumulator.add", "partial null",
                () -> FLOAT_2X6.accumulator().add(null), "(argument 'partial') is null"));
        c.add(new Case("ArgAccumulator.partial", "nothing added", () -> FLOAT_2X6.accumulator().partial(),
                "no chunk added yet"));
        c.add(new Case("PartialSignature.requireSame", "null", () -> FLOAT_2X6.signature().requireSame("it", null),
                "it has no signature (null)"));
        c.add(new Case("PartialSignature.checkChunk", "type or shape null, or not fitting",
                () -> FLOAT_2X6.signature().checkChunk("float", null, 0), "chunk shape is null"));
        // results and parallelism, runtime
        c.add(new Case("ArgResult.of", "indices or shape null, or not of the shape's size",
                () -> ArgResult.of(new long[2], 3), "3 elements"));
        c.add(new Case("ArgResult.get", "position outside the indices", () -> ArgResult.of(new long[2], 2).get(2),
                "position 2 is outside [0, 2)"));
        c.add(new Case("Parallelism.using", "executor null or threads below 1",
                () -> Parallelism.using(null, 2), "the executor (argument 'executor') is null"));
        c.add(new Case("Parallelism.withMinElementsPerTask", "below 1",
                () -> Parallelism.singleThread().withMinElementsPerTask(0), "minElementsPerTask must be at least 1"));
        return c;
    }

    static Stream<Case> everyCase() {
        return cases().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyCase")
    void isRefusedWithAnArgOnnxExceptionNamingWhatIsWrong(Case c) {
        ArgOnnxException e = assertThrows(ArgOnnxException.class, c.call(), c.key());
        assertTrue(e.getMessage().contains(c.message()), () -> c.key() + ": expected \"" + c.message() + "\" in: "
                + e.getMessage());
    }

    @Test
    void theTableInDocsSecurityListsExactlyTheseCases() throws IOException {
        String doc = Files.readString(Path.of("../docs/security.md"), StandardCharsets.UTF_8);
        int start = doc.indexOf("## What each public entry point refuses");
        assertTrue(start >= 0, "docs/security.md has the section");
        TreeSet<String> documented = new TreeSet<>();
        boolean inTable = false;
        for (String line : doc.substring(start).split("\n")) {
            if (line.startsWith("| `")) {
                inTable = true;
                String[] cells = line.split("\\|");
                documented.add(cells[1].trim().replace("`", "") + " | " + cells[2].trim());
            } else if (inTable && !line.startsWith("|")) {
                break;
            }
        }
        TreeSet<String> tested = new TreeSet<>();
        cases().forEach(c -> tested.add(c.key()));
        assertEquals(String.join("\n", tested), String.join("\n", documented),
                "the rows of docs/security.md's table (entry point | argument) and this test's cases");
    }
}
