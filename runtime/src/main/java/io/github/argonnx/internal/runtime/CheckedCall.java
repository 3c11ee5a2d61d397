package io.github.argonnx.internal.runtime;

import java.util.Objects;

/**
 * The last call an operator checked: an element type and the validated call for it. An operator keeps
 * one, so that a loop over inputs of one type and shape (a classification head, a stream of chunks)
 * pays for its checks once and allocates nothing for them after the first call. Immutable, so a field
 * holding it needs no lock: a thread that sees an older one, or none, only checks again.
 *
 * @param elementType the input's element type (the generated {@code DataType} constant)
 * @param call what the operator's validator returned for that type and {@code call.inputShape()}
 */
public record CheckedCall(Object elementType, ValidatedCall call) {

    /**
     * The checked call.
     *
     * @param elementType the input's element type
     * @param call the validated call
     */
    public CheckedCall {
        Objects.requireNonNull(elementType, "elementType");
        Objects.requireNonNull(call, "call");
    }

    /**
     * The validated call, if it was made for exactly this element type and input shape.
     *
     * @param type the element type of the new input
     * @param inputShape the shape of the new input (not modified)
     * @return the validated call, or null if the type or any dimension differs
     */
    public ValidatedCall callFor(Object type, long[] inputShape) {
        return elementType == type && call.hasInputShape(inputShape) ? call : null;
    }
}
