/**
 * The strict YAML loader: reads operator specs into the model of {@code io.github.argonnx.generator.model},
 * reporting every problem of a run with its file, line and column.
 *
 * <p>Not API: an implementation package of the Maven plugin; its classes may change in any release without
 * notice.
 */
package io.github.argonnx.generator.loader;
