package io.github.argonnx.benchmarks;

import static io.github.argonnx.benchmarks.ApplicationBenchmark.INTERLEAVED;
import static io.github.argonnx.benchmarks.ApplicationBenchmark.ONE_THREAD;
import static io.github.argonnx.benchmarks.ApplicationBenchmark.SEQUENCE;

import io.github.argonnx.DataType;
import io.github.argonnx.benchmarks.ApplicationResults.NumpyRow;
import io.github.argonnx.benchmarks.ApplicationResults.Series;
import io.github.argonnx.benchmarks.ApplicationView.Case;
import io.github.argonnx.benchmarks.ApplicationView.FloorFigure;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The benchmark's own checks on its runs. A floor is the fastest read of the input, so a one-thread
 * kernel that takes less time than it, by more than the floor moved between its repetitions (for
 * numpy, more than the floor or numpy's argmax moved), shows a floor that is no floor or a kernel
 * that skips part of its input: the case is INVALID. A floor or numpy time whose repetitions lie
 * more than {@value #NOISY_PERCENT}% apart shows a run that the machine disturbed: NOISY. Each line names what it found; the tables show them, and a run that
 * finds an INVALID case fails.
 */
final class ApplicationChecks {

    static final int NOISY_PERCENT = 10;
    static final String INVALID = "INVALID";
    static final String NOISY = "NOISY";

    private final List<ApplicationView> views;

    ApplicationChecks(Series series) {
        this.views = series.results().stream().map(ApplicationView::new).toList();
    }

    ApplicationChecks(List<ApplicationView> views) {
        this.views = List.copyOf(views);
    }

    /** Every finding, INVALID lines first, each naming the run where there are several. */
    List<String> lines() {
        List<String> invalid = new ArrayList<>();
        List<String> noisy = new ArrayList<>();
        for (int k = 0; k < views.size(); k++) {
            String run = views.size() > 1 ? " (run " + (k + 1) + ")" : "";
            invalid(views.get(k), run, invalid);
            noisy(views.get(k), run, noisy);
        }
        invalid.addAll(noisy);
        return invalid;
    }

    /** True when a line flags a case as INVALID. */
    static boolean anyInvalid(List<String> lines) {
        return lines.stream().anyMatch(l -> l.startsWith(INVALID));
    }

    /**
     * True when a kernel's time lies below the floor by more than the floor's movement between its
     * repetitions (none where it was timed once).
     */
    static boolean beats(double kernel, FloorFigure floor) {
        double noise = Double.isNaN(floor.movement()) ? 0 : floor.movement();
        return kernel < floor.millis() * (1 - noise);
    }

    private static void invalid(ApplicationView view, String run, List<String> lines) {
        for (int feature : view.features()) {
            for (Case c : view.cases()) {
                FloorFigure floor = view.floor(feature, c.type());
                for (boolean vector : new boolean[] {false, true}) {
                    String kernel = vector ? "ArgONNX+SIMD 1 thread" : "ArgONNX 1 thread";
                    for (String phase : List.of(SEQUENCE, INTERLEAVED)) {
                        double millis = view.millis(feature, vector, c, ONE_THREAD, phase);
                        if (beats(millis, floor)) {
                            lines.add(INVALID + ": kernel " + kernel + " (" + (phase.equals(SEQUENCE) ? "in sequence"
                                    : "interleaved") + ") beat the read floor on JDK " + feature + " " + c.label() + " "
                                    + c.op() + ": " + ratio(millis / floor.millis()) + " the floor (" + floor.variant()
                                    + "), " + noise(floor) + run);
                        }
                    }
                }
            }
        }
        for (Case c : view.cases()) {
            NumpyRow r = view.numpyRow(c);
            if (r == null) {
                continue;
            }
            // numpy's argmax is timed twice as its floor is, so a difference within either one's
            // movement is noise.
            FloorFigure numpyFloor = view.numpyFloor(c.type());
            FloorFigure floor = new FloorFigure(numpyFloor.millis(), numpyFloor.variant(),
                    Math.max(numpyFloor.movement(), r.movement()));
            if (beats(r.medianMillis(), floor)) {
                lines.add(INVALID + ": kernel numpy beat numpy's read floor on " + c.label() + " " + c.op() + ": "
                        + ratio(r.medianMillis() / floor.millis()) + " the floor (" + floor.variant() + "), "
                        + (Double.isNaN(floor.movement()) ? noise(floor) : "beyond the " + percent(floor.movement())
                                + " that it or numpy moved between their repetitions") + run);
            }
        }
    }

    private static void noisy(ApplicationView view, String run, List<String> lines) {
        Worst floors = new Worst();
        for (int feature : view.features()) {
            for (DataType type : types(view)) {
                FloorFigure f = view.floor(feature, type);
                floors.add(f.movement(), type.onnxName() + " on JDK " + feature + " (" + f.variant() + ")");
            }
        }
        floors.line("the JVMs' read floor", "types and releases", run, lines);
        Worst numpyFloors = new Worst();
        for (DataType type : types(view)) {
            FloorFigure f = view.numpyFloor(type);
            numpyFloors.add(f.movement(), type.onnxName() + " (" + f.variant() + ")");
        }
        numpyFloors.line("numpy's read floor", "types", run, lines);
        Worst numpy = new Worst();
        for (Case c : view.cases()) {
            NumpyRow r = view.numpyRow(c);
            if (r != null && r.repetitions().size() > 1) {
                numpy.add(r.movement(), c.label() + " " + c.op());
            }
        }
        numpy.line("numpy", "cases", run, lines);
    }

    private static List<DataType> types(ApplicationView view) {
        Set<DataType> types = new LinkedHashSet<>();
        view.cases().forEach(c -> types.add(c.type()));
        return new ArrayList<>(types);
    }

    /** How many movements were measured, how many exceed the limit, and the largest. */
    private static final class Worst {
        private int measured;
        private int over;
        private double most = -1;
        private String where;

        void add(double movement, String what) {
            if (Double.isNaN(movement)) {
                return;
            }
            measured++;
            // A tolerance for the rounding of the ratio, so that exactly the limit does not count as over it.
            if (movement * 100 > NOISY_PERCENT + 1e-9) {
                over++;
            }
            if (movement > most) {
                most = movement;
                where = what;
            }
        }

        void line(String what, String of, String run, List<String> lines) {
            if (over > 0) {
                lines.add(NOISY + ": " + what + " moved more than " + NOISY_PERCENT + "% between its repetitions on "
                        + over + " of " + measured + " " + of + " (most: " + percent(most) + ", " + where + ")" + run);
            }
        }
    }

    private static String noise(FloorFigure floor) {
        return Double.isNaN(floor.movement()) ? "its noise not measured (one repetition)"
                : "beyond its noise of " + percent(floor.movement());
    }

    static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }

    private static String ratio(double value) {
        return String.format(Locale.ROOT, "%.2fx", value);
    }
}
