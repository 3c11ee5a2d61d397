/**
 * The emitters' framework: {@link io.github.argonnx.generator.emit.ArtifactEmitter}, one per kind of
 * generated artifact, run by {@link io.github.argonnx.generator.emit.Generator} (the project's list of
 * emitters is {@code io.github.argonnx.generator.emitters.Emitters}) over the
 * {@link io.github.argonnx.generator.emit.GenerationContext}; the Java-source base
 * ({@link io.github.argonnx.generator.emit.JavaSourceEmitter}, {@link io.github.argonnx.generator.emit.JavaSources});
 * and the target every emitter shares ({@link io.github.argonnx.generator.emit.KernelTarget}). What a spec's
 * attributes and inputs mean comes from {@code io.github.argonnx.generator.semantics}. The emitters live in
 * the subpackages by concern:
 * {@code kernel} (kernels and their loop builders), {@code api} (the operator API, validators, partial
 * results), {@code docs}, {@code tests}.
 *
 * <p>Not API: an implementation package of the Maven plugin; its classes may change in any release without
 * notice.
 */
package io.github.argonnx.generator.emit;
