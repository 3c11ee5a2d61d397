/**
 * The TopK family's generated code: its kernels ({@link io.github.argonnx.generator.emit.topk.TopKKernelEmitter})
 * and its operator class ({@link io.github.argonnx.generator.emit.topk.TopKOperatorEmitter}). Element order
 * comes from {@link io.github.argonnx.generator.java.Comparison}, the one home of a type's ordering.
 *
 * <p>Not API: an implementation package of the Maven plugin.
 */
package io.github.argonnx.generator.emit.topk;
