package io.github.argonnx.spark;

import io.github.argonnx.ArgMax;
import io.github.argonnx.ArgMin;
import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/**
 * What the aggregates should answer, from the library: the rows with a value, in position order (a
 * repeated position's rows side by side), as one tensor; its ONNX index names the winning row.
 */
final class AggregateReference {
    private AggregateReference() {
    }

    /** argmax_agg, argmax_agg with select_last_index, argmin_agg, argmin_agg with it, over rows (g, value, position). */
    static List<Long> all(List<Row> rows) {
        List<Row> valued = new ArrayList<>(rows.stream().filter(r -> !r.isNullAt(1)).toList());
        valued.sort(Comparator.comparingLong(r -> r.getLong(2)));
        List<Long> answers = new ArrayList<>();
        for (ArgReductionOperator operator : List.of(ArgMax.latest(), ArgMax.latest().selectLastIndex(true), ArgMin.latest(),
                ArgMin.latest().selectLastIndex(true))) {
            answers.add(valued.isEmpty() ? null
                    : valued.get((int) operator.axis(0).keepdims(false).apply(tensor(valued)).get(0)).getLong(2));
        }
        return answers;
    }

    private static Tensor tensor(List<Row> rows) {
        int n = rows.size();
        Object first = rows.get(0).get(1);
        if (first instanceof Double || first instanceof Float) {
            double[] values = new double[n];
            for (int i = 0; i < n; i++) {
                values[i] = ((Number) rows.get(i).get(1)).doubleValue();
            }
            return first instanceof Double ? Tensor.ofDouble(values, n) : Tensor.ofFloat(toFloats(values), n);
        }
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = ((Number) rows.get(i).get(1)).longValue();
        }
        return Tensor.ofInt64(values, n);
    }

    private static float[] toFloats(double[] values) {
        float[] floats = new float[values.length];
        for (int i = 0; i < values.length; i++) {
            floats[i] = (float) values[i];
        }
        return floats;
    }

    /** A value of the SQL type: for floats often a NaN, a signed zero or an infinity; for integers often an extreme. */
    static Object randomValue(DataType type, Random random) {
        double[] specials = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.longBitsToDouble(0xFFF8_0000_0000_0001L)};
        if (type == DataTypes.DoubleType) {
            return random.nextInt(3) == 0 ? specials[random.nextInt(specials.length)] : random.nextGaussian() * 1e6;
        }
        if (type == DataTypes.FloatType) {
            return random.nextInt(3) == 0 ? (float) specials[random.nextInt(specials.length)] : (float) random.nextGaussian();
        }
        long[] extremes = {Long.MIN_VALUE, Long.MAX_VALUE, -1, 0};
        long value = random.nextInt(4) == 0 ? extremes[random.nextInt(extremes.length)] : random.nextLong();
        if (type == DataTypes.LongType) {
            return value;
        } else if (type == DataTypes.IntegerType) {
            return (int) value;
        } else if (type == DataTypes.ShortType) {
            return (short) value;
        }
        return (byte) value;
    }

    static String describe(List<Row> rows) {
        return Arrays.toString(rows.toArray());
    }
}
