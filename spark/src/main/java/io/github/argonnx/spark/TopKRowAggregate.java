package io.github.argonnx.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.expressions.BoundReference;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.NamedExpression$;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.expressions.aggregate.ImperativeAggregate;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.collection.immutable.IndexedSeq;
import scala.collection.immutable.Seq;

/**
 * {@code top_k_agg(score, position, k [, largest])} for k up to {@link #MAX_K}: the same heap as
 * {@link TopKBuffer}, held in 2k + 1 bigint columns of Spark's aggregation buffer (a state, k order
 * keys, k positions), as Spark's own {@code approx_count_distinct} holds its words. Fixed-width
 * columns keep the aggregate in Spark's hash aggregation, whose map of fixed-width buffers takes any
 * number of groups (and spills under memory pressure), where a typed imperative aggregate's object
 * hash map sorts the rest of a task's rows once it has met 128 groups. A row that does not enter the
 * group's k best costs one comparison with the heap's root.
 *
 * <p>The state is -1 before a row with a score is seen, and then the number of pairs held: a group
 * without one gives null, and with k = 0 a group with one gives an empty array.
 *
 * <p>Public, with a public constructor, only because Spark copies expressions through reflection on
 * their public constructors; it has no public API.
 */
public final class TopKRowAggregate extends ImperativeAggregate implements Serializable, Catalyst.FieldProduct {
    private static final long serialVersionUID = 1L;

    /** The largest k this aggregate holds in buffer columns; a larger k takes {@link TopKAggregate}. */
    static final int MAX_K = 100;

    private static final ArrayType RESULT_TYPE = new ArrayType(DataTypes.LongType, false);

    private final String functionName;
    private final int k;
    private final boolean largest;
    private final Expression score;
    private final Expression position;
    private final int mutableAggBufferOffset;
    private final int inputAggBufferOffset;
    private final boolean integralScore;
    /** Where a score or position that is a column of the input row lies in it (-1 for another expression). */
    private final int scoreOrdinal;
    private final int positionOrdinal;
    private final Seq<AttributeReference> bufferAttributes;
    private final Seq<AttributeReference> inputBufferAttributes;
    private final StructType bufferSchema;

    /**
     * The aggregate.
     *
     * @param functionName its name
     * @param k how many positions to keep, from 0 to {@link #MAX_K}
     * @param largest whether the largest scores are the best (the smallest otherwise)
     * @param score a tinyint, smallint, int, bigint, float or double column
     * @param position an integer column
     * @param mutableAggBufferOffset Spark's offset of the buffer in its mutable row
     * @param inputAggBufferOffset Spark's offset of the buffer in its input row
     */
    public TopKRowAggregate(String functionName, int k, boolean largest, Expression score, Expression position,
            int mutableAggBufferOffset, int inputAggBufferOffset) {
        this.functionName = functionName;
        this.k = k;
        this.largest = largest;
        this.score = score;
        this.position = position;
        this.mutableAggBufferOffset = mutableAggBufferOffset;
        this.inputAggBufferOffset = inputAggBufferOffset;
        this.integralScore = score.dataType() != DataTypes.FloatType && score.dataType() != DataTypes.DoubleType;
        this.scoreOrdinal = score instanceof BoundReference bound ? bound.ordinal() : -1;
        this.positionOrdinal = position instanceof BoundReference bound ? bound.ordinal() : -1;
        List<AttributeReference> attributes = new ArrayList<>();
        attributes.add(attribute("state"));
        for (int i = 0; i < k; i++) {
            attributes.add(attribute("key_" + i));
        }
        for (int i = 0; i < k; i++) {
            attributes.add(attribute("position_" + i));
        }
        List<AttributeReference> inputs = new ArrayList<>();
        List<StructField> fields = new ArrayList<>();
        for (AttributeReference a : attributes) {
            inputs.add((AttributeReference) a.newInstance());
            fields.add(new StructField(a.name(), DataTypes.LongType, false, Metadata.empty()));
        }
        this.bufferAttributes = Catalyst.seq(attributes);
        this.inputBufferAttributes = Catalyst.seq(inputs);
        this.bufferSchema = new StructType(fields.toArray(new StructField[0]));
    }

    private static AttributeReference attribute(String name) {
        return new AttributeReference(name, DataTypes.LongType, false, Metadata.empty(), NamedExpression$.MODULE$.newExprId(),
                Catalyst.seq());
    }

    @Override
    public void initialize(InternalRow buffer) {
        buffer.setLong(mutableAggBufferOffset, -1L);
        for (int i = 1; i <= 2 * k; i++) {
            buffer.setLong(mutableAggBufferOffset + i, 0L);
        }
    }

    /**
     * A row's score and position read from the input row as primitives when they are its columns, as
     * they are once Spark binds the aggregate to its input: nothing is boxed for the rows that do not
     * enter the k best.
     */
    @Override
    public void update(InternalRow buffer, InternalRow input) {
        if (scoreOrdinal >= 0 && positionOrdinal >= 0) {
            if (input.isNullAt(scoreOrdinal)) {
                return;
            }
            long key = integralScore ? TopKBuffer.integralKey(integral(input, scoreOrdinal, score.dataType()), largest)
                    : TopKBuffer.floatingKey(score.dataType() == DataTypes.FloatType ? input.getFloat(scoreOrdinal)
                            : input.getDouble(scoreOrdinal), largest);
            long at = input.isNullAt(positionOrdinal) ? -1 : integral(input, positionOrdinal, position.dataType());
            if (at < 0) {
                TopKBuffer.checkedPosition(functionName, score.eval(input), position.eval(input));
            }
            offer(buffer, mutableAggBufferOffset, key, at);
            return;
        }
        Object value = score.eval(input);
        if (value != null) {
            long at = TopKBuffer.checkedPosition(functionName, value, position.eval(input));
            offer(buffer, mutableAggBufferOffset, TopKBuffer.orderKey((Number) value, integralScore, largest), at);
        }
    }

    @Override
    public void merge(InternalRow buffer, InternalRow input) {
        int in = inputAggBufferOffset;
        long count = input.getLong(in);
        if (count < 0) {
            return;
        }
        if (buffer.getLong(mutableAggBufferOffset) < 0) {
            buffer.setLong(mutableAggBufferOffset, 0L);
        }
        for (int i = 0; i < count; i++) {
            offer(buffer, mutableAggBufferOffset, input.getLong(in + 1 + i), input.getLong(in + 1 + k + i));
        }
    }

    /** An integer column of the row as a long. */
    private static long integral(InternalRow row, int ordinal, DataType type) {
        if (type == DataTypes.LongType) {
            return row.getLong(ordinal);
        } else if (type == DataTypes.IntegerType) {
            return row.getInt(ordinal);
        } else if (type == DataTypes.ShortType) {
            return row.getShort(ordinal);
        }
        return row.getByte(ordinal);
    }

    /** Offers a pair to the heap held from column {@code base}: it enters if fewer than k are held, or if it beats the root. */
    private void offer(InternalRow b, int base, long key, long at) {
        long state = b.getLong(base);
        int size = state < 0 ? 0 : (int) state;
        int keys = base + 1;
        int positions = base + 1 + k;
        if (size < k) {
            int i = size;
            // Sift up: the worse pair moves toward the root.
            while (i > 0) {
                int parent = (i - 1) / 2;
                if (!TopKBuffer.worse(key, at, b.getLong(keys + parent), b.getLong(positions + parent))) {
                    break;
                }
                b.setLong(keys + i, b.getLong(keys + parent));
                b.setLong(positions + i, b.getLong(positions + parent));
                i = parent;
            }
            b.setLong(keys + i, key);
            b.setLong(positions + i, at);
            b.setLong(base, size + 1);
            return;
        }
        if (state < 0) {
            b.setLong(base, 0L);
        }
        if (k == 0 || !TopKBuffer.worse(b.getLong(keys), b.getLong(positions), key, at)) {
            return;
        }
        // Sift down from the root: the worse child moves up while it is worse than the new pair.
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= k) {
                break;
            }
            if (child + 1 < k && TopKBuffer.worse(b.getLong(keys + child + 1), b.getLong(positions + child + 1),
                    b.getLong(keys + child), b.getLong(positions + child))) {
                child++;
            }
            if (!TopKBuffer.worse(b.getLong(keys + child), b.getLong(positions + child), key, at)) {
                break;
            }
            b.setLong(keys + i, b.getLong(keys + child));
            b.setLong(positions + i, b.getLong(positions + child));
            i = child;
        }
        b.setLong(keys + i, key);
        b.setLong(positions + i, at);
    }

    @Override
    public Object eval(InternalRow buffer) {
        long state = buffer.getLong(mutableAggBufferOffset);
        if (state < 0) {
            return null;
        }
        int size = (int) state;
        long[] keys = new long[size];
        long[] positions = new long[size];
        for (int i = 0; i < size; i++) {
            keys[i] = buffer.getLong(mutableAggBufferOffset + 1 + i);
            positions[i] = buffer.getLong(mutableAggBufferOffset + 1 + k + i);
        }
        return UnsafeArrayData.fromPrimitiveArray(TopKBuffer.of(k, keys, positions, size, true).bestFirst(functionName));
    }

    @Override
    public StructType aggBufferSchema() {
        return bufferSchema;
    }

    @Override
    public Seq<AttributeReference> aggBufferAttributes() {
        return bufferAttributes;
    }

    @Override
    public Seq<AttributeReference> inputAggBufferAttributes() {
        return inputBufferAttributes;
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
        return new TopKRowAggregate(functionName, k, largest, score, position, newOffset, inputAggBufferOffset);
    }

    @Override
    public ImperativeAggregate withNewInputAggBufferOffset(int newOffset) {
        return new TopKRowAggregate(functionName, k, largest, score, position, mutableAggBufferOffset, newOffset);
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
        return new TopKRowAggregate(functionName, k, largest, newChildren.apply(0), newChildren.apply(1), mutableAggBufferOffset,
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
