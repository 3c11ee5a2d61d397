package io.github.argonnx.spark;

import java.io.Serializable;
import java.util.Objects;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.expressions.codegen.CodegenContext;
import org.apache.spark.sql.catalyst.expressions.codegen.ExprCode;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import scala.collection.immutable.IndexedSeq;
import scala.collection.immutable.Seq;

/**
 * The answer of a {@link TopKSlotsAggregate} buffer ({@link #positions}): its positions best
 * first, null before a row with a score; a position held twice is refused naming it.
 *
 * <p>Public, with a public constructor, only because Spark copies expressions through reflection on
 * their public constructors; it has no public API.
 */
public final class TopKAnswer extends Expression implements Serializable {
    private static final long serialVersionUID = 1L;

    private static final ArrayType TYPE = new ArrayType(DataTypes.LongType, false);

    private final String functionName;
    private final Seq<Expression> buffer;

    /**
     * The answer.
     *
     * @param functionName the aggregate's name, for messages
     * @param buffer the count, then the k positions (bigint columns, never null)
     */
    public TopKAnswer(String functionName, Seq<Expression> buffer) {
        this.functionName = functionName;
        this.buffer = buffer;
    }

    /**
     * A buffer's answer (the generated code calls it): its positions best first, or null before a row with a score.
     *
     * @param functionName for the message
     * @param count the buffer's count
     * @param positions its k positions, best first
     * @return the first count positions
     * @throws io.github.argonnx.runtime.ArgOnnxException if a position appears twice among them
     */
    public static long[] positions(String functionName, long count, long[] positions) {
        if (count < 0) {
            return null;
        }
        return TopKBuffer.distinct(functionName, java.util.Arrays.copyOf(positions, (int) count));
    }

    @Override
    public Seq<Expression> children() {
        return buffer;
    }

    @Override
    public boolean nullable() {
        return true;
    }

    @Override
    public DataType dataType() {
        return TYPE;
    }

    @Override
    public String prettyName() {
        return "top_k_answer";
    }

    @Override
    public Object eval(InternalRow row) {
        long[] positions = new long[buffer.size() - 1];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = (Long) buffer.apply(1 + i).eval(row);
        }
        long[] answer = TopKAnswer.positions(functionName, (Long) buffer.apply(0).eval(row), positions);
        return answer == null ? null : UnsafeArrayData.fromPrimitiveArray(answer);
    }

    @Override
    public ExprCode doGenCode(CodegenContext ctx, ExprCode ev) {
        StringBuilder code = new StringBuilder();
        StringBuilder positions = new StringBuilder();
        String count = null;
        for (int i = 0; i < buffer.size(); i++) {
            ExprCode column = buffer.apply(i).genCode(ctx);
            code.append(column.code()).append('\n');
            if (i == 0) {
                count = column.value().toString();
            } else {
                positions.append(i == 1 ? "" : ", ").append(column.value());
            }
        }
        String name = ctx.addReferenceObj("functionName", functionName, String.class.getName());
        String answer = ctx.freshName("answer");
        code.append("long[] ").append(answer).append(" = ").append(TopKAnswer.class.getName()).append(".positions(").append(name)
                .append(", ").append(count).append(", new long[] {").append(positions).append("});\n")
                .append("boolean ").append(ev.isNull()).append(" = ").append(answer).append(" == null;\n")
                .append("org.apache.spark.sql.catalyst.util.ArrayData ").append(ev.value()).append(" = ").append(ev.isNull())
                .append(" ? null : ").append(UnsafeArrayData.class.getName()).append(".fromPrimitiveArray(").append(answer).append(");");
        return Catalyst.generated(ev, code.toString());
    }

    @Override
    public Expression withNewChildrenInternal(IndexedSeq<Expression> newChildren) {
        return new TopKAnswer(functionName, newChildren);
    }

    @Override
    public int productArity() {
        return 2;
    }

    @Override
    public Object productElement(int n) {
        switch (n) {
            case 0: return functionName;
            case 1: return buffer;
            default: throw new IndexOutOfBoundsException(Integer.toString(n));
        }
    }

    @Override
    public boolean canEqual(Object that) {
        return that instanceof TopKAnswer;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TopKAnswer that && functionName.equals(that.functionName) && buffer.equals(that.buffer);
    }

    @Override
    public int hashCode() {
        return Objects.hash(functionName, buffer);
    }
}
