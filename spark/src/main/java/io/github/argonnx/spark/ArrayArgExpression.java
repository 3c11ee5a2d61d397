package io.github.argonnx.spark;

import java.io.Serializable;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.codegen.CodegenContext;
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
 * conversion to boxed values as a UDF's Scala {@code Seq} would need. Its generated code calls the
 * reduction directly, so that a query using it keeps whole-stage code generation (an expression that
 * falls back to {@code eval} would turn it off for the whole stage). A null array gives null, and so
 * does an empty one unless the session asks for ONNX's refusal.
 *
 * <p>Two uses with the same array and options are equal, as Spark's built-in functions are, so that
 * {@code GROUP BY argmax(a)}, {@code HAVING} and cached plans match them.
 *
 * <p>Public, with a public constructor, only because Spark copies expressions through reflection on
 * their public constructors (in the order of {@link #productFields}); it has no public API.
 */
public final class ArrayArgExpression extends Expression implements Serializable, Catalyst.FieldProduct {
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
        // An empty array gives null too.
        return true;
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
        if (array == null) {
            return null;
        }
        long index = reduction.index((ArrayData) array);
        return index == ArrayArgReduction.NO_INDEX ? null : index;
    }

    @Override
    public ExprCode doGenCode(CodegenContext ctx, ExprCode ev) {
        ExprCode array = child.genCode(ctx);
        // The generated class lives in no package: it calls this public class, not the package-private reduction.
        String function = ctx.addReferenceObj("argReduction", this, ArrayArgExpression.class.getName());
        String code = array.code() + "\n"
                + "boolean " + ev.isNull() + " = " + array.isNull() + ";\n"
                + "long " + ev.value() + " = -1L;\n"
                + "if (!" + ev.isNull() + ") {\n"
                + "  " + ev.value() + " = " + function + ".index(" + array.value() + ");\n"
                + "  " + ev.isNull() + " = " + ev.value() + " == " + ArrayArgReduction.NO_INDEX + "L;\n"
                + "}";
        return Catalyst.generated(ev, code);
    }

    /**
     * Called by the generated code: the ONNX index of a row's extreme element.
     *
     * @param array the row's array, not null
     * @return the index, or -1 for an empty array that gives null
     */
    public long index(ArrayData array) {
        return reduction.index(array);
    }

    @Override
    public Expression withNewChildrenInternal(IndexedSeq<Expression> newChildren) {
        return new ArrayArgExpression(name, newChildren.apply(0), reduction);
    }

    @Override
    public Object[] productFields() {
        return new Object[] {name, child, reduction};
    }

    @Override
    public boolean equals(Object other) {
        return Catalyst.sameFields(this, other);
    }

    @Override
    public int hashCode() {
        return Catalyst.fieldsHash(this);
    }

    /** In plans, the function shows its array argument only. */
    @Override
    public scala.collection.Iterator<Object> stringArgs() {
        return CollectionConverters.asScala(List.<Object>of(child).iterator());
    }
}
