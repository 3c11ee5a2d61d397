package io.github.argonnx.runtime;

import io.github.argonnx.internal.runtime.PartialCodec;
import io.github.argonnx.internal.runtime.PartialState;

/**
 * The partial result of an ArgMax/ArgMin over some chunks of the reduced axis: per output element,
 * the winning element so far (as a key, the NaN rule folded in) and its global index along the axis,
 * plus which ranges of the axis it has seen. Immutable and thread-safe.
 *
 * <p>{@link #merge} is commutative and associative, so partials merged in any order and any tree
 * {@link #finish} to exactly the indices one {@code apply} on the whole tensor gives: ties go to the
 * smaller global index (the larger with {@code select_last_index}), a NaN beats every number (the
 * first or last NaN), {@code -0} ties with {@code +0}. Overlapping chunks are refused when merged,
 * missing ones when finished. {@link #toBytes} gives the byte form described in docs/partials.md.
 */
public final class ArgPartial {

    private final PartialSignature signature;
    /** The entries and ranges seen, which this class shows and never changes. */
    private final PartialState state;

    /** A partial of {@code signature}, whose state {@code state} is. */
    ArgPartial(PartialSignature signature, PartialState state) {
        this.signature = signature;
        this.state = state;
    }

    /**
     * Reads a partial from its byte form and checks it belongs to {@code expected}.
     *
     * @param expected the reduction the partial must belong to
     * @param bytes the partial's byte form, as {@link #toBytes} wrote it
     * @return the partial
     * @throws ArgOnnxException if {@code expected} or the bytes are null, {@code expected} is a TopK's, or the
     *     bytes are truncated,
     *     corrupted, malformed, of an unknown format version, or of another reduction; the message names
     *     what differs
     */
    public static ArgPartial fromBytes(PartialSignature expected, byte[] bytes) {
        return new ArgPartial(requireArgReduction(expected), PartialCodec.decode(expected.state(), bytes));
    }

    /** Refuses a null signature, or a TopK's, whose partials keep k values per element. */
    static PartialSignature requireArgReduction(PartialSignature signature) {
        if (signature == null) {
            throw new ArgOnnxException("partial result: the expected signature (argument 'expected') is null");
        }
        if (signature.state().keepsBits()) {
            throw new ArgOnnxException(signature.state().what() + ": a TopK signature (TopK partials are TopKPartials)");
        }
        return signature;
    }

    /** The internal value, for the other API types of this package. */
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
     * This partial and {@code other} as one: per output element the better entry.
     *
     * @param other a partial of the same reduction over other parts of the axis
     * @return the merged partial; neither operand changes
     * @throws ArgOnnxException if {@code other} is null or of another reduction, or has seen a part of
     *     the axis this one has seen too
     */
    public ArgPartial merge(ArgPartial other) {
        return new ArgPartial(signature, state.merge(other == null ? null : other.state));
    }

    /**
     * Whether every position of the reduced axis has been seen, so that {@link #finish} answers.
     *
     * @return true when the partial covers the whole axis
     */
    public boolean isComplete() {
        return state.isComplete();
    }

    /**
     * The winners so far: per output element, in row-major order, the global index along the reduced
     * axis of the best element among the positions this partial has seen, whether or not they cover
     * the whole axis. For an aggregate over positions that never cover an axis (a column's rows, say);
     * {@link #finish()} is the ONNX output.
     *
     * @return a new array of the indices
     */
    public long[] indicesSoFar() {
        return state.indicesSoFar();
    }

    /**
     * The ONNX output: the indices with the output shape ({@code keepdims} honoured).
     *
     * @return the indices and the output shape
     * @throws ArgOnnxException if part of the reduced axis has not been seen, naming the missing ranges
     */
    public ArgResult finish() {
        return new ArgResult(state.finish());
    }

    /**
     * The byte form: header, covered ranges, one entry per output element, checksum (docs/partials.md).
     *
     * @return a new array holding the byte form
     */
    public byte[] toBytes() {
        return PartialCodec.encode(state);
    }

    /**
     * The ranges of the reduced axis seen, for example {@code [0, 1024), [4096, 8192)}.
     *
     * @return the ranges, in axis order
     */
    public String coveredRanges() {
        return state.coveredRanges();
    }

    @Override
    public String toString() {
        return "ArgPartial{" + signature + ", covered " + state.coveredSummary() + "}";
    }
}
