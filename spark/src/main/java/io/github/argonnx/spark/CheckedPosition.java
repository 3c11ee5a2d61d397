package io.github.argonnx.spark;

import io.github.argonnx.runtime.ArgOnnxException;
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
 * The position an aggregate's row competes at: null when the row's value is null (the row is
 * skipped, as SQL aggregates skip nulls); otherwise the position, which must be a non-null bigint
 * from 0 to {@link Long#MAX_VALUE}. A row that breaks this is refused with an {@link ArgOnnxException}
 * naming the position (or the value, when the position is null).
 *
 * <p>Public, with a public constructor, only because Spark copies expressions through reflection on
 * their public constructors; it has no public API.
 */
public final class CheckedPosition extends Expression implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String functionName;
    private final Expression value;
    private final Expression position;

    /**
     * The expression.
     *
     * @param functionName the aggregate's name, for messages
     * @param value the row's value
     * @param position the row's position, a bigint
     */
    public CheckedPosition(String functionName, Expression value, Expression position) {
        this.functionName = functionName;
        this.value = value;
        this.position = position;
    }

    @Override
    public Seq<Expression> children() {
        return Catalyst.seq(value, position);
    }

    @Override
    public boolean nullable() {
        return value.nullable();
    }

    @Override
    public DataType dataType() {
        return DataTypes.LongType;
    }

    @Override
    public String prettyName() {
        return "checked_position";
    }

    @Override
    public Object eval(InternalRow row) {
        Object v = value.eval(row);
        if (v == null) {
            return null;
        }
        Object p = position.eval(row);
        if (p == null) {
            throw nullPosition(String.valueOf(v));
        }
        long at = (Long) p;
        if (at < 0) {
            throw negative(at);
        }
        return at;
    }

    /** Called by the generated code: the refusal of a row whose value is not null but whose position is. */
    public ArgOnnxException nullPosition(String rowValue) {
        return new ArgOnnxException(functionName + ": the row with value " + rowValue + " has a null position;"
                + " every row with a value needs a position from 0 to " + Long.MAX_VALUE);
    }

    /** Called by the generated code: the refusal of a negative position. */
    public ArgOnnxException negative(long at) {
        return new ArgOnnxException(functionName + ": position " + at + " is negative; positions are bigint values from 0 to "
                + Long.MAX_VALUE);
    }

    @Override
    public ExprCode doGenCode(CodegenContext ctx, ExprCode ev) {
        ExprCode v = value.genCode(ctx);
        ExprCode p = position.genCode(ctx);
        String self = ctx.addReferenceObj("positionCheck", this, CheckedPosition.class.getName());
        String code = v.code() + "\n"
                + "boolean " + ev.isNull() + " = " + v.isNull() + ";\n"
                + "long " + ev.value() + " = -1L;\n"
                + "if (!" + ev.isNull() + ") {\n"
                + "  " + p.code() + "\n"
                + "  if (" + p.isNull() + ") {\n"
                + "    throw " + self + ".nullPosition(String.valueOf(" + v.value() + "));\n"
                + "  }\n"
                + "  if (" + p.value() + " < 0L) {\n"
                + "    throw " + self + ".negative(" + p.value() + ");\n"
                + "  }\n"
                + "  " + ev.value() + " = " + p.value() + ";\n"
                + "}";
        return Catalyst.generated(ev, code);
    }

    @Override
    public Expression withNewChildrenInternal(IndexedSeq<Expression> newChildren) {
        return new CheckedPosition(functionName, newChildren.apply(0), newChildren.apply(1));
    }

    @Override
    public int productArity() {
        return 3;
    }

    @Override
    public Object productElement(int n) {
        switch (n) {
            case 0: return functionName;
            case 1: return value;
            case 2: return position;
            default: throw new IndexOutOfBoundsException(Integer.toString(n));
        }
    }

    @Override
    public boolean canEqual(Object that) {
        return that instanceof CheckedPosition;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CheckedPosition that && functionName.equals(that.functionName)
                && value.equals(that.value) && position.equals(that.position);
    }

    @Override
    public int hashCode() {
        return Objects.hash(functionName, value, position);
    }
}
