package io.github.argonnx.spark;

import io.github.argonnx.runtime.ArgOnnxException;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.QueryContext;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.codegen.CodeBlock;
import org.apache.spark.sql.catalyst.expressions.codegen.ExprCode;
import org.apache.spark.sql.catalyst.expressions.codegen.FalseLiteral$;
import scala.Option;
import scala.collection.immutable.Map$;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/**
 * What the Catalyst expressions of this module share: their Scala {@code Product} members, Scala
 * sequences, generated code, analysis errors.
 */
final class Catalyst {
    private Catalyst() {
    }

    /**
     * An expression that lists its fields once, in its public constructor's order, and takes its Scala
     * {@code Product} members from that list: Spark copies an expression by passing the product's
     * elements to that constructor, prints them in plans and maps them in transforms. An interface cannot
     * override {@code equals} or {@code hashCode}, so each class defines them by {@link Catalyst#sameFields}
     * and {@link Catalyst#fieldsHash}: plans are compared, matched and cached by them.
     */
    interface FieldProduct extends scala.Product {
        /**
         * The expression's fields, in its public constructor's order.
         *
         * @return a new array of the fields
         */
        Object[] productFields();

        @Override
        default int productArity() {
            return productFields().length;
        }

        @Override
        default Object productElement(int n) {
            Object[] fields = productFields();
            if (n < 0 || n >= fields.length) {
                throw new IndexOutOfBoundsException(Integer.toString(n));
            }
            return fields[n];
        }

        @Override
        default boolean canEqual(Object that) {
            return that != null && that.getClass() == getClass();
        }
    }

    /** An expression's {@code equals}: another of its class whose fields are equal. */
    static boolean sameFields(FieldProduct expression, Object other) {
        return other instanceof FieldProduct that && expression.canEqual(that)
                && Arrays.equals(expression.productFields(), that.productFields());
    }

    /** An expression's {@code hashCode}: {@link java.util.Objects#hash} of its fields, as equal fields hash alike. */
    static int fieldsHash(FieldProduct expression) {
        return Arrays.hashCode(expression.productFields());
    }

    @SafeVarargs
    static <T> Seq<T> seq(T... elements) {
        return CollectionConverters.asScala(Arrays.asList(elements)).toList();
    }

    static <T> Seq<T> seq(List<T> elements) {
        return CollectionConverters.asScala(elements).toList();
    }

    /**
     * The result of a generated expression: {@code code} declares and sets the variables {@code ev}
     * names (its null flag and its value).
     */
    static ExprCode generated(ExprCode ev, String code) {
        return ev.copy(new CodeBlock(seq(code), seq()), ev.isNull(), ev.value());
    }

    /** A result that is never null: {@code code} declares and sets {@code ev}'s value. */
    static ExprCode generatedNonNull(ExprCode ev, String code) {
        // The literal, not a variable named false: Spark passes a subexpression's null flag to the methods it splits off.
        return ev.copy(new CodeBlock(seq(code), seq()), FalseLiteral$.MODULE$, ev.value());
    }

    /**
     * Spark's form of an error found when a query is analysed: an {@link AnalysisException} with the
     * library's message, the library's exception as its cause.
     */
    static AnalysisException analysisError(ArgOnnxException cause) {
        return new AnalysisException(cause.getMessage(), Option.empty(), Option.empty(), Option.apply(cause), Option.empty(),
                Map$.MODULE$.empty(), new QueryContext[0]);
    }

    /**
     * A check made while a query is analysed, its refusal turned into an {@link AnalysisException}
     * (thrown as Scala code throws it: Java sees a checked exception where Spark's analyser expects one).
     */
    static <T> T atAnalysis(java.util.function.Supplier<T> check) {
        try {
            return check.get();
        } catch (ArgOnnxException e) {
            throw Catalyst.<RuntimeException>sneakyThrow(analysisError(e));
        }
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E sneakyThrow(Throwable e) throws E {
        throw (E) e;
    }

    static boolean sameChildren(Expression a, Expression b) {
        return a.children().equals(b.children());
    }
}
