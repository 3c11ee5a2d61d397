package io.github.argonnx.spark;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The embedded session each test class shares, functions registered: two cores, no UI, few shuffle partitions. */
abstract class SparkTestSession {
    static SparkSession spark;

    @BeforeAll
    static void startSpark() {
        spark = SparkSession.builder()
                .master("local[2]")
                .appName("argonnx-spark-test")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "4")
                .config("spark.sql.adaptive.enabled", "false")
                .config("spark.driver.host", "localhost")
                .config("spark.sql.warehouse.dir", "target/spark-warehouse")
                .getOrCreate();
        ArgOnnxFunctions.register(spark);
    }

    @AfterAll
    static void stopSpark() {
        spark.stop();
    }
}
