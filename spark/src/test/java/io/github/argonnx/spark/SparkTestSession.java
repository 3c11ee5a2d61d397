package io.github.argonnx.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.function.Consumer;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;

/**
 * The embedded session the test classes share, functions registered: two cores, no UI, few shuffle
 * partitions. It is started once per test JVM and stopped by Spark's own shutdown hook, so that the
 * classes do not each pay for a session's start.
 */
abstract class SparkTestSession {
    static SparkSession spark;

    @BeforeAll
    static synchronized void startSpark() {
        if (spark == null) {
            spark = SparkSession.builder()
                    .master("local[2]")
                    .appName("argonnx-spark-test")
                    .config("spark.ui.enabled", "false")
                    .config("spark.sql.shuffle.partitions", "4")
                    .config("spark.sql.adaptive.enabled", "false")
                    // Loopback only (the build also sets SPARK_LOCAL_IP=127.0.0.1).
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .config("spark.sql.warehouse.dir", "target/spark-warehouse")
                    .getOrCreate();
            ArgOnnxFunctions.register(spark);
        }
    }

    /**
     * Runs the check with whole-stage code generation on (Spark's default) and again with it off and
     * expressions interpreted, handing it the mode's name for its messages.
     */
    static void inBothCodegenModes(Consumer<String> check) {
        check.accept("generated code");
        spark.conf().set("spark.sql.codegen.wholeStage", "false");
        spark.conf().set("spark.sql.codegen.factoryMode", "NO_CODEGEN");
        try {
            check.accept("interpreted");
        } finally {
            spark.conf().unset("spark.sql.codegen.wholeStage");
            spark.conf().unset("spark.sql.codegen.factoryMode");
        }
    }

    /**
     * The rows as a DataFrame of exactly {@code partitions} partitions, consecutive rows together,
     * made without a shuffle (a {@code repartition} would add a stage to every query).
     */
    static Dataset<Row> inPartitions(List<Row> rows, StructType schema, int partitions) {
        Dataset<Row> data = spark.createDataFrame(
                JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelize(rows, partitions), schema);
        assertEquals(partitions, data.rdd().getNumPartitions(), "partitions");
        return data;
    }
}
