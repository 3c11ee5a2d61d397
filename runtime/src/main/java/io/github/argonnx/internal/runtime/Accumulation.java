package io.github.argonnx.internal.runtime;

import io.github.argonnx.runtime.ArgOnnxException;

/**
 * The state an {@code ArgAccumulator} or a {@code TopKAccumulator} wraps: one best list per output element and the ranges of the
 * axis seen so far, updated in place as partials and chunks come, in any order. Generated code feeds it
 * chunks in a kernel's form ({@link #add(long, long, ChunkWinners)}, {@link #fold}), reaching it
 * through {@link Faces}. Not thread-safe. Not API.
 */
public final class Accumulation {

    private final ReductionSignature signature;
    /** Null until something is added. */
    private BestLists entries;
    private AxisCoverage coverage;
    /** What {@link #add(long, long, ChunkWinners)} has a chunk's winners written to, reused from chunk to chunk. */
    private long[] chunkIndices;
    private long[] chunkKeys;
    /** The running bests' stored bits, for {@link ChunkWinners#findBeating}. */
    private long[] chunkRivals;
    /**
     * The running bests in a kernel's form while chunks arrive in order ({@link #fold}), or null; then
     * {@code entries} are current only once {@code settled}.
     */
    private RunningBests running;
    private boolean settled;
    /** What {@link #add(long, long, TopKChunk)} reads a chunk into, reused from chunk to chunk. */
    private long[] topKIndices;
    private long[] topKBits;
    private BestLists topKLists;

    /**
     * An accumulation with nothing added yet.
     *
     * @param signature the reduction whose partials it takes
     * @throws ArgOnnxException if {@code signature} is null
     */
    public Accumulation(ReductionSignature signature) {
        if (signature == null) {
            throw new ArgOnnxException("accumulator: the signature (argument 'signature') is null");
        }
        this.signature = signature;
    }

    public ReductionSignature signature() {
        return signature;
    }

    /**
     * Merges a partial in.
     *
     * @throws ArgOnnxException if the partial is null, of another reduction or overlaps what was added
     *     before; nothing changes then
     */
    public void add(PartialState partial) {
        requireArgument(partial, "partial", "the partial added");
        if (coverage == null) {
            signature.requireSame("the partial added", partial.signature());
            entries = partial.entries().copy();
            coverage = partial.coverage().copy();
            return;
        }
        PartialState.checkMergeable(signature, coverage, partial);
        stopFolding();
        entries.mergeFrom(partial.entries(), signature);
        coverage.addAll(partial.coverage());
    }

    /**
     * Folds in one chunk of the reduced axis: {@code winners} writes the chunk's winners into arrays kept
     * from one chunk to the next, and each replaces the running entry it beats. A chunk that starts after
     * everything added before, ties going to the first index, is searched against the running bests
     * ({@link ChunkWinners#findBeating}): only a strict beat replaces one. A chunk costs no allocation in
     * proportion to the output once the first has been added. Generated code calls this with the
     * chunk's kernel call and its element type's reads.
     *
     * @param chunkLength the chunk's length along the reduced axis
     * @param axisOffset where the chunk starts along the reduced axis
     * @param winners finds the chunk's winners: local indices and their order keys
     * @throws ArgOnnxException if {@code winners} is null, or the chunk does not fit the reduced axis or
     *     overlaps what was added before; nothing changes then, and {@code winners} is not called (nor is it
     *     for an empty output, which has no winners)
     */
    public void add(long chunkLength, long axisOffset, ChunkWinners winners) {
        requireArgument(winners, "winners", "the chunk's winners");
        signature.checkChunkRange(chunkLength, axisOffset);
        long chunkEnd = axisOffset + chunkLength;
        if (coverage != null) {
            // one range, looked up and added in place: no coverage of its own per chunk
            PartialState.refuseOverlap(signature, coverage.overlapWith(axisOffset, chunkEnd));
        }
        int size = signature.outputSize();
        if (size == 0) {
            // an empty output has no winners to find: the chunk only adds to the coverage
            stopFolding();
            cover(axisOffset, chunkEnd, size);
            return;
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
                chunkRivals[p] = signature.bits(entries.keys[p]);
            }
            winners.findBeating(chunkRivals, chunkIndices, chunkKeys);
        } else {
            winners.find(chunkIndices, chunkKeys);
        }
        if (coverage == null) {
            BestLists first = BestLists.empty(1, size);
            for (int p = 0; p < size; p++) {
                first.keys[p] = signature.winningKeyOfOrder(chunkKeys[p]);
                first.indices[p] = axisOffset + chunkIndices[p];
            }
            entries = first;
            coverage = AxisCoverage.of(axisOffset, chunkEnd);
            return;
        }
        long[] keys = entries.keys;
        long[] indices = entries.indices;
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
    }

    /**
     * Folds in one chunk of the reduced axis with {@code fold}: a chunk that starts at or after everything
     * added before has its rows folded straight into running bests kept in the kernel's form, with no
     * pass over the chunk's winners; any other chunk, or one after partials were added, goes through
     * {@link #add(long, long, ChunkWinners)}. Generated code calls this for chunks of an outer axis.
     *
     * @param chunkLength the chunk's length along the reduced axis
     * @param axisOffset where the chunk starts along the reduced axis
     * @param fold folds the chunk's rows, or finds its winners
     * @throws ArgOnnxException if the chunk does not fit the reduced axis or overlaps what was added
     *     before; nothing changes then, and {@code fold} is not called
     */
    public void fold(long chunkLength, long axisOffset, ChunkFold fold) {
        requireArgument(fold, "fold", "the chunk's fold");
        signature.checkChunkRange(chunkLength, axisOffset);
        int size = signature.outputSize();
        if (size == 0) {
            add(chunkLength, axisOffset, fold); // no rows to fold
            return;
        }
        if (coverage == null) {
            long[] seededIndices = new long[size];
            RunningBests seeded = fold.seed(axisOffset, seededIndices); // fields change only once it returns
            entries = new BestLists(1, new long[size], seededIndices);
            running = seeded;
            settled = false;
            coverage = AxisCoverage.of(axisOffset, axisOffset + chunkLength);
            return;
        }
        if (running == null || axisOffset < coverage.end()) {
            add(chunkLength, axisOffset, fold);
            return;
        }
        fold.fold(running, axisOffset, entries.indices);
        settled = false;
        coverage.add(axisOffset, axisOffset + chunkLength);
    }

    /**
     * Merges in one chunk of the reduced axis of a TopK: {@code chunk} writes the chunk's best elements
     * per output element into arrays kept from one chunk to the next, and each output element keeps the
     * k best of its list and the chunk's. The accumulation holds k entries per output element, whatever
     * the number of chunks.
     *
     * @param chunkLength the chunk's length along the reduced axis
     * @param axisOffset where the chunk starts along the reduced axis
     * @param chunk finds the chunk's best elements
     * @throws ArgOnnxException if {@code chunk} is null, or the chunk does not fit the reduced axis or
     *     overlaps what was added before; nothing changes then, and {@code chunk} is not called
     */
    public void add(long chunkLength, long axisOffset, TopKChunk chunk) {
        requireArgument(chunk, "chunk", "the chunk's best elements");
        signature.checkChunkRange(chunkLength, axisOffset);
        long chunkEnd = axisOffset + chunkLength;
        if (coverage != null) {
            PartialState.refuseOverlap(signature, coverage.overlapWith(axisOffset, chunkEnd));
        }
        int size = signature.outputSize();
        int k = signature.bestCount();
        if (size == 0 || k == 0) {
            cover(axisOffset, chunkEnd, size);
            return;
        }
        int count = (int) Math.min(k, chunkLength);
        if (topKIndices == null) {
            topKIndices = new long[size * k];
            topKBits = new long[size * k];
        }
        if (topKLists == null) {
            topKLists = BestLists.vacant(k, size);
        } else {
            topKLists.clear();
        }
        chunk.find(count, topKIndices, topKBits);
        TopKLists.fill(signature, topKLists, count, axisOffset, topKIndices, topKBits);
        if (coverage == null) {
            entries = topKLists;
            topKLists = null;
            coverage = AxisCoverage.of(axisOffset, chunkEnd);
            return;
        }
        entries.mergeFrom(topKLists, signature);
        coverage.add(axisOffset, chunkEnd);
    }

    /** Adds a chunk of an empty output: only the coverage changes. */
    private void cover(long start, long end, int size) {
        if (coverage == null) {
            entries = signature.keepsBits() ? BestLists.vacant(signature.bestCount(), size)
                    : BestLists.empty(signature.bestCount(), size);
            coverage = AxisCoverage.of(start, end);
        } else {
            coverage.add(start, end);
        }
    }

    /** Refuses a null argument by name, before anything changes. */
    private void requireArgument(Object value, String argument, String what) {
        if (value == null) {
            throw new ArgOnnxException(signature.what() + ": " + what + " (argument '" + argument + "') is null");
        }
    }

    /** Brings the entries up to date with the running bests, if chunks were folded since. */
    private void settle() {
        if (running != null && !settled) {
            long[] keys = entries.keys;
            running.settleIndices(entries.indices);
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

    /** Whether every position of the reduced axis has been added. */
    public boolean isComplete() {
        return coverage != null && coverage.isComplete(signature.axisLength());
    }

    /**
     * What was added so far, as a partial.
     *
     * @throws ArgOnnxException if nothing has been added
     */
    public PartialState partial() {
        if (coverage == null) {
            throw new ArgOnnxException(signature.what() + ": no chunk added yet, so there is no partial result");
        }
        settle();
        return new PartialState(signature, entries.copy(), coverage.copy());
    }

    /**
     * The ONNX output.
     *
     * @throws ArgOnnxException if part of the reduced axis has not been added, naming the missing ranges
     */
    public OutputIndices finish() {
        settle();
        return PartialState.finish(signature, coverage, entries);
    }

    /**
     * TopK's outputs.
     *
     * @throws ArgOnnxException if part of the reduced axis has not been added, naming the missing ranges
     */
    public TopKOutput finishTopK() {
        return PartialState.finishTopK(signature, coverage, entries);
    }

    /** The entries the accumulation retains, its scratch included: k per output element, a few times over. */
    long retainedEntries() {
        long held = entries == null ? 0 : entries.keys.length;
        held += topKLists == null ? 0 : topKLists.keys.length;
        held += topKIndices == null ? 0 : topKIndices.length + topKBits.length;
        return held + (chunkIndices == null ? 0 : chunkIndices.length);
    }

    /** The ranges the coverage has room for, used or not: what it retains (16 bytes each). */
    int retainedRanges() {
        return coverage == null ? 0 : coverage.capacity();
    }

    /** The ranges added as bounded text, or {@code nothing}, for {@code toString}. */
    public String coveredSummary() {
        return coverage == null ? "nothing" : coverage.summary();
    }
}
