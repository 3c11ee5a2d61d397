package io.github.argonnx.runtime;

import io.github.argonnx.internal.runtime.Accumulation;
import io.github.argonnx.internal.runtime.Faces;

/**
 * Streams chunks of a TopK's axis into one result: takes partials as they come, in any order, and keeps
 * k entries per output element plus the ranges of the axis seen so far. Its memory is proportional to
 * the output times k, whatever the number of chunks. Chunks go in through the generated
 * {@code TopKPartials.reduceInto}, which also finishes it. Overlapping chunks are refused when added,
 * missing ones when finished.
 *
 * <p>Not thread-safe: give each thread its own accumulator, or its partials, and merge those.
 */
public final class TopKAccumulator {

    static {
        Faces.install(TopKAccumulator.class, Accumulation.class, new Faces.Face<>() {
            @Override
            public TopKAccumulator wrap(Accumulation state) {
                return new TopKAccumulator(new PartialSignature(state.signature()), state);
            }

            @Override
            public Accumulation state(TopKAccumulator face) {
                return face.state;
            }
        });
    }

    private final PartialSignature signature;
    /** The entries and ranges added so far, which generated code feeds chunks ({@link Faces}). */
    private final Accumulation state;

    /**
     * An accumulator with nothing added yet.
     *
     * @param signature the TopK reduction whose partials it takes
     * @throws ArgOnnxException if {@code signature} is null or not a TopK's
     */
    public TopKAccumulator(PartialSignature signature) {
        this.signature = TopKPartial.requireTopK(signature);
        this.state = new Accumulation(signature.state());
    }

    private TopKAccumulator(PartialSignature signature, Accumulation state) {
        this.signature = signature;
        this.state = state;
    }

    /**
     * The reduction this accumulator takes partials of.
     *
     * @return its signature
     */
    public PartialSignature signature() {
        return signature;
    }

    /**
     * Merges a partial in.
     *
     * @param partial a partial of this accumulator's reduction
     * @return this accumulator
     * @throws ArgOnnxException if the partial is null, of another reduction or overlaps what was added
     *     before; the accumulator is unchanged then
     */
    public TopKAccumulator add(TopKPartial partial) {
        state.add(partial == null ? null : partial.state());
        return this;
    }

    /**
     * Whether every position of the axis has been added.
     *
     * @return true once the added chunks and partials cover the whole axis
     */
    public boolean isComplete() {
        return state.isComplete();
    }

    /**
     * What was added so far, as a partial to store or send elsewhere.
     *
     * @return the partial of everything added
     * @throws ArgOnnxException if nothing has been added
     */
    public TopKPartial partial() {
        return new TopKPartial(signature, state.partial());
    }

    @Override
    public String toString() {
        return "TopKAccumulator{" + signature + ", covered " + state.coveredSummary() + "}";
    }
}
