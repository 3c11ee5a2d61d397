package io.github.argonnx.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.TopK;
import io.github.argonnx.runtime.ArgOnnxException;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TopKFunctionsTest extends SparkTestSession {
    /** The library's indices for the row: TopK on axis 0, min(k, n) of them. */
    static List<Long> libraryIndices(Tensor row, long k, boolean largest) {
        long n = row.elementCount();
        return boxed(TopK.latest().axis(0).largest(largest).apply(row, Math.min(k, n)).indices());
    }

    /** The library's values for a row of a type a SQL column holds as it is, through the caller-array form of apply. */
    private static List<Object> libraryValues(DataType type, Tensor row, long k, boolean largest) {
        int count = (int) Math.min(k, row.elementCount());
        Object values = switch (type) {
            case FLOAT -> new float[count];
            case DOUBLE -> new double[count];
            case INT8 -> new byte[count];
            case INT16 -> new short[count];
            case INT32 -> new int[count];
            case INT64 -> new long[count];
            case UINT8, UINT16, UINT32, UINT64, FLOAT16, BFLOAT16 -> throw new IllegalArgumentException(type.onnxName());
        };
        TopK.latest().axis(0).largest(largest).apply(row, count, values, new long[count]);
        List<Object> list = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            list.add(Array.get(values, i));
        }
        return list;
    }

    private static List<Long> boxed(long[] values) {
        return Arrays.stream(values).boxed().toList();
    }

    @ParameterizedTest
    @EnumSource(DataType.class)
    void everyTypeMatchesTheLibrarysTopKOnTieAndNanHeavyRowsForEveryK(DataType type) {
        Random random = new Random(4321 + type.ordinal());
        long[] ks = {0, 1, 3, 20};
        List<Row> rows = new ArrayList<>();
        List<List<Object>> expected = new ArrayList<>();
        for (int id = 0; id < 80; id++) {
            int length = random.nextInt(13);
            byte[] raw = TestData.rawData(type, length, random);
            ByteBuffer bytes = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN);
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < length; i++) {
                values.add(ArgOnnxFunctionsTest.sqlValue(type, bytes, i));
            }
            rows.add(RowFactory.create(id, values));
            Tensor tensor = Tensor.ofRawData(type, bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN), length);
            List<Object> answers = new ArrayList<>();
            for (long k : ks) {
                answers.add(libraryIndices(tensor, k, true));
                answers.add(libraryIndices(tensor, k, false));
            }
            if (!ArgOnnxFunctionsTest.needsTypeArgument(type)) {
                answers.add(libraryValues(type, tensor, 3, true));
                answers.add(libraryValues(type, tensor, 3, false));
            }
            expected.add(answers);
        }
        StructType schema = new StructType().add("id", DataTypes.IntegerType)
                .add("a", DataTypes.createArrayType(ArgOnnxFunctionsTest.sqlType(type), false));
        spark.createDataFrame(rows, schema).createOrReplaceTempView("t");
        String typeArgument = ArgOnnxFunctionsTest.needsTypeArgument(type) ? ", '" + type.onnxName() + "'" : "";
        StringBuilder select = new StringBuilder("SELECT id");
        for (long k : ks) {
            select.append(", top_k(a, ").append(k).append(", true").append(typeArgument).append(")")
                    .append(", top_k(a, ").append(k).append(typeArgument).append(", false)");
        }
        if (typeArgument.isEmpty()) {
            select.append(", top_k_values(a, 3), top_k_values(a, 3, 0)");
        }
        inBothCodegenModes(mode -> {
            List<Row> actual = spark.sql(select + " FROM t ORDER BY id").collectAsList();
            for (Row row : actual) {
                List<Object> got = new ArrayList<>();
                for (int i = 1; i < row.length(); i++) {
                    got.add(row.getList(i));
                }
                int id = row.getInt(0);
                assertEquals(expected.get(id), got, type + " " + mode + " row " + id + ": " + rows.get(id));
            }
        });
    }

    @Test
    void nanComesFirstWhenLargestAndLastWhenSmallestAndTiesGoToTheLowerIndex() {
        Row row = spark.sql("SELECT top_k(a, 5), top_k(a, 5, false), top_k_values(a, 5), top_k_values(a, 5, false) FROM"
                + " (SELECT array(1.0D, CAST('NaN' AS DOUBLE), 3.0D, -0.0D, 3.0D, 0.0D) AS a)").first();
        assertEquals(List.of(1L, 2L, 4L, 0L, 3L), row.getList(0));
        assertEquals(List.of(3L, 5L, 0L, 2L, 4L), row.getList(1));
        assertEquals(List.of(Double.NaN, 3.0, 3.0, 1.0, -0.0), row.getList(2));
        assertEquals(List.of(-0.0, 0.0, 1.0, 3.0, 3.0), row.getList(3));
        Tensor tensor = Tensor.ofDouble(new double[] {1.0, Double.NaN, 3.0, -0.0, 3.0, 0.0}, 6);
        assertEquals(libraryIndices(tensor, 5, true), row.getList(0));
        assertEquals(libraryIndices(tensor, 5, false), row.getList(1));
    }

    @Test
    void theReadmesExampleGivesTheAnswersItShows() {
        Row row = spark.sql("SELECT top_k(scores, 3), top_k_values(scores, 3), top_k(scores, 2, false) FROM"
                + " VALUES (array(0.5D, 2.0D, CAST('NaN' AS DOUBLE), 2.0D)) AS t(scores)").first();
        assertEquals("[2, 1, 3]   [NaN, 2.0, 2.0]   [0, 1]", row.getList(0) + "   " + row.getList(1) + "   " + row.getList(2));
    }

    @Test
    void unsignedAndHalfTypesOrderTheirValuesAndValuesComeBackAsTheColumnHoldsThem() {
        Row row = spark.sql("SELECT top_k(array(1, 255, 7), 2, 'uint8'), top_k(array(15360, 48128, 0), 3, false, 'float16'),"
                + " top_k_values(array(15360, 48128, 0), 2, 'float16'), top_k_values(array(-1L, 5L), 1, 'uint64')").first();
        assertEquals(List.of(1L, 2L), row.getList(0));
        // 15360 is 1.0, 48128 is -1.0 and 0 is +0.0 as float16 bit patterns.
        assertEquals(List.of(1L, 2L, 0L), row.getList(1));
        assertEquals(List.of(15360, 0), row.getList(2));
        assertEquals(List.of(-1L), row.getList(3));
    }

    @Test
    void theResultTypesAreBigintIndicesAndTheColumnsElementType() {
        Row row = spark.sql("SELECT top_k(array(CAST(2 AS SMALLINT)), 1), top_k_values(array(CAST(2 AS SMALLINT)), 1)").first();
        assertEquals("array<bigint>", row.schema().fields()[0].dataType().simpleString());
        assertEquals("array<smallint>", row.schema().fields()[1].dataType().simpleString());
        assertEquals(List.of((short) 2), row.getList(1));
    }

    @Test
    void aNullArrayGivesNullAndAnEmptyOneAnEmptyArray() {
        Row row = spark.sql("SELECT top_k(CAST(NULL AS ARRAY<INT>), 2), top_k_values(CAST(NULL AS ARRAY<FLOAT>), 2),"
                + " top_k(CAST(array() AS ARRAY<FLOAT>), 2), top_k_values(CAST(array() AS ARRAY<INT>), 3, 'uint8')").first();
        assertNull(row.get(0));
        assertNull(row.get(1));
        assertEquals(List.of(), row.getList(2));
        assertEquals(List.of(), row.getList(3));
    }

    @Test
    void theDatasetApiCallsTheSameFunctions() {
        Row row = spark.sql("SELECT array(4, 9, 1, 9) AS a").select(ArgOnnxFunctions.topK(functions.col("a"), 3),
                ArgOnnxFunctions.topK(functions.col("a"), 2, false), ArgOnnxFunctions.topKValues(functions.col("a"), 2, true))
                .first();
        assertEquals(List.of(1L, 3L, 0L), row.getList(0));
        assertEquals(List.of(2L, 0L), row.getList(1));
        assertEquals(List.of(9, 9), row.getList(2));
    }

    @Test
    void badElementsAreRefusedWhileTheTaskRuns() {
        ArgOnnxException nullElement = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                () -> spark.sql("SELECT top_k(array(3, NULL, 1), 2)").collect()));
        assertTrue(nullElement.getMessage().contains("top_k: element 1 of the array is null"), nullElement.getMessage());
        ArgOnnxException range = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                () -> spark.sql("SELECT top_k_values(array(1, 256), 1, 'uint8')").collect()));
        assertTrue(range.getMessage().contains("top_k_values: element 1 is 256, outside the range of uint8 [0, 255]"),
                range.getMessage());
    }

    @Test
    void wrongArgumentsAreAnalysisErrorsCarryingTheLibrarysMessage() {
        assertRefused("SELECT top_k(array(1, 2), id) FROM range(3)", "top_k: k must be a constant, not id");
        assertRefused("SELECT top_k(array(1, 2), -1)", "top_k: k must be an integer from 0 to 9223372036854775807, not -1 (INT)");
        assertRefused("SELECT top_k(array(1, 2), 1.5D)", "top_k: k must be an integer from 0 to 9223372036854775807, not 1.5D (DOUBLE)");
        assertRefused("SELECT top_k(array(1, 2), CAST(NULL AS INT))",
                "top_k: k must be an integer from 0 to 9223372036854775807, not CAST(NULL AS INT) (INT)");
        assertRefused("SELECT top_k(array(1, 2))", "top_k takes 2 to 4 arguments (array, k [, largest] [, element type]), got 1");
        assertRefused("SELECT top_k_values(array(1, 2), 1, 'yes')", "unknown ONNX element type 'yes'");
        assertRefused("SELECT top_k(array(1, 2), 1, 2)", "top_k: largest must be a boolean, 0 or 1, not 2 (INT)");
        assertRefused("SELECT top_k(array(1, 2), 1, true, false)", "top_k: argument 4 repeats the largest argument: false (BOOLEAN)");
        assertRefused("SELECT top_k(array(1, 2), 1, id > 0) FROM range(3)",
                "top_k: k, largest and the element type must be constants, not (id > CAST(0 AS BIGINT))");
        assertRefused("SELECT top_k(id, 1) FROM range(3)", "top_k: the argument is a BIGINT, not an array");
        assertRefused("SELECT top_k_values(array('a'), 1)", "top_k_values: arrays of STRING are not supported");
        assertRefused("SELECT top_k(array(1.5F), 1, 'float16')",
                "takes its elements (or bit patterns) as an integer array, not a float array");
    }

    private static void assertRefused(String query, String message) {
        AnalysisException error = assertThrows(AnalysisException.class, () -> spark.sql(query), query);
        assertInstanceOf(ArgOnnxException.class, error.getCause(), query);
        assertTrue(error.getMessage().contains(message), query + ": " + error.getMessage());
    }
}
