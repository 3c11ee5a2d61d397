package io.github.argonnx.benchmarks;

import io.github.argonnx.ArgReductionOperator;
import io.github.argonnx.DataType;
import io.github.argonnx.PartialReduction;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgAccumulator;
import io.github.argonnx.runtime.ArgResult;
import io.github.argonnx.runtime.Parallelism;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The streaming accumulator against one {@code apply}: the same 16 Mi-element case reduced once whole,
 * and fed to a {@link PartialReduction}'s {@link ArgAccumulator} chunk by chunk along the reduced axis
 * ({@link PartialReduction#reduceInto}), as a stream hands it over. Chunks are separate arrays
 * ({@code ARRAYS}, copied out of the input before timing), views of the input's one array
 * ({@code VIEWS}: the memory one {@code apply} reads, so that only the accumulator's own work differs),
 * or slices of one direct little-endian buffer ({@code BUFFERS}, ONNX {@code raw_data}); the whole
 * input is reduced as an array, or for {@code BUFFERS} as one such buffer, since the kernels read
 * buffers at a speed of their own. {@code applyPerChunk} reduces the same chunks one by one with
 * nothing kept between them. Everything runs on one thread, so that the comparison is of the work, not
 * of how it is shared out. Each setup checks the indices against the plain loop before anything is
 * timed.
 *
 * <p>Its forks run on a fixed heap of transparent huge pages, touched before the first call. Every
 * call that allocates (an accumulator's running bests, an outer axis's scratch) would otherwise pay
 * for the first write to fresh pages until the heap had been used once, which a long-running JVM pays
 * only once, and the time of one call would move from one iteration to the next with the pages it
 * happened to touch.
 */
@Fork(jvmArgs = {"-Xms2g", "-Xmx2g", "-XX:+UseTransparentHugePages", "-XX:+AlwaysPreTouch"})
public class StreamingBenchmark {

    /** How the chunks arrive. */
    public enum ChunkForm {
        /** One primitive array per chunk, copied out of the input: 256 or 16 arrays wherever the JVM puts them. */
        ARRAYS,
        /**
         * Views of the input's one array, in order (heap buffers over it, which the kernels read as
         * the array): the memory one {@code apply} reads, so that the accumulator's own cost is all
         * that differs.
         */
        VIEWS,
        /** Slices of one direct little-endian byte buffer. */
        BUFFERS
    }

    /** The case reduced by one {@code apply}. */
    @State(Scope.Benchmark)
    public static class Whole {
        /** A {@link BenchCase} name. */
        @Param({"FLOAT_SLICE_NO_EXTREME", "FLOAT_OUTER_NO_EXTREME", "INT32_SLICE_NO_EXTREME",
            "FLOAT16_SLICE_NO_EXTREME", "INT32_OUTER_NO_EXTREME", "FLOAT16_OUTER_NO_EXTREME", "UINT8_OUTER_NO_EXTREME"})
        public String benchCase;

        @Param({"ArgMax"})
        public Operator operator;

        /** The whole input as one array (the baseline of {@code ARRAYS} and {@code VIEWS}), or as one direct little-endian buffer. */
        @Param({"ARRAYS", "VIEWS", "BUFFERS"})
        public ChunkForm form;

        Tensor tensor;
        ArgReductionOperator op;

        @Setup(Level.Trial)
        public void setUp() {
            BenchCase c = BenchCase.named(benchCase);
            InputData data = InputData.generate(c);
            tensor = form == ChunkForm.BUFFERS
                    ? Tensor.ofRawData(c.type(), littleEndianBytes(data), c.geometry().shape())
                    : ArgOnnxBenchmark.tensorOf(data);
            op = singleThread(operator, c);
            PlainLoops.requireSame("ArgONNX " + operator, benchCase, PlainLoops.argReduce(data, operator.isMax()),
                    op.apply(tensor).indices());
        }
    }

    /** The same case cut into chunks along the reduced axis. */
    @State(Scope.Benchmark)
    public static class Chunked {
        /** A {@link BenchCase} name. */
        @Param({"FLOAT_SLICE_NO_EXTREME", "FLOAT_OUTER_NO_EXTREME", "INT32_SLICE_NO_EXTREME",
            "FLOAT16_SLICE_NO_EXTREME", "INT32_OUTER_NO_EXTREME", "FLOAT16_OUTER_NO_EXTREME", "UINT8_OUTER_NO_EXTREME"})
        public String benchCase;

        @Param({"ArgMax"})
        public Operator operator;

        /** Elements per chunk (whole steps of the reduced axis: a multiple of the elements one step holds). */
        @Param({"65536", "1048576"})
        public int chunkElements;

        @Param({"ARRAYS", "VIEWS", "BUFFERS"})
        public ChunkForm form;

        PartialReduction reduction;
        ArgReductionOperator op;
        final List<Tensor> chunks = new ArrayList<>();
        long[] offsets;
        /** One chunk's indices, for {@link #applyPerChunk}. */
        long[] chunkOut;

        @Setup(Level.Trial)
        public void setUp() {
            BenchCase c = BenchCase.named(benchCase);
            Geometry geometry = c.geometry();
            if (geometry.outer() != 1) {
                throw new IllegalArgumentException(benchCase + ": the chunks are contiguous only when nothing lies before"
                        + " the reduced axis (SLICE or OUTER)");
            }
            int step = geometry.inner();
            if (chunkElements % step != 0 || geometry.elementCount() % chunkElements != 0) {
                throw new IllegalArgumentException("chunkElements " + chunkElements + " is not a whole number of steps of "
                        + step + " elements dividing " + geometry.elementCount());
            }
            InputData data = InputData.generate(c);
            long[] shape = geometry.shape();
            op = singleThread(operator, c);
            reduction = PartialReduction.of(op, c.type(), shape);
            chunkOut = new long[geometry.inner()];
            int steps = chunkElements / step;
            int count = geometry.elementCount() / chunkElements;
            ByteBuffer raw = form == ChunkForm.BUFFERS ? littleEndianBytes(data) : null;
            int width = c.type().byteWidth();
            offsets = new long[count];
            for (int k = 0; k < count; k++) {
                long[] chunkShape = shape.clone();
                chunkShape[geometry.axis()] = steps;
                offsets[k] = (long) k * steps;
                int first = k * chunkElements;
                if (form == ChunkForm.BUFFERS) {
                    chunks.add(Tensor.ofRawData(c.type(),
                            raw.slice(first * width, chunkElements * width).order(ByteOrder.LITTLE_ENDIAN), chunkShape));
                } else if (form == ChunkForm.VIEWS) {
                    chunks.add(viewOf(c.type(), data.array(), first, chunkElements, chunkShape));
                } else {
                    Object array = Array.newInstance(data.array().getClass().getComponentType(), chunkElements);
                    System.arraycopy(data.array(), first, array, 0, chunkElements);
                    chunks.add(ArgOnnxBenchmark.tensorOf(c.type(), array, chunkShape));
                }
            }
            PlainLoops.requireSame("the accumulator (" + form + ", " + chunkElements + ") " + operator, benchCase,
                    PlainLoops.argReduce(data, operator.isMax()), accumulate(this).indices());
        }
    }

    @Benchmark
    public ArgResult oneApply(Whole whole) {
        return whole.op.apply(whole.tensor);
    }

    @Benchmark
    public ArgResult accumulator(Chunked chunked) {
        return accumulate(chunked);
    }

    /**
     * The same chunks, each reduced by one {@code apply} into one reused output, with nothing kept
     * from chunk to chunk: what reading these chunk arrays costs where the JVM put them, apart from
     * the accumulator. (Not a result: the indices are local to each chunk.)
     */
    @Benchmark
    public long applyPerChunk(Chunked chunked) {
        long sum = 0;
        for (Tensor chunk : chunked.chunks) {
            chunked.op.apply(chunk, chunked.chunkOut, 0);
            sum += chunked.chunkOut[0];
        }
        return sum;
    }

    static ArgResult accumulate(Chunked chunked) {
        ArgAccumulator accumulator = chunked.reduction.accumulator();
        for (int k = 0; k < chunked.offsets.length; k++) {
            chunked.reduction.reduceInto(chunked.chunks.get(k), chunked.offsets[k], accumulator);
        }
        return accumulator.finish();
    }

    private static ArgReductionOperator singleThread(Operator operator, BenchCase c) {
        return operator.latest().axis(c.geometry().axis()).keepdims(0).parallelism(Parallelism.singleThread());
    }

    /** A tensor over {@code length} elements of {@code array} from {@code first}, through a heap buffer. */
    static Tensor viewOf(DataType type, Object array, int first, int length, long[] shape) {
        if (array instanceof float[] floats) {
            return Tensor.ofFloat(FloatBuffer.wrap(floats, first, length).slice(), shape);
        }
        if (array instanceof double[] doubles) {
            return Tensor.ofDouble(DoubleBuffer.wrap(doubles, first, length).slice(), shape);
        }
        if (array instanceof long[] longs) {
            LongBuffer view = LongBuffer.wrap(longs, first, length).slice();
            return type == DataType.UINT64 ? Tensor.ofUint64(view, shape) : Tensor.ofInt64(view, shape);
        }
        if (array instanceof int[] ints) {
            IntBuffer view = IntBuffer.wrap(ints, first, length).slice();
            return type == DataType.UINT32 ? Tensor.ofUint32(view, shape) : Tensor.ofInt32(view, shape);
        }
        if (array instanceof short[] shorts) {
            ShortBuffer view = ShortBuffer.wrap(shorts, first, length).slice();
            switch (type) {
                case FLOAT16:
                    return Tensor.ofFloat16(view, shape);
                case BFLOAT16:
                    return Tensor.ofBfloat16(view, shape);
                case UINT16:
                    return Tensor.ofUint16(view, shape);
                default:
                    return Tensor.ofInt16(view, shape);
            }
        }
        ByteBuffer view = ByteBuffer.wrap((byte[]) array, first, length).slice();
        return type == DataType.UINT8 ? Tensor.ofUint8(view, shape) : Tensor.ofInt8(view, shape);
    }

    /** The input as ONNX {@code raw_data}: its elements little-endian, in a direct buffer. */
    static ByteBuffer littleEndianBytes(InputData data) {
        int n = data.geometry().elementCount();
        ByteBuffer b = ByteBuffer.allocateDirect(n * data.type().byteWidth()).order(ByteOrder.LITTLE_ENDIAN);
        Object array = data.array();
        if (array instanceof float[] floats) {
            b.asFloatBuffer().put(floats);
        } else if (array instanceof double[] doubles) {
            b.asDoubleBuffer().put(doubles);
        } else if (array instanceof short[] shorts) {
            b.asShortBuffer().put(shorts);
        } else if (array instanceof int[] ints) {
            b.asIntBuffer().put(ints);
        } else if (array instanceof long[] longs) {
            b.asLongBuffer().put(longs);
        } else {
            b.put((byte[]) array).flip();
        }
        return b;
    }

}
