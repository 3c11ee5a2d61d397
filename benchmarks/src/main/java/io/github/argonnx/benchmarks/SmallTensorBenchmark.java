package io.github.argonnx.benchmarks;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.PreparedArgReduction;
import io.github.argonnx.Tensor;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The per-call cost on small tensors: ArgONNX's {@code apply(Tensor, long[], int)} into the caller's
 * array (operator and tensor built once, as an application holding them would) and the same call on
 * the operator prepared for that type and shape ({@link PreparedArgReduction}), beside a plain loop
 * written for exactly that layout and type. The GC profiler's B/op says whether a call allocates.
 */
@State(Scope.Benchmark)
public class SmallTensorBenchmark {

    @Param("FLOAT_1x1000_AXIS1")
    public SmallCase smallCase;

    @Param({"ArgMax", "ArgMin"})
    public Operator operator;

    private InputData data;
    private Tensor tensor;
    private ArgReductionOperator op;
    private PreparedArgReduction prepared;
    private boolean max;
    private long[] out;
    private int rows;
    private int columns;
    private boolean alongRows;

    @Setup(Level.Trial)
    public void setUp() {
        data = smallCase.generate();
        long[] shape = smallCase.geometry().shape();
        rows = (int) shape[0];
        columns = (int) shape[1];
        alongRows = smallCase.geometry().axis() == 1;
        tensor = ArgOnnxBenchmark.tensorOf(data);
        op = operator.latest().axis(smallCase.geometry().axis()).keepdims(0);
        max = operator.isMax();
        long[] expected = PlainLoops.argReduce(data, max);
        out = new long[expected.length];
        // Each contender starts from an array that holds no answer, so a call that writes nothing fails.
        Arrays.fill(out, -1);
        long[] outputShape = argonnx();
        PlainLoops.requireSame("ArgONNX " + operator, smallCase.name(), expected, out.clone());
        if (!Arrays.equals(smallCase.geometry().reducedShape(), outputShape)) {
            throw new IllegalStateException("ArgONNX " + operator + " gives shape " + Arrays.toString(outputShape)
                    + " on " + smallCase + ", expected " + Arrays.toString(smallCase.geometry().reducedShape()));
        }
        prepared = op.prepare(tensor.dataType(), shape);
        Arrays.fill(out, -1);
        prepared();
        PlainLoops.requireSame("ArgONNX prepared " + operator, smallCase.name(), expected, out.clone());
        Arrays.fill(out, -1);
        plainLoop();
        PlainLoops.requireSame("the loop for " + smallCase.label(), smallCase.name(), expected, out.clone());
    }

    /** The indices go to {@code out}; the call returns the output shape, as an application gets it. */
    @Benchmark
    public long[] argonnx() {
        return op.apply(tensor, out, 0);
    }

    /** The indices go to {@code out}; the output shape is the prepared operator's, known before the call. */
    @Benchmark
    public long[] prepared() {
        prepared.apply(tensor, out, 0);
        return out;
    }

    @Benchmark
    public long[] plainLoop() {
        switch (smallCase.type()) {
            case FLOAT:
                if (alongRows) {
                    floatRows(data.floats(), rows, columns, max, out);
                } else {
                    floatColumns(data.floats(), rows, columns, max, out);
                }
                break;
            case INT64:
                if (alongRows) {
                    longRows(data.longs(), rows, columns, max, out);
                } else {
                    longColumns(data.longs(), rows, columns, max, out);
                }
                break;
            default:
                throw new IllegalStateException("no small-tensor loop for " + smallCase.type());
        }
        return out;
    }

    /** Axis 1 of a float [rows, columns]: each row's first extreme, or its first NaN. */
    static void floatRows(float[] x, int rows, int columns, boolean max, long[] out) {
        for (int r = 0; r < rows; r++) {
            int base = r * columns;
            float best = x[base];
            int bestIndex = 0;
            for (int k = 1; k < columns; k++) {
                float v = x[base + k];
                if ((max ? v > best : v < best) || v != v && best == best) {
                    best = v;
                    bestIndex = k;
                }
            }
            out[r] = bestIndex;
        }
    }

    /** Axis 0 of a float [rows, columns]: each column's first extreme, or its first NaN. */
    static void floatColumns(float[] x, int rows, int columns, boolean max, long[] out) {
        for (int c = 0; c < columns; c++) {
            float best = x[c];
            int bestIndex = 0;
            for (int k = 1; k < rows; k++) {
                float v = x[k * columns + c];
                if ((max ? v > best : v < best) || v != v && best == best) {
                    best = v;
                    bestIndex = k;
                }
            }
            out[c] = bestIndex;
        }
    }

    static void longRows(long[] x, int rows, int columns, boolean max, long[] out) {
        for (int r = 0; r < rows; r++) {
            int base = r * columns;
            long best = x[base];
            int bestIndex = 0;
            for (int k = 1; k < columns; k++) {
                long v = x[base + k];
                if (max ? v > best : v < best) {
                    best = v;
                    bestIndex = k;
                }
            }
            out[r] = bestIndex;
        }
    }

    static void longColumns(long[] x, int rows, int columns, boolean max, long[] out) {
        for (int c = 0; c < columns; c++) {
            long best = x[c];
            int bestIndex = 0;
            for (int k = 1; k < rows; k++) {
                long v = x[k * columns + c];
                if (max ? v > best : v < best) {
                    best = v;
                    bestIndex = k;
                }
            }
            out[c] = bestIndex;
        }
    }
}
