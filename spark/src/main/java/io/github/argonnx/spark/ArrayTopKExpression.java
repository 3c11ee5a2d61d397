package io.github.argonnx.spark;

import java.io.Serializable;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.codegen.CodegenContext;
import org.apache.spark.sql.catalyst.expressions.codegen.ExprCode;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import scala.collection.immutable.IndexedSeq;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/**
 * {@code top_k(arr, k)} and {@code top_k_values(arr, k)} as a Catalyst expression, built as
 * {@link ArrayArgExpression} is: the row's array reaches the library as Spark holds it, and the
 * generated code calls the selection directly, so that whole-stage code generation stays on. A null
 * array gives null. Two uses with the same array and options are equal.
 *
 * <p>Public, with a public constructor, only because Spark copies expressions through reflection on
 * their public constructors (in the order of {@link #productFields}); it has no public API.
 */
public final class ArrayTopKExpression extends Expression implements Serializable, Catalyst.FieldProduct {
    private static final long serialVersionUID = 1L;

    private final String name;
    private final Expression child;
    private final Seq<Expression> children;
    private final ArrayTopK selection;
    private final DataType dataType;

    /**
     * The expression.
     *
     * @param name the function's name
     * @param child the array argument
     * @param selection the conversion and operator, settled for the argument's type
     * @param dataType the result's type: an array of bigint indices, or of the argument's elements
     */
    public ArrayTopKExpression(String name, Expression child, ArrayTopK selection, DataType dataType) {
        this.name = name;
        this.child = child;
        this.children = CollectionConverters.asScala(List.of(child)).toList();
        this.selection = selection;
        this.dataType = dataType;
    }

    @Override
    public Seq<Expression> children() {
        return children;
    }

    @Override
    public boolean nullable() {
        return child.nullable();
    }

    @Override
    public DataType dataType() {
        return dataType;
    }

    @Override
    public String prettyName() {
        return name;
    }

    @Override
    public Object eval(InternalRow row) {
        Object array = child.eval(row);
        return array == null ? null : selection.select((ArrayData) array);
    }

    @Override
    public ExprCode doGenCode(CodegenContext ctx, ExprCode ev) {
        ExprCode array = child.genCode(ctx);
        // The generated class lives in no package: it calls this public class, not the package-private selection.
        String function = ctx.addReferenceObj("topK", this, ArrayTopKExpression.class.getName());
        String arrayData = ArrayData.class.getName();
        String code = array.code() + "\n"
                + "boolean " + ev.isNull() + " = " + array.isNull() + ";\n"
                + arrayData + " " + ev.value() + " = null;\n"
                + "if (!" + ev.isNull() + ") {\n"
                + "  " + ev.value() + " = " + function + ".select(" + array.value() + ");\n"
                + "}";
        return Catalyst.generated(ev, code);
    }

    /**
     * Called by the generated code: the row's best indices (or elements), best first.
     *
     * @param array the row's array, not null
     * @return the result array
     */
    public ArrayData select(ArrayData array) {
        return selection.select(array);
    }

    @Override
    public Expression withNewChildrenInternal(IndexedSeq<Expression> newChildren) {
        return new ArrayTopKExpression(name, newChildren.apply(0), selection, dataType);
    }

    @Override
    public Object[] productFields() {
        return new Object[] {name, child, selection, dataType};
    }

    @Override
    public boolean equals(Object other) {
        return Catalyst.sameFields(this, other);
    }

    @Override
    public int hashCode() {
        return Catalyst.fieldsHash(this);
    }

    /** In plans, the function shows its array argument and its selection. */
    @Override
    public scala.collection.Iterator<Object> stringArgs() {
        return CollectionConverters.asScala(List.<Object>of(child, selection).iterator());
    }

    /** The result type: bigint indices, or the argument's own elements. */
    static DataType resultType(boolean values, DataType arrayType) {
        return new ArrayType(values ? ((ArrayType) arrayType).elementType() : org.apache.spark.sql.types.DataTypes.LongType,
                false);
    }
}
