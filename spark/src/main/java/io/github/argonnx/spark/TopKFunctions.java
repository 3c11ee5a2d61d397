package io.github.argonnx.spark;

import io.github.argonnx.DataType;
import io.github.argonnx.runtime.ArgOnnxException;
import org.apache.spark.sql.catalyst.analysis.FunctionRegistry;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.types.IntegralType;
import org.apache.spark.unsafe.array.ByteArrayMethods;
import org.apache.spark.unsafe.types.UTF8String;
import scala.collection.immutable.Seq;

/**
 * The TopK functions' registration and the checks of their arguments, made when a query is analysed:
 * {@code top_k(arr, k [, largest] [, 'type'])}, {@code top_k_values(...)} with the same arguments, and
 * {@code top_k_agg(score, position, k [, largest])}.
 */
final class TopKFunctions {
    static final String TOP_K = "top_k";
    static final String TOP_K_VALUES = "top_k_values";
    static final String TOP_K_AGG = "top_k_agg";

    /** The per-row functions' arguments that must be constants. */
    private static final String PER_ROW_OPTIONS = "k, largest and the element type must be constants";

    private TopKFunctions() {
    }

    static void register(FunctionRegistry registry) {
        registry.createOrReplaceTempFunction(TOP_K, children -> Catalyst.atAnalysis(() -> perRow(TOP_K, false, children)),
                "java_udf");
        registry.createOrReplaceTempFunction(TOP_K_VALUES,
                children -> Catalyst.atAnalysis(() -> perRow(TOP_K_VALUES, true, children)), "java_udf");
        registry.createOrReplaceTempFunction(TOP_K_AGG, children -> Catalyst.atAnalysis(() -> aggregate(children)),
                "java_udf");
    }

    private static Expression perRow(String name, boolean values, Seq<Expression> children) {
        int arity = children.size();
        if (arity < 2 || arity > 4) {
            throw new ArgOnnxException(name + " takes 2 to 4 arguments (array, k [, largest] [, element type]), got " + arity);
        }
        long k = k(name, children.apply(1), Long.MAX_VALUE);
        Boolean largest = null;
        DataType declaredType = null;
        for (int i = 2; i < arity; i++) {
            Expression argument = children.apply(i);
            Object option = ArgOnnxFunctions.constant(name, PER_ROW_OPTIONS, argument);
            if (option instanceof UTF8String typeName && declaredType == null) {
                declaredType = DataType.fromOnnxName(typeName.toString());
            } else if (!(option instanceof UTF8String) && largest == null) {
                largest = largest(name, argument, option);
            } else {
                throw new ArgOnnxException(name + ": argument " + (i + 1) + " repeats the "
                        + (option instanceof UTF8String ? "element type" : "largest") + " argument: " + ArgOnnxFunctions.asWritten(argument));
            }
        }
        Expression array = children.head();
        ArrayTopK selection = new ArrayTopK(name, k, largest == null || largest, values, array.dataType(), declaredType);
        return new ArrayTopKExpression(name, array, selection, ArrayTopKExpression.resultType(values, array.dataType()));
    }

    private static Expression aggregate(Seq<Expression> children) {
        String name = TOP_K_AGG;
        int arity = children.size();
        if (arity < 3 || arity > 4) {
            throw new ArgOnnxException(name + " takes 3 or 4 arguments (score, position, k [, largest]), got " + arity);
        }
        Expression score = children.apply(0);
        Expression position = children.apply(1);
        if (!ArgExtremeAggregate.supportsValueType(score.dataType())) {
            throw new ArgOnnxException(name + ": the score must be a tinyint, smallint, int, bigint, float or double column, not "
                    + score.dataType().sql());
        }
        if (!(position.dataType() instanceof IntegralType)) {
            throw new ArgOnnxException(name + ": the position must be a tinyint, smallint, int or bigint column, not "
                    + position.dataType().sql());
        }
        int k = (int) k(name, children.apply(2), ByteArrayMethods.MAX_ROUNDED_ARRAY_LENGTH);
        boolean largest = arity < 4 || largest(name, children.apply(3),
                ArgOnnxFunctions.constant(name, "largest must be a constant", children.apply(3)));
        return k <= TopKRowAggregate.MAX_K ? new TopKRowAggregate(name, k, largest, score, position, 0, 0)
                : new TopKAggregate(name, k, largest, score, position, 0, 0);
    }

    /** The k argument: an integer constant from 0 to {@code max}. */
    private static long k(String name, Expression argument, long max) {
        Object k = ArgOnnxFunctions.constant(name, "k must be a constant", argument);
        if (!(argument.dataType() instanceof IntegralType) || k == null || ((Number) k).longValue() < 0
                || ((Number) k).longValue() > max) {
            throw new ArgOnnxException(name + ": k must be an integer from 0 to " + max + ", not "
                    + ArgOnnxFunctions.asWritten(argument));
        }
        return ((Number) k).longValue();
    }

    /** The largest argument's value: a boolean, or an integer 0 or 1. */
    private static boolean largest(String name, Expression argument, Object option) {
        if (option instanceof Boolean flag) {
            return flag;
        }
        if (option instanceof Number number && argument.dataType() instanceof IntegralType
                && (number.longValue() == 0 || number.longValue() == 1)) {
            return number.longValue() == 1;
        }
        throw new ArgOnnxException(name + ": largest must be a boolean, 0 or 1, not " + ArgOnnxFunctions.asWritten(argument));
    }
}
