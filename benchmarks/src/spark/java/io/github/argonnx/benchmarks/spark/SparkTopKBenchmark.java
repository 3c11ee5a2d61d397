package io.github.argonnx.benchmarks.spark;

import io.github.argonnx.benchmarks.SparkResultsPage;
import io.github.argonnx.spark.ArgOnnxFunctions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The aggregate {@code top_k_agg(score, pos, k)} against Spark's window recipe, {@code row_number() OVER
 * (PARTITION BY g ORDER BY score DESC, pos) <= k}, on a cached DataFrame of {@link #rows} rows of a
 * double score, its position (sparse and in no order: a hash of the row number) and a group key:
 * grouped by {@link #groups} keys ({@code ...Grouped}) and over all rows ({@code ...Global}, the window
 * without {@code PARTITION BY}). Both orders are the same: the larger score first, between equal scores
 * the smaller position. Each timed call is one Spark job whose result is one number, the sum over every
 * group of its k positions weighted by their ranks (wrapping), so that every group's whole answer is
 * computed and the two contenders are checked against each other before timing.
 *
 * <p>{@link #main} runs the four in one JVM over the same cached data and, with {@code --update PAGE},
 * writes their table into the page's section {@code spark-topk} (benchmarks/README.md).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
public class SparkTopKBenchmark {
    /** The page section the table goes to. */
    static final String SECTION = "spark-topk";

    /** Rows of the DataFrame. */
    @Param("10000000")
    public long rows;

    /** Groups of the grouped benchmarks. */
    @Param("1000")
    public int groups;

    /** Positions kept per group. */
    @Param("10")
    public int k;

    /** The embedded session's master. */
    @Param("local[2]")
    public String master;

    /** The session and the cached data, shared by the benchmarks when they run in one JVM ({@link #main} runs them so). */
    private static SparkSession spark;
    private static Dataset<Row> scores;
    private static String dataKey;

    private Dataset<Row> data;

    @Setup(Level.Trial)
    public void setUp() {
        String key = rows + " in " + groups + " groups on " + master;
        synchronized (SparkTopKBenchmark.class) {
            if (!key.equals(dataKey)) {
                if (spark != null) {
                    spark.stop();
                }
                spark = SparkSession.builder()
                        .master(master)
                        .appName("argonnx-spark-topk-benchmark")
                        .config("spark.ui.enabled", "false")
                        // Loopback only: the embedded session talks to itself.
                        .config("spark.driver.host", "127.0.0.1")
                        .config("spark.driver.bindAddress", "127.0.0.1")
                        .config("spark.sql.shuffle.partitions", "4")
                        .getOrCreate();
                spark.sparkContext().setLogLevel("ERROR");
                ArgOnnxFunctions.register(spark);
                scores = cachedScores();
                dataKey = key;
                data = scores;
                check();
            }
            data = scores;
        }
    }

    /**
     * Builds and caches {@code pos = xxhash64(id) & Long.MAX_VALUE}, {@code score = CAST(hash(id) AS DOUBLE)}
     * (ties where two ids hash alike, no NaN) and {@code g = pmod(hash(id, 7), groups)}.
     */
    private Dataset<Row> cachedScores() {
        Dataset<Row> built = spark.range(0, rows, 1, 16)
                .selectExpr("xxhash64(id) & 9223372036854775807L AS pos", "CAST(hash(id) AS DOUBLE) AS score",
                        "pmod(hash(id, 7), " + groups + ") AS g")
                .persist(StorageLevel.MEMORY_ONLY());
        long count = built.count();
        for (RDDInfo info : spark.sparkContext().getRDDStorageInfo()) {
            if (info.numCachedPartitions() < info.numPartitions()) {
                throw new IllegalStateException("only " + info.numCachedPartitions() + " of " + info.numPartitions()
                        + " partitions of the " + count + " rows fit in memory; give the JVM a larger heap (-Xmx)");
            }
        }
        return built;
    }

    /** The two contenders give the same checksum, grouped and global. */
    private void check() {
        long aggregate = argonnxGrouped();
        long window = windowGrouped();
        if (aggregate != window) {
            throw new IllegalStateException("grouped: top_k_agg " + aggregate + ", window " + window);
        }
        long global = argonnxGlobal();
        long globalWindow = windowGlobal();
        if (global != globalWindow) {
            throw new IllegalStateException("global: top_k_agg " + global + ", window " + globalWindow);
        }
    }

    @Benchmark
    public long argonnxGrouped() {
        return aggregate("GROUP BY g");
    }

    @Benchmark
    public long windowGrouped() {
        return window("PARTITION BY g");
    }

    @Benchmark
    public long argonnxGlobal() {
        return aggregate("");
    }

    @Benchmark
    public long windowGlobal() {
        return window("");
    }

    /** The ranks' checksum from top_k_agg: each group's positions with their ranks, 1 the best. */
    private long aggregate(String grouping) {
        data.createOrReplaceTempView("scores");
        return checksum("SELECT i + 1 AS rank, p AS pos FROM (SELECT posexplode(top_k_agg(score, pos, " + k + ")) AS (i, p)"
                + " FROM scores " + grouping + ")");
    }

    /** The same from the window recipe. */
    private long window(String partitioning) {
        data.createOrReplaceTempView("scores");
        return checksum("SELECT rank, pos FROM (SELECT pos, row_number() OVER (" + partitioning
                + " ORDER BY score DESC, pos) AS rank FROM scores) WHERE rank <= " + k);
    }

    private static long checksum(String ranked) {
        Row row = spark.sql("SELECT sum((pos % 1000000007) * rank) FROM (" + ranked + ")").first();
        return row.isNullAt(0) ? 0 : row.getLong(0);
    }

    /**
     * Runs the four benchmarks in this JVM over the same cached data (JMH's {@code -f 0}, unless the
     * options name a fork count), with JMH's command-line options ({@code -p rows=1000000}, {@code -i 3},
     * ...), and with {@code --update PAGE} (before JMH's options) writes their table into the page's
     * section {@value #SECTION}.
     *
     * @param args {@code [--update PAGE]} and JMH's options
     * @throws CommandLineOptionException if an option is not JMH's
     * @throws RunnerException if JMH fails
     * @throws IOException if the page cannot be written
     */
    public static void main(String[] args) throws CommandLineOptionException, RunnerException, IOException {
        Path page = null;
        if (args.length >= 2 && args[0].equals("--update")) {
            page = Path.of(args[1]);
            args = java.util.Arrays.copyOfRange(args, 2, args.length);
        }
        CommandLineOptions command = new CommandLineOptions(args);
        OptionsBuilder options = new OptionsBuilder();
        options.parent(command);
        if (command.getIncludes().isEmpty()) {
            options.include(SparkTopKBenchmark.class.getName());
        }
        if (!command.getForkCount().hasValue()) {
            options.forks(0);
        }
        Collection<RunResult> results = new Runner(options.build()).run();
        if (spark != null) {
            spark.stop();
        }
        if (page != null) {
            SparkResultsPage.update(page, SECTION, table(results));
        }
    }

    /** One line per setting: each contender's time per job, and the ratio of the aggregate's mean to the window's. */
    static String table(Collection<RunResult> results) {
        Map<String, Map<String, RunResult>> bySetting = new TreeMap<>();
        for (RunResult result : results) {
            String benchmark = result.getParams().getBenchmark();
            String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
            boolean grouped = method.endsWith("Grouped");
            String setting = "rows=" + result.getParams().getParam("rows") + ", k=" + result.getParams().getParam("k") + ", "
                    + (grouped ? result.getParams().getParam("groups") + " groups" : "global") + ", " + result.getParams().getParam("master");
            bySetting.computeIfAbsent(setting, s -> new TreeMap<>()).put(method.startsWith("argonnx") ? "top_k_agg" : "window", result);
        }
        List<String> lines = new ArrayList<>();
        lines.add("Written by `SparkTopKBenchmark --update` (JMH single-shot: ms per job, the mean of the measured jobs"
                + " and their range; " + Runtime.getRuntime().availableProcessors() + " CPUs, JDK "
                + Runtime.version().feature() + ").");
        lines.add("");
        lines.add("| setting | `top_k_agg` | window recipe | `top_k_agg` / window |");
        lines.add("|---|---:|---:|---:|");
        for (Map.Entry<String, Map<String, RunResult>> e : bySetting.entrySet()) {
            RunResult aggregate = e.getValue().get("top_k_agg");
            RunResult window = e.getValue().get("window");
            String ratio = aggregate == null || window == null ? "" : String.format(Locale.ROOT, "%.2f",
                    aggregate.getPrimaryResult().getScore() / window.getPrimaryResult().getScore());
            lines.add("| " + e.getKey() + " | " + cell(aggregate) + " | " + cell(window) + " | " + ratio + " |");
        }
        return String.join("\n", lines);
    }

    /** The mean, and the fastest and slowest job: on a loaded machine the spread says more than JMH's error. */
    private static String cell(RunResult result) {
        if (result == null) {
            return "";
        }
        var statistics = result.getPrimaryResult().getStatistics();
        return String.format(Locale.ROOT, "%.0f (%.0f to %.0f)", statistics.getMean(), statistics.getMin(), statistics.getMax());
    }
}
