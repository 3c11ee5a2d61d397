/**
 * Not API, may change in any release: the runtime that generated operators, kernels and validators
 * call (shapes, buffers, validated calls, parallel splitting, the SIMD loop loader, partial byte forms)
 * and the hooks they use into the API classes ({@link io.github.argonnx.internal.runtime.ApiHooks}).
 *
 * <p>Its classes are public only so that generated code in any package, the consumer's included, can
 * reach them. It is left out of the published javadoc; the API is {@code io.github.argonnx.runtime}
 * and the generated operator package (docs/usage.md, "API").
 */
package io.github.argonnx.internal.runtime;
