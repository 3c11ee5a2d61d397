package io.github.argonnx.spark;

import io.github.argonnx.DataType;
import io.github.argonnx.runtime.ArgOnnxException;
import java.util.Locale;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.FunctionRegistry;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.types.IntegralType;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.unsafe.types.UTF8String;
import scala.collection.immutable.Seq;

/**
 * ONNX ArgMax, ArgMin and TopK as Spark SQL functions, registered in a session with {@link #register(SparkSession)}.
 *
 * <p>Per row, over an array column (axis 0, keepdims 0, the latest operator version):
 * <ul>
 *   <li>{@code argmax(arr)}, {@code argmin(arr)}: float, double, tinyint, smallint, int and bigint arrays;</li>
 *   <li>{@code argmax(arr, select_last_index)}: a boolean (or 0/1), the index of the last extreme instead of the first;</li>
 *   <li>{@code argmax(arr, 'uint8')} and {@code argmax(arr, 'uint8', select_last_index)}: the elements
 *       read as an ONNX element type given by name; {@code uint8}, {@code uint16} and {@code uint32}
 *       take integer arrays of their values, {@code uint64} a bigint array of its 64-bit patterns,
 *       {@code float16} and {@code bfloat16} integer arrays of their 16-bit patterns (signed or unsigned);
 *       a value out of range is refused.</li>
 * </ul>
 * The element type and {@code select_last_index} arguments are constants. A null array gives null, and
 * so does an empty one, as Spark's {@code array_max} does (with the session setting {@value #EMPTY_ARRAY}
 * = {@code error}, ONNX's refusal of an empty axis instead); a null element is refused (an ONNX tensor
 * has no missing elements). The functions are Catalyst expressions that read Spark's arrays of
 * primitives directly (no boxing per element), generate code of their own (whole-stage code generation
 * stays on) and run the library on the task's own thread.
 *
 * <p>Over a Dataset or per group: {@code argmax_agg(value, position)} and {@code argmin_agg(value, position)},
 * with an optional third argument {@code select_last_index}: the position of the largest (smallest)
 * value of a tinyint, smallint, int, bigint, float or double column. Positions are integers from 0 to
 * {@link Long#MAX_VALUE}; they need not be contiguous, and a position seen twice is harmless. Rows
 * with a null value are skipped. Each group keeps only its winner so far (a declarative aggregate of
 * two primitive columns), and the answer does not depend on the order of rows or partitions.
 *
 * <p>ONNX TopK (the library's {@link io.github.argonnx.TopK}, axis 0, latest version):
 * {@code top_k(arr, k [, largest] [, 'type'])} gives the indices (bigint) of a row's k best elements,
 * best first, and {@code top_k_values(...)} the elements at them, as the column holds them; a row
 * shorter than k gives all its elements, an empty row an empty array. Over a Dataset or per group,
 * {@code top_k_agg(score, position, k [, largest])} gives the positions of the k best scores, best
 * first, keeping at most k (score, position) pairs per group. Ties go to the lower index (position);
 * a NaN is above every number, first with {@code largest} (the default) and last without.
 *
 * <p>A wrong argument is refused when the query is analysed, with an {@code AnalysisException} whose
 * cause is the library's {@link ArgOnnxException}; bad input found while a task runs is an
 * {@link ArgOnnxException} in the cause chain of Spark's exception.
 */
public final class ArgOnnxFunctions {
    /**
     * The session setting that chooses what the per-row functions give for an empty array: {@code null}
     * (the default, as Spark's {@code array_max} does) or {@code error} (ONNX's refusal of an empty axis).
     */
    public static final String EMPTY_ARRAY = "argonnx.emptyArray";

    private static final String[] OP_TYPES = {"ArgMax", "ArgMin"};

    /** The per-row functions' arguments that must be constants. */
    private static final String PER_ROW_OPTIONS = "the element type and select_last_index arguments must be constants";

    private ArgOnnxFunctions() {
    }

    /**
     * Registers {@code argmax}, {@code argmin}, {@code argmax_agg}, {@code argmin_agg}, {@code top_k},
     * {@code top_k_values} and {@code top_k_agg} as temporary functions of the session.
     *
     * @param spark the session
     */
    public static void register(SparkSession spark) {
        FunctionRegistry registry = spark.sessionState().functionRegistry();
        for (String opType : OP_TYPES) {
            String name = opType.toLowerCase(Locale.ROOT);
            registerPerRow(registry, name, opType);
            registerAggregate(registry, name + "_agg", opType);
        }
        TopKFunctions.register(registry);
    }

    private static void registerPerRow(FunctionRegistry registry, String name, String opType) {
        registry.createOrReplaceTempFunction(name, children -> Catalyst.atAnalysis(() -> perRow(name, opType, children)),
                "java_udf");
    }

    private static Expression perRow(String name, String opType, Seq<Expression> children) {
        int arity = children.size();
        if (arity < 1 || arity > 3) {
            throw new ArgOnnxException(name + " takes 1 to 3 arguments (array [, element type] [, select_last_index]), got " + arity);
        }
        DataType declaredType = null;
        boolean last = false;
        if (arity >= 2) {
            Expression argument = children.apply(1);
            Object option = constant(name, PER_ROW_OPTIONS, argument);
            if (option instanceof UTF8String typeName) {
                declaredType = DataType.fromOnnxName(typeName.toString());
            } else if (arity == 2) {
                last = selectLastIndex(name, argument, option);
            } else {
                throw new ArgOnnxException(name + ": the element type argument must be a string such as 'uint8', not "
                        + asWritten(argument));
            }
        }
        if (arity == 3) {
            Expression argument = children.apply(2);
            last = selectLastIndex(name, argument, constant(name, PER_ROW_OPTIONS, argument));
        }
        Expression array = children.head();
        return new ArrayArgExpression(name, array, new ArrayArgReduction(name, opType, last, array.dataType(), declaredType,
                emptyArrayIsAnError()));
    }

    /**
     * Whether the session asks for ONNX's refusal of an empty array ({@value #EMPTY_ARRAY} set to
     * {@code error}) instead of a NULL; read when the query is analysed.
     */
    private static boolean emptyArrayIsAnError() {
        String setting = SQLConf.get().getConfString(EMPTY_ARRAY, "null").trim().toLowerCase(Locale.ROOT);
        switch (setting) {
            case "null": return false;
            case "error": return true;
            default: throw new ArgOnnxException(EMPTY_ARRAY + " must be 'null' or 'error', not '" + setting + "'");
        }
    }

    /**
     * The value of an argument that must not vary from row to row.
     *
     * @param arguments what must be constant, for the message: the function's own option arguments
     */
    static Object constant(String name, String arguments, Expression argument) {
        if (!argument.foldable()) {
            throw new ArgOnnxException(name + ": " + arguments + ", not " + argument.sql());
        }
        return argument.eval(null);
    }

    /** An argument as the query wrote it, with its SQL type: {@code 'true' (STRING)}. */
    static String asWritten(Expression argument) {
        return argument.sql() + " (" + argument.dataType().sql() + ")";
    }

    private static void registerAggregate(FunctionRegistry registry, String name, String opType) {
        registry.createOrReplaceTempFunction(name, children -> Catalyst.atAnalysis(() -> aggregate(name, opType, children)),
                "java_udf");
    }

    private static Expression aggregate(String name, String opType, Seq<Expression> children) {
        int arity = children.size();
        if (arity < 2 || arity > 3) {
            throw new ArgOnnxException(name + " takes 2 or 3 arguments (value, position [, select_last_index]), got " + arity);
        }
        Expression value = children.apply(0);
        Expression position = children.apply(1);
        if (!ArgExtremeAggregate.supportsValueType(value.dataType())) {
            throw new ArgOnnxException(name + ": the value must be a tinyint, smallint, int, bigint, float or double column, not "
                    + value.dataType().sql());
        }
        if (!(position.dataType() instanceof IntegralType)) {
            throw new ArgOnnxException(name + ": the position must be a tinyint, smallint, int or bigint column, not "
                    + position.dataType().sql());
        }
        boolean selectLastIndex = arity == 3 && selectLastIndex(name, children.apply(2),
                constant(name, "select_last_index must be a constant", children.apply(2)));
        return new ArgExtremeAggregate(name, opType.equals("ArgMin"), selectLastIndex, value, position);
    }

    /** The select_last_index argument's value: a boolean, or an integer 0 or 1. */
    private static boolean selectLastIndex(String name, Expression argument, Object option) {
        if (option instanceof Boolean flag) {
            return flag;
        }
        if (option instanceof Number number && (number.longValue() == 0 || number.longValue() == 1)
                && number.doubleValue() == number.longValue()) {
            return number.longValue() == 1;
        }
        throw new ArgOnnxException(name + ": select_last_index must be a boolean, 0 or 1, not " + asWritten(argument));
    }

    /**
     * {@code argmax(array)} for the Dataset API; needs {@link #register(SparkSession)} first.
     *
     * @param array an array column
     * @return the index of the first largest element (ONNX ArgMax, NaN the largest)
     */
    public static Column argmax(Column array) {
        return functions.call_function("argmax", array);
    }

    /**
     * {@code argmax(array, select_last_index)}.
     *
     * @param array an array column
     * @param selectLastIndex whether a tie goes to the last index
     * @return the index column
     */
    public static Column argmax(Column array, boolean selectLastIndex) {
        return functions.call_function("argmax", array, functions.lit(selectLastIndex));
    }

    /**
     * {@code argmax(array, element_type, select_last_index)}.
     *
     * @param array an integer array column holding the values (or bit patterns) of the type
     * @param elementType the ONNX element type name, such as {@code "uint8"} or {@code "float16"}
     * @param selectLastIndex whether a tie goes to the last index
     * @return the index column
     */
    public static Column argmax(Column array, String elementType, boolean selectLastIndex) {
        return functions.call_function("argmax", array, functions.lit(elementType), functions.lit(selectLastIndex));
    }

    /**
     * {@code argmin(array)} for the Dataset API; needs {@link #register(SparkSession)} first.
     *
     * @param array an array column
     * @return the index of the first smallest element (ONNX ArgMin, a NaN wins, as in ONNX)
     */
    public static Column argmin(Column array) {
        return functions.call_function("argmin", array);
    }

    /**
     * {@code argmin(array, select_last_index)}.
     *
     * @param array an array column
     * @param selectLastIndex whether a tie goes to the last index
     * @return the index column
     */
    public static Column argmin(Column array, boolean selectLastIndex) {
        return functions.call_function("argmin", array, functions.lit(selectLastIndex));
    }

    /**
     * {@code argmin(array, element_type, select_last_index)}.
     *
     * @param array an integer array column holding the values (or bit patterns) of the type
     * @param elementType the ONNX element type name, such as {@code "uint8"} or {@code "float16"}
     * @param selectLastIndex whether a tie goes to the last index
     * @return the index column
     */
    public static Column argmin(Column array, String elementType, boolean selectLastIndex) {
        return functions.call_function("argmin", array, functions.lit(elementType), functions.lit(selectLastIndex));
    }

    /**
     * {@code argmax_agg(value, position, select_last_index)}: an aggregate; needs {@link #register(SparkSession)} first.
     *
     * @param value a numeric column
     * @param position each row's position (an integer from 0 to Long.MAX_VALUE)
     * @param selectLastIndex whether a tie goes to the last position
     * @return the position of the largest value (the first NaN if there is one)
     */
    public static Column argmaxAgg(Column value, Column position, boolean selectLastIndex) {
        return functions.call_function("argmax_agg", value, position, functions.lit(selectLastIndex));
    }

    /**
     * {@code argmin_agg(value, position, select_last_index)}: an aggregate; needs {@link #register(SparkSession)} first.
     *
     * @param value a numeric column
     * @param position each row's position (an integer from 0 to Long.MAX_VALUE)
     * @param selectLastIndex whether a tie goes to the last position
     * @return the position of the smallest value (the first NaN if there is one)
     */
    public static Column argminAgg(Column value, Column position, boolean selectLastIndex) {
        return functions.call_function("argmin_agg", value, position, functions.lit(selectLastIndex));
    }

    /**
     * {@code top_k(array, k)} for the Dataset API; needs {@link #register(SparkSession)} first.
     *
     * @param array an array column
     * @param k how many indices to take, not negative (a shorter row gives all of its)
     * @return the indices of the k largest elements, best first (ONNX TopK: a NaN first, ties by the lower index)
     */
    public static Column topK(Column array, long k) {
        return functions.call_function(TopKFunctions.TOP_K, array, functions.lit(k));
    }

    /**
     * {@code top_k(array, k, largest)}.
     *
     * @param array an array column
     * @param k how many indices to take, not negative
     * @param largest whether to take the largest elements (the smallest otherwise, a NaN last)
     * @return the indices, best first
     */
    public static Column topK(Column array, long k, boolean largest) {
        return functions.call_function(TopKFunctions.TOP_K, array, functions.lit(k), functions.lit(largest));
    }

    /**
     * {@code top_k_values(array, k, largest)}: the elements at the indices {@code top_k} gives.
     *
     * @param array an array column
     * @param k how many elements to take, not negative
     * @param largest whether to take the largest elements (the smallest otherwise, a NaN last)
     * @return the elements, best first, of the column's element type
     */
    public static Column topKValues(Column array, long k, boolean largest) {
        return functions.call_function(TopKFunctions.TOP_K_VALUES, array, functions.lit(k), functions.lit(largest));
    }

    /**
     * {@code top_k_agg(score, position, k, largest)}: an aggregate; needs {@link #register(SparkSession)} first.
     *
     * @param score a numeric column
     * @param position each row's position (an integer from 0 to Long.MAX_VALUE)
     * @param k how many positions to keep, not negative
     * @param largest whether the largest scores are the best (the smallest otherwise, a NaN last)
     * @return the positions of the k best scores, best first (ties by the smaller position)
     */
    public static Column topKAgg(Column score, Column position, int k, boolean largest) {
        return functions.call_function(TopKFunctions.TOP_K_AGG, score, position, functions.lit(k), functions.lit(largest));
    }
}
