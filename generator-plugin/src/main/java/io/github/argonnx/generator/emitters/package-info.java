/**
 * The list of the project's emitters ({@link io.github.argonnx.generator.emitters.Emitters}), the one
 * package that depends on every emitter subpackage of {@code emit}.
 *
 * <p>Not API: an implementation package of the Maven plugin; its classes may change in any release without
 * notice.
 */
package io.github.argonnx.generator.emitters;
