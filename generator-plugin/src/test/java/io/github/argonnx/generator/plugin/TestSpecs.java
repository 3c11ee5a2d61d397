package io.github.argonnx.generator.plugin;

import io.github.argonnx.generator.loader.SpecLoadException;
import io.github.argonnx.generator.loader.SpecLoader;
import io.github.argonnx.generator.loader.SpecSource;
import io.github.argonnx.generator.model.OperatorSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Small operator specs written for these tests, loaded through the real loader. */
final class TestSpecs {

    private TestSpecs() {}

    /** The directory holding the cut-down ArgMax spec (version 13, float only) that the plugin tests share. */
    static Path argMaxDirectory() throws Exception {
        return Path.of(TestSpecs.class.getResource("specs/ArgMax.yaml").toURI()).getParent();
    }

    /** A minimal spec text: one input {@code data} of type T, the given versions each with its allowed types. */
    static String yaml(String operator, Map<Integer, List<String>> typesByVersion) {
        StringBuilder text = new StringBuilder("operator: " + operator + "\ndomain: ai.onnx\nlatest_known_opset: 26\nversions:\n");
        typesByVersion.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> text
                .append("  - since_version: ").append(e.getKey()).append('\n')
                .append("    function: false\n    support_level: COMMON\n    shape_inference: true\n")
                .append("    summary: test operator\n    attributes: []\n")
                .append("    inputs:\n      - {name: data, type: T, heterogeneous: false, doc: input}\n")
                .append("    outputs:\n      - {name: reduced, type: tensor(int64), heterogeneous: false, doc: output}\n")
                .append("    type_constraints:\n      - parameter: T\n        doc: types\n        allowed_types: [")
                .append(e.getValue().stream().map(t -> "tensor(" + t + ")").collect(Collectors.joining(", ")))
                .append("]\n"));
        return text.toString();
    }

    static List<OperatorSpec> load(String... yamlTexts) throws SpecLoadException {
        List<SpecSource> sources = new ArrayList<>();
        for (int i = 0; i < yamlTexts.length; i++) {
            sources.add(new SpecSource("spec" + i + ".yaml", yamlTexts[i]));
        }
        return SpecLoader.load(sources);
    }
}
