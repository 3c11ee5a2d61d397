package io.github.argonnx.generator.loader;

import io.github.argonnx.generator.model.SourceLocation;

/**
 * One thing wrong with a spec file.
 *
 * @param location where in the file
 * @param context the operator and version it concerns, for example {@code ArgMax-13}, or empty
 * @param message what is wrong and what is expected
 */
public record SpecProblem(SourceLocation location, String context, String message) {
    @Override
    public String toString() {
        return location + ": " + (context.isEmpty() ? "" : context + ": ") + message;
    }
}
