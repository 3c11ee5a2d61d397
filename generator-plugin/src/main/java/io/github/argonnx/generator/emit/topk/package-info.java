/**
 * The TopK family's generated code: its kernels ({@link io.github.argonnx.generator.emit.topk.TopKKernelEmitter})
 * and its operator class. Element order
 * comes from {@link io.github.argonnx.generator.java.Comparison}, the one home of a type's ordering.
 *
 * <p>Not API: an implementation package of the Maven plugin.
 */
package io.github.argonnx.generator.emit.topk;
