package io.github.argonnx.runtime;

import io.github.argonnx.internal.runtime.AxisCoverage;
import io.github.argonnx.internal.runtime.ChunkFold;
import io.github.argonnx.internal.runtime.ChunkWinners;
import io.github.argonnx.internal.runtime.RunningBests;
import java.util.Objects;

/**
 * Streams chunks of a reduced axis into one result: takes partials as they come, in any order, and
 * keeps one entry per output element plus the ranges of the axis seen so far (one range while chunks
 * arrive in order, one more per gap left open). Its memory is proportional to the output, not to
 * the input. Overlapping chunks are refused when added, missing ones when finished.
 *
 * <p>Not thread-safe: give each thread its own accumulator, or its partials, and merge those.
 */
public final class ArgAccumulator {

    private final PartialSignature signature;
    private long[] keys;
    private long[] indices;
    private AxisCoverage coverage;
    /** What {@link #add(long, long, ChunkWinners)} has a chunk's winners written to, reused from chunk to chunk. */
    private long[] chunkIndices;
    private long[] chunkKeys;
    /** The running bests' stored bits, for {@link ChunkWinners#findBeating}. */
    private long[] chunkRivals;
    /**
     * The running bests in a kernel's form while chunks arrive in order ({@link #fold}), or null; then
     * {@code keys} and {@code indices} are current only once {@code settled}.
     */
    private RunningBests running;
    private boolean settled;

    /**
     * An accumulator with nothing added yet.
     *
     * @param signature the reduction whose partials it takes
     * @throws ArgOnnxException if {@code signature} is null
     */
    public ArgAccumulator(PartialSignature signature) {
        if (signature == null) {
            throw new ArgOnnxException("accumulator: the signature (argument 'signature') is null");
        }
        this.signature = signature;
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
        requireArgument(partial, "partial", "the partial added");
        if (coverage == null) {
            signature.requireSame("the partial added", partial.signature());
            keys = partial.keys().clone();
            indices = partial.indices().clone();
            coverage = partial.coverage().copy();
            return this;
        }
        ArgPartial.checkMergeable(signature, coverage, partial);
        stopFolding();
        ArgPartial.mergeEntries(signature, keys, indices, partial);
        coverage.addAll(partial.coverage());
        return this;
    }

    /**
     * Folds in one chunk of the reduced axis: {@code winners} writes the chunk's winners into arrays
     * this accumulator keeps from one chunk to the next, and each replaces the running entry it beats.
     * A chunk that starts after everything added before, ties going to the first index, is searched
     * against the running bests ({@link ChunkWinners#findBeating}): only a strict beat replaces one.
     * A chunk costs no allocation in proportion to the output once the first has been added.
     * Generated code calls this with the chunk's kernel call and its element type's reads; its
     * {@code PartialReduction.reduceInto} is the entry point for a chunk as a tensor.
     *
     * @param chunkLength the chunk's length along the reduced axis
     * @param axisOffset where the chunk starts along the reduced axis
     * @param winners finds the chunk's winners: local indices and their order keys
     * @return this accumulator
     * @throws ArgOnnxException if {@code winners} is null, or the chunk does not fit the reduced axis or
     *     overlaps what was added before; the accumulator is unchanged then, and {@code winners} is not
     *     called (nor is it for an empty output, which has no winners)
     */
    ArgAccumulator add(long chunkLength, long axisOffset, ChunkWinners winners) {
        requireArgument(winners, "winners", "the chunk's winners");
        signature.checkChunkRange(chunkLength, axisOffset);
        long chunkEnd = axisOffset + chunkLength;
        if (coverage != null) {
            // one range, looked up and added in place: no coverage of its own per chunk
            ArgPartial.refuseOverlap(signature, coverage.overlapWith(axisOffset, chunkEnd));
        }
        int size = signature.outputSize();
        if (size == 0) {
            // an empty output has no winners to find: the chunk only adds to the coverage
            stopFolding();
            if (coverage == null) {
                keys = new long[0];
                indices = new long[0];
                coverage = AxisCoverage.of(axisOffset, chunkEnd);
            } else {
                coverage.add(axisOffset, chunkEnd);
            }
            return this;
        }
        if (chunkIndices == null) {
            chunkIndices = new long[size];
            chunkKeys = new long[size];
        }
        stopFolding();
        if (coverage != null && !signature.selectLastIndex() && axisOffset >= coverage.end()) {
            // every element of the chunk lies after every running best's: only a strict beat replaces one
            if (chunkRivals == null) {
                chunkRivals = new long[size];
            }
            for (int p = 0; p < size; p++) {
                chunkRivals[p] = signature.bits(keys[p]);
            }
            winners.findBeating(chunkRivals, chunkIndices, chunkKeys);
        } else {
            winners.find(chunkIndices, chunkKeys);
        }
        if (coverage == null) {
            keys = new long[size];
            indices = new long[size];
            for (int p = 0; p < size; p++) {
                keys[p] = signature.winningKeyOfOrder(chunkKeys[p]);
                indices[p] = axisOffset + chunkIndices[p];
            }
            coverage = AxisCoverage.of(axisOffset, chunkEnd);
            return this;
        }
        for (int p = 0; p < size; p++) {
            if (chunkIndices[p] < 0) {
                continue; // a winner findBeating left out: it does not beat the running best
            }
            long key = signature.winningKeyOfOrder(chunkKeys[p]);
            long index = axisOffset + chunkIndices[p];
            if (signature.beats(key, index, keys[p], indices[p])) {
                keys[p] = key;
                indices[p] = index;
            }
        }
        coverage.add(axisOffset, chunkEnd);
        return this;
    }

    /**
     * Folds in one chunk of the reduced axis with {@code fold}: a chunk that starts at or after
     * everything added before has its rows folded straight into running bests this accumulator keeps
     * in the kernel's form, with no pass over the chunk's winners; any other chunk, or one after
     * partials were added, goes through {@link #add(long, long, ChunkWinners)}. Generated code calls
     * this for chunks of an outer axis; its {@code PartialReduction.reduceInto} is the entry point.
     *
     * @param chunkLength the chunk's length along the reduced axis
     * @param axisOffset where the chunk starts along the reduced axis
     * @param fold folds the chunk's rows, or finds its winners
     * @return this accumulator
     * @throws ArgOnnxException if the chunk does not fit the reduced axis or overlaps what was added
     *     before; the accumulator is unchanged then, and {@code fold} is not called
     */
    ArgAccumulator fold(long chunkLength, long axisOffset, ChunkFold fold) {
        requireArgument(fold, "fold", "the chunk's fold");
        signature.checkChunkRange(chunkLength, axisOffset);
        if (signature.outputSize() == 0) {
            return add(chunkLength, axisOffset, fold); // no rows to fold
        }
        if (coverage == null) {
            int size = signature.outputSize();
            long[] seededIndices = new long[size];
            RunningBests seeded = fold.seed(axisOffset, seededIndices); // fields change only once it returns
            keys = new long[size];
            indices = seededIndices;
            running = seeded;
            settled = false;
            coverage = AxisCoverage.of(axisOffset, axisOffset + chunkLength);
            return this;
        }
        if (running == null || axisOffset < coverage.end()) {
            return add(chunkLength, axisOffset, fold);
        }
        fold.fold(running, axisOffset, indices);
        settled = false;
        coverage.add(axisOffset, axisOffset + chunkLength);
        return this;
    }

    /** Refuses a null argument by name, before anything changes. */
    private void requireArgument(Object value, String argument, String what) {
        if (value == null) {
            throw new ArgOnnxException(signature.what() + ": " + what + " (argument '" + argument + "') is null");
        }
    }

    /** Brings {@code keys} and {@code indices} up to date with the running bests, if chunks were folded since. */
    private void settle() {
        if (running != null && !settled) {
            running.settleIndices(indices);
            running.orderKeys(keys);
            for (int p = 0; p < keys.length; p++) {
                keys[p] = signature.winningKeyOfOrder(keys[p]);
            }
            settled = true;
        }
    }

    /** Before entries change other than by folding: the running bests would no longer follow them. */
    private void stopFolding() {
        settle();
        running = null;
    }

    /**
     * Whether every position of the reduced axis has been added.
     *
     * @return true once the added partials cover the whole axis
     */
    public boolean isComplete() {
        return coverage != null && coverage.isComplete(signature.axisLength());
    }

    /**
     * What was added so far, as a partial to store or send elsewhere.
     *
     * @return the partial of everything added
     * @throws ArgOnnxException if nothing has been added
     */
    public ArgPartial partial() {
        if (coverage == null) {
            throw new ArgOnnxException(signature.what() + ": no chunk added yet, so there is no partial result");
        }
        settle();
        return new ArgPartial(signature, keys.clone(), indices.clone(), coverage.copy());
    }

    /**
     * The ONNX output.
     *
     * @return the indices and the output shape
     * @throws ArgOnnxException if part of the reduced axis has not been added, naming the missing ranges
     */
    public ArgResult finish() {
        settle();
        return ArgPartial.finish(signature, coverage, indices);
    }

    @Override
    public String toString() {
        return "ArgAccumulator{" + signature + ", covered " + (coverage == null ? "nothing" : coverage.summary()) + "}";
    }
}
