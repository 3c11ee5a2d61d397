package io.github.argonnx.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.argonnx.ArgMax;
import io.github.argonnx.ArgMin;
import io.github.argonnx.runtime.ArgResult;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.conformance.support.ConformanceReport;
import io.github.argonnx.runtime.ArgOnnxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

/**
 * Bad input through the public API. Each case must be refused with {@link ArgOnnxException} (no
 * other exception type, no wrong answer, no hang) whose message names the problem: the attribute
 * or input, the value given, and what is allowed. The input (arrays and buffers, their position
 * and limit) and any caller-supplied output must be left exactly as they were.
 *
 * <p>Inputs that merely look unusual (read-only, direct, odd offsets) must work and are checked
 * for the right answer.
 */
class HostileInputTest {

    /** A refusal: how to provoke it, what the message must mention, what must stay unchanged. */
    private record Refusal(String group, String name, Executable call, List<String> mentions,
            List<Supplier<String>> untouched) {}

    private final List<Refusal> refusals = new ArrayList<>();

    private void refuse(String group, String name, Executable call, String... mentions) {
        refusals.add(new Refusal(group, name, call, List.of(mentions), List.of()));
    }

    private void refuseUntouched(String group, String name, Executable call, List<Supplier<String>> untouched,
            String... mentions) {
        refusals.add(new Refusal(group, name, call, List.of(mentions), untouched));
    }

    /** Captures an array's or buffer's state now, and compares later. */
    private static Supplier<String> snapshot(Object o) {
        String before = describe(o);
        return () -> {
            String now = describe(o);
            return now.equals(before) ? null : "changed from " + before + " to " + now;
        };
    }

    private static String describe(Object o) {
        if (o instanceof float[] a) {
            return Arrays.toString(a);
        } else if (o instanceof long[] a) {
            return Arrays.toString(a);
        } else if (o instanceof byte[] a) {
            return Arrays.toString(a);
        } else if (o instanceof java.nio.Buffer b) {
            StringBuilder s = new StringBuilder(b + " [");
            java.nio.Buffer all = b.duplicate().clear();
            for (int i = 0; i < all.capacity(); i++) {
                if (all instanceof ByteBuffer bb) {
                    s.append(bb.get(i));
                } else if (all instanceof FloatBuffer fb) {
                    s.append(Float.floatToRawIntBits(fb.get(i)));
                } else if (all instanceof LongBuffer lb) {
                    s.append(lb.get(i));
                }
                s.append(',');
            }
            return s.append(']').toString();
        }
        throw new IllegalArgumentException("cannot snapshot " + o);
    }

    private static final float[] DATA_2X3 = {3f, 1f, 4f, 1f, 5f, 9f};

    /** The arrays behind the {@link #matrix()} tensors of the running case, to prove they were not written. */
    private static final List<float[]> MATRIX_ARRAYS = new ArrayList<>();

    private static Tensor matrix() {
        float[] data = DATA_2X3.clone();
        MATRIX_ARRAYS.add(data);
        return Tensor.ofFloat(data, 2, 3);
    }

    private static ByteBuffer littleEndian(int bytes) {
        return ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    private void tensorConstruction() {
        float[] three = {1f, 2f, 3f};
        refuseUntouched("tensor shape", "float[3] with shape [2, 2]", () -> Tensor.ofFloat(three, 2, 2),
                List.of(snapshot(three)), "data", "#3", "#4");
        float[] five = {1f, 2f, 3f, 4f, 5f};
        refuseUntouched("tensor shape", "float[5] with shape [2, 2]", () -> Tensor.ofFloat(five, 2, 2),
                List.of(snapshot(five)), "data", "#5", "#4");
        long[] four = {1, 2, 3, 4};
        refuseUntouched("tensor shape", "negative dimension [2, -2]", () -> Tensor.ofInt64(four, 2, -2),
                List.of(snapshot(four)), "data", "#-2");
        refuse("tensor shape", "negative dimension [-1]", () -> Tensor.ofUint8(new byte[0], -1), "#-1");
        refuse("tensor shape", "element count overflows long: [2^62, 4]",
                () -> Tensor.ofFloat(new float[1], 1L << 62, 4), "4611686018427387904");
        refuse("tensor shape", "element count above array capacity: [2^31]",
                () -> Tensor.ofInt8(new byte[1], 1L << 31), "#2147483648", "#2147483647");
        refuse("tensor shape", "element count above array capacity: [65536, 65536]",
                () -> Tensor.ofDouble(new double[1], 65536, 65536), "#65536", "#2147483647");
        ByteBuffer eight = littleEndian(8);
        refuseUntouched("tensor shape", "raw int32 data of 8 bytes with shape [3]",
                () -> Tensor.ofRawData(DataType.INT32, eight, 3), List.of(snapshot(eight)), "#8", "#12");
        FloatBuffer threeFloats = FloatBuffer.wrap(new float[] {1, 2, 3});
        refuseUntouched("tensor shape", "FloatBuffer of 3 with shape [2, 2]", () -> Tensor.ofFloat(threeFloats, 2, 2),
                List.of(snapshot(threeFloats)), "#3", "#4");

        refuse("nulls", "null float[] data", () -> Tensor.ofFloat((float[]) null, 2), "data", "null");
        refuse("nulls", "null FloatBuffer data", () -> Tensor.ofFloat((FloatBuffer) null, 2), "data", "null");
        refuse("nulls", "null shape", () -> Tensor.ofFloat(new float[1], (long[]) null), "shape", "null");
        refuse("nulls", "null raw data type", () -> Tensor.ofRawData(null, littleEndian(4), 1), "type", "null");
        refuse("nulls", "null raw data buffer", () -> Tensor.ofRawData(DataType.FLOAT, null, 1), "buffer", "null");

        ByteBuffer bigEndian = ByteBuffer.allocate(8).order(ByteOrder.BIG_ENDIAN);
        bigEndian.putFloat(0, 1f).putFloat(4, 2f);
        refuseUntouched("raw bytes", "big-endian ByteBuffer for float raw data",
                () -> Tensor.ofRawData(DataType.FLOAT, bigEndian, 2), List.of(snapshot(bigEndian)), "endian");
        ByteBuffer seven = littleEndian(7);
        refuseUntouched("raw bytes", "7 bytes of float raw data (limit not a multiple of 4)",
                () -> Tensor.ofRawData(DataType.FLOAT, seven, 2), List.of(snapshot(seven)), "#7", "#4");
        ByteBuffer oddWindow = littleEndian(8);
        oddWindow.position(1).limit(4);
        refuseUntouched("raw bytes", "int16 raw data at position 1, limit 4 (3 bytes)",
                () -> Tensor.ofRawData(DataType.INT16, oddWindow, 2), List.of(snapshot(oddWindow)), "int16", "#3", "#2");
    }

    private void versionsAndAttributes() {
        for (int v : new int[] {0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 14, 100, -1, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            refuse("opset version", "ArgMax.version(" + v + ")", () -> ArgMax.version(v), "#" + v, "1, 11, 12, 13");
        }
        refuse("opset version", "ArgMin.version(12345)", () -> ArgMin.version(12345), "#12345", "1, 11, 12, 13");
        refuse("opset version", "ArgMin.forModelOpset(0)", () -> ArgMin.forModelOpset(0), "opset", "#0",
                "#" + ArgMin.LATEST_KNOWN_OPSET);
        refuse("opset version", "ArgMax.forModelOpset(-3)", () -> ArgMax.forModelOpset(-3), "opset", "#-3");
        int tooNew = ArgMax.LATEST_KNOWN_OPSET + 1;
        refuse("opset version", "ArgMax.forModelOpset(LATEST_KNOWN_OPSET + 1)", () -> ArgMax.forModelOpset(tooNew),
                "opset", "#" + tooNew, "#" + ArgMax.LATEST_KNOWN_OPSET);

        for (int v : new int[] {1, 11}) {
            refuse("attributes", "select_last_index=1 at ArgMin-" + v,
                    () -> ArgMin.version(v).selectLastIndex(1).apply(matrix()), "select_last_index", "ArgMin-" + v, "ArgMin-12");
        }
        refuse("attributes", "keepdims=2", () -> ArgMax.latest().keepdims(2).apply(matrix()), "keepdims", "#2", "#0", "#1");
        refuse("attributes", "keepdims=-1", () -> ArgMin.version(11).keepdims(-1).apply(matrix()), "keepdims", "#-1", "#0",
                "#1");
        refuse("attributes", "select_last_index=2", () -> ArgMax.version(12).selectLastIndex(2).apply(matrix()),
                "select_last_index", "#2", "#0", "#1");
        refuse("attributes", "select_last_index=-1", () -> ArgMin.latest().selectLastIndex(-1).apply(matrix()),
                "select_last_index", "#-1", "#0", "#1");
        for (int v : new int[] {1, 11, 12, 13}) {
            refuse("axis range", "axis=2 on rank 2 at ArgMax-" + v, () -> ArgMax.version(v).axis(2).apply(matrix()),
                    "axis", "#2", "[-2, 1]");
            refuse("axis range", "axis=-3 on rank 2 at ArgMin-" + v, () -> ArgMin.version(v).axis(-3).apply(matrix()),
                    "axis", "#-3", "[-2, 1]");
        }
    }

    private void axisExtremes() {
        // Normalising a negative axis by adding the rank must not overflow into range.
        for (long axis : new long[] {Long.MIN_VALUE, Long.MAX_VALUE, Integer.MIN_VALUE, (long) Integer.MAX_VALUE + 1}) {
            refuse("axis range", "axis=" + axis + " on rank 2", () -> ArgMax.latest().axis(axis).apply(matrix()), "axis",
                    "#" + axis, "[-2, 1]");
        }
    }

    private void typesAndShapes() {
        short[] bf16 = {0x3F80, 0x4000};
        for (int v : new int[] {1, 11, 12}) {
            refuse("type", "bfloat16 at ArgMax-" + v, () -> ArgMax.version(v).apply(Tensor.ofBfloat16(bf16.clone(), 2)),
                    "bfloat16", "ArgMax-" + v, "#13");
        }
        for (int v : new int[] {1, 11, 12, 13}) {
            refuse("shape", "rank 0 input at ArgMax-" + v, () -> ArgMax.version(v).apply(Tensor.ofFloat(new float[] {1f})),
                    "rank", "#0");
        }
        for (int v : new int[] {1, 11, 12, 13}) {
            refuse("shape", "reduced axis of length 0 at ArgMin-" + v,
                    () -> ArgMin.version(v).axis(1).apply(Tensor.ofFloat(new float[0], 2, 0)), "axis", "#0", "[2, 0]");
        }
        refuse("shape", "empty input (shape [0, 3]) at ArgMax-11",
                () -> ArgMax.version(11).axis(1).apply(Tensor.ofFloat(new float[0], 0, 3)), "empty", "ArgMax-11", "[0, 3]");
    }

    private void outputs() {
        // [[3, 1, 4], [1, 5, 9]] along axis 1 needs two indices.
        long[] small = {7, 7, 7};
        refuseUntouched("output", "output array too small at offset 2", () -> ArgMax.latest().axis(1).apply(matrix(),
                small, 2), List.of(snapshot(small)), "offset", "#2", "#1");
        long[] one = {7};
        refuseUntouched("output", "output array of 1 for 2 indices", () -> ArgMax.latest().axis(1).apply(matrix(), one, 0),
                List.of(snapshot(one)), "#1", "#2");
        long[] enough = {7, 7, 7, 7};
        refuseUntouched("output", "negative output offset", () -> ArgMax.latest().axis(1).apply(matrix(), enough, -1),
                List.of(snapshot(enough)), "offset", "#-1");
        refuseUntouched("output", "output offset past the end",
                () -> ArgMax.latest().axis(1).apply(matrix(), enough, 5), List.of(snapshot(enough)), "offset", "#5");
        LongBuffer buffer = LongBuffer.wrap(new long[] {7, 7, 7, 7});
        buffer.position(3);
        refuseUntouched("output", "LongBuffer with 1 remaining for 2 indices",
                () -> ArgMin.latest().axis(1).apply(matrix(), buffer), List.of(snapshot(buffer)), "#1", "#2");
        LongBuffer readOnly = LongBuffer.wrap(new long[] {7, 7, 7, 7}).asReadOnlyBuffer();
        refuseUntouched("output", "read-only output LongBuffer",
                () -> ArgMin.latest().axis(1).apply(matrix(), readOnly), List.of(snapshot(readOnly)), "read-only");
        refuse("nulls", "null output array", () -> ArgMax.latest().apply(matrix(), (long[]) null, 0), "output", "null");
        refuse("nulls", "null output buffer", () -> ArgMax.latest().apply(matrix(), (LongBuffer) null), "output",
                "null");
        refuse("nulls", "null input tensor", () -> ArgMax.latest().apply(null), "data", "null");
    }

    @TestFactory
    Stream<DynamicTest> bad_input_is_refused_clearly_and_changes_nothing() {
        tensorConstruction();
        versionsAndAttributes();
        axisExtremes();
        typesAndShapes();
        outputs();
        assertTrue(refusals.size() >= 40, "at least 40 distinct bad inputs, have " + refusals.size());
        return refusals.stream().map(r -> DynamicTest.dynamicTest(r.group() + ": " + r.name(), () -> {
            MATRIX_ARRAYS.clear();
            ArgOnnxException e = assertTimeoutPreemptively(Duration.ofSeconds(30),
                    () -> assertThrows(ArgOnnxException.class, r.call(), r.name()));
            assertEquals(ArgOnnxException.class, e.getClass(), "exactly the library's exception type");
            String message = e.getMessage();
            assertTrue(message != null && !message.isBlank(), "a message");
            for (String m : r.mentions()) {
                assertTrue(mentions(message, m), "message should mention " + m + ": " + message);
            }
            for (float[] data : MATRIX_ARRAYS) {
                assertArrayEquals(DATA_2X3, data, "the input array was modified");
            }
            for (Supplier<String> check : r.untouched()) {
                String change = check.get();
                if (change != null) {
                    fail("input or output modified: " + change);
                }
            }
            ConformanceReport.hostile(r.group());
        }));
    }

    /**
     * Whether the message mentions {@code what}: {@code "#n"} is the number n standing alone (not a
     * part of another number such as the 12 in "ArgMax-12"), anything else a case-insensitive substring.
     */
    static boolean mentions(String message, String what) {
        if (what.startsWith("#")) {
            return Pattern.compile("(?<![0-9-])" + Pattern.quote(what.substring(1)) + "(?![0-9])").matcher(message).find();
        }
        return message.toLowerCase(Locale.ROOT).contains(what.toLowerCase(Locale.ROOT));
    }

    // ------------------------------------------------------------ unusual but valid: must work

    /** [[3, 1, 4], [1, 5, 9]]: ArgMax along axis 1 is [2, 2], ArgMin is [1, 0]. */
    @TestFactory
    Stream<DynamicTest> unusual_but_valid_inputs_work() {
        List<DynamicTest> tests = new ArrayList<>();
        tests.add(works("read-only heap FloatBuffer", () -> Tensor.ofFloat(FloatBuffer.wrap(DATA_2X3.clone())
                .asReadOnlyBuffer(), 2, 3)));
        tests.add(works("direct FloatBuffer, big-endian", () -> {
            FloatBuffer f = ByteBuffer.allocateDirect(24).order(ByteOrder.BIG_ENDIAN).asFloatBuffer();
            f.put(DATA_2X3).flip();
            return Tensor.ofFloat(f, 2, 3);
        }));
        tests.add(works("read-only direct FloatBuffer, little-endian", () -> {
            FloatBuffer f = ByteBuffer.allocateDirect(24).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
            f.put(DATA_2X3).flip();
            return Tensor.ofFloat(f.asReadOnlyBuffer(), 2, 3);
        }));
        tests.add(works("heap FloatBuffer at position 3 of a larger array", () -> {
            float[] padded = new float[10];
            System.arraycopy(DATA_2X3, 0, padded, 3, 6);
            return Tensor.ofFloat(FloatBuffer.wrap(padded, 3, 6), 2, 3);
        }));
        tests.add(works("raw bytes at odd position 3 (unaligned), heap", () -> rawAt(3, false, false)));
        tests.add(works("raw bytes at odd position 1, direct, read-only", () -> rawAt(1, true, true)));
        tests.add(works("raw bytes read-only heap at position 0", () -> rawAt(0, false, true)));
        return tests.stream();
    }

    private static Tensor rawAt(int position, boolean direct, boolean readOnly) {
        ByteBuffer b = (direct ? ByteBuffer.allocateDirect(position + 24 + 5) : ByteBuffer.allocate(position + 24 + 5))
                .order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 6; i++) {
            b.putFloat(position + 4 * i, DATA_2X3[i]);
        }
        b.position(position).limit(position + 24);
        if (readOnly) {
            b = b.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
        }
        return Tensor.ofRawData(DataType.FLOAT, b, 2, 3);
    }

    private static DynamicTest works(String name, Supplier<Tensor> make) {
        return DynamicTest.dynamicTest(name, () -> {
            Tensor x = make.get();
            ArgResult max = ArgMax.latest().axis(1).keepdims(0).apply(x);
            assertArrayEquals(new long[] {2, 2}, max.indices(), name);
            assertArrayEquals(new long[] {2}, max.shape(), name);
            ArgResult min = ArgMin.version(1).axis(-1).apply(x);
            assertArrayEquals(new long[] {1, 0}, min.indices(), name);
            assertArrayEquals(new long[] {2, 1}, min.shape(), name);
            ArgResult down = ArgMax.version(11).apply(x);
            assertArrayEquals(new long[] {0, 1, 1}, down.indices(), name);
            ConformanceReport.unusualButValid();
        });
    }
}
