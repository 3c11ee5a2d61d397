package io.github.argonnx;

import io.github.argonnx.conformance.support.Reference;
import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.runtime.ArgResult;
import java.nio.LongBuffer;

/** BRANCH-LOCAL STUB: shared body of ArgMax/ArgMin, delegating to the conformance reference. */
abstract class ArgOp {
    final boolean isMax;
    final int version;
    final long axis;
    final long keepdims;
    final long last;

    ArgOp(boolean isMax, int version, long axis, long keepdims, long last) {
        if (version != 1 && version != 11 && version != 12 && version != 13) throw new ArgOnnxException("version " + version);
        this.isMax = isMax;
        this.version = version;
        this.axis = axis;
        this.keepdims = keepdims;
        this.last = last;
    }

    public ArgResult apply(Tensor x) {
        if (x == null) throw new ArgOnnxException("null");
        int r = x.value.rank();
        if (axis < -r || axis >= r) throw new ArgOnnxException("axis " + axis);
        Reference.Result res = Reference.arg(isMax, x.value, (int) axis, keepdims == 1, last == 1);
        return new ArgResult(res.indices(), res.shape());
    }

    public long[] apply(Tensor x, long[] out, int offset) {
        ArgResult r = apply(x);
        if (out == null || offset < 0 || out.length - offset < r.indices().length) throw new ArgOnnxException("out");
        System.arraycopy(r.indices(), 0, out, offset, r.indices().length);
        return r.shape();
    }

    public long[] apply(Tensor x, LongBuffer out) {
        ArgResult r = apply(x);
        if (out == null || out.remaining() < r.indices().length) throw new ArgOnnxException("out");
        out.duplicate().put(r.indices());
        return r.shape();
    }
}
