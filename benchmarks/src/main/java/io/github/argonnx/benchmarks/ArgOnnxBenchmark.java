package io.github.argonnx.benchmarks;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgResult;
import io.github.argonnx.runtime.Parallelism;
import java.util.Arrays;
import java.util.function.Function;
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

    @Param
    public BenchCase benchCase;

    @Param({"ArgMax", "ArgMin"})
    public Operator operator;

    /** {@code default}: the API's default (large inputs shared with the common pool); {@code single}: one thread. */
    @Param({"default", "single"})
    public String threads;

    private Tensor tensor;
    private Function<Tensor, ArgResult> call;

    @Setup(Level.Trial)
    public void setUp() {
        InputData data = InputData.generate(benchCase);
        tensor = tensorOf(data);
        int axis = benchCase.axis();
        ArgReductionOperator op = operator.latest().axis(axis).keepdims(0);
        if ("single".equals(threads)) {
            op = op.parallelism(Parallelism.singleThread());
        }
        call = op::apply;
        long[] expected = PlainLoops.argReduce(data, operator.isMax());
        ArgResult result = call.apply(tensor);
        if (!Arrays.equals(expected, result.indices())
                || !Arrays.equals(benchCase.reducedShape(), result.shape())) {
            throw new IllegalStateException("ArgONNX disagrees with the plain loop on " + benchCase);
        }
    }

    @Benchmark
    public ArgResult argonnx() {
        return call.apply(tensor);
    }

    static Tensor tensorOf(InputData data) {
        long[] shape = data.benchCase().shape();
        switch (data.benchCase().type()) {
            case FLOAT:
                return Tensor.ofFloat(data.floats(), shape);
            case DOUBLE:
                return Tensor.ofDouble(data.doubles(), shape);
            case FLOAT16:
                return Tensor.ofFloat16(data.shorts(), shape);
            case BFLOAT16:
                return Tensor.ofBfloat16(data.shorts(), shape);
            case INT32:
                return Tensor.ofInt32(data.ints(), shape);
            case INT64:
                return Tensor.ofInt64(data.longs(), shape);
            case UINT64:
                return Tensor.ofUint64(data.longs(), shape);
            case UINT8:
                return Tensor.ofUint8(data.bytes(), shape);
            default:
                throw new IllegalStateException("no tensor factory for " + data.benchCase().type());
        }
    }
}
