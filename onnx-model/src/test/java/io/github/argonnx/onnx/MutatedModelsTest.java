package io.github.argonnx.onnx;

import static io.github.argonnx.onnx.testing.OnnxWriter.BOOL;
import static io.github.argonnx.onnx.testing.OnnxWriter.FLOAT;
import static io.github.argonnx.onnx.testing.OnnxWriter.INT32;
import static io.github.argonnx.onnx.testing.OnnxWriter.INT64;
import static io.github.argonnx.onnx.testing.OnnxWriter.graph;
import static io.github.argonnx.onnx.testing.OnnxWriter.model;
import static io.github.argonnx.onnx.testing.OnnxWriter.names;
import static io.github.argonnx.onnx.testing.OnnxWriter.node;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.argonnx.onnx.testing.OnnxWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutated model bytes (seeded, a bounded count): the reader either reads them or refuses them with
 * {@link OnnxFormatException} and a short message, never another exception, in this module's small test heap.
 */
class MutatedModelsTest {

    private static final int CASES = 4000;

    @TempDir
    Path dir;

    private static byte[] seedModel() {
        OnnxWriter.Graph body = graph("body").input("i", INT64, 0).input("c", BOOL, 0)
                .node(node("ArgMin", "inner", names("x"), names("m")).attr("axis", 1).attr("keepdims", 0));
        OnnxWriter.Graph then = graph("then")
                .node(node("Loop", "loop", names("", ""), names("o")).attr("body", body))
                .node(node("TopK", "topk", names("x", "k"), names("v", "idx")).attr("axis", -1));
        return model().opset("", 13).opset("com.example", 2).graph(graph("g").input("x", FLOAT, 3)
                .input("cond", BOOL, 0).output("y", INT64, 2).valueInfo("xi", INT32, 3)
                .initializer("w", FLOAT, new long[] {2, 2}, 16)
                .externalInitializer("e", FLOAT, new long[] {4}, "weights.bin")
                .node(node("Cast", "cast", names("x"), names("xi")).attr("to", INT32))
                .node(node("Constant", "const", names(), names("k")).tensorAttr("value", INT64))
                .node(node("ArgMax", "am", names("xi"), names("y")).attr("axis", 2).attr("select_last_index", 1))
                .node(node("ArgMax", "custom", names("x"), names("z")).domain("com.example").attrFloat("alpha", 1f))
                .node(node("If", "if", names("cond"), names("r")).attr("then_branch", then)
                        .attr("else_branch", graph("else")))).toBytes();
    }

    private static byte[] mutate(byte[] seed, Random random) {
        byte[] bytes = seed.clone();
        switch (random.nextInt(5)) {
            case 0 -> { // flip a few bytes
                for (int n = 1 + random.nextInt(4); n > 0; n--) {
                    bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
                }
            }
            case 1 -> bytes = Arrays.copyOf(bytes, random.nextInt(bytes.length)); // truncate
            case 2 -> { // a length or varint byte set to its largest values
                bytes[random.nextInt(bytes.length)] = (byte) (random.nextBoolean() ? 0xff : 0x7f);
            }
            case 3 -> { // a run of bytes copied elsewhere (nested messages repeated, lengths out of step)
                int from = random.nextInt(bytes.length);
                int length = random.nextInt(Math.min(64, bytes.length - from) + 1);
                int to = random.nextInt(bytes.length);
                byte[] grown = new byte[bytes.length + length];
                System.arraycopy(bytes, 0, grown, 0, to);
                System.arraycopy(bytes, from, grown, to, length);
                System.arraycopy(bytes, to, grown, to + length, bytes.length - to);
                bytes = grown;
            }
            default -> { // random bytes after a valid prefix
                int keep = random.nextInt(bytes.length);
                byte[] tail = new byte[random.nextInt(32)];
                random.nextBytes(tail);
                bytes = Arrays.copyOf(bytes, keep + tail.length);
                System.arraycopy(tail, 0, bytes, keep, tail.length);
            }
        }
        return bytes;
    }

    @Test
    void mutatedBytesAreReadOrRefusedByNameAndNothingElse() throws Exception {
        byte[] seed = seedModel();
        assertTrue(OnnxModel.read(seed).nodes().size() == 4, "the seed model reads");
        Random random = new Random(20261207L);
        int refused = 0;
        for (int i = 0; i < CASES; i++) {
            byte[] bytes = mutate(seed, random);
            boolean viaFile = i % 20 == 0;
            try {
                if (viaFile) {
                    Path file = dir.resolve("case.onnx");
                    Files.write(file, bytes);
                    OnnxModel.read(file);
                } else {
                    OnnxModel.read(bytes);
                }
            } catch (OnnxFormatException e) {
                refused++;
                String origin = viaFile ? "case.onnx" : "model bytes";
                assertTrue(e.getMessage().startsWith(origin + ": not a readable ONNX model: "), e.getMessage());
                assertTrue(e.getMessage().length() <= 240, e.getMessage());
            } catch (Exception | Error e) {
                fail("case " + i + " (" + bytes.length + " bytes): " + e, e);
            }
        }
        assertTrue(refused > CASES / 10, "the mutations break most models: " + refused + " refused");
    }
}
