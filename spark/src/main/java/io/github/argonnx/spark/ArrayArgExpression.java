package io.github.argonnx.spark;

import java.io.Serializable;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.codegen.CodegenContext;
import org.apache.spark.sql.catalyst.expressions.codegen.CodegenFallback;
import org.apache.spark.sql.catalyst.expressions.codegen.ExprCode;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import scala.collection.immutable.IndexedSeq;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/**
 * {@code argmax(arr)} and its kin as a Catalyst expression: the row's array reaches the library as
 * Spark holds it ({@link ArrayData}, its elements copied once into a primitive array), with no
 * conversion to boxed values as a UDF's Scala {@code Seq} would need. Whole-stage generated code calls
 * its {@link #eval}. A null array gives null.
 *
 * <p>Public, with a public constructor, only because Spark copies expressions through reflection on
 * their public constructors (in the order of {@link #productElement}); it has no public API.
 */
public final class ArrayArgExpression extends Expression implements CodegenFallback, Serializable {
    private static final long serialVersionUID = 1L;

    private final Expression child;
    private final Seq<Expression> children;
    private final ArrayArgReduction reduction;
    private final String name;

    /**
     * The expression.
     *
     * @param name the function's name
     * @param child the array argument
     * @param reduction the conversion and operator, settled for the argument's type
     */
    public ArrayArgExpression(String name, Expression child, ArrayArgReduction reduction) {
        this.name = name;
        this.child = child;
        this.children = CollectionConverters.asScala(List.of(child)).toList();
        this.reduction = reduction;
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
        return DataTypes.LongType;
    }

    @Override
    public String prettyName() {
        return name;
    }

    @Override
    public Object eval(InternalRow row) {
        Object array = child.eval(row);
        return array == null ? null : reduction.index((ArrayData) array);
    }

    @Override
    public ExprCode doGenCode(CodegenContext ctx, ExprCode ev) {
        return CodegenFallback.super.doGenCode(ctx, ev);
    }

    @Override
    public Expression withNewChildrenInternal(IndexedSeq<Expression> newChildren) {
        return new ArrayArgExpression(name, newChildren.apply(0), reduction);
    }

    @Override
    public int productArity() {
        return 3;
    }

    @Override
    public Object productElement(int n) {
        switch (n) {
            case 0: return name;
            case 1: return child;
            case 2: return reduction;
            default: throw new IndexOutOfBoundsException(Integer.toString(n));
        }
    }

    /** In plans, the function shows its array argument only. */
    @Override
    public scala.collection.Iterator<Object> stringArgs() {
        return CollectionConverters.asScala(List.<Object>of(child).iterator());
    }

    @Override
    public boolean canEqual(Object that) {
        return that instanceof ArrayArgExpression;
    }
}
