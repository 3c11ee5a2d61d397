package io.github.argonnx.generator.emit;

import com.palantir.javapoet.CodeBlock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The arms of a generated {@code switch (version)}: versions whose arm reads the same share one, as
 * {@code case 11, 24 -> ...}, so that a version that changes nothing in a check adds a label, not a copy.
 * Arms keep the order of their first version.
 */
public final class VersionArms {

    private final Map<CodeBlock, List<Integer>> versionsByBody = new LinkedHashMap<>();

    /** Adds a version's arm: the statements inside its braces. */
    public VersionArms add(int version, CodeBlock body) {
        versionsByBody.computeIfAbsent(body, b -> new ArrayList<>()).add(version);
        return this;
    }

    /** The arms, each {@code case V, W -> { body }}, and no default. */
    public CodeBlock cases() {
        CodeBlock.Builder code = CodeBlock.builder();
        versionsByBody.forEach((body, versions) -> code
                .add("case $L -> {\n$>", versions.stream().map(String::valueOf).collect(Collectors.joining(", ")))
                .add(body)
                .add("$<}\n"));
        return code.build();
    }
}
