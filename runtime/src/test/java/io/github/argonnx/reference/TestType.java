package io.github.argonnx.reference;

import java.math.BigInteger;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.function.Function;

/**
 * One ONNX element type as the property tests see it: its storage, how to make random contents, and
 * how the reference widens them. The constants are named like the generator's {@code DataType}.
 */
public final class TestType<A, B extends Buffer> {

    public static final TestType<float[], FloatBuffer> FLOAT =
            new TestType<>("float", TestStorage.FLOAT, RandomTensors::floats, ScalarReference::widenFloat);
    public static final TestType<byte[], ByteBuffer> UINT8 =
            new TestType<>("uint8", TestStorage.BYTE, RandomTensors::bytes, ScalarReference::widenUint8);
    public static final TestType<byte[], ByteBuffer> INT8 =
            new TestType<>("int8", TestStorage.BYTE, RandomTensors::bytes, ScalarReference::widenInt8);
    public static final TestType<short[], ShortBuffer> UINT16 =
            new TestType<>("uint16", TestStorage.SHORT, RandomTensors::shorts, ScalarReference::widenUint16);
    public static final TestType<short[], ShortBuffer> INT16 =
            new TestType<>("int16", TestStorage.SHORT, RandomTensors::shorts, ScalarReference::widenInt16);
    public static final TestType<int[], IntBuffer> INT32 =
            new TestType<>("int32", TestStorage.INT, RandomTensors::ints, ScalarReference::widenInt32);
    public static final TestType<long[], LongBuffer> INT64 =
            new TestType<>("int64", TestStorage.LONG, RandomTensors::longs, ScalarReference::widenInt64);
    public static final TestType<short[], ShortBuffer> FLOAT16 =
            new TestType<>("float16", TestStorage.SHORT, RandomTensors::float16Bits, ScalarReference::widenFloat16);
    public static final TestType<double[], DoubleBuffer> DOUBLE =
            new TestType<>("double", TestStorage.DOUBLE, RandomTensors::doubles, ScalarReference::widenDouble);
    public static final TestType<int[], IntBuffer> UINT32 =
            new TestType<>("uint32", TestStorage.INT, RandomTensors::ints, ScalarReference::widenUint32);
    public static final TestType<long[], LongBuffer> UINT64 =
            new TestType<>("uint64", TestStorage.LONG, RandomTensors::longs, ScalarReference::widenUint64);
    public static final TestType<short[], ShortBuffer> BFLOAT16 =
            new TestType<>("bfloat16", TestStorage.SHORT, RandomTensors::bfloat16Bits, ScalarReference::widenBfloat16);

    private final String onnxName;
    private final TestStorage<A, B> storage;
    private final RandomTensors.Generator<A> generator;
    private final Function<A, ? extends Number[]> widen;

    private TestType(String onnxName, TestStorage<A, B> storage, RandomTensors.Generator<A> generator,
            Function<A, ? extends Number[]> widen) {
        this.onnxName = onnxName;
        this.storage = storage;
        this.generator = generator;
        this.widen = widen;
    }

    public String onnxName() {
        return onnxName;
    }

    public TestStorage<A, B> storage() {
        return storage;
    }

    public RandomTensors.Generator<A> generator() {
        return generator;
    }

    /** The elements as the reference compares them: {@link BigInteger} or {@link Double}. */
    public Number[] widen(A data) {
        return widen.apply(data);
    }

    @Override
    public String toString() {
        return onnxName;
    }
}
