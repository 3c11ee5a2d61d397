package io.github.argonnx;

/** BRANCH-LOCAL STUB. */
public final class ArgMax extends ArgOp {
    public static final int LATEST_KNOWN_OPSET = 26;

    private ArgMax(int version, long axis, long keepdims, long last) {
        super(true, version, axis, keepdims, last);
    }

    public static ArgMax opset(int version) {
        return new ArgMax(version, 0, 1, 0);
    }

    public static ArgMax forModelOpset(int opset) {
        return new ArgMax(opset >= 13 ? 13 : opset >= 11 ? opset : 1, 0, 1, 0);
    }

    public static ArgMax latest() {
        return opset(13);
    }

    public ArgMax axis(long a) {
        return new ArgMax(version, a, keepdims, last);
    }

    public ArgMax keepdims(long k) {
        return new ArgMax(version, axis, k, last);
    }

    public ArgMax selectLastIndex(long s) {
        return new ArgMax(version, axis, keepdims, s);
    }
}
