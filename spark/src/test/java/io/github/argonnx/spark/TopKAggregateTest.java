package io.github.argonnx.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.Tensor;
import io.github.argonnx.TopK;
import io.github.argonnx.runtime.ArgOnnxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

class TopKAggregateTest extends SparkTestSession {
    /** Up to {@link TopKRowAggregate#MAX_K} the buffer is columns; above, the typed aggregate's heap. */
    private static final int[] KS = {0, 1, 4, 50, 150};

    /**
     * What {@code top_k_agg} should answer, from the library: the rows with a score, in position order,
     * as one tensor; TopK's indices name the rows whose positions answer. Null when no row has a score.
     */
    static List<Long> reference(List<Row> rows, int k, boolean largest) {
        List<Row> scored = new ArrayList<>(rows.stream().filter(r -> !r.isNullAt(1)).toList());
        if (scored.isEmpty()) {
            return null;
        }
        scored.sort(Comparator.comparingLong(r -> r.getLong(2)));
        int n = scored.size();
        Tensor tensor;
        if (scored.get(0).get(1) instanceof Double || scored.get(0).get(1) instanceof Float) {
            double[] values = new double[n];
            for (int i = 0; i < n; i++) {
                values[i] = ((Number) scored.get(i).get(1)).doubleValue();
            }
            tensor = Tensor.ofDouble(values, n);
        } else {
            long[] values = new long[n];
            for (int i = 0; i < n; i++) {
                values[i] = ((Number) scored.get(i).get(1)).longValue();
            }
            tensor = Tensor.ofInt64(values, n);
        }
        long[] indices = TopK.latest().axis(0).largest(largest).apply(tensor, Math.min(k, n)).indices();
        List<Long> positions = new ArrayList<>();
        for (long index : indices) {
            positions.add(scored.get((int) index).getLong(2));
        }
        return positions;
    }

    /** Random rows (g, score, position) of one score type: ties, NaN and signed zeros, nulls; positions sparse and distinct. */
    static List<Row> rows(DataType scoreType, int count, int groups, Random random) {
        Object[] pool = new Object[4];
        for (int i = 0; i < pool.length; i++) {
            pool[i] = AggregateReference.randomValue(scoreType, random);
        }
        Set<Long> positions = new HashSet<>(List.of(0L, Long.MAX_VALUE));
        while (positions.size() < count) {
            positions.add(random.nextBoolean() ? random.nextInt(3 * count) : random.nextLong() >>> 1);
        }
        List<Row> rows = new ArrayList<>();
        for (long position : positions) {
            Object score = random.nextInt(10) == 0 ? null
                    : random.nextBoolean() ? pool[random.nextInt(pool.length)] : AggregateReference.randomValue(scoreType, random);
            rows.add(RowFactory.create(random.nextInt(groups), score, position));
        }
        Collections.shuffle(rows, random);
        return rows;
    }

    private static String aggregates() {
        StringBuilder select = new StringBuilder();
        for (int k : KS) {
            select.append(select.length() == 0 ? "" : ", ").append("top_k_agg(score, position, ").append(k).append("), ")
                    .append("top_k_agg(score, position, ").append(k).append(", false)");
        }
        return select.toString();
    }

    private static List<List<Long>> expected(List<Row> rows) {
        List<List<Long>> expected = new ArrayList<>();
        for (int k : KS) {
            expected.add(reference(rows, k, true));
            expected.add(reference(rows, k, false));
        }
        return expected;
    }

    static List<List<Long>> answers(Row row, int from) {
        List<List<Long>> answers = new ArrayList<>();
        for (int i = from; i < row.length(); i++) {
            answers.add(row.isNullAt(i) ? null : row.getList(i));
        }
        return answers;
    }

    @Test
    void everyScoreTypeGroupedAndGlobalMatchesTheLibrarysTopKOverTheRowsInPositionOrder() {
        DataType[] types = {DataTypes.DoubleType, DataTypes.FloatType, DataTypes.LongType, DataTypes.IntegerType,
            DataTypes.ShortType, DataTypes.ByteType};
        for (int t = 0; t < types.length; t++) {
            Random random = new Random(200 + t);
            List<Row> rows = rows(types[t], 400, 7, random);
            StructType schema = new StructType().add("g", DataTypes.IntegerType).add("score", types[t])
                    .add("position", DataTypes.LongType);
            for (int partitions : new int[] {1, 3, 8}) {
                inPartitions(rows, schema, partitions).createOrReplaceTempView("scores");
                String where = types[t] + ", " + partitions + " partitions";
                for (Row row : spark.sql("SELECT g, " + aggregates() + " FROM scores GROUP BY g").collectAsList()) {
                    int g = row.getInt(0);
                    assertEquals(expected(rows.stream().filter(r -> r.getInt(0) == g).toList()), answers(row, 1),
                            where + ", group " + g);
                }
                assertEquals(expected(rows), answers(spark.sql("SELECT " + aggregates() + " FROM scores").first(), 0),
                        where + ", global");
            }
        }
    }

    @Test
    void nanIsTheBestWhenLargestAndTheWorstWhenSmallestAndTiesGoToTheSmallerPosition() {
        Row row = spark.sql("SELECT top_k_agg(s, p, 5), top_k_agg(s, p, 5, false) FROM VALUES (1.0D, 40L),"
                + " (CAST('NaN' AS DOUBLE), 7L), (3.0D, 9L), (-0.0D, 30L), (3.0D, 2L), (0.0D, 8L) AS t(s, p)").first();
        assertEquals(List.of(7L, 2L, 9L, 40L, 8L), row.getList(0));
        assertEquals(List.of(8L, 30L, 40L, 2L, 9L), row.getList(1));
    }

    @Test
    void anEmptyGroupGivesNullAndKZeroAnEmptyArray() {
        Row row = spark.sql("SELECT top_k_agg(s, p, 3), top_k_agg(s, p, 3) FILTER (WHERE p > 100), top_k_agg(s, p, 0),"
                + " top_k_agg(CAST(NULL AS INT), p, 2) FROM VALUES (1, 4L), (2, 5L) AS t(s, p)").first();
        assertEquals(List.of(5L, 4L), row.getList(0));
        assertNull(row.get(1));
        assertEquals(List.of(), row.getList(2));
        assertNull(row.get(3));
        assertNull(spark.sql("SELECT top_k_agg(id, id, 2) FROM range(0)").first().get(0));
        List<Row> grouped = spark.sql("SELECT g, top_k_agg(s, p, 2) FROM VALUES (1, NULL, 3L), (2, 7, 1L) AS t(g, s, p)"
                + " GROUP BY g ORDER BY g").collectAsList();
        assertNull(grouped.get(0).get(1));
        assertEquals(List.of(1L), grouped.get(1).getList(1));
    }

    @Test
    void aPositionRepeatedAmongTheKBestIsRefusedNamingItWhateverThePartitioning() {
        List<Row> rows = new ArrayList<>();
        for (long i = 0; i < 60; i++) {
            rows.add(RowFactory.create(0, (double) i, i == 59 ? 12L : i));
        }
        // Position 12 has the scores 12 and 59: among the 3 best by the row with 59; far from them by the other.
        StructType schema = new StructType().add("g", DataTypes.IntegerType).add("score", DataTypes.DoubleType)
                .add("position", DataTypes.LongType);
        for (int partitions : new int[] {1, 2, 7}) {
            inPartitions(rows, schema, partitions).createOrReplaceTempView("repeated");
            for (int k : new int[] {50, 200}) {
                ArgOnnxException error = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                        () -> spark.sql("SELECT top_k_agg(score, position, " + k + ") FROM repeated").collect()));
                assertEquals("top_k_agg: position 12 appears in more than one row; each row needs a position of its own,"
                        + " as an element of a tensor has", error.getMessage(), partitions + " partitions, k = " + k);
            }
            assertTrue(ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                    () -> spark.sql("SELECT g, top_k_agg(score, position, 60, false) FROM repeated GROUP BY g").collect()))
                    .getMessage().startsWith("top_k_agg: position 12 appears in more than one row"));
            // Among the 3 best (59, 58, 57) position 12 appears once: the buffer holds 3 rows and never sees both.
            assertEquals(List.of(12L, 58L, 57L), spark.sql("SELECT top_k_agg(score, position, 3) FROM repeated").first().getList(0));
        }
    }

    @Test
    void aNegativeOrNullPositionIsRefusedNamingItAndRowsTheFilterExcludesAreNotChecked() {
        ArgOnnxException negative = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                () -> spark.sql("SELECT top_k_agg(v, p, 2) FROM VALUES (1.0D, 4L), (2.0D, -3L) AS t(v, p)").collect()));
        assertEquals("top_k_agg: position -3 is negative; positions are bigint values from 0 to 9223372036854775807",
                negative.getMessage());
        ArgOnnxException missing = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                () -> spark.sql("SELECT g, top_k_agg(v, p, 1) FROM VALUES (1, 1.5D, NULL), (1, 2.0D, 1L) AS t(g, v, p) GROUP BY g")
                        .collect()));
        assertTrue(missing.getMessage().startsWith("top_k_agg: the row with score 1.5 has a null position"), missing.getMessage());
        Row filtered = spark.sql("SELECT top_k_agg(v, p, 2) FILTER (WHERE g <> 2) FROM VALUES (1, 3.0D, 4L), (1, 5.0D, 1L),"
                + " (2, 9.0D, -5L), (2, 8.0D, NULL) AS t(g, v, p)").first();
        assertEquals(List.of(1L, 4L), filtered.getList(0));
        Row narrow = spark.sql("SELECT top_k_agg(v, p, 2, 0) FROM VALUES (CAST(5 AS TINYINT), CAST(7 AS SMALLINT)),"
                + " (NULL, CAST(1 AS SMALLINT)), (CAST(-2 AS TINYINT), CAST(3 AS SMALLINT)) AS t(v, p)").first();
        assertEquals(List.of(3L, 7L), narrow.getList(0));
    }

    @Test
    void theDatasetApiCallsTheSameAggregate() {
        Row row = spark.range(0, 100, 1, 3).selectExpr("id % 10 AS s", "id AS p")
                .agg(ArgOnnxFunctions.topKAgg(functions.col("s"), functions.col("p"), 3, true),
                        ArgOnnxFunctions.topKAgg(functions.col("s"), functions.col("p"), 2, false))
                .first();
        assertEquals(List.of(9L, 19L, 29L), row.getList(0));
        assertEquals(List.of(0L, 10L), row.getList(1));
    }

    @Test
    void upToTheColumnLimitTheBufferStaysInSparksHashAggregationAboveItInTheObjectHashAggregation() {
        String columns = spark.range(0, 1000, 1, 2).selectExpr("id % 10 AS g", "CAST(id AS DOUBLE) AS s", "id AS p")
                .groupBy("g").agg(functions.expr("top_k_agg(s, p, " + TopKRowAggregate.MAX_K + ")"))
                .queryExecution().executedPlan().toString();
        assertTrue(columns.contains("HashAggregate"), columns);
        assertTrue(!columns.contains("ObjectHashAggregate") && !columns.contains("SortAggregate"), columns);
        String objects = spark.range(0, 1000, 1, 2).selectExpr("id % 10 AS g", "CAST(id AS DOUBLE) AS s", "id AS p")
                .groupBy("g").agg(functions.expr("top_k_agg(s, p, " + (TopKRowAggregate.MAX_K + 1) + ")"))
                .queryExecution().executedPlan().toString();
        assertTrue(objects.contains("ObjectHashAggregate"), objects);
    }

    @Test
    void aGroupsBufferHoldsAtMostKRowsWhateverItsRows() {
        TopKBuffer buffer = new TopKBuffer(5);
        Random random = new Random(9);
        for (int i = 0; i < 10_000; i++) {
            buffer.offer(random.nextInt(100), i);
        }
        TopKBuffer copy = TopKBuffer.deserialize(5, buffer.serialize());
        assertEquals(1 + 4 + 5 * 16, buffer.serialize().length);
        assertEquals(Arrays.toString(buffer.bestFirst("t")), Arrays.toString(copy.bestFirst("t")));
    }

    @Test
    void wrongArgumentsAreAnalysisErrorsCarryingTheLibrarysMessage() {
        assertRefused("SELECT top_k_agg(CAST(id AS DECIMAL(38, 0)), id, 2) FROM range(3)",
                "top_k_agg: the score must be a tinyint, smallint, int, bigint, float or double column, not DECIMAL(38,0)");
        assertRefused("SELECT top_k_agg(id, CAST(id AS DOUBLE), 2) FROM range(3)",
                "top_k_agg: the position must be a tinyint, smallint, int or bigint column, not DOUBLE");
        assertRefused("SELECT top_k_agg(id, id, id) FROM range(3)", "top_k_agg: k must be a constant, not id");
        assertRefused("SELECT top_k_agg(id, id, -2) FROM range(3)", "top_k_agg: k must be an integer from 0 to 2147483632, not -2 (INT)");
        assertRefused("SELECT top_k_agg(id, id, 3000000000L) FROM range(3)",
                "top_k_agg: k must be an integer from 0 to 2147483632, not 3000000000L (BIGINT)");
        assertRefused("SELECT top_k_agg(id, id, '3') FROM range(3)", "top_k_agg: k must be an integer from 0 to 2147483632, not '3' (STRING)");
        assertRefused("SELECT top_k_agg(id, id) FROM range(3)", "top_k_agg takes 3 or 4 arguments (score, position, k [, largest]), got 2");
        assertRefused("SELECT top_k_agg(id, id, 2, 'true') FROM range(3)", "top_k_agg: largest must be a boolean, 0 or 1, not 'true' (STRING)");
        assertRefused("SELECT top_k_agg(id, id, 2, id > 1) FROM range(3)",
                "top_k_agg: largest must be a constant, not (id > CAST(1 AS BIGINT))");
    }

    private static void assertRefused(String query, String message) {
        AnalysisException error = assertThrows(AnalysisException.class, () -> spark.sql(query), query);
        assertInstanceOf(ArgOnnxException.class, error.getCause(), query);
        assertTrue(error.getMessage().contains(message), query + ": " + error.getMessage());
    }
}
