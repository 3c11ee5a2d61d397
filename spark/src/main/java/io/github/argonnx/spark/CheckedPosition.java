package io.github.argonnx.spark;

import io.github.argonnx.runtime.ArgOnnxException;
import java.io.Serializable;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.codegen.CodeGenerator;
import org.apache.spark.sql.catalyst.expressions.codegen.CodegenContext;
import org.apache.spark.sql.catalyst.expressions.codegen.ExprCode;
import org.apache.spark.sql.types.DataType;
import scala.collection.immutable.IndexedSeq;
import scala.collection.immutable.Seq;

/**
 * The update of an aggregate's buffered position, which checks the row's position first: a row whose
 * value is null is skipped (as SQL aggregates skip nulls); a row with a value needs a non-null bigint
 * position from 0 to {@link Long#MAX_VALUE}, and a row that breaks this is refused with an
 * {@link ArgOnnxException} naming the position (or the value, when the position is null).
 *
 * <p>The check is part of one buffer column's update value, and of nothing else: Spark evaluates the
 * subexpressions that several update expressions share before it tests the aggregate's {@code FILTER}
 * (and the filters it makes of {@code DISTINCT}), but an update value only for the rows the aggregate
 * takes.
 *
 * <p>Public, with a public constructor, only because Spark copies expressions through reflection on
 * their public constructors; it has no public API.
 */
public final class CheckedPosition extends Expression implements Serializable, Catalyst.FieldProduct {
    private static final long serialVersionUID = 2L;

    private final String functionName;
    private final Expression value;
    private final Expression position;
    private final Expression update;

    /**
     * The expression.
     *
     * @param functionName the aggregate's name, for messages
     * @param value the row's value
     * @param position the row's position, a bigint
     * @param update the buffer column's new value, given once the position passes
     */
    public CheckedPosition(String functionName, Expression value, Expression position, Expression update) {
        this.functionName = functionName;
        this.value = value;
        this.position = position;
        this.update = update;
    }

    @Override
    public Seq<Expression> children() {
        return Catalyst.seq(value, position, update);
    }

    @Override
    public boolean nullable() {
        return update.nullable();
    }

    @Override
    public DataType dataType() {
        return update.dataType();
    }

    @Override
    public String prettyName() {
        return "checked_position";
    }

    @Override
    public Object eval(InternalRow row) {
        Object v = value.eval(row);
        if (v != null) {
            Object p = position.eval(row);
            if (p == null) {
                throw nullPosition(String.valueOf(v));
            }
            long at = (Long) p;
            if (at < 0) {
                throw negative(at);
            }
        }
        return update.eval(row);
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
        ExprCode u = update.genCode(ctx);
        String self = ctx.addReferenceObj("positionCheck", this, CheckedPosition.class.getName());
        String code = v.code() + "\n"
                + "if (!" + v.isNull() + ") {\n"
                + "  " + p.code() + "\n"
                + "  if (" + p.isNull() + ") {\n"
                + "    throw " + self + ".nullPosition(String.valueOf(" + v.value() + "));\n"
                + "  }\n"
                + "  if (" + p.value() + " < 0L) {\n"
                + "    throw " + self + ".negative(" + p.value() + ");\n"
                + "  }\n"
                + "}\n"
                + u.code() + "\n"
                + "boolean " + ev.isNull() + " = " + u.isNull() + ";\n"
                + CodeGenerator.javaType(dataType()) + " " + ev.value() + " = " + u.value() + ";";
        return Catalyst.generated(ev, code);
    }

    @Override
    public Expression withNewChildrenInternal(IndexedSeq<Expression> newChildren) {
        return new CheckedPosition(functionName, newChildren.apply(0), newChildren.apply(1), newChildren.apply(2));
    }

    @Override
    public Object[] productFields() {
        return new Object[] {functionName, value, position, update};
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
