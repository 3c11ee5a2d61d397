package io.github.argonnx.spark;

import io.github.argonnx.runtime.ArgOnnxException;
import java.io.Serializable;
import java.util.Objects;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.expressions.aggregate.ImperativeAggregate;
import org.apache.spark.sql.catalyst.expressions.aggregate.TypedImperativeAggregate;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import scala.collection.immutable.IndexedSeq;
import scala.collection.immutable.Seq;

/**
 * {@code top_k_agg(score, position, k [, largest])}: the positions of a group's k best scores, best
 * first, as a Catalyst typed imperative aggregate whose buffer ({@link TopKBuffer}) holds at most k
 * (order key, position) pairs and travels between partitions and executors as bytes.
 *
 * <p>The order key makes TopK's order one comparison of longs: integer scores as they are, float and
 * double scores as the bits of the double (a NaN made one NaN, -0.0 made 0.0) turned so that their
 * signed order is the numbers' order, a NaN above every number; with {@code largest} false the key is
 * negated bitwise, so that the smallest score is the best and a NaN the worst, as ONNX TopK orders
 * them. Between equal keys the smaller position is better. Rows with a null score are skipped; a row
 * with a score needs a position from 0 to {@link Long#MAX_VALUE}, as {@code argmax_agg} asks.
 *
 * <p>Public, with a public constructor, only because Spark copies expressions through reflection on
 * their public constructors; it has no public API.
 */
public final class TopKAggregate extends TypedImperativeAggregate<TopKBuffer> implements Serializable {
    private static final long serialVersionUID = 1L;

    private static final ArrayType RESULT_TYPE = new ArrayType(DataTypes.LongType, false);

    private final String functionName;
    private final int k;
    private final boolean largest;
    private final Expression score;
    private final Expression position;
    private final int mutableAggBufferOffset;
    private final int inputAggBufferOffset;
    private final boolean integralScore;

    /**
     * The aggregate.
     *
     * @param functionName its name
     * @param k how many positions to keep, not negative
     * @param largest whether the largest scores are the best (the smallest otherwise)
     * @param score a tinyint, smallint, int, bigint, float or double column
     * @param position an integer column
     * @param mutableAggBufferOffset Spark's offset of the buffer in its mutable row
     * @param inputAggBufferOffset Spark's offset of the buffer in its input row
     */
    public TopKAggregate(String functionName, int k, boolean largest, Expression score, Expression position,
            int mutableAggBufferOffset, int inputAggBufferOffset) {
        this.functionName = functionName;
        this.k = k;
        this.largest = largest;
        this.score = score;
        this.position = position;
        this.mutableAggBufferOffset = mutableAggBufferOffset;
        this.inputAggBufferOffset = inputAggBufferOffset;
        this.integralScore = score.dataType() != DataTypes.FloatType && score.dataType() != DataTypes.DoubleType;
    }

    @Override
    public TopKBuffer createAggregationBuffer() {
        return new TopKBuffer(k);
    }

    @Override
    public TopKBuffer update(TopKBuffer buffer, InternalRow input) {
        Object value = score.eval(input);
        if (value == null) {
            return buffer;
        }
        Object at = position.eval(input);
        if (at == null) {
            throw new ArgOnnxException(functionName + ": the row with score " + value + " has a null position;"
                    + " every row with a score needs a position from 0 to " + Long.MAX_VALUE);
        }
        long p = ((Number) at).longValue();
        if (p < 0) {
            throw new ArgOnnxException(functionName + ": position " + p + " is negative; positions are bigint values from 0 to "
                    + Long.MAX_VALUE);
        }
        buffer.offer(key((Number) value), p);
        return buffer;
    }

    /** The score's order key: larger is better. */
    private long key(Number value) {
        long key;
        if (integralScore) {
            key = value.longValue();
        } else {
            double d = value.doubleValue();
            // One NaN and one zero: every NaN ties, and -0.0 ties with 0.0.
            long bits = Double.isNaN(d) ? Double.doubleToLongBits(Double.NaN) : d == 0.0 ? 0L : Double.doubleToRawLongBits(d);
            // Negative doubles order backwards as signed longs: flip their magnitude bits.
            key = bits ^ ((bits >> 63) & Long.MAX_VALUE);
        }
        return largest ? key : ~key;
    }

    @Override
    public TopKBuffer merge(TopKBuffer buffer, TopKBuffer input) {
        buffer.merge(input);
        return buffer;
    }

    @Override
    public Object eval(TopKBuffer buffer) {
        return buffer.offered() ? UnsafeArrayData.fromPrimitiveArray(buffer.bestFirst(functionName)) : null;
    }

    @Override
    public byte[] serialize(TopKBuffer buffer) {
        return buffer.serialize();
    }

    @Override
    public TopKBuffer deserialize(byte[] storageFormat) {
        return TopKBuffer.deserialize(k, storageFormat);
    }

    @Override
    public int mutableAggBufferOffset() {
        return mutableAggBufferOffset;
    }

    @Override
    public int inputAggBufferOffset() {
        return inputAggBufferOffset;
    }

    @Override
    public ImperativeAggregate withNewMutableAggBufferOffset(int newOffset) {
        return new TopKAggregate(functionName, k, largest, score, position, newOffset, inputAggBufferOffset);
    }

    @Override
    public ImperativeAggregate withNewInputAggBufferOffset(int newOffset) {
        return new TopKAggregate(functionName, k, largest, score, position, mutableAggBufferOffset, newOffset);
    }

    @Override
    public Seq<Expression> children() {
        return Catalyst.seq(score, position);
    }

    @Override
    public boolean nullable() {
        return true;
    }

    @Override
    public DataType dataType() {
        return RESULT_TYPE;
    }

    @Override
    public String prettyName() {
        return functionName;
    }

    @Override
    public Expression withNewChildrenInternal(IndexedSeq<Expression> newChildren) {
        return new TopKAggregate(functionName, k, largest, newChildren.apply(0), newChildren.apply(1), mutableAggBufferOffset,
                inputAggBufferOffset);
    }

    @Override
    public int productArity() {
        return 7;
    }

    @Override
    public Object productElement(int n) {
        switch (n) {
            case 0: return functionName;
            case 1: return k;
            case 2: return largest;
            case 3: return score;
            case 4: return position;
            case 5: return mutableAggBufferOffset;
            case 6: return inputAggBufferOffset;
            default: throw new IndexOutOfBoundsException(Integer.toString(n));
        }
    }

    /** In plans, the function shows its columns, k and largest. */
    @Override
    public scala.collection.Iterator<Object> stringArgs() {
        return Catalyst.<Object>seq(score, position, k, largest).iterator();
    }

    @Override
    public boolean canEqual(Object that) {
        return that instanceof TopKAggregate;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TopKAggregate that && functionName.equals(that.functionName) && k == that.k
                && largest == that.largest && score.equals(that.score) && position.equals(that.position)
                && mutableAggBufferOffset == that.mutableAggBufferOffset && inputAggBufferOffset == that.inputAggBufferOffset;
    }

    @Override
    public int hashCode() {
        return Objects.hash(functionName, k, largest, score, position, mutableAggBufferOffset, inputAggBufferOffset);
    }
}
