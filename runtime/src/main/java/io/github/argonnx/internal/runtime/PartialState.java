package io.github.argonnx.internal.runtime;

import io.github.argonnx.runtime.ArgOnnxException;

/**
 * The value of a partial result, which an {@code ArgPartial} or a {@code TopKPartial} wraps: its signature, per output element
 * the best entries so far ({@link BestLists}), and the ranges of the reduced axis seen. Immutable: it
 * never changes the lists or the coverage it holds, and nothing else holds them. Its byte form is
 * {@link PartialCodec}'s. Not API.
 */
public final class PartialState {

    private final ReductionSignature signature;
    private final BestLists entries;
    private final AxisCoverage coverage;

    /** Takes what it is given without a copy: the caller hands them over. */
    PartialState(ReductionSignature signature, BestLists entries, AxisCoverage coverage) {
        this.signature = signature;
        this.entries = entries;
        this.coverage = coverage;
    }

    public ReductionSignature signature() {
        return signature;
    }

    BestLists entries() {
        return entries;
    }

    AxisCoverage coverage() {
        return coverage;
    }

    /**
     * This partial and {@code other} as one: per output element the best entries of both.
     *
     * @param other a partial of the same reduction over other parts of the axis
     * @return the merged partial; neither operand changes
     * @throws ArgOnnxException if {@code other} is null or of another reduction, or has seen a part of the
     *     axis this one has seen too
     */
    public PartialState merge(PartialState other) {
        if (other == null) {
            throw new ArgOnnxException(signature.what() + ": the partial merged in (argument 'other') is null");
        }
        checkMergeable(signature, coverage, other);
        AxisCoverage merged = AxisCoverage.union(coverage, other.coverage);
        BestLists mergedEntries = entries.copy();
        mergedEntries.mergeFrom(other.entries, signature);
        return new PartialState(signature, mergedEntries, merged);
    }

    /** Whether every position of the reduced axis has been seen. */
    public boolean isComplete() {
        return coverage.isComplete(signature.axisLength());
    }

    /** Per output element, the index of its best entry among the positions seen, in a new array. */
    public long[] indicesSoFar() {
        return entries.firstIndices();
    }

    /**
     * The ONNX output.
     *
     * @throws ArgOnnxException if part of the reduced axis has not been seen, naming the missing ranges
     */
    public OutputIndices finish() {
        return finish(signature, coverage, entries);
    }

    /**
     * TopK's outputs: per output element its k best, best first, laid out in the output's row-major order
     * (the axis replaced by k).
     *
     * @throws ArgOnnxException if part of the reduced axis has not been seen, naming the missing ranges
     */
    public TopKOutput finishTopK() {
        return finishTopK(signature, coverage, entries);
    }

    /** Every range of the reduced axis seen, in axis order. */
    public String coveredRanges() {
        return coverage.toString();
    }

    /** The ranges seen as bounded text, for {@code toString}. */
    public String coveredSummary() {
        return coverage.summary();
    }

    /** Checks that the signatures match and the coverages do not overlap, so that their union may be taken. */
    static void checkMergeable(ReductionSignature signature, AxisCoverage coverage, PartialState other) {
        signature.requireSame("the partial merged in", other.signature);
        refuseOverlap(signature, coverage.overlapWith(other.coverage));
    }

    /** Refuses an overlap {@link AxisCoverage#overlapWith} found, if it found one. */
    static void refuseOverlap(ReductionSignature signature, String overlap) {
        if (overlap != null) {
            throw new ArgOnnxException(signature.what() + ": chunks overlap along the reduced axis: " + overlap
                    + " (each position must be reduced once)");
        }
    }

    /** The output of entries over a coverage, refused unless the coverage (null: nothing) is the whole axis. */
    static OutputIndices finish(ReductionSignature signature, AxisCoverage coverage, BestLists entries) {
        requireComplete(signature, coverage);
        return new OutputIndices(entries.firstIndices(), signature.outputShape());
    }

    /** TopK's outputs of entries over a coverage, refused unless the coverage (null: nothing) is the whole axis. */
    static TopKOutput finishTopK(ReductionSignature signature, AxisCoverage coverage, BestLists entries) {
        requireComplete(signature, coverage);
        if (!signature.keepsBits()) {
            throw new IllegalStateException(signature.what() + " has no values to output");
        }
        int k = entries.count;
        long inner = signature.inner();
        long[] bits = new long[entries.indices.length];
        long[] indices = new long[entries.indices.length];
        // list p = outer * inner + i holds the output's positions outer * k * inner + j * inner + i
        int p = 0;
        for (long base = 0; p < signature.outputSize(); base += k * inner) {
            for (long i = 0; i < inner; i++, p++) {
                for (int j = 0; j < k; j++) {
                    int at = (int) (base + j * inner + i);
                    bits[at] = entries.bits[p * k + j];
                    indices[at] = entries.indices[p * k + j];
                }
            }
        }
        return new TopKOutput(bits, indices, signature.outputShape());
    }

    private static void requireComplete(ReductionSignature signature, AxisCoverage coverage) {
        String missing = coverage == null ? AxisCoverage.format(0, signature.axisLength())
                : coverage.missing(signature.axisLength());
        if (missing != null) {
            throw new ArgOnnxException(signature.what() + ": cannot finish, the reduced axis is not covered: missing "
                    + missing);
        }
    }
}
