package io.github.argonnx.benchmarks.spark;

import io.github.argonnx.spark.ArgOnnxFunctions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
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
 * <p>The data (deterministic, NaN-free and without -0, so that both contenders agree) is built and
 * cached before timing; the setup checks the two give the same index on a sample of rows and the
 * same sum over all of them.
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

    /** The embedded session's master. */
    @Param("local[2]")
    public String master;

    private SparkSession spark;
    private Dataset<Row> data;

    @Setup(Level.Trial)
    public void setUp() {
        spark = SparkSession.builder()
                .master(master)
                .appName("argonnx-spark-benchmark")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "localhost")
                .config("spark.sql.shuffle.partitions", "4")
                .getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        ArgOnnxFunctions.register(spark);
        // hash() gives ints, whose float values are never NaN or -0.
        data = spark.range(0, rows, 1, 16)
                .selectExpr("transform(sequence(0, " + (length - 1) + "), j -> CAST(hash(id, j) AS FLOAT)) AS a")
                .persist(StorageLevel.MEMORY_ONLY());
        long count = data.count();
        requireFullyCached(count);
        long differing = data.limit(100_000)
                .where("argmax(a) <> array_position(a, array_max(a)) - 1").count();
        if (differing != 0) {
            throw new IllegalStateException(differing + " of the first 100000 rows differ between argmax(a) and"
                    + " array_position(a, array_max(a)) - 1");
        }
        long argonnx = argonnx();
        long builtIn = builtIn();
        if (argonnx != builtIn) {
            throw new IllegalStateException("the sums of the indices differ: argmax " + argonnx + ", built-in " + builtIn);
        }
    }

    /** Timing a DataFrame that is partly recomputed would time its generation too. */
    private void requireFullyCached(long count) {
        for (RDDInfo info : spark.sparkContext().getRDDStorageInfo()) {
            if (info.numCachedPartitions() < info.numPartitions()) {
                throw new IllegalStateException("only " + info.numCachedPartitions() + " of " + info.numPartitions()
                        + " partitions of the " + count + " rows fit in memory; give the fork a larger heap"
                        + " (-jvmArgsAppend -Xmx...) or fewer rows (-p rows=...)");
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        data.unpersist(true);
        spark.stop();
    }

    @Benchmark
    public long argonnx() {
        return sum("argmax(a)");
    }

    @Benchmark
    public long builtIn() {
        return sum("array_position(a, array_max(a)) - 1");
    }

    @Benchmark
    public long readFloor() {
        return sum("a[0]");
    }

    private long sum(String perRow) {
        Row row = data.selectExpr("sum(" + perRow + ")").first();
        return row.isNullAt(0) ? 0 : ((Number) row.get(0)).longValue();
    }

    /**
     * Runs this benchmark with JMH's command-line options ({@code -p rows=1000000}, {@code -i 3}, ...),
     * its forks given the JVM options Spark needs and a heap for the cached data.
     *
     * @param args JMH's options
     * @throws CommandLineOptionException if an option is not JMH's
     * @throws RunnerException if JMH fails
     * @throws IOException if the JVM options cannot be read
     */
    public static void main(String[] args) throws CommandLineOptionException, RunnerException, IOException {
        CommandLineOptions command = new CommandLineOptions(args);
        List<String> jvmOptions = new ArrayList<>(Arrays.asList(sparkJvmOptions().split("\\s+")));
        jvmOptions.add("-Xmx12g");
        jvmOptions.addAll(command.getJvmArgsAppend().orElse(List.of()));
        OptionsBuilder options = new OptionsBuilder();
        options.parent(command);
        if (command.getIncludes().isEmpty()) {
            options.include(SparkArgMaxBenchmark.class.getName());
        }
        new Runner(options.jvmArgsAppend(jvmOptions.toArray(String[]::new)).build()).run();
    }

    private static String sparkJvmOptions() throws IOException {
        try (InputStream in = SparkArgMaxBenchmark.class.getResourceAsStream("spark-jvm-options.txt")) {
            if (in == null) {
                throw new IOException("spark-jvm-options.txt is missing: build with -P benchmarks,spark");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
    }
}
