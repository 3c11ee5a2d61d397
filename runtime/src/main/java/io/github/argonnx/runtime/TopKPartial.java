package io.github.argonnx.runtime;

import io.github.argonnx.internal.runtime.Faces;
import io.github.argonnx.internal.runtime.PartialCodec;
import io.github.argonnx.internal.runtime.PartialState;

/**
 * The partial result of a TopK over some chunks of its axis: per output element the k best elements so
 * far, best first, each with its exact value and its global index along the axis, plus which ranges of
 * the axis it has seen. Immutable and thread-safe.
 *
 * <p>{@link #merge} is commutative and associative, so partials merged in any order and any tree finish
 * (through the generated {@code TopKPartials} that made them, which knows the values' tensor type) to
 * exactly the values and indices one {@code apply} on the whole tensor gives: ties go to the smaller global
 * index, NaN is larger than every number (first with {@code largest = 1}, last with {@code largest = 0}),
 * {@code -0} ties with {@code +0}. Overlapping chunks are refused when merged, missing ones when finished.
 * {@link #toBytes} gives the byte form described in docs/partials.md.
 */
public final class TopKPartial {

    static {
        Faces.install(TopKPartial.class, PartialState.class, new Faces.Face<>() {
            @Override
            public TopKPartial wrap(PartialState state) {
                return new TopKPartial(new PartialSignature(state.signature()), state);
            }

            @Override
            public PartialState state(TopKPartial face) {
                return face.state;
            }
        });
    }

    private final PartialSignature signature;
    /** The entries and ranges seen, which this class shows and never changes. */
    private final PartialState state;

    TopKPartial(PartialSignature signature, PartialState state) {
        this.signature = signature;
        this.state = state;
    }

    /**
     * Reads a partial from its byte form and checks it belongs to {@code expected}.
     *
     * @param expected the TopK reduction the partial must belong to
     * @param bytes the partial's byte form, as {@link #toBytes} wrote it
     * @return the partial
     * @throws ArgOnnxException if {@code expected} is null or not a TopK's, or the bytes are null, truncated,
     *     corrupted, malformed, of an unknown format version, or of another reduction; the message names
     *     what differs
     */
    public static TopKPartial fromBytes(PartialSignature expected, byte[] bytes) {
        return new TopKPartial(requireTopK(expected), PartialCodec.decode(expected.state(), bytes));
    }

    /** Refuses a null signature, or one of a reduction that keeps no values (ArgMax, ArgMin). */
    static PartialSignature requireTopK(PartialSignature signature) {
        if (signature == null) {
            throw new ArgOnnxException("TopK partial result: the expected signature (argument 'expected') is null");
        }
        if (!signature.state().keepsBits()) {
            throw new ArgOnnxException(signature.state().what() + ": not a TopK signature (ArgMax and ArgMin partials"
                    + " are ArgPartials)");
        }
        return signature;
    }

    PartialState state() {
        return state;
    }

    /**
     * The reduction this partial is part of.
     *
     * @return its signature
     */
    public PartialSignature signature() {
        return signature;
    }

    /**
     * This partial and {@code other} as one: per output element the k best of both.
     *
     * @param other a partial of the same reduction over other parts of the axis
     * @return the merged partial; neither operand changes
     * @throws ArgOnnxException if {@code other} is null or of another reduction (operator, version, type,
     *     axis, {@code largest}, {@code sorted}, k or shape), or has seen a part of the axis this one has
     *     seen too
     */
    public TopKPartial merge(TopKPartial other) {
        return new TopKPartial(signature, state.merge(other == null ? null : other.state));
    }

    /**
     * Whether every position of the axis has been seen, so that the partial can be finished.
     *
     * @return true when the partial covers the whole axis
     */
    public boolean isComplete() {
        return state.isComplete();
    }

    /**
     * The byte form: header, covered ranges, k entries per output element (fewer while the ranges hold
     * fewer positions), checksum (docs/partials.md).
     *
     * @return a new array holding the byte form
     * @throws ArgOnnxException if the form would not fit a Java array
     */
    public byte[] toBytes() {
        return PartialCodec.encode(state);
    }

    /**
     * The ranges of the axis seen, for example {@code [0, 1024), [4096, 8192)}.
     *
     * @return the ranges, in axis order
     */
    public String coveredRanges() {
        return state.coveredRanges();
    }

    @Override
    public String toString() {
        return "TopKPartial{" + signature + ", covered " + state.coveredSummary() + "}";
    }
}
