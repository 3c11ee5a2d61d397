package io.github.argonnx.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgOnnxException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

class ArgExtremeAggregateTest extends SparkTestSession {
    private static final String FOUR = "argmax_agg(value, position), argmax_agg(value, position, true),"
            + " argmin_agg(value, position), argmin_agg(value, position, true)";

    /** Random rows of one value type: ties, NaN and signed zeros for floats, sparse and repeated positions, nulls. */
    static List<Row> rows(DataType valueType, int count, int groups, Random random) {
        Object[] pool = new Object[5];
        for (int i = 0; i < pool.length; i++) {
            pool[i] = AggregateReference.randomValue(valueType, random);
        }
        List<Row> rows = new ArrayList<>();
        List<Long> positions = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long position = switch (random.nextInt(6)) {
                case 0 -> Long.MAX_VALUE - random.nextInt(3);
                case 1 -> random.nextInt(3);
                case 2 -> positions.isEmpty() ? 7 : positions.get(random.nextInt(positions.size()));
                default -> random.nextLong() >>> 1;
            };
            positions.add(position);
            Object value = random.nextInt(10) == 0 ? null
                    : random.nextBoolean() ? pool[random.nextInt(pool.length)] : AggregateReference.randomValue(valueType, random);
            rows.add(RowFactory.create(random.nextInt(groups), value, position));
            if (random.nextInt(8) == 0) {
                rows.add(rows.get(random.nextInt(rows.size())));
            }
        }
        Collections.shuffle(rows, random);
        return rows;
    }

    static StructType schema(DataType valueType) {
        return new StructType().add("g", DataTypes.IntegerType).add("value", valueType).add("position", DataTypes.LongType);
    }

    private static void assertMatchesTheReference(DataType valueType, long seed, int... partitionings) {
        Random random = new Random(seed);
        List<Row> rows = rows(valueType, 300, 7, random);
        Map<Integer, List<Long>> expected = new TreeMap<>();
        for (int g = 0; g < 7; g++) {
            int group = g;
            expected.put(g, AggregateReference.all(rows.stream().filter(r -> r.getInt(0) == group).toList()));
        }
        for (int partitions : partitionings) {
            inPartitions(rows, schema(valueType), partitions).createOrReplaceTempView("agg");
            List<Row> grouped = spark.sql("SELECT g, " + FOUR + " FROM agg GROUP BY g ORDER BY g").collectAsList();
            for (Row row : grouped) {
                assertEquals(expected.get(row.getInt(0)), values(row, 1), valueType + " group " + row.getInt(0) + ", "
                        + partitions + " partitions, seed " + seed);
            }
            assertEquals(AggregateReference.all(rows), values(spark.sql("SELECT " + FOUR + " FROM agg").first(), 0),
                    valueType + " global, " + partitions + " partitions, seed " + seed);
        }
    }

    static List<Long> values(Row row, int from) {
        List<Long> values = new ArrayList<>();
        for (int i = from; i < row.length(); i++) {
            values.add(row.isNullAt(i) ? null : row.getLong(i));
        }
        return values;
    }

    @Test
    void everyValueTypeGroupedAndGlobalMatchesTheLibraryOverTheRowsInPositionOrder() {
        DataType[] types = {DataTypes.DoubleType, DataTypes.FloatType, DataTypes.LongType, DataTypes.IntegerType,
            DataTypes.ShortType, DataTypes.ByteType};
        for (int t = 0; t < types.length; t++) {
            assertMatchesTheReference(types[t], 100 + t, new int[] {1, 3, 8}[t % 3]);
        }
    }

    @Test
    void theInterpretedPathGivesTheSameAnswers() {
        spark.conf().set("spark.sql.codegen.wholeStage", "false");
        spark.conf().set("spark.sql.codegen.factoryMode", "NO_CODEGEN");
        try {
            assertMatchesTheReference(DataTypes.DoubleType, 7, 3);
            assertMatchesTheReference(DataTypes.LongType, 8, 2);
        } finally {
            spark.conf().unset("spark.sql.codegen.wholeStage");
            spark.conf().unset("spark.sql.codegen.factoryMode");
        }
    }

    @Test
    void theBufferIsTwoPrimitiveColumnsUpdatedByHashAggregationInGeneratedCode() {
        Dataset<Row> query = spark.range(0, 1000, 1, 2).selectExpr("id % 10 AS g", "CAST(id AS DOUBLE) AS value", "id AS position")
                .groupBy("g").agg(ArgOnnxFunctions.argmaxAgg(col("value"), col("position"), false));
        String plan = query.queryExecution().executedPlan().toString();
        assertTrue(plan.contains("HashAggregate"), plan);
        assertFalse(plan.contains("ObjectHashAggregate") || plan.contains("SortAggregate"), plan);
        assertTrue(plan.contains("*(1) HashAggregate"), "whole-stage generated code: " + plan);
        assertEquals(10, query.count());
        ArgExtremeAggregate aggregate = new ArgExtremeAggregate("argmin_agg", true, false,
                Literal.create(1.5f, DataTypes.FloatType), Literal.create(3, DataTypes.IntegerType));
        assertEquals(List.of(DataTypes.DoubleType, DataTypes.LongType),
                List.of(aggregate.aggBufferSchema().fields()[0].dataType(), aggregate.aggBufferSchema().fields()[1].dataType()));
    }

    @Test
    void theLargestPositionAnswers() {
        Row row = spark.sql("SELECT argmax_agg(v, p), argmin_agg(v, p) FROM VALUES (1.0D, 9223372036854775807L), (2.0D, 0L),"
                + " (0.5D, 9223372036854775806L) AS t(v, p)").first();
        assertEquals(List.of(0L, Long.MAX_VALUE - 1), values(row, 0));
        Row top = spark.sql("SELECT argmax_agg(v, p) FROM VALUES (3, 9223372036854775807L), (1, 5L) AS t(v, p)").first();
        assertEquals(Long.MAX_VALUE, top.getLong(0));
    }

    @Test
    void positionsOfNarrowerIntegerTypesWidenAndNullValuesAreSkipped() {
        Row row = spark.sql("SELECT argmax_agg(v, p), argmin_agg(v, p), argmin_agg(v, p) FILTER (WHERE v IS NULL)"
                + " FROM VALUES (CAST(5 AS TINYINT), 7), (NULL, 1), (CAST(-2 AS TINYINT), 3) AS t(v, p)").first();
        assertEquals(7L, row.getLong(0));
        assertEquals(3L, row.getLong(1));
        assertNull(row.get(2));
    }

    @Test
    void rowsTheAggregatesOwnFilterExcludesAreNeitherTakenNorChecked() {
        inBothCodegenModes(mode -> {
            Row nullPosition = spark.sql("SELECT argmax_agg(v, p) FILTER (WHERE p IS NOT NULL), argmin_agg(v, p) FILTER (WHERE g <> 2)"
                    + " FROM VALUES (1, 3.0D, 4L), (1, 5.0D, 1L), (2, 9.0D, NULL) AS t(g, v, p)").first();
            assertEquals(List.of(1L, 4L), values(nullPosition, 0), mode);
            Row negative = spark.sql("SELECT argmax_agg(v, p) FILTER (WHERE g <> 2), argmin_agg(v, p, true) FILTER (WHERE g <> 2)"
                    + " FROM VALUES (1, 3.0D, 4L), (1, 5.0D, 1L), (2, 9.0D, -5L) AS t(g, v, p)").first();
            assertEquals(List.of(1L, 4L), values(negative, 0), mode);
            Row badOnlyWhereExcluded = spark.sql("SELECT argmax_agg(v, IF(g = 2, -5, p)) FILTER (WHERE g <> 2),"
                    + " argmin_agg(v, IF(g = 2, NULL, p)) FILTER (WHERE g = 1)"
                    + " FROM VALUES (1, 3.0D, 4L), (1, 5.0D, 1L), (2, 9.0D, 2L) AS t(g, v, p)").first();
            assertEquals(List.of(1L, 4L), values(badOnlyWhereExcluded, 0), mode);
            List<Row> grouped = spark.sql("SELECT g, argmax_agg(v, p) FILTER (WHERE p >= 0) FROM VALUES (1, 3.0D, 4L),"
                    + " (1, 5.0D, -1L), (2, 9.0D, NULL), (2, 1.0D, 3L) AS t(g, v, p) GROUP BY g ORDER BY g").collectAsList();
            assertEquals("[[1,4], [2,3]]", grouped.toString(), mode);
            // Spark runs two DISTINCT aggregates over different columns as filters on expanded rows.
            Row distinct = spark.sql("SELECT argmax_agg(DISTINCT v, p), argmin_agg(DISTINCT v, q)"
                    + " FROM VALUES (3.0D, 4L, 7L), (5.0D, 1L, 6L), (5.0D, 1L, 6L) AS t(v, p, q)").first();
            assertEquals(List.of(1L, 7L), values(distinct, 0), mode);
        });
    }

    @Test
    void aNegativeOrNullPositionIsRefusedNamingItAndTheAllowedRange() {
        inBothCodegenModes(mode -> {
            ArgOnnxException negative = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                    () -> spark.sql("SELECT argmax_agg(v, p) FROM VALUES (1.0D, 4L), (2.0D, -3L) AS t(v, p)").collect(), mode));
            assertEquals("argmax_agg: position -3 is negative; positions are bigint values from 0 to 9223372036854775807",
                    negative.getMessage(), mode);
            ArgOnnxException missing = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                    () -> spark.sql("SELECT g, argmin_agg(v, p) FROM VALUES (1, 1.5D, NULL), (1, 2.0D, 1L) AS t(g, v, p) GROUP BY g")
                            .collect(), mode));
            assertTrue(missing.getMessage().startsWith("argmin_agg: the row with value 1.5 has a null position"),
                    mode + ": " + missing.getMessage());
            ArgOnnxException filtered = ArgOnnxFunctionsTest.rootCause(assertThrows(Exception.class,
                    () -> spark.sql("SELECT argmax_agg(v, p) FILTER (WHERE g <> 2) FROM VALUES (1, 1.0D, 4L), (3, 2.0D, -5L),"
                            + " (2, 3.0D, NULL) AS t(g, v, p)").collect(), mode));
            assertTrue(filtered.getMessage().startsWith("argmax_agg: position -5 is negative"), mode + ": " + filtered.getMessage());
        });
    }

    @Test
    void wrongArgumentsAreAnalysisErrorsCarryingTheLibrarysMessage() {
        AnalysisException decimal = assertThrows(AnalysisException.class,
                () -> spark.sql("SELECT argmax_agg(CAST(id AS DECIMAL(38, 0)), id) FROM range(3)"));
        assertTrue(decimal.getMessage().contains("argmax_agg: the value must be a tinyint, smallint, int, bigint, float or double"
                + " column, not DECIMAL(38,0)"), decimal.getMessage());
        assertInstanceOf(ArgOnnxException.class, decimal.getCause());
        AnalysisException position = assertThrows(AnalysisException.class,
                () -> spark.sql("SELECT argmin_agg(id, CAST(id AS DOUBLE)) FROM range(3)"));
        assertTrue(position.getMessage().contains("argmin_agg: the position must be a tinyint, smallint, int or bigint column, not DOUBLE"),
                position.getMessage());
        AnalysisException option = assertThrows(AnalysisException.class,
                () -> spark.sql("SELECT argmin_agg(id, id, id > 1) FROM range(3)"));
        assertEquals("argmin_agg: select_last_index must be a constant, not (id > CAST(1 AS BIGINT))",
                ArgOnnxFunctionsTest.rootCause(option).getMessage());
        AnalysisException quoted = assertThrows(AnalysisException.class,
                () -> spark.sql("SELECT argmax_agg(id, id, 'true') FROM range(3)"));
        assertEquals("argmax_agg: select_last_index must be a boolean, 0 or 1, not 'true' (STRING)",
                ArgOnnxFunctionsTest.rootCause(quoted).getMessage());
        AnalysisException two = assertThrows(AnalysisException.class,
                () -> spark.sql("SELECT argmax_agg(id, id, CAST(2 AS BIGINT)) FROM range(3)"));
        assertEquals("argmax_agg: select_last_index must be a boolean, 0 or 1, not CAST(2 AS BIGINT) (BIGINT)",
                ArgOnnxFunctionsTest.rootCause(two).getMessage());
    }

    private static org.apache.spark.sql.Column col(String name) {
        return org.apache.spark.sql.functions.col(name);
    }
}
