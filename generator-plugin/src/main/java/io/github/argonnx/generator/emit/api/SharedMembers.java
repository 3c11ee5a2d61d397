package io.github.argonnx.generator.emit.api;

import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.semantics.ArgOperator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The attribute setters every generated operator has, in the first operator's order: an attribute the
 * operators do not all have stays on its classes only. Flags keep their boolean form if flags everywhere.
 */
record SharedMembers(List<String> attributes, Set<String> flags) {

    static SharedMembers of(List<ArgOperator> operators) {
        List<String> attributes = new ArrayList<>();
        Set<String> flags = new HashSet<>();
        for (AttributeSpec a : operators.get(0).allAttributes()) {
            if (operators.stream().allMatch(o -> !o.versionsWith(a.name()).isEmpty())) {
                attributes.add(a.name());
                if (operators.stream().allMatch(o -> o.isFlag(a.name()))) {
                    flags.add(a.name());
                }
            }
        }
        return new SharedMembers(List.copyOf(attributes), Set.copyOf(flags));
    }
}
