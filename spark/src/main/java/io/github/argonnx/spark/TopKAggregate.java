package io.github.argonnx.spark;

import java.io.Serializable;
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
 * <p>It serves k above {@link TopKRowAggregate#MAX_K}, where a buffer of 2k + 1 columns would be too
 * wide; the order ({@link TopKBuffer#orderKey}) and the checks are {@link TopKRowAggregate}'s. Rows with a null score are skipped; a row
 * with a score needs a position from 0 to {@link Long#MAX_VALUE}, as {@code argmax_agg} asks.
 *
 * <p>Public, with a public constructor, only because Spark copies expressions through reflection on
 * their public constructors; it has no public API.
 */
public final class TopKAggregate extends TypedImperativeAggregate<TopKBuffer> implements Serializable, Catalyst.FieldProduct {
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
        long p = TopKBuffer.checkedPosition(functionName, value, position.eval(input));
        buffer.offer(TopKBuffer.orderKey((Number) value, integralScore, largest), p);
        return buffer;
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
    public Object[] productFields() {
        return new Object[] {functionName, k, largest, score, position, mutableAggBufferOffset, inputAggBufferOffset};
    }

    @Override
    public boolean equals(Object other) {
        return Catalyst.sameFields(this, other);
    }

    @Override
    public int hashCode() {
        return Catalyst.fieldsHash(this);
    }

    /** In plans, the function shows its columns, k and largest. */
    @Override
    public scala.collection.Iterator<Object> stringArgs() {
        return Catalyst.<Object>seq(score, position, k, largest).iterator();
    }
}
