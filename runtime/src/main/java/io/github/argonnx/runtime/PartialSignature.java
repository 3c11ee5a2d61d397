package io.github.argonnx.runtime;

import io.github.argonnx.internal.runtime.Faces;
import io.github.argonnx.internal.runtime.ReductionSignature;

/**
 * What a partial result is a part of: the operator and its version, the element type, the resolved
 * attributes (for TopK {@code largest}, {@code sorted} and k) and the full input shape (the reduced axis
 * at its whole length). Partials merge only with partials of an equal signature; their byte form
 * carries it, and reading refuses any other.
 *
 * <p>Generated {@code PartialReduction}s and {@code TopKPartials} make signatures; immutable and thread-safe.
 */
public final class PartialSignature {

    static {
        Faces.install(PartialSignature.class, ReductionSignature.class, new Faces.Face<>() {
            @Override
            public PartialSignature wrap(ReductionSignature state) {
                return new PartialSignature(state);
            }

            @Override
            public ReductionSignature state(PartialSignature face) {
                return face.state;
            }
        });
    }

    /** The reduction, its comparison and its checks: generated code builds it, this class shows it. */
    private final ReductionSignature state;

    PartialSignature(ReductionSignature state) {
        this.state = state;
    }

    /** The internal signature, for the other API types of this package. */
    ReductionSignature state() {
        return state;
    }

    /**
     * For example {@code ArgMax-13}.
     *
     * @return the op type and version
     */
    public String operatorName() {
        return state.operatorName();
    }

    /**
     * The operator's ONNX op type, for example {@code ArgMax}.
     *
     * @return the op type
     */
    public String opType() {
        return state.opType();
    }

    /**
     * The operator version, the opset that introduced it.
     *
     * @return the version number
     */
    public int version() {
        return state.version();
    }

    /**
     * The reduced axis, in {@code [0, rank-1]}.
     *
     * @return the normalised axis
     */
    public int axis() {
        return state.axis();
    }

    /**
     * Whether the reduced dimension stays in the output with length 1.
     *
     * @return true when it is kept; false for TopK, whose outputs keep the axis with length k
     */
    public boolean keepdims() {
        return state.keepdims();
    }

    /**
     * Whether ties resolve to the last index instead of the first.
     *
     * @return true when ties go to the last index; false for TopK
     */
    public boolean selectLastIndex() {
        return state.selectLastIndex();
    }

    /**
     * The full input shape: the reduced axis at its whole length.
     *
     * @return a copy of the shape
     */
    public long[] inputShape() {
        return state.inputShape();
    }

    /**
     * The whole length of the reduced axis.
     *
     * @return the axis length
     */
    public long axisLength() {
        return state.axisLength();
    }

    /**
     * The ONNX output shape, {@code keepdims} honoured; for TopK the input shape with the axis replaced by k.
     *
     * @return a copy of the shape
     */
    public long[] outputShape() {
        return state.outputShape();
    }

    /**
     * Output elements, one entry each in a partial; for TopK the positions of the output but for the
     * axis, k entries each.
     *
     * @return the number of output elements (for TopK, of best lists)
     */
    public int outputSize() {
        return state.outputSize();
    }

    /**
     * Elements after the reduced axis in row-major order: the stride of the axis, in the whole input
     * and in every chunk of it.
     *
     * @return the product of the dimensions after the reduced axis
     */
    public long inner() {
        return state.inner();
    }

    /**
     * Checks that a chunk fits: its shape is the input shape but for the reduced axis, which is at
     * least 1 long and ends inside the axis from {@code axisOffset}.
     *
     * @param elementType the chunk's ONNX element type name
     * @param chunkShape the chunk's shape
     * @param axisOffset where the chunk starts along the reduced axis
     * @throws ArgOnnxException naming what does not fit
     */
    public void checkChunk(String elementType, long[] chunkShape, long axisOffset) {
        state.checkChunk(elementType, chunkShape, axisOffset);
    }

    /**
     * Refuses a partial or accumulator of another signature, naming the first thing that differs.
     *
     * @param subject what the other signature belongs to, for the message
     * @param other the other signature
     * @throws ArgOnnxException if {@code other} is null or describes another reduction
     */
    public void requireSame(String subject, PartialSignature other) {
        state.requireSame(subject, other == null ? null : other.state);
    }

    /** Equal when they describe the same reduction. */
    @Override
    public boolean equals(Object other) {
        return other instanceof PartialSignature that && state.equals(that.state);
    }

    @Override
    public int hashCode() {
        return state.hashCode();
    }

    @Override
    public String toString() {
        return state.toString();
    }
}
