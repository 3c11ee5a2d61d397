package io.github.argonnx.generator.loader;

/**
 * The text of one spec file.
 *
 * @param displayName how errors name the file, for example {@code ArgMax.yaml}
 * @param content the YAML text
 */
public record SpecSource(String displayName, String content) {}
