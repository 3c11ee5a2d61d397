package io.github.argonnx.onnx;

import java.io.IOException;

/**
 * The bytes are not an ONNX model this reader can read: truncated, not protobuf, or a model without a graph.
 * The message names the file (or "model bytes") and what is wrong, in one short line.
 */
public final class OnnxFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    private final String problem;

    /**
     * A refusal of {@code origin}.
     *
     * @param origin the file name, or "model bytes"
     * @param problem what is wrong with it
     */
    OnnxFormatException(String origin, String problem) {
        super(origin + ": not a readable ONNX model: " + problem);
        this.problem = problem;
    }

    /**
     * What is wrong, without the origin: for callers that name the file their own way.
     *
     * @return for example {@code the data ends inside a field (truncated, or not protobuf) (at byte 12)}
     */
    public String problem() {
        return problem;
    }
}
