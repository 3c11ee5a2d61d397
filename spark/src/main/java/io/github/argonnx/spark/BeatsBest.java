package io.github.argonnx.spark;

import java.io.Serializable;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.codegen.CodegenContext;
import org.apache.spark.sql.catalyst.expressions.codegen.ExprCode;
import org.apache.spark.sql.catalyst.util.SQLOrderingUtil;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import scala.collection.immutable.IndexedSeq;
import scala.collection.immutable.Seq;

/**
 * Whether a candidate (order key, position) beats the best so far of {@link ArgExtremeAggregate}: a
 * candidate without a key (a null value) or without a position (null, or below 0: a bad position,
 * which {@link CheckedPosition} refuses, or an empty buffer merged) is none; a best whose
 * position is below 0 is none yet; otherwise the larger key wins, in Spark's order (a NaN above every
 * number, every NaN equal, -0.0 equal to 0.0), and between equal keys the smaller position (the larger
 * with {@code select_last_index}).
 *
 * <p>One expression, not Spark's comparisons combined: it compares the keys once per row, where
 * {@code key > best OR (key = best AND ...)} compares them twice for every row that does not win,
 * which is nearly every row ({@code SparkArgMaxBenchmark}). Never null.
 *
 * <p>Public, with a public constructor, only because Spark copies expressions through reflection on
 * their public constructors; it has no public API.
 */
public final class BeatsBest extends Expression implements Serializable, Catalyst.FieldProduct {
    private static final long serialVersionUID = 1L;

    private final boolean selectLastIndex;
    private final Expression key;
    private final Expression position;
    private final Expression bestKey;
    private final Expression bestPosition;

    /**
     * The test.
     *
     * @param selectLastIndex whether a tie goes to the larger position
     * @param key the candidate's order key, a bigint or double, null for no candidate
     * @param position the candidate's position, a bigint, null or negative for no candidate
     * @param bestKey the best's order key, of the key's type
     * @param bestPosition the best's position, a bigint, negative for no best yet
     */
    public BeatsBest(boolean selectLastIndex, Expression key, Expression position, Expression bestKey,
            Expression bestPosition) {
        this.selectLastIndex = selectLastIndex;
        this.key = key;
        this.position = position;
        this.bestKey = bestKey;
        this.bestPosition = bestPosition;
    }

    @Override
    public Seq<Expression> children() {
        return Catalyst.seq(key, position, bestKey, bestPosition);
    }

    @Override
    public boolean nullable() {
        return false;
    }

    @Override
    public DataType dataType() {
        return DataTypes.BooleanType;
    }

    @Override
    public String prettyName() {
        return "beats_best";
    }

    @Override
    public Object eval(InternalRow row) {
        Object k = key.eval(row);
        Object at = position.eval(row);
        if (k == null || at == null || (Long) at < 0) {
            return false;
        }
        Object bestAt = bestPosition.eval(row);
        if ((Long) bestAt < 0) {
            return true;
        }
        Object best = bestKey.eval(row);
        int order = key.dataType() == DataTypes.DoubleType ? SQLOrderingUtil.compareDoubles((Double) k, (Double) best)
                : Long.compare((Long) k, (Long) best);
        return order > 0 || order == 0 && tieBreak((Long) at, (Long) bestAt);
    }

    private boolean tieBreak(long at, long bestAt) {
        return selectLastIndex ? at > bestAt : at < bestAt;
    }

    @Override
    public ExprCode doGenCode(CodegenContext ctx, ExprCode ev) {
        ExprCode k = key.genCode(ctx);
        ExprCode at = position.genCode(ctx);
        ExprCode best = bestKey.genCode(ctx);
        ExprCode bestAt = bestPosition.genCode(ctx);
        String order = ctx.freshName("order");
        String compare = key.dataType() == DataTypes.DoubleType
                ? SQLOrderingUtil.class.getName() + ".compareDoubles(" + k.value() + ", " + best.value() + ")"
                : "Long.compare(" + k.value() + ", " + best.value() + ")";
        String code = "boolean " + ev.isNull() + " = false;\n"
                + "boolean " + ev.value() + " = false;\n"
                + k.code() + "\n"
                + at.code() + "\n"
                + "if (!" + k.isNull() + " && !" + at.isNull() + " && " + at.value() + " >= 0L) {\n"
                + "  " + bestAt.code() + "\n"
                + "  if (" + bestAt.value() + " < 0L) {\n"
                + "    " + ev.value() + " = true;\n"
                + "  } else {\n"
                + "    " + best.code() + "\n"
                + "    int " + order + " = " + compare + ";\n"
                + "    " + ev.value() + " = " + order + " > 0 || " + order + " == 0 && " + at.value()
                + (selectLastIndex ? " > " : " < ") + bestAt.value() + ";\n"
                + "  }\n"
                + "}";
        return Catalyst.generated(ev, code);
    }

    @Override
    public Expression withNewChildrenInternal(IndexedSeq<Expression> newChildren) {
        return new BeatsBest(selectLastIndex, newChildren.apply(0), newChildren.apply(1), newChildren.apply(2),
                newChildren.apply(3));
    }

    @Override
    public Object[] productFields() {
        return new Object[] {selectLastIndex, key, position, bestKey, bestPosition};
    }

    @Override
    public boolean equals(Object other) {
        return Catalyst.sameFields(this, other);
    }

    @Override
    public int hashCode() {
        return Catalyst.fieldsHash(this);
    }
}
