/**
 * The emitters of the generated tests: the spec examples as JUnit tests, and a property test per kernel.
 *
 * <p>Not API: an implementation package of the Maven plugin.
 */
package io.github.argonnx.generator.emit.tests;
