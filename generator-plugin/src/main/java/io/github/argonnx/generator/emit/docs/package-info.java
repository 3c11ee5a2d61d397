/**
 * The emitters of the generated Markdown: one reference page per operator and the support matrix.
 *
 * <p>Not API: an implementation package of the Maven plugin.
 */
package io.github.argonnx.generator.emit.docs;
