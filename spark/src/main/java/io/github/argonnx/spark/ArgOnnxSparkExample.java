package io.github.argonnx.spark;

import io.github.argonnx.ArgMax;
import io.github.argonnx.DataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The three uses on one session: embedded ({@code local[*]}) when run as a plain Java program, on the
 * cluster {@code spark-submit} names otherwise (spark/README.md).
 */
public final class ArgOnnxSparkExample {
    private ArgOnnxSparkExample() {
    }

    /**
     * Runs the example and prints what it computes.
     *
     * @param args not used
     */
    public static void main(String[] args) {
        SparkSession.Builder builder = SparkSession.builder().appName("argonnx-spark-example");
        // spark-submit passes the master as the spark.master property; a plain java run gets an embedded one.
        if (!new SparkConf().contains("spark.master")) {
            builder.master("local[*]");
        }
        SparkSession spark = builder.getOrCreate();
        try {
            run(spark).forEach(System.out::println);
        } finally {
            spark.stop();
        }
    }

    /**
     * The example's computations.
     *
     * @param spark the session
     * @return one line per result
     */
    static List<String> run(SparkSession spark) {
        ArgOnnxFunctions.register(spark);
        List<String> lines = new ArrayList<>();

        // Per row: ONNX post-processing of scores; NaN wins, ties go to the first index (or the last).
        Row perRow = spark.sql("SELECT argmax(array(0.5F, 2.0F, 2.0F)), argmax(array(0.5F, 2.0F, 2.0F), true),"
                + " argmin(array(1.0D, CAST('NaN' AS DOUBLE), 0.0D)), argmax(array(10, 250, 3), 'uint8')").first();
        lines.add("per row: argmax " + perRow.get(0) + ", last " + perRow.get(1) + ", argmin with NaN " + perRow.get(2)
                + ", uint8 " + perRow.get(3));

        // Over a whole Dataset: the position of the largest value, exact whatever the partitioning.
        // Each group (here the whole Dataset) keeps only its winner so far: a key and a position.
        Row global = spark.range(0, 10_000, 1, 8).selectExpr("id AS position", "CAST((id * 7919) % 1000003 AS DOUBLE) AS value")
                .selectExpr("argmax_agg(value, position)", "argmin_agg(value, position)").first();
        lines.add("over 10000 rows: argmax_agg " + global.get(0) + ", argmin_agg " + global.get(1));

        // A float tensor [2, 1000] whose axis 1 is sharded into chunks of 100 columns, one row each.
        StructType schema = new StructType()
                .add(ShardedTensor.OFFSET, DataTypes.LongType)
                .add(ShardedTensor.RAW_DATA, DataTypes.BinaryType)
                .add(ShardedTensor.DATA_TYPE, DataTypes.IntegerType)
                .add(ShardedTensor.SHAPE, DataTypes.createArrayType(DataTypes.LongType, false));
        List<Row> chunks = new ArrayList<>();
        for (int start = 0; start < 1000; start += 100) {
            ByteBuffer rawData = ByteBuffer.allocate(2 * 100 * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            for (int row = 0; row < 2; row++) {
                for (int column = start; column < start + 100; column++) {
                    rawData.putFloat(row == 0 ? column % 617 : -column);
                }
            }
            chunks.add(RowFactory.create((long) start, rawData.array(), DataType.FLOAT.tensorProtoCode(), List.of(2L, 1000L)));
        }
        Dataset<Row> sharded = spark.createDataFrame(chunks, schema);
        lines.add("sharded [2, 1000] along axis 1: ArgMax " + ShardedTensor.reduce(sharded, ArgMax.latest().axis(1)));
        return lines;
    }
}
