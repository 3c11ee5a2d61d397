/**
 * The emitters of the generated partial results: {@code PartialReduction} (chunks of the reduced axis
 * reduced with the operator's kernels, into the runtime's accumulators and partials), its nested chunk
 * class, and one {@code <Type>PartialKeys} per element type with its running bests.
 *
 * <p>Not API: an implementation package of the Maven plugin.
 */
package io.github.argonnx.generator.emit.partials;
