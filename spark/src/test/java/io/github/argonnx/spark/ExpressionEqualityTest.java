package io.github.argonnx.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.junit.jupiter.api.Test;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The module's Catalyst expressions compare as Spark's case classes do, which plans rely on to match
 * {@code GROUP BY} expressions, cached data and canonicalized plans: two with the same fields are
 * equal and hash alike, and a change to any one field makes them unequal.
 */
class ExpressionEqualityTest extends SparkTestSession {
    private static final String[] ROW_CALLS = {"argmax(a, true)", "top_k(a, 2)", "top_k_values(a, 2, false)"};
    private static final String[] AGGREGATE_CALLS = {"argmin_agg(v, p)", "top_k_agg(v, p, 2)", "top_k_agg(v, p, 200, false)"};
    private static final Set<String> ALL = Set.of("ArgExtremeAggregate", "ArrayArgExpression", "ArrayTopKExpression", "BeatsBest",
            "CheckedPosition", "TopKAggregate", "TopKRowAggregate");

    /** One analysed input, so that two queries over it name the same columns (a column's identity is part of it). */
    private static Dataset<Row> input() {
        return spark.sql("SELECT * FROM VALUES (array(3, 1, 2), 1.5D, 4L) AS t(a, v, p)");
    }

    @Test
    void twoUsesOfTheSameCallsAreEqualExpressionsThatHashAlike() {
        Dataset<Row> data = input();
        List<Expression> first = module(all(data.selectExpr(ROW_CALLS), data.selectExpr(AGGREGATE_CALLS)));
        List<Expression> again = module(all(data.selectExpr(ROW_CALLS), data.selectExpr(AGGREGATE_CALLS)));
        // An aggregate's buffer columns are new with each aggregate: its update expressions are compared within one.
        ArgExtremeAggregate aggregate = first.stream().filter(ArgExtremeAggregate.class::isInstance)
                .map(ArgExtremeAggregate.class::cast).findFirst().orElseThrow();
        first.addAll(module(walked(aggregate.updateExpressions())));
        again.addAll(module(walked(aggregate.updateExpressions())));
        assertEquals(first.size(), again.size());
        Set<String> compared = new TreeSet<>();
        for (int i = 0; i < first.size(); i++) {
            Expression one = first.get(i);
            Expression other = again.get(i);
            String name = one.getClass().getSimpleName();
            assertNotSame(one, other, name);
            assertEquals(one, other, name);
            assertEquals(other, one, name);
            assertEquals(one.hashCode(), other.hashCode(), name);
            compared.add(name);
        }
        assertEquals(ALL, compared);
    }

    @Test
    void aChangeToAnyOneFieldMakesAnUnequalExpression() {
        Set<String> changed = new TreeSet<>();
        for (Expression expression : withUpdates(input().selectExpr(ROW_CALLS), input().selectExpr(AGGREGATE_CALLS))) {
            Object[] fields = CollectionConverters.asJava(expression.productIterator().toList()).toArray();
            for (int i = 0; i < fields.length; i++) {
                Object other = another(fields[i]);
                if (other == null) {
                    continue;
                }
                Object[] copy = fields.clone();
                copy[i] = other;
                Expression changedCopy = expression.makeCopy(copy);
                assertNotEquals(expression, changedCopy, expression.getClass().getSimpleName() + " field " + i);
                assertNotEquals(changedCopy, expression, expression.getClass().getSimpleName() + " field " + i);
                changed.add(expression.getClass().getSimpleName());
            }
        }
        assertEquals(ALL, changed);
    }

    @Test
    void expressionsOfOtherClassesAreNotEqualEvenWithEqualFields() {
        Dataset<Row> data = input();
        Expression rows = module(all(data.selectExpr("top_k_agg(v, p, 2)"))).get(0);
        Expression heap = module(all(data.selectExpr("top_k_agg(v, p, 200)"))).get(0);
        Object[] fields = CollectionConverters.asJava(heap.productIterator().toList()).toArray();
        fields[1] = 2;
        Expression heapOfTwo = heap.makeCopy(fields);
        assertEquals(CollectionConverters.asJava(rows.productIterator().toList()),
                CollectionConverters.asJava(heapOfTwo.productIterator().toList()));
        assertNotEquals(rows, heapOfTwo);
        assertNotEquals(heapOfTwo, rows);
    }

    @Test
    void aProductElementOutsideTheFieldsIsRefused() {
        for (Expression expression : withUpdates(input().selectExpr(ROW_CALLS), input().selectExpr(AGGREGATE_CALLS))) {
            int arity = expression.productArity();
            assertThrows(IndexOutOfBoundsException.class, () -> expression.productElement(arity));
            assertThrows(IndexOutOfBoundsException.class, () -> expression.productElement(-1));
        }
    }

    /** A value of the field's kind that differs from it, or null for a field this test leaves alone. */
    private static Object another(Object field) {
        if (field instanceof Boolean b) {
            return !b;
        }
        if (field instanceof Integer n) {
            return n + 1;
        }
        if (field instanceof String s) {
            return s + "_other";
        }
        if (field instanceof Expression e) {
            return Literal.create(null, e.dataType());
        }
        return null;
    }

    /** Every expression of the analysed queries and of their children, outermost first. */
    @SafeVarargs
    private static List<Expression> all(Dataset<Row>... queries) {
        List<Expression> found = new ArrayList<>();
        for (Dataset<Row> query : queries) {
            found.addAll(walked(query.queryExecution().analyzed().expressions()));
        }
        return found;
    }

    private static List<Expression> walked(scala.collection.Seq<Expression> roots) {
        List<Expression> found = new ArrayList<>();
        for (Expression root : CollectionConverters.asJava(roots)) {
            found.add(root);
            found.addAll(walked(root.children()));
        }
        return found;
    }

    /** This module's expressions among these. */
    private static List<Expression> module(List<Expression> expressions) {
        List<Expression> module = new ArrayList<>(expressions);
        module.removeIf(e -> !e.getClass().getPackageName().equals(ArgOnnxFunctions.class.getPackageName()));
        return module;
    }

    /** This module's expressions in the queries, with those of each {@link ArgExtremeAggregate}'s update expressions. */
    @SafeVarargs
    private static List<Expression> withUpdates(Dataset<Row>... queries) {
        List<Expression> found = all(queries);
        for (Expression expression : List.copyOf(found)) {
            if (expression instanceof ArgExtremeAggregate aggregate) {
                found.addAll(walked(aggregate.updateExpressions()));
            }
        }
        return module(found);
    }
}
