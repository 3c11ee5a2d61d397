package io.github.argonnx.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.catalyst.expressions.Add;
import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.expressions.Cast;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.GetArrayItem;
import org.apache.spark.sql.catalyst.expressions.If;
import org.apache.spark.sql.catalyst.expressions.IsNull;
import org.apache.spark.sql.catalyst.expressions.KnownNotNull;
import org.apache.spark.sql.catalyst.expressions.LessThan;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.NamedExpression$;
import org.apache.spark.sql.catalyst.expressions.aggregate.DeclarativeAggregate;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import scala.Option;
import scala.collection.immutable.IndexedSeq;
import scala.collection.immutable.Seq;

/**
 * {@code top_k_agg(score, position, k [, largest])} for k up to {@link #MAX_K}, as a Catalyst
 * declarative aggregate, so that Spark's hash aggregation runs it in whole-stage generated code (an
 * imperative aggregate keeps it interpreted). {@link TopKGlobalRule} chooses it for aggregates without
 * grouping, where the generated code holds the buffer in variables. The buffer is 2k + 1 bigint columns, never null: a
 * count (-1 before a row with a score, then how many pairs are held), k order keys and k positions,
 * the pairs best first ({@link TopKBuffer} orders them). A row that does not enter the k best costs
 * one comparison with the k-th best, which every column's update shares; a row that enters moves the
 * worse pairs down one slot. Merging two buffers merges their sorted pairs once ({@link TopKMerged}).
 *
 * <p>The generated code of an update grows with k; above {@link #MAX_K} {@link TopKRowAggregate}
 * holds the pairs as a heap instead.
 *
 * <p>Public, with a public constructor, only because Spark copies expressions through reflection on
 * their public constructors; it has no public API.
 */
public final class TopKSlotsAggregate extends DeclarativeAggregate {
    private static final long serialVersionUID = 1L;

    /** The largest k this aggregate takes. */
    static final int MAX_K = 12;

    private static final ArrayType RESULT_TYPE = new ArrayType(DataTypes.LongType, false);

    private final String functionName;
    private final int k;
    private final boolean largest;
    private final Expression score;
    private final Expression position;
    private final AttributeReference count;
    private final List<AttributeReference> keys = new ArrayList<>();
    private final List<AttributeReference> positions = new ArrayList<>();

    /**
     * The aggregate.
     *
     * @param functionName its name
     * @param k how many positions to keep, from 0 to {@link #MAX_K}
     * @param largest whether the largest scores are the best (the smallest otherwise)
     * @param score a tinyint, smallint, int, bigint, float or double column
     * @param position an integer column
     */
    public TopKSlotsAggregate(String functionName, int k, boolean largest, Expression score, Expression position) {
        this.functionName = functionName;
        this.k = k;
        this.largest = largest;
        this.score = score;
        this.position = position;
        this.count = attribute("count");
        for (int i = 0; i < k; i++) {
            keys.add(attribute("key_" + i));
        }
        for (int i = 0; i < k; i++) {
            positions.add(attribute("position_" + i));
        }
    }

    private static AttributeReference attribute(String name) {
        return new AttributeReference(name, DataTypes.LongType, false, Metadata.empty(), NamedExpression$.MODULE$.newExprId(),
                Catalyst.seq());
    }

    private static Literal bigint(long value) {
        return Literal.create(value, DataTypes.LongType);
    }

    @Override
    public Seq<AttributeReference> aggBufferAttributes() {
        List<AttributeReference> all = new ArrayList<>();
        all.add(count);
        all.addAll(keys);
        all.addAll(positions);
        return Catalyst.seq(all);
    }

    @Override
    public Seq<Expression> initialValues() {
        List<Expression> values = new ArrayList<>();
        values.add(bigint(-1L));
        for (int i = 0; i < 2 * k; i++) {
            values.add(bigint(0L));
        }
        return Catalyst.seq(values);
    }

    /**
     * Slot i keeps its pair if it is better than the row's; otherwise it takes the row's pair if slot
     * i - 1 keeps its own (or i is 0), and else slot i - 1's pair. Whether the last slot keeps its pair
     * is tested first: it is the test every row that does not enter stops at. The row's position is
     * checked in the count's update value only (see {@link CheckedPosition}).
     */
    @Override
    public Seq<Expression> updateExpressions() {
        Expression key = new TopKOrderKey(score, largest);
        Expression at = position.dataType() == DataTypes.LongType ? position
                : new Cast(position, DataTypes.LongType, Option.empty());
        List<Expression> newKeys = new ArrayList<>();
        List<Expression> newPositions = new ArrayList<>();
        Expression last = k == 0 ? null : holds(k - 1, key, at);
        for (int i = 0; i < k; i++) {
            newKeys.add(slot(i, last, key, at, keys, new KnownNotNull(key)));
            newPositions.add(slot(i, last, key, at, positions, new KnownNotNull(at)));
        }
        Expression entered = k == 0 ? bigint(0L)
                : new If(new LessThan(count, bigint(k)), new If(new LessThan(count, bigint(0L)), bigint(1L),
                        new Add(count, bigint(1L))), count);
        List<Expression> updates = new ArrayList<>();
        updates.add(new CheckedPosition(functionName, "score", score, at, new If(new IsNull(key), count, entered)));
        updates.addAll(newKeys);
        updates.addAll(newPositions);
        return Catalyst.seq(updates);
    }

    private Expression holds(int i, Expression key, Expression at) {
        return new TopKHolds(i, count, keys.get(i), positions.get(i), key, at);
    }

    private Expression slot(int i, Expression last, Expression key, Expression at, List<AttributeReference> column,
            Expression row) {
        Expression moved = i == 0 ? row : new If(holds(i - 1, key, at), row, column.get(i - 1));
        Expression changed = i == k - 1 ? moved : new If(holds(i, key, at), column.get(i), moved);
        return new If(last, column.get(i), changed);
    }

    @Override
    public Seq<Expression> mergeExpressions() {
        List<Expression> both = new ArrayList<>();
        both.addAll(listOf(aggBufferAttributes()));
        both.addAll(listOf(inputAggBufferAttributes()));
        Expression merged = new TopKMerged(k, Catalyst.seq(both));
        List<Expression> updates = new ArrayList<>();
        updates.add(element(merged, 2 * k));
        for (int i = 0; i < 2 * k; i++) {
            updates.add(element(merged, i));
        }
        return Catalyst.seq(updates);
    }

    private static List<Expression> listOf(Seq<AttributeReference> attributes) {
        List<Expression> list = new ArrayList<>();
        for (int i = 0; i < attributes.size(); i++) {
            list.add(attributes.apply(i));
        }
        return list;
    }

    private static Expression element(Expression array, int i) {
        return new KnownNotNull(new GetArrayItem(array, Literal.create(i, DataTypes.IntegerType), false));
    }

    @Override
    public Expression evaluateExpression() {
        List<Expression> answer = new ArrayList<>();
        answer.add(count);
        answer.addAll(positions);
        return new TopKAnswer(functionName, Catalyst.seq(answer));
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
        return new TopKSlotsAggregate(functionName, k, largest, newChildren.apply(0), newChildren.apply(1));
    }

    @Override
    public int productArity() {
        return 5;
    }

    @Override
    public Object productElement(int n) {
        switch (n) {
            case 0: return functionName;
            case 1: return k;
            case 2: return largest;
            case 3: return score;
            case 4: return position;
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
        return that instanceof TopKSlotsAggregate;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TopKSlotsAggregate that && functionName.equals(that.functionName) && k == that.k
                && largest == that.largest && score.equals(that.score) && position.equals(that.position);
    }

    @Override
    public int hashCode() {
        return Objects.hash(functionName, k, largest, score, position);
    }
}
