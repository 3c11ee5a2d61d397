/**
 * The kernels ({@link io.github.argonnx.generator.emit.kernel.KernelEmitter}) and their SIMD classes
 * ({@link io.github.argonnx.generator.emit.kernel.VectorLoopEmitter}), and the loop builders they take
 * a type's loops from. A builder is named by layout and element form: {@code Slice} for a contiguous
 * reduced axis, {@code Column} for an outer one; {@code Plain}, {@code 32BitScreen}, {@code Ieee},
 * {@code 8BitWord}, {@code 16BitWord} or {@code Vector}. Which form a type's kernel takes is decided
 * once, by {@link io.github.argonnx.generator.java.LoopFamily}; {@code SliceLoop.of} and
 * {@code ColumnLoop.of} map a family to its builder of each layout. What builders share lives beside
 * them: per layout in {@code SliceBlocks} and {@code ColumnBlocks}, per element form in
 * {@code EightBitWords} (the 8-bit word test) and {@code SixteenBitScreen} (the 16-bit screen).
 *
 * <p>Not API: an implementation package of the Maven plugin.
 */
package io.github.argonnx.generator.emit.kernel;
