package io.github.argonnx.benchmarks;

import com.google.gson.FormattingStyle;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import com.google.gson.ToNumberPolicy;
import io.github.argonnx.benchmarks.BenchmarkReport.Measurement;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One JVM's measurements read from JMH's JSON result format: what the report writes with
 * {@code --results}, and what plain JMH writes with {@code -rf json}. Every table is built from this
 * form, so a table rendered later from a committed file is the table the run printed.
 *
 * <p>Each record is filed under the label of its contender: the benchmark method, whether its fork
 * ran with the Vector API module, and its thread parameters. Its time is the fastest sampled call in
 * sample mode (percentile 0), JMH's score otherwise, in ms for the matrix and ns for small tensors.
 */
record JmhResults(String jvm, String version, int feature, String settings, Map<String, Measurement> results) {

    static final String VECTOR_MODULE = "--add-modules=jdk.incubator.vector";

    JmhResults {
        results = Map.copyOf(results);
    }

    /**
     * Reads JSON into maps (keys in file order), lists, strings, booleans and numbers kept as their
     * text, and writes it back indented as JMH does, so that a number JMH wrote is committed as written.
     */
    static final Gson GSON = new GsonBuilder()
            .setObjectToNumberStrategy(ToNumberPolicy.LAZILY_PARSED_NUMBER)
            .setFormattingStyle(FormattingStyle.PRETTY.withIndent("    "))
            .disableHtmlEscaping()
            .serializeNulls()
            .create();

    /** The keys written by JMH that only hold the raw samples; the percentiles stay. */
    static final Set<String> RAW_SAMPLES = Set.of("rawData", "rawDataHistogram");

    /**
     * Reads one JVM's records.
     *
     * @throws IllegalArgumentException when the text is not JMH's JSON, when its records come from
     *     several JVMs, or when a record names no case; the message says which record
     */
    static JmhResults parse(String json) {
        Object root = json(json);
        if (!(root instanceof List<?> records) || records.isEmpty()) {
            throw new IllegalArgumentException("not a JMH result file: expected a non-empty array of records");
        }
        Map<String, Measurement> results = new LinkedHashMap<>();
        String jvm = null;
        String version = null;
        String jdkVersion = null;
        Set<String> settings = new LinkedHashSet<>();
        for (int i = 0; i < records.size(); i++) {
            if (!(records.get(i) instanceof Map<?, ?> record)) {
                throw new IllegalArgumentException("record " + (i + 1) + " is not an object");
            }
            String benchmark = text(record, "benchmark", i);
            String recordVersion = text(record, "vmName", i) + " " + text(record, "jdkVersion", i) + " ("
                    + text(record, "vmVersion", i) + ")";
            if (version == null) {
                version = recordVersion;
                jdkVersion = text(record, "jdkVersion", i);
                jvm = text(record, "jvm", i);
            } else if (!version.equals(recordVersion)) {
                throw new IllegalArgumentException("record " + (i + 1) + " (" + benchmark + ") ran on " + recordVersion
                        + ", the first on " + version + ": one file holds one JVM's results");
            }
            Map<?, ?> params = record.get("params") instanceof Map<?, ?> p ? p : Map.of();
            Object caseName = params.containsKey("benchCase") ? params.get("benchCase") : params.get("smallCase");
            if (!(caseName instanceof String)) {
                throw new IllegalArgumentException("record " + (i + 1) + " (" + benchmark
                        + ") has neither a benchCase nor a smallCase parameter");
            }
            boolean small = params.containsKey("smallCase");
            boolean vector = record.get("jvmArgs") instanceof List<?> args && args.contains(VECTOR_MODULE);
            String label = label(benchmark, vector, params);
            if (label == null) {
                continue; // a benchmark the tables have no column for (StreamingBenchmark, SharedJvmBenchmark)
            }
            Object operator = params.get("operator");
            Operator op = operator == null ? null : Operator.valueOf(operator.toString());
            Map<?, ?> primary = object(record, "primaryMetric", i);
            String mode = text(record, "mode", i);
            double time = "sample".equals(mode) && primary.get("scorePercentiles") instanceof Map<?, ?> percentiles
                    ? number(percentiles.get("0.0")) : number(primary.get("score"));
            time = toTableUnit(time, String.valueOf(primary.get("scoreUnit")), small);
            double allocated = Double.NaN;
            if (record.get("secondaryMetrics") instanceof Map<?, ?> secondary) {
                for (Map.Entry<?, ?> e : secondary.entrySet()) {
                    if (e.getKey().toString().endsWith("gc.alloc.rate.norm") && e.getValue() instanceof Map<?, ?> m) {
                        allocated = number(m.get("score"));
                    }
                }
            }
            String key = ResultTable.key(label, caseName.toString(), op);
            Measurement earlier = results.get(key);
            // The read floor of a case is the fastest of its variants (ReadFloorBenchmark's parameter).
            if (earlier == null || !label.equals(BenchmarkReport.READ_FLOOR) || time < earlier.time()) {
                results.put(key, new Measurement(time, allocated));
            }
            if (!small) {
                settings.add(mode + " mode, " + whole(record.get("warmupIterations")) + " x " + record.get("warmupTime")
                        + " warm-up, " + whole(record.get("measurementIterations")) + " x "
                        + record.get("measurementTime") + " measured, " + whole(record.get("forks"))
                        + " fork(s) per benchmark");
            }
        }
        return new JmhResults(jvm, version, feature(jdkVersion), String.join("; ", settings), results);
    }

    /**
     * The column a record belongs to, or null for a benchmark the tables do not show. The same
     * labels {@link ResultTable} reads.
     */
    static String label(String benchmark, boolean vector, Map<?, ?> params) {
        String method = benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1);
        boolean oneThread = "single".equals(params.get("threads"));
        return switch (method) {
            case "ArgOnnxBenchmark.argonnx" -> vector
                    ? (oneThread ? BenchmarkReport.SIMD_ONE_THREAD : BenchmarkReport.SIMD)
                    : (oneThread ? BenchmarkReport.ARGONNX_ONE_THREAD : BenchmarkReport.ARGONNX);
            case "TwoThreadCeilingBenchmark.halvesAtOnce" -> vector ? BenchmarkReport.SIMD_HALVES : BenchmarkReport.HALVES;
            case "OrtBenchmark.ort" -> "1".equals(params.get("ortThreads"))
                    ? BenchmarkReport.ORT_ONE_THREAD : BenchmarkReport.ORT_DEFAULT;
            case "BaselineBenchmark.plainLoop", "SmallTensorBenchmark.plainLoop" -> BenchmarkReport.PLAIN_LOOP;
            case "ReadFloorBenchmark.readFloor" -> BenchmarkReport.READ_FLOOR;
            case "SmallTensorBenchmark.argonnx" -> vector ? BenchmarkReport.SIMD : BenchmarkReport.ARGONNX;
            case "SmallTensorBenchmark.prepared" -> vector ? BenchmarkReport.SIMD_PREPARED : BenchmarkReport.PREPARED;
            default -> null;
        };
    }

    /** Milliseconds for the matrix, nanoseconds for small tensors, from a time per call or a throughput. */
    static double toTableUnit(double value, String unit, boolean small) {
        String[] parts = unit.split("/");
        if (parts.length != 2) {
            throw new IllegalArgumentException("unknown score unit '" + unit + "'");
        }
        boolean throughput = parts[0].equals("ops");
        double seconds = throughput ? seconds(parts[1]) / value : value * seconds(parts[0]);
        if (!throughput && !parts[1].equals("op")) {
            throw new IllegalArgumentException("unknown score unit '" + unit + "'");
        }
        return small ? seconds * 1e9 : seconds * 1e3;
    }

    private static double seconds(String unit) {
        return switch (unit) {
            case "s" -> 1;
            case "ms" -> 1e-3;
            case "us" -> 1e-6;
            case "ns" -> 1e-9;
            case "min" -> 60;
            default -> throw new IllegalArgumentException("unknown time unit '" + unit + "'");
        };
    }

    /** The Java feature release of a JDK version such as "17.0.15" or "25". */
    private static int feature(String jdkVersion) {
        try {
            return Runtime.Version.parse(jdkVersion).feature();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + jdkVersion + "' is not a Java version");
        }
    }

    /**
     * The records as the report commits them: without the raw samples (the percentiles stay) and
     * with the bytes allocated per call as their only secondary metric, which is all the tables read.
     */
    static String withoutRawSamples(String json) {
        Object root = json(json);
        strip(root);
        return GSON.toJson(root) + "\n";
    }

    /**
     * The value the text holds.
     *
     * @throws IllegalArgumentException saying where the text stops being JSON
     */
    static Object json(String text) {
        try {
            return GSON.fromJson(text, Object.class);
        } catch (JsonParseException e) {
            throw new IllegalArgumentException("not JSON: " + e.getMessage(), e);
        }
    }

    private static void strip(Object value) {
        if (value instanceof Map<?, ?> map) {
            map.keySet().removeIf(RAW_SAMPLES::contains);
            if (map.get("secondaryMetrics") instanceof Map<?, ?> secondary) {
                secondary.keySet().removeIf(key -> !key.toString().endsWith("gc.alloc.rate.norm"));
            }
            map.values().forEach(JmhResults::strip);
        } else if (value instanceof List<?> list) {
            list.forEach(JmhResults::strip);
        }
    }

    private static String text(Map<?, ?> record, String key, int index) {
        Object value = record.get(key);
        if (value == null) {
            throw new IllegalArgumentException("record " + (index + 1) + " has no '" + key + "'");
        }
        return value.toString();
    }

    private static Map<?, ?> object(Map<?, ?> record, String key, int index) {
        if (record.get(key) instanceof Map<?, ?> map) {
            return map;
        }
        throw new IllegalArgumentException("record " + (index + 1) + " has no '" + key + "' object");
    }

    /** A count as JSON gives it, written as a whole number. */
    private static String whole(Object value) {
        if (value instanceof Number n) {
            double d = n.doubleValue();
            return d == Math.rint(d) ? Long.toString((long) d) : n.toString();
        }
        return String.valueOf(value);
    }

    static double number(Object value) {
        if (value instanceof Number n) {
            return n.doubleValue();
        }
        if (value instanceof String s) {
            try {
                return Double.parseDouble(s);
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
        return Double.NaN;
    }

    /** These results with numpy's figures (its own run) for every matrix case they hold. */
    JmhResults withNumpy(NumpyFigures numpy) {
        if (numpy == null) {
            return this;
        }
        Map<String, Measurement> merged = new LinkedHashMap<>(results);
        for (BenchCase c : ResultTable.casesIn(results)) {
            for (Operator op : Operator.ARG_REDUCTIONS) {
                double millis = numpy.millis(c, op);
                if (!Double.isNaN(millis)) {
                    merged.put(ResultTable.key(BenchmarkReport.NUMPY, c.name(), op), new Measurement(millis, Double.NaN));
                }
            }
        }
        return new JmhResults(jvm, version, feature, settings, merged);
    }
}
