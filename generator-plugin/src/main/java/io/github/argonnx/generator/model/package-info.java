/**
 * The typed, immutable spec model: operators, versions, attributes, inputs, type constraints, worked
 * examples and the element types they range over.
 *
 * <p>Not API: an implementation package of the Maven plugin; its classes may change in any release without
 * notice.
 */
package io.github.argonnx.generator.model;
