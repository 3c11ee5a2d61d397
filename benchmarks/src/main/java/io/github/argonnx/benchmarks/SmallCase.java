package io.github.argonnx.benchmarks;

import io.github.argonnx.DataType;

/**
 * The small tensors of a classification head and a tiny outer reduction, where the fixed cost of a
 * call (checks, plan, dispatch) weighs more than reading the input. Random data without the type's
 * extremes ({@link DataKind#NO_EXTREME}).
 */
public enum SmallCase {
    FLOAT_1x10_AXIS1(DataType.FLOAT, Geometry.of(1, 1, 10)),
    FLOAT_1x1000_AXIS1(DataType.FLOAT, Geometry.of(1, 1, 1000)),
    FLOAT_32x1000_AXIS1(DataType.FLOAT, Geometry.of(1, 32, 1000)),
    FLOAT_8x8_AXIS0(DataType.FLOAT, Geometry.of(0, 8, 8)),
    INT64_1x10_AXIS1(DataType.INT64, Geometry.of(1, 1, 10)),
    INT64_1x1000_AXIS1(DataType.INT64, Geometry.of(1, 1, 1000)),
    INT64_32x1000_AXIS1(DataType.INT64, Geometry.of(1, 32, 1000)),
    INT64_8x8_AXIS0(DataType.INT64, Geometry.of(0, 8, 8));

    private final DataType type;
    private final Geometry geometry;

    SmallCase(DataType type, Geometry geometry) {
        this.type = type;
        this.geometry = geometry;
    }

    public DataType type() {
        return type;
    }

    public Geometry geometry() {
        return geometry;
    }

    public InputData generate() {
        return InputData.generate(name(), type, geometry, DataKind.NO_EXTREME);
    }

    /** For example {@code float [1,1000] axis 1}. */
    public String label() {
        return type.onnxName() + " " + geometry.label();
    }
}
