package io.github.argonnx.generator.model;

/** A position in a spec file, 1-based, printed as {@code file:line:column}. */
public record SourceLocation(String file, int line, int column) {
    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }
}
