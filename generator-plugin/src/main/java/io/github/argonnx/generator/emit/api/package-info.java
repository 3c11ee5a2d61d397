/**
 * The emitters of the generated operator API: the operator classes and interface, {@code DataType},
 * {@code Tensor}, the prepared reductions, the partial results, the validators and the package docs.
 *
 * <p>Not API: an implementation package of the Maven plugin.
 */
package io.github.argonnx.generator.emit.api;
