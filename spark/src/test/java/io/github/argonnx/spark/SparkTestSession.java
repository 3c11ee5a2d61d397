package io.github.argonnx.spark;

import org.apache.spark.sql.SparkSession;

/** The embedded session a test class shares: two cores, no UI, few shuffle partitions. */
final class SparkTestSession {
    private SparkTestSession() {
    }

    static SparkSession start() {
        SparkSession spark = SparkSession.builder()
                .master("local[2]")
                .appName("argonnx-spark-test")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "4")
                .config("spark.sql.adaptive.enabled", "false")
                .config("spark.driver.host", "localhost")
                .config("spark.sql.warehouse.dir", "target/spark-warehouse")
                .getOrCreate();
        ArgOnnxFunctions.register(spark);
        return spark;
    }
}
