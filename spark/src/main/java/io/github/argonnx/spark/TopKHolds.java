package io.github.argonnx.spark;

import java.io.Serializable;
import java.util.Objects;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.codegen.CodegenContext;
import org.apache.spark.sql.catalyst.expressions.codegen.ExprCode;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import scala.collection.immutable.IndexedSeq;
import scala.collection.immutable.Seq;

/**
 * Whether slot i of a {@link TopKSlotsAggregate} buffer keeps its pair against a row's: the slot holds a
 * pair (i below the count) and that pair is better than the row's (a larger key, or an equal key and a
 * smaller position). A row without a candidate (a null key, or a null or negative position, which
 * {@link CheckedPosition} refuses) enters nowhere: every slot keeps its pair. Never null.
 *
 * <p>One expression, not Spark's comparisons combined: it compares the keys once, where {@code key >
 * best OR (key = best AND ...)} compares them twice for every row that does not enter, which is
 * nearly every row.
 *
 * <p>Public, with a public constructor, only because Spark copies expressions through reflection on
 * their public constructors; it has no public API.
 */
public final class TopKHolds extends Expression implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int slot;
    private final Expression count;
    private final Expression slotKey;
    private final Expression slotPosition;
    private final Expression key;
    private final Expression position;

    /**
     * The test.
     *
     * @param slot the slot's index
     * @param count the buffer's count of pairs, a bigint (-1 before a row with a score)
     * @param slotKey the slot's order key, a bigint
     * @param slotPosition the slot's position, a bigint
     * @param key the row's order key, a bigint, null for no candidate
     * @param position the row's position, a bigint, null or negative for no candidate
     */
    public TopKHolds(int slot, Expression count, Expression slotKey, Expression slotPosition, Expression key,
            Expression position) {
        this.slot = slot;
        this.count = count;
        this.slotKey = slotKey;
        this.slotPosition = slotPosition;
        this.key = key;
        this.position = position;
    }

    @Override
    public Seq<Expression> children() {
        return Catalyst.seq(count, slotKey, slotPosition, key, position);
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
        return "top_k_holds";
    }

    @Override
    public Object eval(InternalRow row) {
        Object k = key.eval(row);
        Object at = position.eval(row);
        if (k == null || at == null || (Long) at < 0) {
            return true;
        }
        if ((Long) count.eval(row) <= slot) {
            return false;
        }
        return TopKBuffer.worse((Long) k, (Long) at, (Long) slotKey.eval(row), (Long) slotPosition.eval(row));
    }

    @Override
    public ExprCode doGenCode(CodegenContext ctx, ExprCode ev) {
        ExprCode k = key.genCode(ctx);
        ExprCode at = position.genCode(ctx);
        ExprCode n = count.genCode(ctx);
        ExprCode slotK = slotKey.genCode(ctx);
        ExprCode slotAt = slotPosition.genCode(ctx);
        String code = "boolean " + ev.value() + " = true;\n"
                + k.code() + "\n"
                + at.code() + "\n"
                + "if (!" + k.isNull() + " && !" + at.isNull() + " && " + at.value() + " >= 0L) {\n"
                + "  " + n.code() + "\n"
                + "  " + ev.value() + " = false;\n"
                + "  if (" + n.value() + " > " + slot + "L) {\n"
                + "    " + slotK.code() + "\n"
                + "    " + slotAt.code() + "\n"
                + "    " + ev.value() + " = " + slotK.value() + " > " + k.value() + " || " + slotK.value() + " == " + k.value()
                + " && " + slotAt.value() + " < " + at.value() + ";\n"
                + "  }\n"
                + "}";
        return Catalyst.generatedNonNull(ev, code);
    }

    @Override
    public Expression withNewChildrenInternal(IndexedSeq<Expression> newChildren) {
        return new TopKHolds(slot, newChildren.apply(0), newChildren.apply(1), newChildren.apply(2), newChildren.apply(3),
                newChildren.apply(4));
    }

    @Override
    public int productArity() {
        return 6;
    }

    @Override
    public Object productElement(int n) {
        switch (n) {
            case 0: return slot;
            case 1: return count;
            case 2: return slotKey;
            case 3: return slotPosition;
            case 4: return key;
            case 5: return position;
            default: throw new IndexOutOfBoundsException(Integer.toString(n));
        }
    }

    @Override
    public boolean canEqual(Object that) {
        return that instanceof TopKHolds;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TopKHolds that && slot == that.slot && Catalyst.sameChildren(this, that);
    }

    @Override
    public int hashCode() {
        return Objects.hash(slot, count, slotKey, slotPosition, key, position);
    }
}
