/**
 * Not API, may change in any release: the runtime that generated operators, kernels and validators
 * call (shapes, buffers, validated calls, parallel splitting, the SIMD loop loader) and the state the
 * API types of {@code io.github.argonnx.runtime} wrap (partial results, accumulators, signatures,
 * results, parallelism).
 *
 * <p>The dependency runs one way: the API package wraps and calls this one, and this one imports from
 * the API package nothing but {@code ArgOnnxException}, the refusal every layer throws, which depends on
 * nothing. Generated code, in a package of its own, turns internal state into API objects and back
 * through the faces the API types install ({@link io.github.argonnx.internal.runtime.Faces}).
 *
 * <p>Its classes are public only so that generated code in any package, the consumer's included, can
 * reach them. It is left out of the published javadoc; the API is {@code io.github.argonnx.runtime}
 * and the generated operator package (docs/usage.md, "API").
 */
package io.github.argonnx.internal.runtime;
