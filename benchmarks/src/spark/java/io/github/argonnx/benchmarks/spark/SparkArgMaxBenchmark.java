package io.github.argonnx.benchmarks.spark;

import io.github.argonnx.spark.ArgOnnxFunctions;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.storage.RDDInfo;
import org.apache.spark.storage.StorageLevel;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The per-row {@code argmax(a)} against Spark's built-in {@code array_position(a, array_max(a)) - 1} on
 * a cached DataFrame of float arrays, in an embedded session. Each timed call is one Spark job: the
 * sum of the indices over every row, so that every row's index is computed (a {@code count} alone
 * would let Spark drop the column) while the job's result is one number. {@code readFloor} sums
 * each row's first element: the cost of reading the cached arrays, which both contenders pay.
 *
 * <p>The aggregate {@code argmax_agg(v, pos)} against Spark's built-in {@code max_by(pos, v)}, on as
 * many rows of a double, its position (sparse and in no order: a hash of the row number) and a group
 * key: over all rows ({@code ...Aggregate}) and grouped by {@link #groups} keys ({@code ...Grouped},
 * the sum of the groups' answers). Each timed call is one job over all rows.
 *
 * <p>The data (deterministic, NaN-free and without -0, so that both contenders agree) is built and
 * cached before timing; the setup checks the two give the same index on a sample of rows and the
 * same sum over all of them, and the same position for the aggregates.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
public class SparkArgMaxBenchmark {

    /** Rows of the DataFrame. */
    @Param("10000000")
    public long rows;

    /** Floats per row. */
    @Param("100")
    public int length;

    /** Groups of the grouped aggregates. */
    @Param("100000")
    public int groups;

    /** The embedded session's master. */
    @Param("local[2]")
    public String master;

    /**
     * The session and the cached data, shared by the benchmarks when they run in one JVM
     * ({@link #main} runs them so), so that the data is built once and the contenders run one after
     * the other under the same conditions.
     */
    private static SparkSession spark;
    private static Dataset<Row> data;
    private static Dataset<Row> pairs;
    private static String dataKey;

    private Dataset<Row> rowsOfFloats;
    private Dataset<Row> positionedValues;

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        String key = rows + " x " + length + " in " + groups + " groups on " + master;
        // The arrays (about 4 GB at 10^7 rows) only for the per-row benchmarks: a run of the aggregates alone skips them.
        boolean aggregate = params.getBenchmark().contains("Aggregate") || params.getBenchmark().contains("Grouped");
        synchronized (SparkArgMaxBenchmark.class) {
            if (!key.equals(dataKey)) {
                if (spark != null) {
                    spark.stop();
                }
                spark = SparkSession.builder()
                        .master(master)
                        .appName("argonnx-spark-benchmark")
                        .config("spark.ui.enabled", "false")
                        // Loopback only: the embedded session talks to itself.
                        .config("spark.driver.host", "127.0.0.1")
                        .config("spark.driver.bindAddress", "127.0.0.1")
                        .config("spark.sql.shuffle.partitions", "4")
                        .getOrCreate();
                spark.sparkContext().setLogLevel("WARN");
                ArgOnnxFunctions.register(spark);
                data = null;
                pairs = null;
                dataKey = key;
            }
            if (aggregate && pairs == null) {
                pairs = cachedPairs();
            } else if (!aggregate && data == null) {
                data = cachedData();
            }
            rowsOfFloats = data;
            positionedValues = pairs;
        }
    }

    /** Builds, caches and checks the data: the two contenders agree on a sample and on the sum over all rows. */
    private Dataset<Row> cachedData() {
        Dataset<Row> built = spark.range(0, rows, 1, 16)
                .selectExpr(rowOfFloats(length) + " AS a")
                .persist(StorageLevel.MEMORY_ONLY());
        long count = built.count();
        requireFullyCached(count);
        long differing = built.limit(100_000)
                .where("argmax(a) <> array_position(a, array_max(a)) - 1").count();
        if (differing != 0) {
            throw new IllegalStateException(differing + " of the first 100000 rows differ between argmax(a) and"
                    + " array_position(a, array_max(a)) - 1");
        }
        long argonnx = sum(built, "argmax(a)");
        long builtIn = sum(built, "array_position(a, array_max(a)) - 1");
        if (argonnx != builtIn) {
            throw new IllegalStateException("the sums of the indices differ: argmax " + argonnx + ", built-in " + builtIn);
        }
        return built;
    }

    /**
     * Builds, caches and checks the aggregates' data: {@code pos = xxhash64(id) & Long.MAX_VALUE} (sparse
     * positions in no order), {@code v = CAST(hash(id) AS DOUBLE)} and {@code g = pmod(hash(id, 7), groups)}.
     * The largest value is one row's alone, overall and in each group here, so that both aggregates name
     * the same positions.
     */
    private Dataset<Row> cachedPairs() {
        Dataset<Row> built = spark.range(0, rows, 1, 16)
                .selectExpr("xxhash64(id) & 9223372036854775807L AS pos", "CAST(hash(id) AS DOUBLE) AS v",
                        "pmod(hash(id, 7), " + groups + ") AS g")
                .persist(StorageLevel.MEMORY_ONLY());
        requireFullyCached(built.count());
        long argonnx = first(built, "argmax_agg(v, pos)");
        long builtIn = first(built, "max_by(pos, v)");
        if (argonnx != builtIn) {
            throw new IllegalStateException("the aggregates differ: argmax_agg " + argonnx + ", max_by " + builtIn);
        }
        long differing = built.groupBy("g").agg(functions.expr("argmax_agg(v, pos) AS a"), functions.expr("max_by(pos, v) AS b"))
                .where("a <> b").count();
        if (differing != 0) {
            throw new IllegalStateException(differing + " groups differ between argmax_agg and max_by");
        }
        return built;
    }

    /**
     * {@code array(CAST(hash(id, 0) AS FLOAT), ..., CAST(hash(id, length - 1) AS FLOAT))}: one element
     * expression per position, so that Spark compiles the row's construction ({@code transform} over a
     * {@code sequence} would be interpreted, element by element). {@code hash} gives ints, whose float
     * values are never NaN or -0.
     */
    static String rowOfFloats(int length) {
        StringJoiner elements = new StringJoiner(", ", "array(", ")");
        for (int j = 0; j < length; j++) {
            elements.add("CAST(hash(id, " + j + ") AS FLOAT)");
        }
        return elements.toString();
    }

    /** Timing a DataFrame that is partly recomputed would time its generation too. */
    private static void requireFullyCached(long count) {
        for (RDDInfo info : spark.sparkContext().getRDDStorageInfo()) {
            if (info.numCachedPartitions() < info.numPartitions()) {
                throw new IllegalStateException("only " + info.numCachedPartitions() + " of " + info.numPartitions()
                        + " partitions of the " + count + " rows fit in memory; give the JVM a larger heap (-Xmx)"
                        + " or take fewer rows (-p rows=...)");
            }
        }
    }

    @Benchmark
    public long argonnx() {
        return sum(rowsOfFloats, "argmax(a)");
    }

    @Benchmark
    public long builtIn() {
        return sum(rowsOfFloats, "array_position(a, array_max(a)) - 1");
    }

    @Benchmark
    public long readFloor() {
        return sum(rowsOfFloats, "a[0]");
    }

    @Benchmark
    public long argonnxAggregate() {
        return first(positionedValues, "argmax_agg(v, pos)");
    }

    @Benchmark
    public long builtInAggregate() {
        return first(positionedValues, "max_by(pos, v)");
    }

    @Benchmark
    public long argonnxGrouped() {
        return grouped("argmax_agg(v, pos)");
    }

    @Benchmark
    public long builtInGrouped() {
        return grouped("max_by(pos, v)");
    }

    /** One job: the aggregate per group, then the sum of the groups' answers (wrapping), one number back. */
    private long grouped(String aggregate) {
        return first(positionedValues.groupBy("g").agg(functions.expr(aggregate + " AS p")), "sum(p % 1000000007)");
    }

    private static long sum(Dataset<Row> rows, String perRow) {
        return first(rows, "sum(" + perRow + ")");
    }

    private static long first(Dataset<Row> rows, String aggregate) {
        Row row = rows.selectExpr(aggregate).first();
        return row.isNullAt(0) ? 0 : ((Number) row.get(0)).longValue();
    }

    /**
     * Runs the seven benchmarks in this JVM, one after the other over the same cached data (JMH's
     * {@code -f 0}, unless the options name a fork count), with JMH's command-line options
     * ({@code -p rows=1000000}, {@code -i 3}, ...). The JVM needs Spark's options and a heap for the
     * data (benchmarks/README.md).
     *
     * @param args JMH's options
     * @throws CommandLineOptionException if an option is not JMH's
     * @throws RunnerException if JMH fails
     */
    public static void main(String[] args) throws CommandLineOptionException, RunnerException {
        CommandLineOptions command = new CommandLineOptions(args);
        OptionsBuilder options = new OptionsBuilder();
        options.parent(command);
        if (command.getIncludes().isEmpty()) {
            options.include(SparkArgMaxBenchmark.class.getName());
        }
        if (!command.getForkCount().hasValue()) {
            options.forks(0);
        }
        new Runner(options.build()).run();
        if (spark != null) {
            spark.stop();
        }
    }
}
