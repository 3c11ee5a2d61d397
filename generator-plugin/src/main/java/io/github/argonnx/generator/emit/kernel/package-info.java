/**
 * The kernels ({@link io.github.argonnx.generator.emit.kernel.KernelEmitter}) and their SIMD classes
 * ({@link io.github.argonnx.generator.emit.kernel.VectorLoopEmitter}), and the loop builders they take
 * a type's loops from. A builder is named by layout and element form: {@code Slice} for a contiguous
 * reduced axis, {@code Column} for an outer one; {@code Plain}, {@code Ieee}, {@code 8BitWord},
 * {@code 16BitWord} or {@code Vector}. Which form a type's kernel takes is decided once, by
 * {@link io.github.argonnx.generator.java.LoopFamily}.
 *
 * <p>Not API: an implementation package of the Maven plugin.
 */
package io.github.argonnx.generator.emit.kernel;
