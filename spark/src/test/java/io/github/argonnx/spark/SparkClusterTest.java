package io.github.argonnx.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.ArgMax;
import io.github.argonnx.ArgMin;
import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.spark.SparkContext$;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every feature on a Spark cluster of separate JVMs: {@code local-cluster[2,1,1024]} starts a master
 * and two workers in this JVM, and each worker an executor JVM of its own, whose class path is Spark's
 * alone (the SPARK_HOME that {@link ClusterHome} lays out under target/); the project's jars reach the
 * executors through {@code spark.jars}, as a user ships them. Answers are checked against the library
 * run here. Loopback only (the build sets SPARK_LOCAL_IP=127.0.0.1 and SPARK_HOME for this JVM). It
 * runs in a JVM of its own (the surefire execution {@code cluster}): a JVM holds one SparkContext.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SparkClusterTest {
    @Test
    void perRowFunctionsAggregatesAndShardedTensorsAnswerOnExecutorJvms() throws Exception {
        Assumptions.assumeFalse(Boolean.getBoolean("argonnx.spark.sharedJvm"), "runs in the surefire execution 'cluster'");
        assertTrue(SparkContext$.MODULE$.getActive().isEmpty(), "run this class in a JVM of its own (-Dtest=SparkClusterTest)");
        ClusterHome home = ClusterHome.assemble(Path.of("target", "cluster"));
        assertEquals(home.sparkHome.toString(), System.getenv("SPARK_HOME"), "the build sets SPARK_HOME for this test's JVM");
        assertFalse(home.libraryJars.isEmpty(), "the project's jars");
        SparkSession spark = SparkSession.builder()
                .master("local-cluster[2,1,1024]")
                .appName("argonnx-cluster-test")
                .config("spark.jars", String.join(",", home.libraryJars))
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.executorEnv.SPARK_LOCAL_IP", "127.0.0.1")
                .config("spark.executor.memory", "768m")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "4")
                .config("spark.task.maxFailures", "1")
                .getOrCreate();
        try {
            ArgOnnxFunctions.register(spark);
            awaitExecutors(spark);
            perRow(spark);
            aggregates(spark);
            topK(spark);
            shardedTensor(spark);
            badInput(spark);
        } finally {
            spark.stop();
        }
    }

    private static void awaitExecutors(SparkSession spark) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (spark.sparkContext().getExecutorMemoryStatus().size() < 3 && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        // The driver and two executors, each in a process of its own.
        assertEquals(3, spark.sparkContext().getExecutorMemoryStatus().size(), "executors registered");
        Set<String> processes = new HashSet<>();
        for (Row row : spark.sql("SELECT DISTINCT reflect('java.lang.ProcessHandle', 'current') FROM range(0, 16, 1, 8)")
                .collectAsList()) {
            processes.add(row.getString(0));
        }
        processes.remove(Long.toString(ProcessHandle.current().pid()));
        assertEquals(2, processes.size(), "executor processes other than this one: " + processes);
    }

    private static void perRow(SparkSession spark) {
        List<Row> rows = spark.sql("SELECT a, b, argmax(a), argmin(a), argmax(a, true), argmin(b, 'uint16', true) FROM"
                + " (SELECT transform(sequence(0, 30), j -> CAST(hash(id, j) % 5 AS FLOAT)) AS a,"
                + " transform(sequence(0, 20), j -> abs(hash(j, id)) % 65536) AS b FROM range(0, 600, 1, 4))").collectAsList();
        assertEquals(600, rows.size());
        List<ArgReductionOperator> onA = List.of(ArgMax.latest().keepdims(false), ArgMin.latest().keepdims(false),
                ArgMax.latest().keepdims(false).selectLastIndex(true));
        for (Row row : rows) {
            List<Float> a = row.getList(0);
            float[] floats = new float[a.size()];
            for (int i = 0; i < floats.length; i++) {
                floats[i] = a.get(i);
            }
            for (int k = 0; k < onA.size(); k++) {
                assertEquals(onA.get(k).apply(Tensor.ofFloat(floats, floats.length)).get(0), row.getLong(2 + k), row.toString());
            }
            List<Integer> b = row.getList(1);
            short[] shorts = new short[b.size()];
            for (int i = 0; i < shorts.length; i++) {
                shorts[i] = (short) (int) b.get(i);
            }
            assertEquals(ArgMin.latest().keepdims(false).selectLastIndex(true).apply(Tensor.ofUint16(shorts, shorts.length)).get(0),
                    row.getLong(5), row.toString());
        }
    }

    private static void aggregates(SparkSession spark) {
        spark.sql("SELECT CAST(id % 97 AS INT) AS g,"
                + " IF(id % 13 = 0, CAST('NaN' AS DOUBLE), CAST(hash(id) % 1000 AS DOUBLE)) AS value,"
                + " IF(id % 10 = 0, 5L, xxhash64(id) & 9223372036854775807L) AS position FROM range(0, 6000, 1, 4)")
                .createOrReplaceTempView("events");
        List<Row> events = spark.sql("SELECT * FROM events").collectAsList();
        String four = "argmax_agg(value, position), argmax_agg(value, position, true),"
                + " argmin_agg(value, position), argmin_agg(value, position, true)";
        assertEquals(AggregateReference.all(events), ArgExtremeAggregateTest.values(spark.sql("SELECT " + four + " FROM events").first(), 0));
        List<Row> grouped = spark.sql("SELECT g, " + four + " FROM events GROUP BY g").collectAsList();
        assertEquals(97, grouped.size());
        for (Row row : grouped) {
            int g = row.getInt(0);
            assertEquals(AggregateReference.all(events.stream().filter(e -> e.getInt(0) == g).toList()),
                    ArgExtremeAggregateTest.values(row, 1), "group " + g);
        }
    }

    private static void topK(SparkSession spark) {
        List<Row> rows = spark.sql("SELECT a, top_k(a, 4), top_k(a, 40, false), top_k_values(a, 3) FROM"
                + " (SELECT transform(sequence(0, 1 + id % 30), j -> IF(hash(id, j) % 11 = 0, CAST('NaN' AS FLOAT),"
                + " CAST(hash(id, j) % 5 AS FLOAT))) AS a FROM range(0, 400, 1, 4))").collectAsList();
        assertEquals(400, rows.size());
        for (Row row : rows) {
            List<Float> a = row.getList(0);
            float[] floats = new float[a.size()];
            for (int i = 0; i < floats.length; i++) {
                floats[i] = a.get(i);
            }
            Tensor tensor = Tensor.ofFloat(floats, floats.length);
            assertEquals(TopKFunctionsTest.libraryIndices(tensor, 4, true), row.getList(1), row.toString());
            assertEquals(TopKFunctionsTest.libraryIndices(tensor, 40, false), row.getList(2), row.toString());
            List<Float> values = new ArrayList<>();
            for (long index : TopKFunctionsTest.libraryIndices(tensor, 3, true)) {
                values.add(floats[(int) index]);
            }
            assertEquals(values, row.getList(3), row.toString());
        }
        // The aggregates' events with a position of each row's own: ties and NaN among the scores.
        spark.sql("SELECT CAST(id % 97 AS INT) AS g, IF(id % 13 = 0, CAST('NaN' AS DOUBLE), CAST(hash(id) % 1000 AS DOUBLE))"
                + " AS value, xxhash64(id) & 9223372036854775807L AS position FROM range(0, 6000, 1, 4)")
                .createOrReplaceTempView("scored");
        List<Row> scored = spark.sql("SELECT * FROM scored").collectAsList();
        assertEquals(scored.size(), scored.stream().map(r -> r.getLong(2)).distinct().count(), "distinct positions");
        Row global = spark.sql("SELECT top_k_agg(value, position, 25), top_k_agg(value, position, 25, false) FROM scored").first();
        assertEquals(TopKAggregateTest.reference(scored, 25, true), global.getList(0));
        assertEquals(TopKAggregateTest.reference(scored, 25, false), global.getList(1));
        List<Row> grouped = spark.sql("SELECT g, top_k_agg(value, position, 7) FROM scored GROUP BY g").collectAsList();
        assertEquals(97, grouped.size());
        for (Row row : grouped) {
            int g = row.getInt(0);
            assertEquals(TopKAggregateTest.reference(scored.stream().filter(e -> e.getInt(0) == g).toList(), 7, true),
                    row.getList(1), "group " + g);
        }
        assertTrue(ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                () -> spark.sql("SELECT top_k_agg(id, id % 3, 5) FROM range(0, 8, 1, 2)").collect()))
                .getMessage().contains("appears in more than one row"));
    }

    private static void shardedTensor(SparkSession spark) {
        long[] shape = {3, 40, 2};
        byte[] whole = TestData.rawData(DataType.FLOAT, 3 * 40 * 2, new Random(5));
        List<Row> chunks = new ArrayList<>(ShardedTensorTest.chunks(DataType.FLOAT, whole, shape, 1,
                new int[] {0, 1, 5, 6, 13, 20, 21, 33, 40}));
        java.util.Collections.shuffle(chunks, new Random(6));
        ArgReductionOperator operator = ArgMin.latest().axis(1).selectLastIndex(true);
        assertEquals(operator.apply(Tensor.ofRawData(DataType.FLOAT, ByteBuffer.wrap(whole).order(ByteOrder.LITTLE_ENDIAN), shape)),
                ShardedTensor.reduce(spark.createDataFrame(chunks, ShardedTensorTest.SCHEMA).repartition(3), operator));
    }

    private static void badInput(SparkSession spark) {
        assertTrue(ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                () -> spark.sql("SELECT argmax(array(-1Y, 5Y), 'uint8') FROM range(0, 4, 1, 2)").collect()))
                .getMessage().contains("outside the range of uint8"));
        assertTrue(ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                () -> spark.sql("SELECT argmax_agg(id, id - 3) FROM range(0, 8, 1, 2)").collect()))
                .getMessage().contains("position -3 is negative"));
        assertTrue(Files.isDirectory(Path.of(System.getenv("SPARK_HOME"), "jars")));
    }
}
