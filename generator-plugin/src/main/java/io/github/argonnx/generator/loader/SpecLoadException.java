package io.github.argonnx.generator.loader;

import java.util.List;
import java.util.stream.Collectors;

/** Every problem found while loading a set of spec files, reported together. */
public final class SpecLoadException extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient List<SpecProblem> problems;

    public SpecLoadException(List<SpecProblem> problems) {
        super(problems.size() + (problems.size() == 1 ? " problem" : " problems") + " in the specs:\n"
                + problems.stream().map(p -> "  " + p).collect(Collectors.joining("\n")));
        this.problems = List.copyOf(problems);
    }

    public List<SpecProblem> problems() {
        return problems;
    }
}
