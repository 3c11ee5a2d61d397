package io.github.argonnx.benchmarks;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.DataType;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgResult;
import io.github.argonnx.runtime.Parallelism;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * ArgONNX through its public API, as an application calls it: an operator built once, applied to
 * a tensor that wraps the input array, returning a fresh result.
 */
@State(Scope.Benchmark)
public class ArgOnnxBenchmark {

    /** A {@link BenchCase} name. */
    @Param("FLOAT_SLICE_NO_EXTREME")
    public String benchCase;

    @Param({"ArgMax", "ArgMin"})
    public Operator operator;

    /** {@code default}: the API's default (large inputs shared with the common pool); {@code single}: one thread. */
    @Param({"default", "single"})
    public String threads;

    private Tensor tensor;
    private ArgReductionOperator op;

    @Setup(Level.Trial)
    public void setUp() {
        BenchCase c = BenchCase.named(benchCase);
        InputData data = InputData.generate(c);
        tensor = tensorOf(data);
        ArgReductionOperator configured = operator.latest().axis(c.geometry().axis()).keepdims(0);
        op = "single".equals(threads) ? configured.parallelism(Parallelism.singleThread()) : configured;
        ArgResult result = op.apply(tensor);
        PlainLoops.requireSame("ArgONNX " + operator, benchCase, PlainLoops.argReduce(data, operator.isMax()),
                result.indices());
        if (!Arrays.equals(c.geometry().reducedShape(), result.shape())) {
            throw new IllegalStateException("ArgONNX " + operator + " gives shape " + Arrays.toString(result.shape())
                    + " on " + benchCase + ", expected " + Arrays.toString(c.geometry().reducedShape()));
        }
    }

    @Benchmark
    public ArgResult argonnx() {
        return op.apply(tensor);
    }

    static Tensor tensorOf(InputData data) {
        return tensorOf(data.type(), data.array(), data.geometry().shape());
    }

    /** A tensor over {@code array}, a primitive array of the type's Java storage, in {@code shape}. */
    static Tensor tensorOf(DataType type, Object array, long[] shape) {
        switch (type) {
            case FLOAT:
                return Tensor.ofFloat((float[]) array, shape);
            case DOUBLE:
                return Tensor.ofDouble((double[]) array, shape);
            case FLOAT16:
                return Tensor.ofFloat16((short[]) array, shape);
            case BFLOAT16:
                return Tensor.ofBfloat16((short[]) array, shape);
            case INT8:
                return Tensor.ofInt8((byte[]) array, shape);
            case UINT8:
                return Tensor.ofUint8((byte[]) array, shape);
            case INT16:
                return Tensor.ofInt16((short[]) array, shape);
            case UINT16:
                return Tensor.ofUint16((short[]) array, shape);
            case INT32:
                return Tensor.ofInt32((int[]) array, shape);
            case UINT32:
                return Tensor.ofUint32((int[]) array, shape);
            case INT64:
                return Tensor.ofInt64((long[]) array, shape);
            case UINT64:
                return Tensor.ofUint64((long[]) array, shape);
            default:
                throw new IllegalStateException("no tensor factory for " + type);
        }
    }
}
