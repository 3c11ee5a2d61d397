package io.github.argonnx.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.argonnx.ArgMax;
import io.github.argonnx.ArgMin;
import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgOnnxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

/**
 * Seeded, bounded fuzzing of what users hand the SQL functions: column types, nulls, out-of-range
 * values and options. Whatever the input, a call either answers what the library answers on the same
 * values, or refuses with an {@link ArgOnnxException} in the cause chain (at analysis, as the cause of
 * an {@link AnalysisException}); never another exception, never a wrong answer.
 */
class SparkInputsFuzzTest extends SparkTestSession {
    private static final String[] SQL_TYPES = {"TINYINT", "SMALLINT", "INT", "BIGINT", "FLOAT", "DOUBLE", "DECIMAL(10,0)",
        "STRING", "BOOLEAN"};
    private static final String[] TYPE_ARGUMENTS = {null, "'uint8'", "'uint16'", "'uint32'", "'uint64'", "'float16'", "'bfloat16'",
        "'int8'", "'int64'", "'float'", "'double'", "'uint7'", "CAST(NULL AS STRING)"};
    private static final String[] LAST_ARGUMENTS = {null, "true", "false", "0", "1", "2", "'yes'", "CAST(NULL AS BOOLEAN)", "id > 0"};

    @Test
    void perRowCallsAnswerAsTheLibraryOrRefuseWithItsException() {
        Random random = new Random(2026);
        int answered = 0;
        for (int c = 0; c < 40; c++) {
            String sqlType = SQL_TYPES[random.nextInt(SQL_TYPES.length)];
            String typeArgument = TYPE_ARGUMENTS[random.nextInt(TYPE_ARGUMENTS.length)];
            String last = LAST_ARGUMENTS[random.nextInt(LAST_ARGUMENTS.length)];
            boolean argMin = random.nextBoolean();
            int length = random.nextInt(5);
            List<Long> values = new ArrayList<>();
            StringJoiner elements = new StringJoiner(", ", "array(", ")");
            for (int i = 0; i < length; i++) {
                Long value = random.nextInt(15) == 0 ? null : randomValue(random);
                values.add(value);
                elements.add(value == null ? "NULL" : "CAST(" + value + " AS " + sqlType + ")");
            }
            String array = length == 0 ? "CAST(array() AS ARRAY<" + sqlType + ">)" : "CAST(" + elements + " AS ARRAY<" + sqlType + ">)";
            StringJoiner call = new StringJoiner(", ", argMin ? "argmin(" : "argmax(", ")").add(array);
            if (typeArgument != null) {
                call.add(typeArgument);
            }
            if (last != null) {
                call.add(last);
            }
            String query = "SELECT " + call + " FROM range(1)";
            Row row;
            try {
                row = spark.sql(query).first();
            } catch (Exception e) {
                requireLibraryRefusal(query, e);
                continue;
            }
            answered++;
            Long expected = expectedIndex(sqlType, typeArgument, last, argMin, values);
            assertEquals(expected, row.isNullAt(0) ? null : row.getLong(0), query);
        }
        assertTrue(answered >= 5, "too few calls answered to check anything: " + answered);
    }

    /** A value near a type boundary, or a small one (ties). */
    private static long randomValue(Random random) {
        long[] boundaries = {0, -1, 1, 127, 128, 255, 256, 32767, 65535, 65536, -32768, 2147483647L, 4294967295L, Long.MAX_VALUE,
            Long.MIN_VALUE};
        return random.nextBoolean() ? boundaries[random.nextInt(boundaries.length)] : random.nextInt(7) - 3;
    }

    /** What the call must answer if it answers: the library's index on the values read as the named type. */
    private static Long expectedIndex(String sqlType, String typeArgument, String last, boolean argMin, List<Long> cast) {
        if (cast.isEmpty()) {
            return null;
        }
        String name = typeArgument == null ? null : typeArgument.replace("'", "");
        DataType type = name != null ? DataType.fromOnnxName(name) : switch (sqlType) {
            case "FLOAT" -> DataType.FLOAT;
            case "DOUBLE" -> DataType.DOUBLE;
            default -> DataType.INT64;
        };
        List<Long> values = new ArrayList<>();
        for (Long value : cast) {
            values.add(castTo(sqlType, value));
        }
        int n = values.size();
        long[] longs = values.stream().mapToLong(Long::longValue).toArray();
        Tensor tensor = switch (type) {
            case FLOAT -> {
                float[] floats = new float[n];
                for (int i = 0; i < n; i++) {
                    floats[i] = (float) longs[i];
                }
                yield Tensor.ofFloat(floats, n);
            }
            case DOUBLE -> Tensor.ofDouble(java.util.Arrays.stream(longs).asDoubleStream().toArray(), n);
            case FLOAT16, BFLOAT16 -> {
                short[] bits = new short[n];
                for (int i = 0; i < n; i++) {
                    assertTrue(longs[i] >= Short.MIN_VALUE && longs[i] <= 0xFFFF, "answered on a value outside 16 bits: " + values);
                    bits[i] = (short) longs[i];
                }
                yield type == DataType.FLOAT16 ? Tensor.ofFloat16(bits, n) : Tensor.ofBfloat16(bits, n);
            }
            case UINT64 -> Tensor.ofUint64(longs, n);
            case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32 -> {
                if (type.isUnsigned()) {
                    for (long value : longs) {
                        assertTrue(value >= 0 && value < (1L << (8 * type.byteWidth())),
                                "answered on a value outside " + type.onnxName() + ": " + values);
                    }
                }
                yield Tensor.ofInt64(longs, n);
            }
        };
        if (type == DataType.UINT64 && !sqlType.equals("BIGINT")) {
            for (long value : longs) {
                assertTrue(value >= 0, "answered on a negative uint64 value: " + values);
            }
        }
        boolean selectLast = "true".equals(last) || "1".equals(last);
        ArgReductionOperator operator = (argMin ? ArgMin.latest() : ArgMax.latest()).keepdims(false).selectLastIndex(selectLast);
        return operator.apply(tensor).get(0);
    }

    /** A value as the SQL cast (ANSI: out-of-range casts fail, so an answered cast kept the value) leaves it. */
    private static long castTo(String sqlType, long value) {
        return switch (sqlType) {
            case "FLOAT" -> (long) (float) value;
            case "DOUBLE" -> (long) (double) value;
            default -> value;
        };
    }

    /** Any failure must carry the library's exception; at analysis, as an AnalysisException's cause. */
    static void requireLibraryRefusal(String what, Exception e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof ArgOnnxException) {
                return;
            }
        }
        // Spark's own refusals of the SQL text itself (an out-of-range CAST under ANSI, a bad literal) are not ours.
        if (e.getClass().getName().startsWith("org.apache.spark.Spark") || e instanceof ArithmeticException
                || (e instanceof AnalysisException && !e.getMessage().contains("arg"))) {
            return;
        }
        fail(what + ": refused without an ArgOnnxException in the cause chain", e);
    }

    @Test
    void aggregateCallsAnswerAsTheLibraryOrRefuseWithItsException() {
        Random random = new Random(47);
        String[] valueTypes = {"TINYINT", "INT", "BIGINT", "FLOAT", "DOUBLE", "DECIMAL(5,0)", "STRING"};
        String[] positionTypes = {"TINYINT", "SMALLINT", "INT", "BIGINT", "DOUBLE", "STRING"};
        int answered = 0;
        for (int c = 0; c < 24; c++) {
            String valueType = valueTypes[random.nextInt(valueTypes.length)];
            String positionType = positionTypes[random.nextInt(positionTypes.length)];
            String last = LAST_ARGUMENTS[random.nextInt(LAST_ARGUMENTS.length)];
            last = "id > 0".equals(last) ? "v > 0" : last;
            boolean argMin = random.nextBoolean();
            List<Row> rows = new ArrayList<>();
            StringJoiner values = new StringJoiner(", ");
            for (int i = 0; i < 1 + random.nextInt(6); i++) {
                Long value = random.nextInt(6) == 0 ? null : (long) (random.nextInt(9) - 4);
                Long position = random.nextInt(10) == 0 ? null
                        : random.nextInt(10) == 0 ? -1L : random.nextBoolean() ? random.nextInt(5) : random.nextInt(100);
                rows.add(RowFactory.create(0, value, position));
                values.add("(CAST(" + value + " AS " + valueType + "), CAST(" + position + " AS " + positionType + "))");
            }
            String call = (argMin ? "argmin_agg" : "argmax_agg") + "(v, p" + (last == null ? "" : ", " + last) + ")";
            String query = "SELECT " + call + " FROM VALUES " + values + " AS t(v, p)";
            Row row;
            try {
                row = spark.sql(query).first();
            } catch (Exception e) {
                requireLibraryRefusal(query, e);
                continue;
            }
            answered++;
            List<Row> valued = rows.stream().filter(r -> !r.isNullAt(1)).toList();
            assertTrue(valued.stream().allMatch(r -> !r.isNullAt(2) && r.getLong(2) >= 0), "answered on a bad position: " + query);
            List<Long> all = AggregateReference.all(valued.stream()
                    .map(r -> RowFactory.create(0, (double) r.getLong(1), r.getLong(2))).toList());
            boolean selectLast = "true".equals(last) || "1".equals(last);
            assertEquals(all.get((argMin ? 2 : 0) + (selectLast ? 1 : 0)), row.isNullAt(0) ? null : row.getLong(0), query);
        }
        assertTrue(answered >= 5, "too few calls answered to check anything: " + answered);
        assertEquals(DataTypes.LongType, spark.sql("SELECT argmax_agg(1, 1)").schema().fields()[0].dataType());
    }
}
