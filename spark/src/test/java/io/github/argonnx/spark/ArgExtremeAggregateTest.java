package io.github.argonnx.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.ArgMax;
import io.github.argonnx.ArgMin;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.ArgPartial;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import scala.Tuple2;

class ArgExtremeAggregateTest extends SparkTestSession {
    private static final int[] PARTITIONS = {1, 2, 7, 64};

    /** Runs the four aggregates over the rows in each partitioning and checks they agree with one apply. */
    private static void assertAggregatesMatchTheLibrary(List<Row> rows, StructType schema, Tensor whole, int... partitionings) {
        List<Long> expected = List.of(
                ArgMax.latest().axis(0).keepdims(false).apply(whole).get(0),
                ArgMax.latest().axis(0).keepdims(false).selectLastIndex(true).apply(whole).get(0),
                ArgMin.latest().axis(0).keepdims(false).apply(whole).get(0),
                ArgMin.latest().axis(0).keepdims(false).selectLastIndex(true).apply(whole).get(0));
        List<Row> shuffled = new ArrayList<>(rows);
        Collections.shuffle(shuffled, new Random(7));
        for (int partitions : partitionings) {
            inPartitions(shuffled, schema, partitions).createOrReplaceTempView("v");
            Row row = spark.sql("SELECT argmax_agg(value, position), argmax_agg(value, position, true),"
                    + " argmin_agg(value, position), argmin_agg(value, position, true) FROM v").first();
            assertEquals(expected, List.of(row.getLong(0), row.getLong(1), row.getLong(2), row.getLong(3)),
                    partitions + " partitions");
        }
    }

    @Test
    void floatColumnsGiveTheSameAnswerInEveryPartitioning() {
        Random random = new Random(42);
        int count = 1000;
        ByteBuffer raw = ByteBuffer.wrap(TestData.rawData(DataType.FLOAT, count, random)).order(ByteOrder.LITTLE_ENDIAN);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            rows.add(RowFactory.create(raw.getFloat(i * 4), (long) i));
        }
        StructType schema = new StructType().add("value", DataTypes.FloatType).add("position", DataTypes.LongType);
        assertAggregatesMatchTheLibrary(rows, schema, Tensor.ofRawData(DataType.FLOAT, raw, count), PARTITIONS);
    }

    @Test
    void bigintColumnsStayExactBeyondWhatADoubleHolds() {
        long big = (1L << 60) + 1;
        List<Row> rows = List.of(RowFactory.create(big - 1, 0L), RowFactory.create(big, 1L),
                RowFactory.create(big - 1, 2L), RowFactory.create(-big, 3L), RowFactory.create(big, 4L), RowFactory.create(-big, 5L));
        StructType schema = new StructType().add("value", DataTypes.LongType).add("position", DataTypes.LongType);
        long[] values = {big - 1, big, big - 1, -big, big, -big};
        assertAggregatesMatchTheLibrary(rows, schema, Tensor.ofInt64(values, values.length), 2);
    }

    @Test
    void positionsNeedNotBeContiguousAndNullValuesAreSkipped() {
        List<Row> rows = List.of(RowFactory.create(5.0, 100L), RowFactory.create(null, 7L),
                RowFactory.create(9.0, 3_000_000_000L), RowFactory.create(9.0, 40L));
        StructType schema = new StructType().add("value", DataTypes.DoubleType).add("position", DataTypes.LongType);
        inPartitions(rows, schema, 3).createOrReplaceTempView("gaps");
        Row row = spark.sql("SELECT argmax_agg(value, position), argmax_agg(value, position, true), argmin_agg(value, position),"
                + " argmin_agg(value, position) FILTER (WHERE value IS NULL) FROM gaps").first();
        assertEquals(40L, row.getLong(0));
        assertEquals(3_000_000_000L, row.getLong(1));
        assertEquals(100L, row.getLong(2));
        assertNull(row.get(3));
    }

    @Test
    void aRepeatedPositionIsRefused() {
        List<Row> rows = List.of(RowFactory.create(1.0, 4L), RowFactory.create(2.0, 4L));
        StructType schema = new StructType().add("value", DataTypes.DoubleType).add("position", DataTypes.LongType);
        Dataset<Row> data = inPartitions(rows, schema, 2);
        ArgOnnxException error = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                () -> data.agg(ArgOnnxFunctions.argmaxAgg(data.col("value"), data.col("position"), false)).collect()));
        assertTrue(error.getMessage().contains("[4, 5)"), error.getMessage());
    }

    @Test
    void aDecimalColumnIsRefusedRatherThanRounded() {
        ArgOnnxException error = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                () -> spark.sql("SELECT argmax_agg(CAST(id AS DECIMAL(38, 0)), id) FROM range(3)").collect()));
        assertTrue(error.getMessage().contains("argmax_agg: the value must be a tinyint, smallint, int, bigint, float or double column,"
                + " not DECIMAL(38,0)"), error.getMessage());
    }

    @Test
    void aCorruptedBufferIsRefusedByName() {
        ArgExtremeAggregator<Double> argmax = new ArgExtremeAggregator<>("argmax_agg", "ArgMax", false, true);
        byte[] form = argmax.reduce(argmax.zero(), new Tuple2<>(1.5, 3L)).partial(argmax.reduction()).toBytes();
        form[form.length / 2] ^= 0x10;
        ArgOnnxException error = assertThrows(ArgOnnxException.class,
                () -> argmax.merge(argmax.zero(), PartialBuffer.ofBytes(form)));
        assertTrue(error.getMessage().contains("is corrupted"), error.getMessage());
    }

    @Test
    void aBufferOfAnotherAggregateIsRefusedByName() {
        ArgExtremeAggregator<Double> argmax = new ArgExtremeAggregator<>("argmax_agg", "ArgMax", false, true);
        ArgExtremeAggregator<Double> argmin = new ArgExtremeAggregator<>("argmin_agg", "ArgMin", false, true);
        ArgPartial partial = argmin.reduce(argmin.zero(), new Tuple2<>(1.5, 3L)).partial(argmin.reduction());
        ArgOnnxException error = assertThrows(ArgOnnxException.class,
                () -> argmax.merge(argmax.zero(), PartialBuffer.ofBytes(partial.toBytes())));
        assertTrue(error.getMessage().contains("is of another reduction: operator ArgMin, expected ArgMax"), error.getMessage());
    }
}
