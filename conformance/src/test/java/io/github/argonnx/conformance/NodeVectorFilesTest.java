package io.github.argonnx.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Message;
import io.github.argonnx.conformance.onnx.ModelProto;
import io.github.argonnx.conformance.onnx.TensorProto;
import io.github.argonnx.conformance.support.NodeTest;
import io.github.argonnx.conformance.support.Paths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bundled ONNX files (ArgMax/ArgMin and TopK) are the originals, and the proto subset reads all
 * of their fields.
 */
class NodeVectorFilesTest {

    /** Each folder of bundled vectors, with the number of files its SHA256SUMS lists at least. */
    static Stream<Arguments> vectorFolders() {
        return Stream.of(
                // The 32 ArgMax/ArgMin tests x (model + input + output).
                Arguments.of(Paths.nodeTests(), 96),
                // The 7 TopK tests x (model + 2 inputs + 2 outputs).
                Arguments.of(Paths.topKNodeTests(), 35));
    }

    @ParameterizedTest
    @MethodSource("vectorFolders")
    void files_match_their_recorded_checksums(Path root, int files) throws IOException, NoSuchAlgorithmException {
        List<String> lines = Files.readAllLines(root.resolve("SHA256SUMS"));
        assertTrue(lines.size() >= files, "at least " + files + " files listed in " + root);
        for (String line : lines) {
            String[] parts = line.split("\\s+", 2);
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(root.resolve(parts[1])));
            assertEquals(parts[0], HexFormat.of().formatHex(digest), parts[1]);
        }
    }

    @Test
    void attribution_is_kept() throws IOException {
        String readme = Files.readString(Paths.nodeTests().resolve("README.md"));
        String notice = Files.readString(Paths.nodeTests().resolve("NOTICE"));
        for (String text : List.of(readme, notice)) {
            assertTrue(text.contains("6be0677fc22e74563e6eb472f931513aefe5648d"), "source commit");
            assertTrue(text.contains("Apache"), "license");
            assertTrue(text.contains("onnx/onnx"), "source repository");
        }
    }

    @Test
    void topk_attribution_is_kept() throws IOException {
        String readme = Files.readString(Paths.topKNodeTests().resolve("README.md"));
        String notice = Files.readString(Paths.topKNodeTests().resolve("NOTICE"));
        for (String text : List.of(readme, notice)) {
            assertTrue(text.contains("onnx Python package 1.23.1"), "source release");
            assertTrue(text.contains("Apache"), "license");
            assertTrue(text.contains("onnx/onnx"), "source repository");
        }
    }

    /** Unknown fields would mean a field number in onnx_subset.proto differs from ONNX's. */
    @ParameterizedTest
    @MethodSource("vectorFolders")
    void every_field_in_the_files_is_known_to_the_proto_subset(Path root, int ignored) throws IOException {
        List<String> unknown = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String name = f.getFileName().toString();
                if (name.equals("model.onnx")) {
                    collectUnknown(ModelProto.parseFrom(Files.readAllBytes(f)), f.toString(), unknown);
                } else if (name.endsWith(".pb")) {
                    collectUnknown(TensorProto.parseFrom(Files.readAllBytes(f)), f.toString(), unknown);
                }
            }
        }
        assertTrue(unknown.isEmpty(), String.join("\n", unknown));
    }

    private static void collectUnknown(Message m, String where, List<String> out) {
        if (!m.getUnknownFields().asMap().isEmpty()) {
            out.add(where + ": " + m.getDescriptorForType().getName() + " fields "
                    + m.getUnknownFields().asMap().keySet());
        }
        m.getAllFields().forEach((field, value) -> {
            if (value instanceof Message child) {
                collectUnknown(child, where, out);
            } else if (value instanceof List<?> list) {
                for (Object o : list) {
                    if (o instanceof Message child) {
                        collectUnknown(child, where, out);
                    }
                }
            }
        });
    }

    @Test
    void the_loader_reads_the_documented_table() {
        // Facts from the vectors' README, read by hand.
        NodeTest t = NodeTest.load(Paths.nodeTests().resolve("test_argmin_negative_axis_keepdims_random"));
        assertEquals("ArgMin", t.opType());
        assertEquals(13, t.opsetVersion());
        assertEquals(-1L, t.attribute("axis", 0));
        assertEquals(1L, t.attribute("keepdims", 1));
        assertEquals(List.of(2L, 3L, 4L), boxed(t.dataSets().get(0).inputs().get(0).shape()));
        assertEquals(List.of(2L, 3L, 1L), boxed(t.dataSets().get(0).outputs().get(0).shape()));
        NodeTest example = NodeTest.load(Paths.nodeTests().resolve("test_argmax_default_axis_example"));
        assertEquals(List.of(1L, 2L), boxed(example.dataSets().get(0).outputs().get(0).shape()));
        // [[2, 2], [3, 10]] along axis 0: row 1 wins in both columns.
        assertEquals(List.of(1L, 1L), boxed(example.dataSets().get(0).outputs().get(0).int64Values()));
        assertTrue(example.attributes().containsKey("keepdims") && !example.attributes().containsKey("axis"));
    }

    private static List<Long> boxed(long[] v) {
        return java.util.Arrays.stream(v).boxed().toList();
    }
}
