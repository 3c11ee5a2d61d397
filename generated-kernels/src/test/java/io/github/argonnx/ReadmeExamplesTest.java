package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgAccumulator;
import io.github.argonnx.runtime.ArgResult;
import io.github.argonnx.runtime.TopKResult;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The usage examples of the README, verbatim between the {@code snippet} markers, so that they keep
 * compiling and keep giving the answers they claim. docs/usage.md carries every snippet and README.md
 * some of them; the last two tests fail when either drifts from this file.
 */
class ReadmeExamplesTest {

    @Test
    void arrays() {
        // snippet:arrays
        // Two rows of three scores, [[2, 1, 3], [7, 10, 10]]: where is each row's maximum?
        Tensor scores = Tensor.ofFloat(new float[] {2, 1, 3, 7, 10, 10}, 2, 3);
        ArgResult first = ArgMax.latest().axis(1).keepdims(false).apply(scores);
        long[] firstIndices = first.indices(); // {2, 1}: a tie goes to the first index
        long[] shape = first.shape();          // {2}
        ArgResult last = ArgMax.latest().axis(1).keepdims(false).selectLastIndex(true).apply(scores);
        long[] lastIndices = last.indices();   // {2, 2}
        // end-snippet

        assertArrayEquals(new long[] {2, 1}, firstIndices);
        assertArrayEquals(new long[] {2}, shape);
        assertArrayEquals(new long[] {2, 2}, lastIndices);
    }

    @Test
    void littleEndianRawData() {
        // snippet:raw-data
        // The raw_data of an ONNX TensorProto: float16 [[1.0, -2.0], [0.5, 3.0]], little-endian.
        ByteBuffer rawData = ByteBuffer.allocateDirect(8).order(ByteOrder.LITTLE_ENDIAN);
        rawData.putShort((short) 0x3C00).putShort((short) 0xC000).putShort((short) 0x3800).putShort((short) 0x4200);
        rawData.flip();
        Tensor x = Tensor.ofRawData(DataType.FLOAT16, rawData, 2, 2); // viewed in place, not copied
        LongBuffer out = LongBuffer.allocate(2);
        long[] outShape = ArgMin.forModelOpset(17).axis(0).apply(x, out); // ArgMin-13 is in force at opset 17
        // outShape is {1, 2}; out holds {1, 0}: the column minima 0.5 (row 1) and -2.0 (row 0)
        // end-snippet

        assertEquals(13, ArgMin.forModelOpset(17).version());
        assertArrayEquals(new long[] {1, 2}, outShape);
        assertArrayEquals(new long[] {1, 0}, out.array());
    }

    @Test
    void modelNode() {
        // snippet:model-node
        // A model's ArgMin node at ai.onnx opset 13 with {axis: 1, keepdims: 0}, over int32 [[4, 2], [9, 1]].
        ArgReductionOperator op = ArgReductionOperator.forNode("ArgMin", 13, Map.of("axis", 1L, "keepdims", 0L));
        int[] rowMinima = new int[2]; // int indices, to index Java arrays with
        long[] shape = op.apply(Tensor.ofInt32(new int[] {4, 2, 9, 1}, 2, 2), rowMinima, 0);
        // shape is {2}; rowMinima is {1, 1}
        // end-snippet

        assertEquals("ArgMin", op.opType());
        assertArrayEquals(new long[] {2}, shape);
        assertArrayEquals(new int[] {1, 1}, rowMinima);
    }

    @Test
    void preparedForOneShape() {
        // snippet:prepared
        // A classification head: float scores [1, 10], refilled for every input; the best class of each.
        PreparedArgReduction head = ArgMax.latest().axis(1).keepdims(false).prepare(DataType.FLOAT, 1, 10);
        float[] logits = new float[10];
        Tensor scores = Tensor.ofFloat(logits, 1, 10); // a view of logits: it sees every refill
        long[] classes = new long[3];
        for (int input = 0; input < classes.length; input++) {
            fill(logits, input); // the model's output for this input
            head.apply(scores, classes, input); // checks type, shape and room only; allocates nothing
        }
        // classes is {7, 8, 9}
        // end-snippet

        assertArrayEquals(new long[] {7, 8, 9}, classes);
    }

    /** Scores with the largest at class 7 + input, and ties elsewhere. */
    private static void fill(float[] logits, int input) {
        java.util.Arrays.fill(logits, 0.25f);
        logits[7 + input] = 3f;
    }

    @Test
    void topK() {
        // snippet:top-k
        // A classification head's five best classes, best first, over float logits [1, 10].
        Tensor logits = Tensor.ofFloat(new float[] {0.1f, 2.5f, 0.3f, 4f, 1.2f, 0.7f, 3.1f, 0.2f, 2.5f, 0.9f}, 1, 10);
        TopKResult<Tensor> top5 = TopK.latest().axis(1).apply(logits, 5);
        long[] classes = top5.indices(); // {3, 6, 1, 8, 4}: equal scores, the lower index first
        float[] scores = top5.values().toFloatArray(); // {4f, 3.1f, 2.5f, 2.5f, 1.2f}
        long[] shape = top5.shape();     // {1, 5}, the shape of both
        // end-snippet

        assertArrayEquals(new long[] {3, 6, 1, 8, 4}, classes);
        assertArrayEquals(new float[] {4f, 3.1f, 2.5f, 2.5f, 1.2f}, scores);
        assertArrayEquals(new long[] {1, 5}, shape);
    }

    @Test
    void topKPrepared() {
        List<float[]> batches = List.of(new float[4 * 1000], new float[4 * 1000]);
        for (int b = 0; b < batches.size(); b++) {
            for (int row = 0; row < 4; row++) {
                batches.get(b)[row * 1000 + 10 * row + b] = 5f;
                batches.get(b)[row * 1000 + 999] = 4f;
                batches.get(b)[row * 1000 + 20] = 4f;
            }
        }
        // snippet:top-k-prepared
        // The best three of every row of each batch of logits [4, 1000], into int indices, call after call.
        PreparedTopK top3 = TopK.latest().axis(1).prepare(DataType.FLOAT, 3, 4, 1000);
        float[] scores = new float[top3.outputSize()]; // [4, 3], row after row
        int[] classes = new int[top3.outputSize()];
        for (float[] batch : batches) {
            top3.apply(Tensor.ofFloat(batch, 4, 1000), scores, classes, 0); // checks type, shape and room only
        }
        // end-snippet

        assertArrayEquals(new int[] {1, 20, 999, 11, 20, 999, 21, 20, 999, 31, 20, 999}, classes);
        assertEquals(5f, scores[0]);
    }

    @Test
    void streamedChunks() {
        // snippet:streamed-chunks
        // The argmax over a reduced axis of 10^9 float scores that never sit in one array, fed in 1 Mi chunks.
        long total = 1_000_000_000L;
        PartialReduction argmax = PartialReduction.of(ArgMax.latest().keepdims(false), DataType.FLOAT, total);
        ArgAccumulator accumulator = argmax.accumulator(); // one entry per output element: here one
        float[] chunk = new float[1 << 20];
        for (long offset = 0; offset < total; offset += chunk.length) {
            int length = (int) Math.min(chunk.length, total - offset);
            for (int i = 0; i < length; i++) {
                chunk[i] = score(offset + i); // from a file, a socket, a model's output...
            }
            argmax.reduceInto(Tensor.ofFloat(FloatBuffer.wrap(chunk, 0, length), length), offset, accumulator);
        }
        long[] where = accumulator.finish().indices(); // {765432109}: the global index of the largest score
        // end-snippet

        assertArrayEquals(new long[] {PLANTED_MAXIMUM}, where);
    }

    private static final long PLANTED_MAXIMUM = 765_432_109L;

    /** Scores in [0, 1) that repeat often (ties), with one 2.0 planted where the snippet says. */
    private static float score(long index) {
        return index == PLANTED_MAXIMUM ? 2f : ((index * 2_654_435_761L) & 0xFFFF) / 65536f;
    }

    @Test
    void usageCarriesEverySnippet() throws IOException {
        List<String> fromTest = testSnippets();
        assertEquals(7, fromTest.size());
        assertEquals(fromTest, documentSnippets("../docs/usage.md"), "docs/usage.md and ReadmeExamplesTest differ: update both");
    }

    @Test
    void readmeCarriesSomeOfTheSnippetsVerbatim() throws IOException {
        List<String> fromReadme = documentSnippets("../README.md");
        assertTrue(fromReadme.size() >= 3, "README.md shows " + fromReadme.size() + " snippets");
        List<String> unknown = new ArrayList<>(fromReadme);
        unknown.removeAll(testSnippets());
        assertEquals(List.of(), unknown, "README.md snippets that differ from ReadmeExamplesTest's: update both");
    }

    private static List<String> testSnippets() throws IOException {
        String test = Files.readString(Path.of("src/test/java/io/github/argonnx/ReadmeExamplesTest.java"),
                StandardCharsets.UTF_8);
        return snippets(test, Pattern.compile("// snippet:([a-z-]+)\\n(.*?)\\n\\s*// end-snippet", Pattern.DOTALL));
    }

    private static List<String> documentSnippets(String document) throws IOException {
        String doc = Files.readString(Path.of(document), StandardCharsets.UTF_8);
        return snippets(doc, Pattern.compile("<!-- snippet:([a-z-]+) -->\\n```java\\n(.*?)\\n```", Pattern.DOTALL));
    }

    /** Each snippet as "name" + newline + its lines with the common indentation removed. */
    private static List<String> snippets(String text, Pattern pattern) {
        List<String> result = new ArrayList<>();
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            result.add(m.group(1) + "\n" + m.group(2).stripIndent());
        }
        return result;
    }
}
