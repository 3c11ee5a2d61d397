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
}
