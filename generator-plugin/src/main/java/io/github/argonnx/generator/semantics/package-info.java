/**
 * What the specs of each operator family mean: {@link io.github.argonnx.generator.semantics.OperatorFamily}
 * (which operators form a family), each family's {@link io.github.argonnx.generator.semantics.FamilySemantics}
 * (which attribute is the axis, which are flags, where TopK takes {@code k} from, which input and output is
 * which) and the checks that a spec means what its family says. The loader reports these checks with the
 * spec's positions; the emitters read the same facts ({@link io.github.argonnx.generator.semantics.ArgOperator}).
 *
 * <p>Depends on the model only: no YAML, no Java output.
 *
 * <p>Not API: an implementation package of the Maven plugin; its classes may change in any release without
 * notice.
 */
package io.github.argonnx.generator.semantics;
