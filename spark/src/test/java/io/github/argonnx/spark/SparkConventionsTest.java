package io.github.argonnx.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgOnnxException;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Test;

/** The per-row functions behave as Spark's own array functions do in plans; unsigned readings refuse negatives. */
class SparkConventionsTest extends SparkTestSession {
    private static Dataset<Row> arrays() {
        return spark.sql("SELECT id, array(id % 3, 2 - id % 3, 1) AS a FROM range(0, 30, 1, 3)");
    }

    @Test
    void groupByAndHavingMatchTwoUsesOfTheSameCall() {
        arrays().createOrReplaceTempView("arrays");
        List<Row> grouped = spark.sql("SELECT argmax(a), count(*) FROM arrays GROUP BY argmax(a) HAVING argmax(a) > 0"
                + " ORDER BY argmax(a)").collectAsList();
        assertEquals("[[1,10]]", grouped.toString());
        Dataset<Row> data = arrays();
        Column argmax = ArgOnnxFunctions.argmax(data.col("a"));
        List<Row> byColumn = data.groupBy(argmax).count().orderBy(argmax).collectAsList();
        assertEquals("[[0,20], [1,10]]", byColumn.toString());
    }

    @Test
    void equalCallsAreEqualExpressionsAndOtherOptionsAreNot() {
        Dataset<Row> data = arrays();
        Column a = data.col("a");
        var first = data.select(ArgOnnxFunctions.argmax(a, false)).queryExecution().analyzed().expressions().head().children().head();
        var again = data.select(ArgOnnxFunctions.argmax(a, false)).queryExecution().analyzed().expressions().head().children().head();
        var last = data.select(ArgOnnxFunctions.argmax(a, true)).queryExecution().analyzed().expressions().head().children().head();
        assertTrue(first.semanticEquals(again), first + " and " + again);
        assertEquals(first.semanticHash(), again.semanticHash());
        assertFalse(first.semanticEquals(last), first + " and " + last);
        assertNotEquals(spark.sql("SELECT argmax(array(1, 2))").queryExecution().analyzed(),
                spark.sql("SELECT argmin(array(1, 2))").queryExecution().analyzed());
    }

    @Test
    void aCachedDatasetComputingArgmaxIsReused() {
        Dataset<Row> cached = arrays().select(functions.col("id"), ArgOnnxFunctions.argmin(functions.col("a")).as("i"));
        cached.cache();
        try {
            cached.count();
            Dataset<Row> again = arrays().select(functions.col("id"), ArgOnnxFunctions.argmin(functions.col("a")).as("i"));
            String plan = again.queryExecution().withCachedData().toString();
            assertTrue(plan.contains("InMemoryRelation"), plan);
        } finally {
            cached.unpersist();
        }
    }

    @Test
    void theProjectionStaysInWholeStageGeneratedCode() {
        String plan = spark.sql("SELECT argmax(a), argmin(a, 'uint8', true) FROM (SELECT array(id % 3, 2) AS a FROM range(10))")
                .queryExecution().executedPlan().toString();
        assertTrue(plan.startsWith("*(1) Project"), plan);
    }

    @Test
    void unsignedReadingsRefuseNegativeElementsInsteadOfWrappingThem() {
        ArgOnnxException uint8 = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                () -> spark.sql("SELECT argmax(array(-1Y, 5Y), 'uint8')").collect()));
        assertTrue(uint8.getMessage().contains("argmax: element 0 is -1, outside the range of uint8 [0, 255]"), uint8.getMessage());
        for (String array : List.of("array(5Y, -1Y)", "array(5S, -1S)", "array(5, -1)")) {
            ArgOnnxException uint64 = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                    () -> spark.sql("SELECT argmax(" + array + ", 'uint64')").collect()));
            assertTrue(uint64.getMessage().contains("argmax: element 1 is -1, outside the range of uint64"), uint64.getMessage());
        }
        // A bigint array holds uint64 values as their 64-bit patterns: -1 is 2^64 - 1.
        assertEquals(0L, spark.sql("SELECT argmax(array(-1L, 5L), 'uint64')").first().getLong(0));
        assertEquals(1L, spark.sql("SELECT argmax(array(3Y, 5Y), 'uint8')").first().getLong(0));
    }

    /** What spark/README.md says of Spark's built-ins beside these functions, each shown here. */
    @Test
    void theBuiltInsDifferWhereTheReadmeSaysTheyDo() {
        // ArgMin's NaN rule: a NaN wins; Spark orders NaN above every number, so min_by and array_min skip it.
        Row nan = spark.sql("SELECT argmin_agg(v, p), min_by(p, v) FROM VALUES"
                + " (1.0D, 0L), (CAST('NaN' AS DOUBLE), 1L), (0.5D, 2L) AS t(v, p)").first();
        assertEquals("[1,2]", nan.toString());
        Row nanPerRow = spark.sql("SELECT argmin(a), array_position(a, array_min(a)) - 1 FROM"
                + " (SELECT array(1.0D, CAST('NaN' AS DOUBLE), 0.5D) AS a)").first();
        assertEquals("[1,2]", nanPerRow.toString());
        // select_last_index, and ties the same whatever the order of rows: argmax_agg names the first or the last position.
        Row ties = spark.sql("SELECT argmax_agg(v, p), argmax_agg(v, p, true), argmax(array(2, 7, 7)), argmax(array(2, 7, 7), true)"
                + " FROM VALUES (7, 9L), (7, 3L), (2, 5L), (7, 6L) AS t(v, p)").first();
        assertEquals("[3,9,1,2]", ties.toString());
        // Unsigned and 16-bit types: the built-ins read the signed values.
        Row types = spark.sql("SELECT argmax(a, 'uint64'), array_position(a, array_max(a)) - 1,"
                + " argmax(h, 'float16'), array_position(h, array_max(h)) - 1 FROM"
                + " (SELECT array(-1L, 5L) AS a, array(CAST(-17408 AS SMALLINT), CAST(-16384 AS SMALLINT)) AS h)").first();
        // float16 0xBC00 is -1.0 and 0xC000 is -2.0: as smallints, -17408 < -16384.
        assertEquals("[0,1,0,1]", types.toString());
    }
}
