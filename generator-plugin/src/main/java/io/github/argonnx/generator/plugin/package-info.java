/**
 * The Maven goals {@code argonnx:generate} and {@code argonnx:generate-tests}: configuration, the
 * selection of operators, versions and types, fingerprinted incremental output.
 *
 * <p>Not API: the plugin's interface is its goals and their parameters ({@code mvn argonnx:help -Ddetail});
 * the classes of this package may change in any release without notice.
 */
package io.github.argonnx.generator.plugin;
