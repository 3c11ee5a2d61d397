package io.github.argonnx.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.ArgMax;
import io.github.argonnx.ArgMin;
import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.ArgResult;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import scala.jdk.javaapi.CollectionConverters;

class ShardedTensorTest extends SparkTestSession {
    private static final int[] PARTITIONS = {1, 2, 7, 64};
    static final StructType SCHEMA = new StructType()
            .add(ShardedTensor.OFFSET, DataTypes.LongType)
            .add(ShardedTensor.RAW_DATA, DataTypes.BinaryType)
            .add(ShardedTensor.DATA_TYPE, DataTypes.IntegerType)
            .add(ShardedTensor.SHAPE, DataTypes.createArrayType(DataTypes.LongType, false));

    /** The rows [start, end) of the reduced axis of a row-major tensor, as the chunk's own raw_data. */
    private static byte[] slice(byte[] whole, long[] shape, int axis, int start, int end, int width) {
        long outer = 1;
        for (int d = 0; d < axis; d++) {
            outer *= shape[d];
        }
        long inner = width;
        for (int d = axis + 1; d < shape.length; d++) {
            inner *= shape[d];
        }
        int block = (int) ((end - start) * inner);
        byte[] chunk = new byte[(int) (outer * block)];
        for (int o = 0; o < outer; o++) {
            System.arraycopy(whole, (int) ((o * shape[axis] + start) * inner), chunk, o * block, block);
        }
        return chunk;
    }

    static List<Row> chunks(DataType type, byte[] whole, long[] shape, int axis, int[] cuts) {
        List<Object> shapeList = new ArrayList<>();
        for (long dim : shape) {
            shapeList.add(dim);
        }
        List<Row> rows = new ArrayList<>();
        for (int c = 0; c + 1 < cuts.length; c++) {
            // A Scala Seq: what a DataFrame made from an RDD of rows takes for an array column.
            rows.add(RowFactory.create((long) cuts[c], slice(whole, shape, axis, cuts[c], cuts[c + 1], type.byteWidth()),
                    type.tensorProtoCode(), CollectionConverters.asScala(shapeList).toSeq()));
        }
        return rows;
    }

    @ParameterizedTest
    @EnumSource(DataType.class)
    void everyPartitioningGivesTheOneShotAnswer(DataType type) {
        Random random = new Random(99 + type.ordinal());
        long[] shape = {3, 40, 2};
        int axis = 1;
        byte[] whole = TestData.rawData(type, 3 * 40 * 2, random);
        int[] cuts = {0, 1, 5, 6, 13, 20, 21, 33, 40};
        List<Row> rows = new ArrayList<>(chunks(type, whole, shape, axis, cuts));
        Collections.shuffle(rows, random);
        ArgReductionOperator operator = type.ordinal() % 2 == 0
                ? ArgMax.latest().axis(axis).selectLastIndex(random.nextBoolean())
                : ArgMin.latest().axis(-2).keepdims(false).selectLastIndex(true);
        ArgResult expected = operator.apply(Tensor.ofRawData(type, ByteBuffer.wrap(whole).order(ByteOrder.LITTLE_ENDIAN), shape));
        for (int partitions : PARTITIONS) {
            Dataset<Row> data = inPartitions(rows, SCHEMA, partitions);
            assertEquals(expected, ShardedTensor.reduce(data, operator), operator + ", " + partitions + " partitions");
        }
    }

    @Test
    void aGapIsRefusedNamingTheMissingRange() {
        byte[] whole = TestData.rawData(DataType.INT32, 10, new Random(1));
        List<Row> rows = new ArrayList<>(chunks(DataType.INT32, whole, new long[] {10}, 0, new int[] {0, 4, 10}));
        rows.remove(1);
        ArgOnnxException error = assertThrows(ArgOnnxException.class,
                () -> ShardedTensor.reduce(spark.createDataFrame(rows, SCHEMA), ArgMax.latest()));
        assertTrue(error.getMessage().contains("no chunk covers positions 4 to 9 of the reduced axis (10 positions, 6 missing)"),
                error.getMessage());
    }

    @Test
    void chunksThatDisagreeOnTheTypeAreRefused() {
        byte[] whole = TestData.rawData(DataType.INT32, 10, new Random(1));
        List<Row> rows = new ArrayList<>(chunks(DataType.INT32, whole, new long[] {10}, 0, new int[] {0, 4, 10}));
        rows.set(1, RowFactory.create(4L, Arrays.copyOfRange(whole, 16, 40), DataType.FLOAT.tensorProtoCode(), List.of(10L)));
        ArgOnnxException error = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                () -> ShardedTensor.reduce(spark.createDataFrame(rows, SCHEMA), ArgMax.latest())));
        assertTrue(error.getMessage().contains("the chunks disagree on element type or shape"), error.getMessage());
    }

    @Test
    void aChunkWhoseBytesDoNotFitTheShapeIsRefused() {
        byte[] whole = TestData.rawData(DataType.INT16, 2 * 10, new Random(1));
        List<Row> rows = new ArrayList<>(chunks(DataType.INT16, whole, new long[] {2, 10}, 1, new int[] {0, 4, 10}));
        rows.set(1, RowFactory.create(4L, Arrays.copyOfRange(whole, 0, 6), DataType.INT16.tensorProtoCode(), List.of(2L, 10L)));
        ArgOnnxException error = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                () -> ShardedTensor.reduce(spark.createDataFrame(rows, SCHEMA), ArgMin.latest().axis(1))));
        assertTrue(error.getMessage().contains("the chunk at offset 4 has 6 bytes, not a positive multiple of the 4 bytes"),
                error.getMessage());
    }
}
