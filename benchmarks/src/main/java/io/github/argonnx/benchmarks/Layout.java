package io.github.argonnx.benchmarks;

/**
 * Where the reduced axis lies in memory, each over the same 16,777,216 elements: one long
 * contiguous slice, many contiguous 4096-element rows, and two outer axes (stride &gt; 1).
 */
public enum Layout {
    /** {@code [16777216] axis 0}: one long contiguous slice. */
    SLICE(Geometry.of(0, 16_777_216)),
    /** {@code [4096,4096] axis 1}: 4096 contiguous rows of 4096 elements. */
    ROWS(Geometry.of(1, 4096, 4096)),
    /** {@code [4096,4096] axis 0}: the reduced axis is the outer one, inner = 4096. */
    OUTER(Geometry.of(0, 4096, 4096)),
    /** {@code [64,256,1024] axis 1}: a middle axis, outer = 64, inner = 1024. */
    OUTER_3D(Geometry.of(1, 64, 256, 1024));

    private final Geometry geometry;

    Layout(Geometry geometry) {
        this.geometry = geometry;
    }

    public Geometry geometry() {
        return geometry;
    }
}
