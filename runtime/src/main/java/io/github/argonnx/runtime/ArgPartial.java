package io.github.argonnx.runtime;

import io.github.argonnx.internal.runtime.AxisCoverage;
import io.github.argonnx.internal.runtime.PartialCodec;
import java.util.Objects;

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
    private final long[] keys;
    private final long[] indices;
    private final AxisCoverage coverage;

    ArgPartial(PartialSignature signature, long[] keys, long[] indices, AxisCoverage coverage) {
        this.signature = signature;
        this.keys = keys;
        this.indices = indices;
        this.coverage = coverage;
    }

    /**
     * Reads a partial from its byte form and checks it belongs to {@code expected}.
     *
     * @param expected the reduction the partial must belong to
     * @param bytes the partial's byte form, as {@link #toBytes} wrote it
     * @return the partial
     * @throws ArgOnnxException if {@code expected} or the bytes are null, or the bytes are truncated,
     *     corrupted, malformed, of an unknown format version, or of another reduction; the message names
     *     what differs
     */
    public static ArgPartial fromBytes(PartialSignature expected, byte[] bytes) {
        if (expected == null) {
            throw new ArgOnnxException("partial result: the expected signature (argument 'expected') is null");
        }
        return PartialCodec.decode(expected, bytes);
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
        if (other == null) {
            throw new ArgOnnxException(signature.what() + ": the partial merged in (argument 'other') is null");
        }
        checkMergeable(signature, coverage, other);
        AxisCoverage merged = AxisCoverage.union(coverage, other.coverage);
        long[] mergedKeys = keys.clone();
        long[] mergedIndices = indices.clone();
        mergeEntries(signature, mergedKeys, mergedIndices, other);
        return new ArgPartial(signature, mergedKeys, mergedIndices, merged);
    }

    /**
     * Whether every position of the reduced axis has been seen, so that {@link #finish} answers.
     *
     * @return true when the partial covers the whole axis
     */
    public boolean isComplete() {
        return coverage.isComplete(signature.axisLength());
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
        return indices.clone();
    }

    /**
     * The ONNX output: the indices with the output shape ({@code keepdims} honoured).
     *
     * @return the indices and the output shape
     * @throws ArgOnnxException if part of the reduced axis has not been seen, naming the missing ranges
     */
    public ArgResult finish() {
        return finish(signature, coverage, indices);
    }

    /**
     * The byte form: header, covered ranges, one entry per output element, checksum (docs/partials.md).
     *
     * @return a new array holding the byte form
     */
    public byte[] toBytes() {
        return PartialCodec.encode(signature, keys, indices, coverage);
    }

    /**
     * The ranges of the reduced axis seen, for example {@code [0, 1024), [4096, 8192)}.
     *
     * @return the ranges, in axis order
     */
    public String coveredRanges() {
        return coverage.toString();
    }

    @Override
    public String toString() {
        return "ArgPartial{" + signature + ", covered " + coverage.summary() + "}";
    }

    /** Checks that the signatures match and the coverages do not overlap, so that their union may be taken. */
    static void checkMergeable(PartialSignature signature, AxisCoverage coverage, ArgPartial other) {
        signature.requireSame("the partial merged in", other.signature);
        checkDisjoint(signature, coverage, other.coverage);
    }

    /** Checks that no position of the reduced axis is in both coverages. */
    static void checkDisjoint(PartialSignature signature, AxisCoverage coverage, AxisCoverage other) {
        refuseOverlap(signature, coverage.overlapWith(other));
    }

    /** Refuses an overlap {@link AxisCoverage#overlapWith} found, if it found one. */
    static void refuseOverlap(PartialSignature signature, String overlap) {
        if (overlap != null) {
            throw new ArgOnnxException(signature.what() + ": chunks overlap along the reduced axis: " + overlap
                    + " (each position must be reduced once)");
        }
    }

    /** Replaces each entry of {@code keys}/{@code indices} that {@code other}'s entry beats. */
    static void mergeEntries(PartialSignature signature, long[] keys, long[] indices, ArgPartial other) {
        for (int p = 0; p < keys.length; p++) {
            if (signature.beats(other.keys[p], other.indices[p], keys[p], indices[p])) {
                keys[p] = other.keys[p];
                indices[p] = other.indices[p];
            }
        }
    }

    static ArgResult finish(PartialSignature signature, AxisCoverage coverage, long[] indices) {
        String missing = coverage == null ? AxisCoverage.format(0, signature.axisLength())
                : coverage.missing(signature.axisLength());
        if (missing != null) {
            throw new ArgOnnxException(signature.what() + ": cannot finish, the reduced axis is not covered: missing "
                    + missing);
        }
        return ArgResult.of(indices.clone(), signature.outputShape());
    }

    long[] keys() {
        return keys;
    }

    long[] indices() {
        return indices;
    }

    AxisCoverage coverage() {
        return coverage;
    }
}
