package io.github.argonnx.generator.semantics;

import io.github.argonnx.generator.model.SourceLocation;

/**
 * A place where a spec does not mean what its family says.
 *
 * @param location the attribute, parameter or version the problem is about
 * @param context the operator version, for example {@code ArgMax-13}
 * @param message what is wrong and what the family allows
 */
public record SemanticProblem(SourceLocation location, String context, String message) {

    /** {@code ArgMax-13: message}, as generation reports it. */
    @Override
    public String toString() {
        return context + ": " + message;
    }
}
