package io.github.argonnx.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.ArgMax;
import io.github.argonnx.ArgMin;
import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgOnnxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ArgOnnxFunctionsTest extends SparkTestSession {
    /** The SQL element type a column of this ONNX type has, and the type argument it needs (or null). */
    static org.apache.spark.sql.types.DataType sqlType(DataType type) {
        return switch (type) {
            case FLOAT -> DataTypes.FloatType;
            case DOUBLE -> DataTypes.DoubleType;
            case INT8 -> DataTypes.ByteType;
            case INT16, FLOAT16 -> DataTypes.ShortType;
            case INT32, UINT8, UINT16, BFLOAT16 -> DataTypes.IntegerType;
            case INT64, UINT32, UINT64 -> DataTypes.LongType;
        };
    }

    static boolean needsTypeArgument(DataType type) {
        return type.isUnsigned() || type == DataType.FLOAT16 || type == DataType.BFLOAT16;
    }

    /** The element at i of raw_data as the SQL column holds it. */
    static Object sqlValue(DataType type, ByteBuffer raw, int i) {
        return switch (type) {
            case FLOAT -> raw.getFloat(i * 4);
            case DOUBLE -> raw.getDouble(i * 8);
            case INT8 -> raw.get(i);
            case INT16, FLOAT16 -> raw.getShort(i * 2);
            case INT32 -> raw.getInt(i * 4);
            case INT64, UINT64 -> raw.getLong(i * 8);
            case UINT8 -> raw.get(i) & 0xFF;
            case UINT16, BFLOAT16 -> raw.getShort(i * 2) & 0xFFFF;
            case UINT32 -> raw.getInt(i * 4) & 0xFFFFFFFFL;
        };
    }

    @ParameterizedTest
    @EnumSource(DataType.class)
    void sqlFunctionsAgreeWithTheLibraryOnRandomTieAndNanHeavyRows(DataType type) {
        Random random = new Random(1234 + type.ordinal());
        List<ArgReductionOperator> operators = List.of(
                ArgMax.latest().axis(0).keepdims(false), ArgMax.latest().axis(0).keepdims(false).selectLastIndex(true),
                ArgMin.latest().axis(0).keepdims(false), ArgMin.latest().axis(0).keepdims(false).selectLastIndex(true));
        List<Row> rows = new ArrayList<>();
        List<List<Long>> expected = new ArrayList<>();
        for (int id = 0; id < 150; id++) {
            int length = 1 + random.nextInt(12);
            ByteBuffer raw = ByteBuffer.wrap(TestData.rawData(type, length, random)).order(ByteOrder.LITTLE_ENDIAN);
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < length; i++) {
                values.add(sqlValue(type, raw, i));
            }
            rows.add(RowFactory.create(id, values));
            List<Long> indices = new ArrayList<>();
            for (ArgReductionOperator operator : operators) {
                indices.add(operator.apply(Tensor.ofRawData(type, raw.duplicate().order(ByteOrder.LITTLE_ENDIAN), length)).get(0));
            }
            expected.add(indices);
        }
        StructType schema = new StructType()
                .add("id", DataTypes.IntegerType)
                .add("a", DataTypes.createArrayType(sqlType(type), false));
        spark.createDataFrame(rows, schema).createOrReplaceTempView("t");
        String typeArgument = needsTypeArgument(type) ? ", '" + type.onnxName() + "'" : "";
        Dataset<Row> result = spark.sql("SELECT argmax(a" + typeArgument + "), argmax(a" + typeArgument + ", true),"
                + " argmin(a" + typeArgument + "), argmin(a" + typeArgument + ", 1) FROM t ORDER BY id");
        List<Row> actual = result.collectAsList();
        for (int id = 0; id < rows.size(); id++) {
            Row row = actual.get(id);
            List<Long> got = List.of(row.getLong(0), row.getLong(1), row.getLong(2), row.getLong(3));
            assertEquals(expected.get(id), got, type + " row " + id + ": " + rows.get(id));
        }
    }

    @Test
    void nanWinsForBothOperatorsAndTiesFollowSelectLastIndex() {
        List<Row> rows = List.of(RowFactory.create(Arrays.asList(1.0f, Float.NaN, 3.0f, Float.NaN, 3.0f)));
        StructType schema = new StructType().add("a", DataTypes.createArrayType(DataTypes.FloatType, false));
        Row row = spark.createDataFrame(rows, schema)
                .select(ArgOnnxFunctions.argmax(org.apache.spark.sql.functions.col("a")),
                        ArgOnnxFunctions.argmax(org.apache.spark.sql.functions.col("a"), true),
                        ArgOnnxFunctions.argmin(org.apache.spark.sql.functions.col("a")),
                        ArgOnnxFunctions.argmin(org.apache.spark.sql.functions.col("a"), true))
                .first();
        assertEquals(List.of(1L, 3L, 1L, 3L), List.of(row.getLong(0), row.getLong(1), row.getLong(2), row.getLong(3)));
    }

    @Test
    void unsignedAndHalfTypesReadTheirValuesNotTheSignedOnes() {
        Row row = spark.sql("SELECT argmax(array(1, 255, 7), 'uint8'), argmax(array(1, 200, 7)),"
                + " argmin(array(15360, 48128), 'float16'), argmax(array(-1L, 5L), 'uint64', false)").first();
        assertEquals(List.of(1L, 1L, 1L, 0L), List.of(row.getLong(0), row.getLong(1), row.getLong(2), row.getLong(3)));
    }

    @Test
    void generatedCodeAndTheInterpretedExpressionAgree() {
        String query = "SELECT argmax(a), argmin(a, true), argmax(b, 'uint16'), argmin(b, 'bfloat16', true) FROM"
                + " (SELECT transform(sequence(0, 40), j -> CAST(hash(id, j) % 7 AS FLOAT)) AS a,"
                + " transform(sequence(0, 40), j -> abs(hash(j, id)) % 65536) AS b FROM range(200)) ORDER BY 1, 2, 3, 4";
        List<Row> generated = spark.sql(query).collectAsList();
        spark.conf().set("spark.sql.codegen.wholeStage", "false");
        spark.conf().set("spark.sql.codegen.factoryMode", "NO_CODEGEN");
        try {
            assertEquals(generated, spark.sql(query).collectAsList());
        } finally {
            spark.conf().unset("spark.sql.codegen.wholeStage");
            spark.conf().unset("spark.sql.codegen.factoryMode");
        }
    }

    @Test
    void optionsThatVaryByRowAndArgumentsThatAreNotArraysAreRefusedWhenTheQueryIsAnalysed() {
        AnalysisException perRow = assertThrows(AnalysisException.class,
                () -> spark.sql("SELECT argmax(array(1, 2), id > 0) FROM range(3)"));
        assertTrue(perRow.getMessage().contains("argmax: the element type and select_last_index arguments must be constants,"
                + " not (id > CAST(0 AS BIGINT))"), perRow.getMessage());
        assertTrue(perRow.getMessage().startsWith(rootCause(perRow).getMessage()), perRow.getMessage());
        AnalysisException option = assertThrows(AnalysisException.class,
                () -> spark.sql("SELECT argmax(array(1, 2), 'uint8', 'yes')"));
        assertEquals("argmax: select_last_index must be a boolean, 0 or 1, not 'yes' (STRING)", rootCause(option).getMessage());
        AnalysisException typeName = assertThrows(AnalysisException.class, () -> spark.sql("SELECT argmin(array(1, 2), 8, true)"));
        assertEquals("argmin: the element type argument must be a string such as 'uint8', not 8 (INT)",
                rootCause(typeName).getMessage());
        AnalysisException notAnArray = assertThrows(AnalysisException.class, () -> spark.sql("SELECT argmin(id) FROM range(3)"));
        assertEquals("argmin: the argument is a BIGINT, not an array", rootCause(notAnArray).getMessage());
        AnalysisException strings = assertThrows(AnalysisException.class, () -> spark.sql("SELECT argmin(array('a'))"));
        assertTrue(strings.getMessage().contains("argmin: arrays of STRING are not supported"), strings.getMessage());
        AnalysisException floatAsHalf = assertThrows(AnalysisException.class,
                () -> spark.sql("SELECT argmin(array(1.5F), 'float16')"));
        assertTrue(floatAsHalf.getMessage().contains("takes its elements (or bit patterns) as an integer array, not a float array"),
                floatAsHalf.getMessage());
        AnalysisException unknownType = assertThrows(AnalysisException.class,
                () -> spark.sql("SELECT argmax(array(1, 2), 'uint7')"));
        assertTrue(unknownType.getMessage().contains("unknown ONNX element type 'uint7'"), unknownType.getMessage());
    }

    @Test
    void aNullArrayGivesNull() {
        Row row = spark.sql("SELECT argmax(CAST(NULL AS ARRAY<INT>)), argmin(CAST(NULL AS ARRAY<DOUBLE>), 'double')").first();
        assertNull(row.get(0));
        assertNull(row.get(1));
    }

    @Test
    void anEmptyArrayGivesNullAsArrayMaxDoesOrTheOperatorsErrorWhenTheSessionAsks() {
        Row row = spark.sql("SELECT argmax(CAST(array() AS ARRAY<FLOAT>)), argmin(CAST(array() AS ARRAY<INT>), 'uint8', true),"
                + " array_max(CAST(array() AS ARRAY<FLOAT>))").first();
        assertNull(row.get(0));
        assertNull(row.get(1));
        assertNull(row.get(2));
        ArgOnnxException library = assertThrows(ArgOnnxException.class,
                () -> ArgMax.latest().axis(0).keepdims(false).apply(Tensor.ofFloat(new float[0], 0)));
        spark.conf().set(ArgOnnxFunctions.EMPTY_ARRAY, "error");
        try {
            ArgOnnxException error = rootCause(assertThrows(Exception.class,
                    () -> spark.sql("SELECT argmax(CAST(array() AS ARRAY<FLOAT>))").collect()));
            assertEquals(library.getMessage(), error.getMessage());
            spark.conf().set(ArgOnnxFunctions.EMPTY_ARRAY, "sometimes");
            AnalysisException setting = assertThrows(AnalysisException.class, () -> spark.sql("SELECT argmax(array(1))"));
            assertTrue(setting.getMessage().contains("argonnx.emptyArray must be 'null' or 'error', not 'sometimes'"),
                    setting.getMessage());
        } finally {
            spark.conf().unset(ArgOnnxFunctions.EMPTY_ARRAY);
        }
    }

    @Test
    void aNullElementIsRefused() {
        ArgOnnxException error = rootCause(assertThrows(Exception.class,
                () -> spark.sql("SELECT argmin(array(3, NULL, 1))").collect()));
        assertTrue(error.getMessage().contains("argmin: element 1 of the array is null"), error.getMessage());
    }

    @Test
    void aValueOutsideTheNamedTypeIsRefused() {
        ArgOnnxException error = rootCause(assertThrows(Exception.class,
                () -> spark.sql("SELECT argmax(array(1, 256), 'uint8')").collect()));
        assertTrue(error.getMessage().contains("element 1 is 256, outside the range of uint8 [0, 255]"), error.getMessage());
    }

    @Test
    void theExamplesAnswersAreTheOnesItsDataHas() {
        // The example's values, (id * 7919) % 1000003, differ for every id; the smallest, 0, is at id 0.
        long largest = 0;
        for (long id = 0; id < 10_000; id++) {
            if ((id * 7919) % 1000003 > (largest * 7919) % 1000003) {
                largest = id;
            }
        }
        assertEquals(List.of("per row: argmax 1, last 2, argmin with NaN 1, uint8 1",
                "over 10000 rows: argmax_agg " + largest + ", argmin_agg 0",
                "sharded [2, 1000] along axis 1: ArgMax ArgResult{shape=[2, 1], indices=[616, 0]}"),
                ArgOnnxSparkExample.run(spark));
    }

    static ArgOnnxException rootCause(Throwable thrown) {
        for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
            if (cause instanceof ArgOnnxException found) {
                return found;
            }
        }
        throw new AssertionError("no ArgOnnxException in the causes of " + thrown, thrown);
    }
}
