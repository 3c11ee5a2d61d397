package io.github.argonnx.generator.loader;

import io.github.argonnx.generator.model.SourceLocation;
import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.Node;

/** Collects the problems of one load, each pinned to a position in a named file. */
final class Problems {

    private final List<SpecProblem> all = new ArrayList<>();
    private String file;

    void startFile(String displayName) {
        this.file = displayName;
    }

    SourceLocation location(Node node) {
        return location(node.getStartMark());
    }

    SourceLocation location(Mark mark) {
        return mark == null ? new SourceLocation(file, 1, 1)
                : new SourceLocation(file, mark.getLine() + 1, mark.getColumn() + 1);
    }

    void add(Node node, String context, String message) {
        all.add(new SpecProblem(location(node), context, message));
    }

    void add(SourceLocation location, String context, String message) {
        all.add(new SpecProblem(location, context, message));
    }

    boolean isEmpty() {
        return all.isEmpty();
    }

    int size() {
        return all.size();
    }

    List<SpecProblem> list() {
        return List.copyOf(all);
    }
}
