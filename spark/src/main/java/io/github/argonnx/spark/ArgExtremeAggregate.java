package io.github.argonnx.spark;

import org.apache.spark.sql.catalyst.expressions.AttributeReference;
import org.apache.spark.sql.catalyst.expressions.BitwiseNot;
import org.apache.spark.sql.catalyst.expressions.Cast;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.If;
import org.apache.spark.sql.catalyst.expressions.KnownNotNull;
import org.apache.spark.sql.catalyst.expressions.LessThan;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.NamedExpression$;
import org.apache.spark.sql.catalyst.expressions.UnaryMinus;
import org.apache.spark.sql.catalyst.expressions.aggregate.DeclarativeAggregate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.IntegralType;
import org.apache.spark.sql.types.Metadata;
import scala.Option;
import scala.collection.immutable.IndexedSeq;
import scala.collection.immutable.Seq;

/**
 * {@code argmax_agg(value, position)} and {@code argmin_agg}: the position of the largest (smallest)
 * value, as a Catalyst declarative aggregate. Its buffer is two primitive columns, the winner so far:
 * its order key and its position. Spark's hash aggregation keeps them in its fixed-width buffers and
 * whole-stage generated code updates them, so a group costs the same memory whatever its rows. The
 * columns are never null: a position of -1, which no row has, stands for no winner yet, so the
 * generated code reads and writes them without null bits.
 *
 * <p>The order key makes every rule a comparison of two keys that Spark's own ordering gives: integer
 * values widen to bigint and floating-point ones to double (exactly); ArgMin negates them (bitwise
 * for integers, so that no value overflows), so that the winner is always the largest key. Spark
 * orders a NaN above every number and equal to any NaN, and -0.0 equal to 0.0, which is ONNX's rule
 * for both operators: a NaN wins, and every NaN ties. Between equal keys the smaller position wins
 * (the larger with {@code select_last_index}). The winner is thus the largest of a total order on
 * (key, position): the answer does not depend on the order of rows or of merges, and a row seen
 * twice changes nothing.
 *
 * <p>Public, with a public constructor, only because Spark copies expressions through reflection on
 * their public constructors; it has no public API.
 */
public final class ArgExtremeAggregate extends DeclarativeAggregate implements Catalyst.FieldProduct {
    private static final long serialVersionUID = 1L;

    /** The buffer's position while no row has won: below every position a row can have. */
    private static final long NO_POSITION = -1L;

    private final String functionName;
    private final boolean argMin;
    private final boolean selectLastIndex;
    private final Expression value;
    private final Expression position;
    private final AttributeReference bestKey;
    private final AttributeReference bestPosition;

    /**
     * The aggregate.
     *
     * @param functionName its name
     * @param argMin whether it is ArgMin (ArgMax otherwise)
     * @param selectLastIndex whether a tie goes to the larger position
     * @param value a tinyint, smallint, int, bigint, float or double column
     * @param position an integer column
     */
    public ArgExtremeAggregate(String functionName, boolean argMin, boolean selectLastIndex, Expression value, Expression position) {
        this.functionName = functionName;
        this.argMin = argMin;
        this.selectLastIndex = selectLastIndex;
        this.value = value;
        this.position = position;
        this.bestKey = attribute("best_key", keyType(value.dataType()));
        this.bestPosition = attribute("best_position", DataTypes.LongType);
    }

    private static AttributeReference attribute(String name, DataType type) {
        return new AttributeReference(name, type, false, Metadata.empty(), NamedExpression$.MODULE$.newExprId(), Catalyst.seq());
    }

    /** Whether a column of this type can be aggregated. */
    static boolean supportsValueType(DataType type) {
        return type instanceof IntegralType || type == DataTypes.FloatType || type == DataTypes.DoubleType;
    }

    private static DataType keyType(DataType valueType) {
        return valueType instanceof IntegralType ? DataTypes.LongType : DataTypes.DoubleType;
    }

    /** The row's order key: larger wins. */
    private Expression inputKey() {
        DataType keyType = keyType(value.dataType());
        Expression widened = value.dataType() == keyType ? value : new Cast(value, keyType, Option.empty());
        if (!argMin) {
            return widened;
        }
        // ~v = -v - 1 reverses the order of every bigint; -x that of every double, a NaN staying a NaN.
        return keyType == DataTypes.LongType ? new BitwiseNot(widened) : new UnaryMinus(widened, false);
    }

    /** The row's position as a bigint, not yet checked: null or negative competes as no candidate. */
    private Expression inputPosition() {
        return position.dataType() == DataTypes.LongType ? position : new Cast(position, DataTypes.LongType, Option.empty());
    }

    /** Where a candidate wins, its key and position are not null ({@link BeatsBest}). */
    private Seq<Expression> choose(Expression takes, Expression key, Expression at) {
        return Catalyst.seq(new If(takes, new KnownNotNull(key), bestKey), new If(takes, new KnownNotNull(at), bestPosition));
    }

    @Override
    public Seq<AttributeReference> aggBufferAttributes() {
        return Catalyst.seq(bestKey, bestPosition);
    }

    @Override
    public Seq<Expression> initialValues() {
        Object anyKey = bestKey.dataType() == DataTypes.LongType ? (Object) 0L : (Object) 0.0;
        return Catalyst.seq(Literal.create(anyKey, bestKey.dataType()), Literal.create(NO_POSITION, DataTypes.LongType));
    }

    /**
     * The row's position is checked in the position column's update value only: Spark evaluates what
     * the two updates share (the comparison) before it tests a {@code FILTER}, and a check there would
     * refuse rows the filter excludes.
     */
    @Override
    public Seq<Expression> updateExpressions() {
        Expression key = inputKey();
        Expression at = inputPosition();
        Seq<Expression> chosen = choose(new BeatsBest(selectLastIndex, key, at, bestKey, bestPosition), key, at);
        return Catalyst.seq(chosen.apply(0), new CheckedPosition(functionName, value, at, chosen.apply(1)));
    }

    @Override
    public Seq<Expression> mergeExpressions() {
        Seq<AttributeReference> right = inputAggBufferAttributes();
        AttributeReference key = right.apply(0);
        AttributeReference at = right.apply(1);
        return choose(new BeatsBest(selectLastIndex, key, at, bestKey, bestPosition), key, at);
    }

    @Override
    public Expression evaluateExpression() {
        return new If(new LessThan(bestPosition, Literal.create(0L, DataTypes.LongType)), Literal.create(null, DataTypes.LongType),
                bestPosition);
    }

    @Override
    public Seq<Expression> children() {
        return Catalyst.seq(value, position);
    }

    @Override
    public boolean nullable() {
        return true;
    }

    @Override
    public DataType dataType() {
        return DataTypes.LongType;
    }

    @Override
    public String prettyName() {
        return functionName;
    }

    @Override
    public Expression withNewChildrenInternal(IndexedSeq<Expression> newChildren) {
        return new ArgExtremeAggregate(functionName, argMin, selectLastIndex, newChildren.apply(0), newChildren.apply(1));
    }

    @Override
    public Object[] productFields() {
        return new Object[] {functionName, argMin, selectLastIndex, value, position};
    }

    @Override
    public boolean equals(Object other) {
        return Catalyst.sameFields(this, other);
    }

    @Override
    public int hashCode() {
        return Catalyst.fieldsHash(this);
    }

    /** In plans, the function shows its columns and select_last_index. */
    @Override
    public scala.collection.Iterator<Object> stringArgs() {
        return Catalyst.<Object>seq(value, position, selectLastIndex).iterator();
    }
}
