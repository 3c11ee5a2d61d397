/**
 * The emitters of the generated operator API: the operator classes and interface, {@code DataType},
 * {@code Tensor}, the prepared reductions, the validators and the package docs (the partial results are
 * {@code emit.partials}'s).
 *
 * <p>Not API: an implementation package of the Maven plugin.
 */
package io.github.argonnx.generator.emit.api;
