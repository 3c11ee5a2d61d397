package io.github.argonnx.spark;

import java.io.Serializable;
import java.util.Objects;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.codegen.CodeGenerator;
import org.apache.spark.sql.catalyst.expressions.codegen.CodegenContext;
import org.apache.spark.sql.catalyst.expressions.codegen.ExprCode;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import scala.collection.immutable.IndexedSeq;
import scala.collection.immutable.Seq;

/**
 * A score's order key ({@link TopKBuffer#orderKey}): a bigint, larger better, null for a null score.
 *
 * <p>Public, with a public constructor, only because Spark copies expressions through reflection on
 * their public constructors; it has no public API.
 */
public final class TopKOrderKey extends Expression implements Serializable {
    private static final long serialVersionUID = 1L;

    private final Expression score;
    private final boolean largest;

    /**
     * The key.
     *
     * @param score a tinyint, smallint, int, bigint, float or double
     * @param largest whether the largest scores are the best (the smallest otherwise)
     */
    public TopKOrderKey(Expression score, boolean largest) {
        this.score = score;
        this.largest = largest;
    }

    private boolean floating() {
        return score.dataType() == DataTypes.FloatType || score.dataType() == DataTypes.DoubleType;
    }

    /**
     * A float or double score (the generated code calls it)'s order key ({@link TopKBuffer#floatingKey}).
     *
     * @param value the score
     * @param largest whether the largest scores are the best
     * @return the key, larger better
     */
    public static long floatingKey(double value, boolean largest) {
        return TopKBuffer.floatingKey(value, largest);
    }

    @Override
    public Seq<Expression> children() {
        return Catalyst.seq(score);
    }

    @Override
    public boolean nullable() {
        return score.nullable();
    }

    @Override
    public DataType dataType() {
        return DataTypes.LongType;
    }

    @Override
    public String prettyName() {
        return "top_k_order_key";
    }

    @Override
    public Object eval(InternalRow row) {
        Object value = score.eval(row);
        return value == null ? null : TopKBuffer.orderKey((Number) value, !floating(), largest);
    }

    @Override
    public ExprCode doGenCode(CodegenContext ctx, ExprCode ev) {
        ExprCode s = score.genCode(ctx);
        String key = floating() ? TopKOrderKey.class.getName() + ".floatingKey((double) " + s.value() + ", " + largest + ")"
                : (largest ? "" : "~") + "(long) " + s.value();
        String code = s.code() + "\n"
                + "boolean " + ev.isNull() + " = " + s.isNull() + ";\n"
                + "long " + ev.value() + " = " + CodeGenerator.defaultValue(DataTypes.LongType, true) + ";\n"
                + "if (!" + ev.isNull() + ") {\n"
                + "  " + ev.value() + " = " + key + ";\n"
                + "}";
        return Catalyst.generated(ev, code);
    }

    @Override
    public Expression withNewChildrenInternal(IndexedSeq<Expression> newChildren) {
        return new TopKOrderKey(newChildren.apply(0), largest);
    }

    @Override
    public int productArity() {
        return 2;
    }

    @Override
    public Object productElement(int n) {
        switch (n) {
            case 0: return score;
            case 1: return largest;
            default: throw new IndexOutOfBoundsException(Integer.toString(n));
        }
    }

    @Override
    public boolean canEqual(Object that) {
        return that instanceof TopKOrderKey;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TopKOrderKey that && largest == that.largest && score.equals(that.score);
    }

    @Override
    public int hashCode() {
        return Objects.hash(score, largest);
    }
}
