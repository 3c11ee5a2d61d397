package io.github.argonnx.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.ArgMax;
import io.github.argonnx.ArgMin;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgOnnxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.junit.jupiter.api.Test;

/** What ShardedTensor.reduce takes of the SQL types and values users give, and how it refuses the rest. */
class ShardedTensorInputsTest extends SparkTestSession {
    /** An int32 [10] tensor in chunks [0, 4) and [4, 10), as a view with the SQL columns the select gives. */
    private static Dataset<Row> chunks(String offset, String dataType, String shape) {
        byte[] whole = TestData.rawData(DataType.INT32, 10, new Random(3));
        List<Row> rows = ShardedTensorTest.chunks(DataType.INT32, whole, new long[] {10}, 0, new int[] {0, 4, 10});
        spark.createDataFrame(rows, ShardedTensorTest.SCHEMA).createOrReplaceTempView("chunks");
        return spark.sql("SELECT " + offset + " AS offset, raw_data, " + dataType + " AS data_type, " + shape + " AS shape FROM chunks");
    }

    private static long expected() {
        byte[] whole = TestData.rawData(DataType.INT32, 10, new Random(3));
        return ArgMax.latest().apply(Tensor.ofRawData(DataType.INT32, ByteBuffer.wrap(whole).order(ByteOrder.LITTLE_ENDIAN), 10))
                .get(0);
    }

    @Test
    void integerColumnsOfAnyWidthWiden() {
        Dataset<Row> narrow = chunks("CAST(offset AS INT)", "CAST(data_type AS BIGINT)", "array(10)");
        assertEquals(expected(), ShardedTensor.reduce(narrow, ArgMax.latest()).get(0));
        Dataset<Row> narrower = chunks("CAST(offset AS TINYINT)", "CAST(data_type AS SMALLINT)", "array(CAST(10 AS SMALLINT))");
        assertEquals(expected(), ShardedTensor.reduce(narrower, ArgMax.latest()).get(0));
    }

    @Test
    void otherTypesAreRefusedByColumnNameAndType() {
        ArgOnnxException shape = assertThrows(ArgOnnxException.class,
                () -> ShardedTensor.reduce(chunks("offset", "data_type", "array('10')"), ArgMax.latest()));
        assertTrue(shape.getMessage().contains("the column shape is ARRAY<STRING>, not an array of integers"), shape.getMessage());
        ArgOnnxException offset = assertThrows(ArgOnnxException.class,
                () -> ShardedTensor.reduce(chunks("CAST(offset AS DOUBLE)", "data_type", "shape"), ArgMax.latest()));
        assertTrue(offset.getMessage().contains("the column offset is DOUBLE, not an integer"), offset.getMessage());
        ArgOnnxException missing = assertThrows(ArgOnnxException.class,
                () -> ShardedTensor.reduce(chunks("offset", "data_type", "shape").drop("raw_data"), ArgMax.latest()));
        assertTrue(missing.getMessage().contains("the Dataset has no column raw_data (its columns: offset, data_type, shape)"),
                missing.getMessage());
    }

    @Test
    void columnNamesResolveAsSparkResolvesThem() {
        Dataset<Row> upper = chunks("offset", "data_type", "shape").toDF("Offset", "RAW_DATA", "Data_Type", "Shape");
        assertEquals(expected(), ShardedTensor.reduce(upper, ArgMax.latest()).get(0));
        spark.conf().set("spark.sql.caseSensitive", "true");
        try {
            ArgOnnxException caseSensitive = assertThrows(ArgOnnxException.class, () -> ShardedTensor.reduce(upper, ArgMax.latest()));
            assertTrue(caseSensitive.getMessage().contains("the Dataset has no column offset (its columns: Offset, RAW_DATA,"
                    + " Data_Type, Shape)"), caseSensitive.getMessage());
        } finally {
            spark.conf().unset("spark.sql.caseSensitive");
        }
    }

    @Test
    void anAmbiguousColumnIsRefusedByName() {
        Dataset<Row> twice = chunks("offset", "data_type", "shape").selectExpr("offset", "raw_data", "data_type", "shape",
                "offset AS OFFSET");
        ArgOnnxException differentCase = assertThrows(ArgOnnxException.class, () -> ShardedTensor.reduce(twice, ArgMax.latest()));
        assertTrue(differentCase.getMessage().contains("the Dataset has 2 columns that resolve to offset: offset, OFFSET"),
                differentCase.getMessage());
        Dataset<Row> same = chunks("offset", "data_type", "shape").selectExpr("offset", "raw_data", "data_type", "shape", "shape");
        ArgOnnxException sameName = assertThrows(ArgOnnxException.class, () -> ShardedTensor.reduce(same, ArgMax.latest()));
        assertTrue(sameName.getMessage().contains("the Dataset has 2 columns that resolve to shape: shape, shape"),
                sameName.getMessage());
    }

    @Test
    void nullsAreRefusedByColumnNameAndRow() {
        ArgOnnxException dimension = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                () -> ShardedTensor.reduce(chunks("offset", "data_type", "IF(offset = 4, array(NULL), shape)").coalesce(1),
                        ArgMax.latest())));
        assertTrue(dimension.getMessage().contains("the chunk at offset 4 (row 1 of partition 0) has a null shape element 0"),
                dimension.getMessage());
        ArgOnnxException offset = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                () -> ShardedTensor.reduce(chunks("IF(offset = 4, NULL, offset)", "data_type", "shape").coalesce(1),
                        ArgMax.latest())));
        assertTrue(offset.getMessage().contains("the chunk (row 1 of partition 0) has a null offset"), offset.getMessage());
        ArgOnnxException type = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                () -> ShardedTensor.reduce(chunks("offset", "IF(offset = 0, NULL, data_type)", "shape"), ArgMax.latest())));
        assertTrue(type.getMessage().contains("the chunk at offset 0 (row 0 of partition 0) has a null data_type"),
                type.getMessage());
    }

    @Test
    void overlappingChunksAreRefusedInPositions() {
        ArgOnnxException sameRow = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                () -> ShardedTensor.reduce(chunks("IF(offset = 4, 2, offset)", "data_type", "array(8)").coalesce(1),
                        ArgMax.latest())));
        assertTrue(sameRow.getMessage().contains("the chunk at offset 2 covers positions 2 to 7, and the chunk at offset 0 covers"
                + " positions 0 to 3"), sameRow.getMessage());
        Dataset<Row> repeated = chunks("offset", "data_type", "shape");
        ArgOnnxException acrossPartitions = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                () -> ShardedTensor.reduce(repeated.union(repeated.where("offset = 4")), ArgMax.latest())));
        assertTrue(acrossPartitions.getMessage().contains("the chunk at offset 4 covers positions 4 to 9"),
                acrossPartitions.getMessage());
    }

    @Test
    void aChunkPastTheEndOfTheLongestAxisNamesItsLastPositionExactly() {
        ArgOnnxException past = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                () -> ShardedTensor.reduce(chunks("IF(offset = 4, 9223372036854775807, offset)", "data_type", "shape")
                        .coalesce(1), ArgMax.latest())));
        assertTrue(past.getMessage().contains("the chunk at offset 9223372036854775807 covers positions 9223372036854775807"
                + " to 9223372036854775812, past the reduced axis's last position 9"), past.getMessage());
    }

    @Test
    void aTensorWithAnEmptyOutputAnswersAsApplyDoes() {
        List<Row> rows = new ArrayList<>();
        for (long offset = 0; offset < 3; offset++) {
            rows.add(RowFactory.create(offset, new byte[0], DataType.FLOAT.tensorProtoCode(),
                    scala.jdk.javaapi.CollectionConverters.asScala(List.<Object>of(0L, 3L)).toSeq()));
        }
        Dataset<Row> data = spark.createDataFrame(rows, ShardedTensorTest.SCHEMA);
        Tensor empty = Tensor.ofRawData(DataType.FLOAT, ByteBuffer.allocate(0).order(ByteOrder.LITTLE_ENDIAN), 0, 3);
        assertEquals(ArgMax.latest().axis(1).apply(empty), ShardedTensor.reduce(data, ArgMax.latest().axis(1)));
        assertEquals(List.of(0L, 1L), java.util.Arrays.stream(ShardedTensor.reduce(data, ArgMin.latest().axis(1)).shape())
                .boxed().toList());
    }
}
