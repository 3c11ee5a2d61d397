package io.github.argonnx.runtime;

import io.github.argonnx.internal.runtime.ApiHooks;
import io.github.argonnx.internal.runtime.AxisCoverage;
import io.github.argonnx.internal.runtime.ChunkFold;
import io.github.argonnx.internal.runtime.ChunkWinners;
import io.github.argonnx.internal.runtime.ElementKeys;
import io.github.argonnx.internal.runtime.ValidatedCall;
import java.util.concurrent.Executor;

/**
 * The package-private members of this package that generated code and the internal runtime need, handed to
 * {@link ApiHooks} when this class is first initialised (ApiHooks does that on first use).
 */
final class InternalAccess implements ApiHooks.Access {

    static {
        ApiHooks.install(new InternalAccess());
    }

    private InternalAccess() {}

    @Override
    public PartialSignature signature(String opType, int version, boolean largest, ElementKeys elementKeys,
            ValidatedCall call) {
        return new PartialSignature(opType, version, largest, elementKeys, call);
    }

    @Override
    public ElementKeys elementKeys(PartialSignature signature) {
        return signature.elementKeys();
    }

    @Override
    public String what(PartialSignature signature) {
        return signature.what();
    }

    @Override
    public String firstDifference(PartialSignature signature, String opType, int version, String type, int axis,
            boolean keepdims, boolean selectLastIndex, long[] inputShape) {
        return signature.firstDifference(opType, version, type, axis, keepdims, selectLastIndex, inputShape);
    }

    @Override
    public long winningKey(PartialSignature signature, long bits) {
        return signature.winningKey(bits);
    }

    @Override
    public long bits(PartialSignature signature, long winningKey) {
        return signature.bits(winningKey);
    }

    @Override
    public ArgPartial partial(PartialSignature signature, long[] keys, long[] indices, AxisCoverage coverage) {
        return new ArgPartial(signature, keys, indices, coverage);
    }

    @Override
    public ArgAccumulator add(ArgAccumulator accumulator, long chunkLength, long axisOffset, ChunkWinners winners) {
        return accumulator.add(chunkLength, axisOffset, winners);
    }

    @Override
    public ArgAccumulator fold(ArgAccumulator accumulator, long chunkLength, long axisOffset, ChunkFold fold) {
        return accumulator.fold(chunkLength, axisOffset, fold);
    }

    @Override
    public ArgResult result(long[] indices, long[] shape) {
        return new ArgResult(indices, shape);
    }

    @Override
    public Executor executor(Parallelism parallelism) {
        return parallelism.executor();
    }
}
