package io.github.argonnx.benchmarks;

import static io.github.argonnx.benchmarks.ApplicationBenchmark.FLOOR;
import static io.github.argonnx.benchmarks.ApplicationBenchmark.INTERLEAVED;
import static io.github.argonnx.benchmarks.ApplicationBenchmark.ONE_THREAD;
import static io.github.argonnx.benchmarks.ApplicationBenchmark.SEQUENCE;

import io.github.argonnx.DataType;
import io.github.argonnx.benchmarks.ApplicationResults.Floor;
import io.github.argonnx.benchmarks.ApplicationResults.NumpyRow;
import io.github.argonnx.benchmarks.ApplicationResults.Results;
import io.github.argonnx.benchmarks.ApplicationResults.Row;
import io.github.argonnx.benchmarks.ApplicationResults.Run;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One run of the application benchmark, looked up by case: each contender's median, the read floor
 * of each release and type with how far it moved between its repetitions, numpy's figures and its
 * own read floor. The tables, the headline and the checks read the runs through this.
 */
final class ApplicationView {

    private final Results results;
    private final Map<String, Row> rows = new HashMap<>();
    private final Map<String, NumpyRow> numpy = new HashMap<>();

    ApplicationView(Results results) {
        this.results = results;
        for (Run run : results.runs()) {
            for (Row r : run.rows()) {
                rows.put(key(run.feature(), run.vectorModule(), r.type(), r.layout(), r.op(), r.contender(), r.phase()), r);
            }
        }
        for (NumpyRow r : results.numpyRows()) {
            numpy.put(r.benchCase() + " " + r.op(), r);
        }
    }

    /** One case of the tables: a type in a layout, one operator. */
    record Case(DataType type, Layout layout, Operator op) {
        String label() {
            return type.onnxName() + " " + layout.geometry().label();
        }
    }

    /**
     * A read floor: its time in ms, the variant that gave it ({@code SIMD-2}, ...) and how far its
     * repetitions lay apart relative to the fastest (NaN where the run timed one repetition).
     */
    record FloorFigure(double millis, String variant, double movement) {
        static final FloorFigure NONE = new FloorFigure(Double.NaN, "", Double.NaN);
    }

    Results results() {
        return results;
    }

    private static String key(int feature, boolean vector, String type, String layout, String op, String contender,
            String phase) {
        return feature + " " + vector + " " + type + " " + layout + " " + op + " " + contender + " " + phase;
    }

    /** The Java releases measured, in order. */
    Set<Integer> features() {
        Set<Integer> features = new TreeSet<>();
        results.runs().forEach(r -> features.add(r.feature()));
        return features;
    }

    /** The cases measured, in the order the first JVM measured them. */
    List<Case> cases() {
        Set<Case> cases = new LinkedHashSet<>();
        for (Run run : results.runs()) {
            for (Row r : run.rows()) {
                if (r.contender().equals(ONE_THREAD)) {
                    cases.add(new Case(DataType.valueOf(r.type()), Layout.valueOf(r.layout()), Operator.valueOf(r.op())));
                }
            }
        }
        return new ArrayList<>(cases);
    }

    /** A contender's median in ms, NaN where it was not measured. */
    double millis(int feature, boolean vector, Case c, String contender, String phase) {
        Row r = rows.get(key(feature, vector, c.type().name(), c.layout().name(), c.op().name(), contender, phase));
        return r == null ? Double.NaN : r.medianMillis();
    }

    /**
     * The read floor of a type in a release: the fastest variant timed in either of its JVMs. Results
     * of the earlier form hold one floor per JVM, one stream, timed once.
     */
    FloorFigure floor(int feature, DataType type) {
        FloorFigure best = FloorFigure.NONE;
        for (Run run : results.runs()) {
            if (run.feature() != feature) {
                continue;
            }
            if (run.floors().isEmpty()) {
                Row r = rows.get(key(feature, run.vectorModule(), type.name(), null, null, FLOOR, SEQUENCE));
                if (r != null && !(r.medianMillis() >= best.millis())) {
                    best = new FloorFigure(r.medianMillis(), (run.vectorFloor() ? "SIMD" : "plain") + "-1", Double.NaN);
                }
            }
            for (Floor f : run.floors()) {
                if (f.type().equals(type.name()) && !(f.millis() >= best.millis())) {
                    best = new FloorFigure(f.millis(), f.variant(), f.movement());
                }
            }
        }
        return best;
    }

    /**
     * numpy's read floor of a type's input: the fastest of the reads numpy_bench.py timed on it
     * ({@code max}, {@code max-int8}, {@code or-uint64}, ...; {@code max} or {@code or} in results of
     * the earlier form), named by its variant.
     */
    FloorFigure numpyFloor(DataType type) {
        FloorFigure best = FloorFigure.NONE;
        for (Floor f : results.numpyFloors()) {
            if (f.type().equals(type.name()) && !(f.millis() >= best.millis())) {
                best = new FloorFigure(f.millis(), f.variant(), f.movement());
            }
        }
        return best;
    }

    /** numpy on a case, null where it has no figure (bfloat16). */
    NumpyRow numpyRow(Case c) {
        return numpy.get(c.type() + "_" + c.layout() + "_" + DataKind.NO_EXTREME + " " + c.op());
    }

    /** numpy's time on a case in ms, NaN where it has none. */
    double numpy(Case c) {
        NumpyRow r = numpyRow(c);
        return r == null ? Double.NaN : r.medianMillis();
    }

    /**
     * The bytes a one-thread call of the case allocated in the runs of the release: the largest median
     * and the most of any call ({-1, -1} if none was counted).
     */
    long[] bytes(int feature, Case c) {
        long median = -1;
        long most = -1;
        for (boolean vector : new boolean[] {false, true}) {
            for (String phase : List.of(SEQUENCE, INTERLEAVED)) {
                Row r = rows.get(key(feature, vector, c.type().name(), c.layout().name(), c.op().name(), ONE_THREAD,
                        phase));
                if (r != null) {
                    median = Math.max(median, r.medianBytes());
                    most = Math.max(most, r.maxBytes());
                }
            }
        }
        return new long[] {median, most};
    }
}
