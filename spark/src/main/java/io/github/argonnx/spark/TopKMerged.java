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
 * Two {@link TopKSlotsAggregate} buffers merged ({@link #merge}): an array of k keys, k
 * positions and the count, from which each buffer column's merge value takes its element. The buffers
 * are the 2k + 1 columns of each (count, keys, positions), never null. Never null.
 *
 * <p>Public, with a public constructor, only because Spark copies expressions through reflection on
 * their public constructors; it has no public API.
 */
public final class TopKMerged extends Expression implements Serializable {
    private static final long serialVersionUID = 1L;

    private static final ArrayType TYPE = new ArrayType(DataTypes.LongType, false);

    private final int k;
    private final Seq<Expression> buffers;

    /**
     * The merge.
     *
     * @param k how many pairs a buffer holds
     * @param buffers the left buffer's 2k + 1 bigint columns, then the right's
     */
    public TopKMerged(int k, Seq<Expression> buffers) {
        this.k = k;
        this.buffers = buffers;
    }

    /**
     * The merge of two buffers (the generated code calls it), each its count (-1 before a row with a score) and its pairs best first:
     * the k best pairs of both, best first, and their count.
     *
     * @param k how many pairs a buffer holds
     * @param left the left buffer: its count, k keys, k positions
     * @param right the right buffer, alike
     * @return k keys, k positions and the count
     */
    public static long[] merge(int k, long[] left, long[] right) {
        long[] merged = new long[2 * k + 1];
        int leftCount = (int) Math.max(left[0], 0);
        int rightCount = (int) Math.max(right[0], 0);
        int a = 0;
        int b = 0;
        int n = 0;
        while (n < k && (a < leftCount || b < rightCount)) {
            boolean fromLeft = b >= rightCount
                    || a < leftCount && !TopKBuffer.worse(left[1 + a], left[1 + k + a], right[1 + b], right[1 + k + b]);
            long[] from = fromLeft ? left : right;
            int at = fromLeft ? a++ : b++;
            merged[n] = from[1 + at];
            merged[k + n] = from[1 + k + at];
            n++;
        }
        merged[2 * k] = left[0] < 0 && right[0] < 0 ? -1 : n;
        return merged;
    }

    @Override
    public Seq<Expression> children() {
        return buffers;
    }

    @Override
    public boolean nullable() {
        return false;
    }

    @Override
    public DataType dataType() {
        return TYPE;
    }

    @Override
    public String prettyName() {
        return "top_k_merged";
    }

    @Override
    public Object eval(InternalRow row) {
        long[] left = new long[2 * k + 1];
        long[] right = new long[2 * k + 1];
        for (int i = 0; i < left.length; i++) {
            left[i] = (Long) buffers.apply(i).eval(row);
            right[i] = (Long) buffers.apply(left.length + i).eval(row);
        }
        return UnsafeArrayData.fromPrimitiveArray(TopKMerged.merge(k, left, right));
    }

    @Override
    public ExprCode doGenCode(CodegenContext ctx, ExprCode ev) {
        StringBuilder code = new StringBuilder();
        StringBuilder left = new StringBuilder();
        StringBuilder right = new StringBuilder();
        for (int i = 0; i < buffers.size(); i++) {
            ExprCode column = buffers.apply(i).genCode(ctx);
            code.append(column.code()).append('\n');
            StringBuilder side = i <= 2 * k ? left : right;
            side.append(side.length() == 0 ? "" : ", ").append(column.value());
        }
        code.append("org.apache.spark.sql.catalyst.util.ArrayData ").append(ev.value()).append(" = ")
                .append(UnsafeArrayData.class.getName()).append(".fromPrimitiveArray(").append(TopKMerged.class.getName())
                .append(".merge(").append(k).append(", new long[] {").append(left).append("}, new long[] {").append(right)
                .append("}));");
        return Catalyst.generatedNonNull(ev, code.toString());
    }

    @Override
    public Expression withNewChildrenInternal(IndexedSeq<Expression> newChildren) {
        return new TopKMerged(k, newChildren);
    }

    @Override
    public int productArity() {
        return 2;
    }

    @Override
    public Object productElement(int n) {
        switch (n) {
            case 0: return k;
            case 1: return buffers;
            default: throw new IndexOutOfBoundsException(Integer.toString(n));
        }
    }

    @Override
    public boolean canEqual(Object that) {
        return that instanceof TopKMerged;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TopKMerged that && k == that.k && buffers.equals(that.buffers);
    }

    @Override
    public int hashCode() {
        return Objects.hash(k, buffers);
    }
}
