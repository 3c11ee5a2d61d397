package io.github.argonnx.runtime;

import io.github.argonnx.internal.runtime.Accumulation;
import io.github.argonnx.internal.runtime.Faces;

/**
 * Streams chunks of a reduced axis into one result: takes partials as they come, in any order, and
 * keeps one entry per output element plus the ranges of the axis seen so far (one range while chunks
 * arrive in order, one more per gap left open). Its memory is proportional to the output, not to
 * the input. Overlapping chunks are refused when added, missing ones when finished.
 *
 * <p>Not thread-safe: give each thread its own accumulator, or its partials, and merge those.
 */
public final class ArgAccumulator {

    static {
        Faces.install(ArgAccumulator.class, Accumulation.class, new Faces.Face<>() {
            @Override
            public ArgAccumulator wrap(Accumulation state) {
                return new ArgAccumulator(new PartialSignature(state.signature()), state);
            }

            @Override
            public Accumulation state(ArgAccumulator face) {
                return face.state;
            }
        });
    }

    private final PartialSignature signature;
    /**
     * The entries and ranges added so far, which generated code feeds chunks in a kernel's form
     * ({@link Faces}).
     */
    private final Accumulation state;

    /**
     * An accumulator with nothing added yet.
     *
     * @param signature the reduction whose partials it takes
     * @throws ArgOnnxException if {@code signature} is null or a TopK's
     */
    public ArgAccumulator(PartialSignature signature) {
        if (signature == null) {
            throw new ArgOnnxException("accumulator: the signature (argument 'signature') is null");
        }
        this.signature = ArgPartial.requireArgReduction(signature);
        this.state = new Accumulation(signature.state());
    }

    private ArgAccumulator(PartialSignature signature, Accumulation state) {
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
    public ArgAccumulator add(ArgPartial partial) {
        state.add(partial == null ? null : partial.state());
        return this;
    }

    /**
     * Whether every position of the reduced axis has been added.
     *
     * @return true once the added partials cover the whole axis
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
    public ArgPartial partial() {
        return new ArgPartial(signature, state.partial());
    }

    /**
     * The ONNX output.
     *
     * @return the indices and the output shape
     * @throws ArgOnnxException if part of the reduced axis has not been added, naming the missing ranges
     */
    public ArgResult finish() {
        return new ArgResult(state.finish());
    }

    @Override
    public String toString() {
        return "ArgAccumulator{" + signature + ", covered " + state.coveredSummary() + "}";
    }
}
