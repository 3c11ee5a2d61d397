package io.github.argonnx.spark;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.DataType;
import io.github.argonnx.PartialReduction;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.ArgPartial;
import org.apache.spark.sql.Encoder;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.expressions.Aggregator;
import scala.Tuple2;

/**
 * {@code argmax_agg(value, position)} and {@code argmin_agg}: the position of the largest (smallest)
 * value of a column over a whole Dataset. Each row is a one-element chunk, at its position, of one
 * ONNX tensor along axis 0; the buffers are the library's partial results, merged across partitions
 * in whatever order Spark chooses, so NaN and ties follow ONNX exactly.
 *
 * <p>The tensor's axis is {@link #AXIS_LENGTH} long: positions need not be contiguous or start at 0,
 * but each may appear only once (a repeated position is refused, naming the overlapping ranges).
 * Rows with a null value are skipped, as SQL aggregates skip nulls.
 *
 * @param <V> the boxed value type, {@code Double} for floating-point columns (float widens to double
 *     exactly) and {@code Long} for integer columns
 */
final class ArgExtremeAggregator<V extends Number> extends Aggregator<Tuple2<V, Long>, PartialBuffer, Long> {
    private static final long serialVersionUID = 1L;

    /** The reduced axis: every non-negative long position fits. */
    static final long AXIS_LENGTH = Long.MAX_VALUE;

    private final String functionName;
    private final String opType;
    private final boolean selectLastIndex;
    private final boolean floatingPoint;
    private transient PartialReduction reduction;

    ArgExtremeAggregator(String functionName, String opType, boolean selectLastIndex, boolean floatingPoint) {
        this.functionName = functionName;
        this.opType = opType;
        this.selectLastIndex = selectLastIndex;
        this.floatingPoint = floatingPoint;
    }

    PartialReduction reduction() {
        if (reduction == null) {
            ArgReductionOperator operator = ArgReductionOperator.latest(opType)
                    .axis(0).keepdims(false).selectLastIndex(selectLastIndex);
            reduction = PartialReduction.of(operator, floatingPoint ? DataType.DOUBLE : DataType.INT64, AXIS_LENGTH);
        }
        return reduction;
    }

    @Override
    public PartialBuffer zero() {
        return new PartialBuffer();
    }

    @Override
    public PartialBuffer reduce(PartialBuffer buffer, Tuple2<V, Long> row) {
        V value = row._1();
        if (value == null) {
            return buffer;
        }
        Long position = row._2();
        if (position == null) {
            throw new ArgOnnxException(functionName + ": the position of value " + value + " is null");
        }
        Tensor element = floatingPoint
                ? Tensor.ofDouble(new double[] {value.doubleValue()}, 1)
                : Tensor.ofInt64(new long[] {value.longValue()}, 1);
        return buffer.addElement(reduction(), element, position);
    }

    @Override
    public PartialBuffer merge(PartialBuffer left, PartialBuffer right) {
        return left.add(reduction(), right.partial(reduction()));
    }

    @Override
    public Long finish(PartialBuffer buffer) {
        ArgPartial partial = buffer.partial(reduction());
        return partial == null ? null : winningIndex(partial);
    }

    /**
     * The global index a one-output partial holds. Its positions do not cover the whole axis, so it
     * does not {@code finish()}: the winner among the positions seen is the answer.
     */
    static long winningIndex(ArgPartial partial) {
        return partial.indicesSoFar()[0];
    }

    @Override
    public Encoder<PartialBuffer> bufferEncoder() {
        return Encoders.javaSerialization(PartialBuffer.class);
    }

    @Override
    public Encoder<Long> outputEncoder() {
        return Encoders.LONG();
    }
}
