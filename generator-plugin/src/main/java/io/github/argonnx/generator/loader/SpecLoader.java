package io.github.argonnx.generator.loader;

import io.github.argonnx.generator.model.AttributeConstraint;
import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.AttributeType;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.ExampleSpec;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.ParameterSpec;
import io.github.argonnx.generator.model.SourceLocation;
import io.github.argonnx.generator.model.TypeConstraintSpec;
import io.github.argonnx.generator.model.TypeRef;
import io.github.argonnx.generator.model.VersionSpec;
import io.github.argonnx.generator.semantics.OperatorFamily;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Reads operator spec files into the typed model, strictly.
 *
 * <p>Works on SnakeYAML's node tree (positions kept, no object construction), in three layers:
 * field shapes and types while reading, then the rules that span entries (version order, type
 * parameters, examples against their version). All problems of a load are reported together.
 */
public final class SpecLoader {

    /** Where the specs jar keeps its YAML, and the index that lists the files. */
    public static final String BUNDLED_DIRECTORY = "argonnx/specs/";
    public static final String BUNDLED_INDEX = BUNDLED_DIRECTORY + "operators.txt";

    private static final Set<String> SUPPORT_LEVELS = Set.of("COMMON", "EXPERIMENTAL");

    private final Problems problems = new Problems();
    private final SpecRules rules = new SpecRules(problems);
    private final ExampleReader examples = new ExampleReader(problems, rules);

    private SpecLoader() {}

    /** Loads every {@code *.yaml} file of a directory, in file-name order. */
    public static List<OperatorSpec> loadDirectory(Path directory) throws SpecLoadException, IOException {
        List<SpecSource> sources = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".yaml")).sorted().toList()) {
                sources.add(SpecText.decode(f.getFileName().toString(), Files.readAllBytes(f)));
            }
        }
        if (sources.isEmpty()) {
            throw new IOException("no *.yaml spec files in " + directory);
        }
        return load(sources);
    }

    /** Loads the specs published in the {@code argonnx-specs} jar, found through this class's loader. */
    public static List<OperatorSpec> loadBundled() throws SpecLoadException {
        ClassLoader cl = SpecLoader.class.getClassLoader();
        List<SpecSource> sources = new ArrayList<>();
        for (String name : readResource(cl, BUNDLED_INDEX).lines().map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList()) {
            sources.add(new SpecSource(name, readResource(cl, BUNDLED_DIRECTORY + name)));
        }
        return load(sources);
    }

    private static String readResource(ClassLoader cl, String name) {
        try (InputStream in = cl.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " not found: is argonnx-specs on the classpath?");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Loads spec texts; operators must have distinct names across files. */
    public static List<OperatorSpec> load(List<SpecSource> sources) throws SpecLoadException {
        SpecLoader loader = new SpecLoader();
        List<OperatorSpec> operators = new ArrayList<>();
        // Keyed ignoring case: the plugin selects operators ignoring case, and their classes must not differ only in case.
        Map<String, OperatorSpec> names = new LinkedHashMap<>();
        for (SpecSource source : sources) {
            loader.problems.startFile(source.displayName());
            loader.readFile(source).ifPresent(op -> {
                OperatorSpec first = names.putIfAbsent(op.name().toLowerCase(java.util.Locale.ROOT), op);
                if (first != null) {
                    loader.problems.add(op.location(), op.name(), first.name().equals(op.name())
                            ? "operator already defined at " + first.location()
                            : "operator name differs only in case from " + first.name() + " at " + first.location());
                } else {
                    operators.add(op);
                }
            });
        }
        if (!loader.problems.isEmpty()) {
            throw new SpecLoadException(loader.problems.list());
        }
        return List.copyOf(operators);
    }

    private Optional<OperatorSpec> readFile(SpecSource source) {
        Optional<SpecProblem> unsafe = SpecText.check(source);
        if (unsafe.isPresent()) {
            problems.add(unsafe.get().location(), "", unsafe.get().message());
            return Optional.empty();
        }
        Node root;
        try {
            LoaderOptions options = new LoaderOptions();
            options.setAllowDuplicateKeys(true); // duplicates are reported by YamlFields, with both positions
            options.setNestingDepthLimit(SpecText.MAX_NESTING + 1);
            root = new Yaml(new SafeConstructor(options)).compose(new java.io.StringReader(source.content()));
        } catch (MarkedYAMLException e) {
            problems.add(problems.location(e.getProblemMark()), "", "not valid YAML: " + e.getProblem()
                    + yamlContext(e));
            return Optional.empty();
        } catch (YAMLException e) {
            problems.add(problems.location((org.yaml.snakeyaml.error.Mark) null), "", "not valid YAML: " + e.getMessage());
            return Optional.empty();
        }
        if (root == null) {
            problems.add(new SourceLocation(source.displayName(), 1, 1), "", "the file is empty");
            return Optional.empty();
        }
        int before = problems.size();
        Optional<YamlFields> top = YamlFields.of(problems, "", root, "an operator spec",
                Set.of("operator", "domain", "latest_known_opset", "versions"), Set.of("source", "examples"));
        if (top.isEmpty()) {
            return Optional.empty();
        }
        YamlFields f = top.get();
        String name = f.string("operator").orElse("?");
        Optional<OperatorFamily> family = OperatorFamily.forOperator(name);
        if (f.has("operator") && problems.size() == before && family.isEmpty()) {
            problems.add(f.node("operator").get(), name, OperatorFamily.unknown(name));
        }
        String domain = f.string("domain").orElse("");
        f.node("source").ifPresent(n -> f.string("source")); // attribution only, but it must be text
        Optional<Long> latestKnown = f.integer("latest_known_opset");
        long latestKnownOpset = latestKnown.orElse(0L);
        if (latestKnown.isPresent() && (latestKnownOpset < 1 || latestKnownOpset > 10_000)) {
            problems.add(f.node("latest_known_opset").get(), name,
                    "latest_known_opset " + latestKnownOpset + " is out of range [1, 10000]");
        }
        List<VersionSpec> versions = new ArrayList<>();
        for (Node v : f.list("versions").orElse(List.of())) {
            readVersion(name, v).ifPresent(versions::add);
        }
        if (f.has("versions") && versions.isEmpty() && problems.size() == before) {
            problems.add(f.keyNode("versions"), name, "an operator needs at least one version");
        }
        rules.checkVersionOrder(name, versions);
        if (problems.size() == before && !versions.isEmpty()) {
            rules.checkFamily(name, family.get(), versions);
            rules.checkLatestKnownOpset(name, versions, (int) latestKnownOpset, f.node("latest_known_opset").get());
        }
        List<ExampleSpec> exampleSpecs = new ArrayList<>();
        for (Node e : f.list("examples").orElse(List.of())) {
            examples.read(name, e).ifPresent(exampleSpecs::add);
        }
        if (problems.size() > before) {
            return Optional.empty();
        }
        OperatorSpec op = new OperatorSpec(name, domain, versions, (int) latestKnownOpset, exampleSpecs, f.location());
        rules.checkExamples(op);
        rules.checkExampleSize(op);
        return problems.size() > before ? Optional.empty() : Optional.of(op);
    }

    /** SnakeYAML's "while parsing ..." note, which says where the unfinished construct began. */
    private static String yamlContext(MarkedYAMLException e) {
        if (e.getContext() == null) {
            return "";
        }
        org.yaml.snakeyaml.error.Mark mark = e.getContextMark();
        return " (" + e.getContext() + (mark == null ? "" : " started at line " + (mark.getLine() + 1)
                + ", column " + (mark.getColumn() + 1)) + ")";
    }

    private Optional<VersionSpec> readVersion(String op, Node node) {
        String context = op + "-" + scalarHint(node, "since_version");
        // counted before reading the mapping: its missing keys are problems too
        int before = problems.size();
        Optional<YamlFields> fields = YamlFields.of(problems, context, node, "a version",
                Set.of("since_version", "function", "support_level", "shape_inference", "summary",
                        "attributes", "inputs", "outputs", "type_constraints"),
                Set.of());
        if (fields.isEmpty()) {
            return Optional.empty();
        }
        YamlFields f = fields.get();
        Optional<Long> sinceVersion = f.integer("since_version");
        long since = sinceVersion.orElse(0L);
        if (sinceVersion.isPresent() && (since < 1 || since > 10_000)) {
            problems.add(f.node("since_version").get(), context, "since_version " + since + " is out of range [1, 10000]");
        }
        String supportLevel = f.string("support_level").orElse("COMMON");
        if (f.has("support_level") && !SUPPORT_LEVELS.contains(supportLevel)) {
            problems.add(f.node("support_level").get(), context,
                    "unknown support_level '" + supportLevel + "' (expected one of: COMMON, EXPERIMENTAL)");
        }
        List<AttributeSpec> attributes = new ArrayList<>();
        for (Node a : f.list("attributes").orElse(List.of())) {
            readAttribute(context, a).ifPresent(attributes::add);
        }
        List<ParameterSpec> inputs = readParameters(context, f, "inputs", "input");
        List<ParameterSpec> outputs = readParameters(context, f, "outputs", "output");
        List<TypeConstraintSpec> constraints = new ArrayList<>();
        for (Node c : f.list("type_constraints").orElse(List.of())) {
            readTypeConstraint(context, c).ifPresent(constraints::add);
        }
        Optional<Boolean> function = f.bool("function");
        Optional<Boolean> shapeInference = f.bool("shape_inference");
        Optional<String> summary = f.string("summary");
        if (problems.size() > before) {
            return Optional.empty();
        }
        VersionSpec version = new VersionSpec((int) since, function.get(), supportLevel, shapeInference.get(),
                summary.get(), attributes, inputs, outputs, constraints, f.location());
        rules.checkVersion(context, version);
        return problems.size() > before ? Optional.empty() : Optional.of(version);
    }

    /** A key's value as written, so that messages about an entry name it even when the entry is broken. */
    static String scalarHint(Node node, String key) {
        if (node instanceof org.yaml.snakeyaml.nodes.MappingNode m) {
            for (var t : m.getValue()) {
                if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)
                        && t.getValueNode() instanceof ScalarNode v) {
                    return v.getValue();
                }
            }
        }
        return "?";
    }

    private Optional<AttributeSpec> readAttribute(String context, Node node) {
        int before = problems.size();
        Optional<YamlFields> fields = YamlFields.of(problems, context, node, "an attribute",
                Set.of("name", "type", "doc"), Set.of("default", "constraint"));
        if (fields.isEmpty()) {
            return Optional.empty();
        }
        YamlFields f = fields.get();
        String name = f.string("name").orElse("?");
        Optional<String> typeName = f.string("type");
        AttributeType type = null;
        if (typeName.isPresent()) {
            try {
                type = AttributeType.valueOf(typeName.get());
            } catch (IllegalArgumentException e) {
                problems.add(f.node("type").get(), context, "attribute '" + name + "' has unsupported type '"
                        + typeName.get() + "' (supported: " + Arrays.stream(AttributeType.values())
                                .map(Enum::name).collect(Collectors.joining(", ")) + ")");
            }
        }
        OptionalLong defaultValue = f.integer("default").map(OptionalLong::of).orElse(OptionalLong.empty());
        Optional<String> doc = f.string("doc");
        Optional<AttributeConstraint> constraint = f.node("constraint").flatMap(n -> readConstraint(context, name, n));
        if (problems.size() > before) {
            return Optional.empty();
        }
        return Optional.of(new AttributeSpec(name, type, defaultValue, doc.get(), constraint, f.location()));
    }

    private Optional<AttributeConstraint> readConstraint(String context, String attribute, Node node) {
        Optional<YamlFields> fields = YamlFields.of(problems, context, node, "the constraint of attribute '"
                + attribute + "'", Set.of(), Set.of("allowed_values", "axis_of"));
        if (fields.isEmpty()) {
            return Optional.empty();
        }
        YamlFields f = fields.get();
        if (f.has("allowed_values") == f.has("axis_of")) {
            problems.add(node, context, "the constraint of attribute '" + attribute
                    + "' needs exactly one of 'allowed_values' or 'axis_of'");
            return Optional.empty();
        }
        if (f.has("axis_of")) {
            return f.string("axis_of").map(AttributeConstraint.AxisOf::new);
        }
        List<Long> values = new ArrayList<>();
        for (Node v : f.list("allowed_values").orElse(List.of())) {
            f.integerValue(v, "allowed_values").ifPresent(values::add);
        }
        if (values.isEmpty()) {
            problems.add(f.keyNode("allowed_values"), context, "attribute '" + attribute + "' allows no values");
            return Optional.empty();
        }
        return Optional.of(new AttributeConstraint.AllowedValues(values));
    }

    private List<ParameterSpec> readParameters(String context, YamlFields version, String key, String what) {
        List<ParameterSpec> result = new ArrayList<>();
        for (Node node : version.list(key).orElse(List.of())) {
            int before = problems.size();
            Optional<YamlFields> fields = YamlFields.of(problems, context, node, "an " + what,
                    Set.of("name", "type", "heterogeneous", "doc"), Set.of("non_empty", "shape"));
            if (fields.isEmpty()) {
                continue;
            }
            YamlFields f = fields.get();
            String name = f.string("name").orElse("?");
            Optional<TypeRef> type = f.string("type").flatMap(t -> typeRef(context, f.node("type").get(), t));
            Optional<Boolean> heterogeneous = f.bool("heterogeneous");
            Optional<String> doc = f.string("doc");
            boolean nonEmpty = f.bool("non_empty").orElse(false);
            Optional<List<Long>> shape = f.node("shape").map(n -> {
                List<Long> dims = new ArrayList<>();
                for (Node d : f.list("shape").orElse(List.of())) {
                    f.integerValue(d, "shape").ifPresent(dim -> {
                        if (dim < 0) {
                            problems.add(d, context, what + " '" + name + "' has negative dimension " + dim);
                        }
                        dims.add(dim);
                    });
                }
                return dims;
            });
            if (problems.size() == before) {
                result.add(new ParameterSpec(name, type.get(), heterogeneous.get(), doc.get(), nonEmpty, shape,
                        f.location()));
            }
        }
        if (version.has(key) && result.isEmpty() && version.list(key).map(List::isEmpty).orElse(false)) {
            problems.add(version.keyNode(key), context, "a version needs at least one " + what);
        }
        return result;
    }

    private Optional<TypeRef> typeRef(String context, Node node, String text) {
        if (text.startsWith("tensor(")) {
            Optional<ElementType> type = ElementType.fromTensorTypeName(text);
            if (type.isEmpty()) {
                problems.add(node, context, unknownType(text));
            }
            return type.map(TypeRef.Fixed::new);
        }
        if (!text.matches("[A-Za-z][A-Za-z0-9_]*")) {
            problems.add(node, context, "'" + text + "' is neither a type parameter nor a tensor type such as tensor(float)");
            return Optional.empty();
        }
        return Optional.of(new TypeRef.Parameter(text));
    }

    private static String unknownType(String text) {
        return "unknown type '" + text + "' (known: " + Arrays.stream(ElementType.values())
                .map(ElementType::tensorTypeName).sorted().collect(Collectors.joining(", ")) + ")";
    }

    private Optional<TypeConstraintSpec> readTypeConstraint(String context, Node node) {
        int before = problems.size();
        Optional<YamlFields> fields = YamlFields.of(problems, context, node, "a type constraint",
                Set.of("parameter", "allowed_types", "doc"), Set.of());
        if (fields.isEmpty()) {
            return Optional.empty();
        }
        YamlFields f = fields.get();
        String parameter = f.string("parameter").orElse("?");
        List<ElementType> types = new ArrayList<>();
        for (Node t : f.list("allowed_types").orElse(List.of())) {
            f.scalar(t, "allowed_types", "a tensor type", Tag.STR).ifPresent(text -> {
                Optional<ElementType> type = ElementType.fromTensorTypeName(text);
                if (type.isEmpty()) {
                    problems.add(t, context, unknownType(text));
                } else if (types.contains(type.get())) {
                    problems.add(t, context, "type '" + text + "' is listed twice for " + parameter);
                } else {
                    types.add(type.get());
                }
            });
        }
        if (f.has("allowed_types") && types.isEmpty() && problems.size() == before) {
            problems.add(f.keyNode("allowed_types"), context, "type parameter " + parameter + " allows no types");
        }
        Optional<String> doc = f.string("doc");
        if (problems.size() > before) {
            return Optional.empty();
        }
        return Optional.of(new TypeConstraintSpec(parameter, types, doc.get(), f.location()));
    }
}
