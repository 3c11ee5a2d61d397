package io.github.argonnx;

/** BRANCH-LOCAL STUB. */
public final class ArgMin extends ArgOp {
    public static final int LATEST_KNOWN_OPSET = 26;

    private ArgMin(int version, long axis, long keepdims, long last) {
        super(false, version, axis, keepdims, last);
    }

    public static ArgMin opset(int version) {
        return new ArgMin(version, 0, 1, 0);
    }

    public static ArgMin forModelOpset(int opset) {
        return new ArgMin(opset >= 13 ? 13 : opset >= 11 ? opset : 1, 0, 1, 0);
    }

    public static ArgMin latest() {
        return opset(13);
    }

    public ArgMin axis(long a) {
        return new ArgMin(version, a, keepdims, last);
    }

    public ArgMin keepdims(long k) {
        return new ArgMin(version, axis, k, last);
    }

    public ArgMin selectLastIndex(long s) {
        return new ArgMin(version, axis, keepdims, s);
    }
}
