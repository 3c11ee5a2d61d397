package io.github.argonnx.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.plans.logical.Aggregate;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.rules.Rule;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractPartialFunction;

/**
 * The optimizer rule that gives {@code top_k_agg} without {@code GROUP BY} the form Spark runs in
 * whole-stage generated code: {@link TopKSlotsAggregate} in place of {@link TopKRowAggregate}, for k
 * up to {@link TopKSlotsAggregate#MAX_K}. Both hold the same k best pairs, so the answer is the same;
 * only the cost differs. Without grouping the generated code keeps the buffer in variables, and
 * the slots' form is the cheaper; with grouping, where the generated code reads and writes every
 * buffer column of a group's row for every input row, the heap's form is, and it stays.
 */
final class TopKGlobalRule extends Rule<LogicalPlan> {
    private static final TopKGlobalRule INSTANCE = new TopKGlobalRule();

    private TopKGlobalRule() {
    }

    /** Adds the rule to the session's optimizer, once. */
    static void register(SparkSession spark) {
        var rules = spark.experimental().extraOptimizations();
        if (!rules.contains(INSTANCE)) {
            List<Rule<LogicalPlan>> added = new ArrayList<>(CollectionConverters.asJava(rules));
            added.add(INSTANCE);
            spark.experimental().extraOptimizations_$eq(Catalyst.seq(added));
        }
    }

    @Override
    public LogicalPlan apply(LogicalPlan plan) {
        return plan.transformUp(new AbstractPartialFunction<LogicalPlan, LogicalPlan>() {
            @Override
            public boolean isDefinedAt(LogicalPlan node) {
                return node instanceof Aggregate aggregate && aggregate.groupingExpressions().isEmpty();
            }

            @Override
            public LogicalPlan apply(LogicalPlan node) {
                return (LogicalPlan) node.transformExpressions(new AbstractPartialFunction<Expression, Expression>() {
                    @Override
                    public boolean isDefinedAt(Expression expression) {
                        return expression instanceof TopKRowAggregate row && row.slots() != null;
                    }

                    @Override
                    public Expression apply(Expression expression) {
                        return ((TopKRowAggregate) expression).slots();
                    }
                });
            }
        });
    }
}
