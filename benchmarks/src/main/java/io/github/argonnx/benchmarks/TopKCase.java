package io.github.argonnx.benchmarks;

import io.github.argonnx.DataType;

/**
 * The application benchmark's TopK cases (largest, sorted): an input shape, the axis and k. Each
 * reads the first elements of its type's input ({@code TYPE_SLICE_NO_EXTREME}'s data, as the
 * ArgMax/ArgMin cases of the type), in its own shape: the same data in every contender and in
 * {@code numpy_bench.py}, whose {@code TOPK_CASES} lists the same cases.
 */
public enum TopKCase {
    /** One decoding step over a vocabulary of 32,000: greedy decoding. */
    FLOAT_1x32000_K1(DataType.FLOAT, Geometry.of(1, 1, 32_000), 1),
    /** One decoding step, top-k sampling's usual k. */
    FLOAT_1x32000_K10(DataType.FLOAT, Geometry.of(1, 1, 32_000), 10),
    /** One decoding step, a wider sampling pool. */
    FLOAT_1x32000_K50(DataType.FLOAT, Geometry.of(1, 1, 32_000), 50),
    /** A batch of 4,096 classification heads over 1,000 classes, each's best five. */
    FLOAT_4096x1000_K5(DataType.FLOAT, Geometry.of(1, 4096, 1000), 5),
    /** One long slice. */
    FLOAT_16777216_K10(DataType.FLOAT, Geometry.of(0, 16_777_216), 10),
    /** One long slice of integers. */
    INT32_16777216_K10(DataType.INT32, Geometry.of(0, 16_777_216), 10),
    /**
     * An outer axis: 4,096 columns, each the best five of 4,096 elements 4,096 apart; the ArgMax
     * matrix's {@code [4096,4096] axis 0}, so that both tables show the same layout.
     */
    FLOAT_4096x4096_AXIS0_K5(DataType.FLOAT, Geometry.of(0, 4096, 4096), 5);

    private final DataType type;
    private final Geometry geometry;
    private final int k;

    TopKCase(DataType type, Geometry geometry, int k) {
        this.type = type;
        this.geometry = geometry;
        this.k = k;
    }

    public DataType type() {
        return type;
    }

    public Geometry geometry() {
        return geometry;
    }

    public int k() {
        return k;
    }

    /** The output shape: the input's with the axis's length replaced by k. */
    long[] outputShape() {
        long[] shape = geometry.shape();
        shape[geometry.axis()] = k;
        return shape;
    }

    /** For example {@code float [1,32000] axis 1}. */
    String label() {
        return type.onnxName() + " " + geometry.label();
    }

    /**
     * The case's input: its type's input where that holds as many elements (the same array), else the
     * first elements of the same data, generated under the same name (element i depends on the name
     * and i only).
     */
    InputData input(InputData typeInput) {
        if (typeInput.type() != type) {
            throw new IllegalArgumentException(this + " reads " + type + ", not " + typeInput.type());
        }
        if (geometry.elementCount() == typeInput.geometry().elementCount()) {
            return typeInput.reshaped(geometry);
        }
        return InputData.generate(new BenchCase(type, Layout.SLICE, DataKind.NO_EXTREME).name(), type, geometry,
                DataKind.NO_EXTREME);
    }
}
