package io.github.argonnx.generator.plugin;

import io.github.argonnx.generator.emit.GeneratedAnnotation;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.OperatorSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import javax.lang.model.SourceVersion;

/**
 * The user's choice of what to generate, checked: the package, the operator, version and type filters
 * (empty means all) and the {@code @Generated} flavour.
 *
 * <p>Versions come two ways: {@code versions} names operator versions ({@code since_version}, such as 13),
 * {@code modelOpsets} names a model's ai.onnx opset import (such as 17) and selects the version of each
 * selected operator in force at it. A number given in the wrong one is refused with the hint to use the other.
 *
 * <p>{@link #parse} checks what can be checked without the specs; {@link #checkAgainst} checks the
 * filters against the loaded operators, so that every filter value selects something and no selected
 * operator ends up with nothing to generate.
 *
 * <p>{@code modelNeeds} is what {@code <models>} needs, per operator: its versions and types. An operator the
 * models need is generated at those versions for those types, and also at the given {@code versions} and
 * {@code modelOpsets} and for the given {@code types}; an operator only {@code operators} names is selected by
 * the filters alone, as without models. With models, {@code operators} adds operators to theirs.
 */
record Selection(
        String packageName,
        SortedSet<String> operators,
        SortedSet<Integer> versions,
        SortedSet<Integer> modelOpsets,
        Set<ElementType> types,
        GeneratedAnnotation generatedAnnotation,
        SortedMap<String, GenerationContext.OperatorFilter> modelNeeds) {

    static final String PACKAGE_NAME = "packageName";
    static final String OPERATORS = "operators";
    static final String VERSIONS = "versions";
    static final String MODEL_OPSETS = "modelOpsets";
    static final String TYPES = "types";
    static final String GENERATED_ANNOTATION = "generatedAnnotation";

    Selection {
        operators = Collections.unmodifiableSortedSet(new TreeSet<>(operators));
        versions = Collections.unmodifiableSortedSet(new TreeSet<>(versions));
        modelOpsets = Collections.unmodifiableSortedSet(new TreeSet<>(modelOpsets));
        types = Collections.unmodifiableSet(types.isEmpty() ? EnumSet.noneOf(ElementType.class) : EnumSet.copyOf(types));
        modelNeeds = Collections.unmodifiableSortedMap(new TreeMap<>(modelNeeds));
    }

    /**
     * Parses the raw parameter values. List values may also be comma-separated, as in
     * {@code -Dargonnx.types=float,int64}; blanks around values are ignored.
     */
    static Selection parse(String packageName, List<String> operators, List<String> versions,
            List<String> modelOpsets, List<String> types, String generatedAnnotation)
            throws InvalidConfigurationException {
        InvalidConfigurationException.Collector problems = new InvalidConfigurationException.Collector();

        String pkg = packageName == null ? "" : packageName.strip();
        String allowedPackages = "dot-separated Java identifiers that are not keywords, outside java.* and javax.*,"
                + " for example com.example.onnx";
        if (!SourceVersion.isName(pkg)) {
            problems.add(PACKAGE_NAME, pkg, "is not a Java package name", allowedPackages);
        } else if (pkg.equals("java") || pkg.startsWith("java.") || pkg.equals("javax") || pkg.startsWith("javax.")) {
            // The JDK's modules own these packages: javac refuses classes in them from the class path.
            problems.add(PACKAGE_NAME, pkg, "is a package of the Java platform", allowedPackages);
        }

        SortedSet<String> operatorNames = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        operatorNames.addAll(split(operators));

        SortedSet<Integer> versionNumbers = positiveIntegers(problems, VERSIONS, versions, "is not an operator version",
                "positive integers, the since_version of a version, such as 1, 11, 12, 13");
        SortedSet<Integer> opsetNumbers = positiveIntegers(problems, MODEL_OPSETS, modelOpsets,
                "is not an ai.onnx opset", "positive integers, a model's opset_import version, such as 17");

        Set<ElementType> dataTypes = EnumSet.noneOf(ElementType.class);
        for (String text : split(types)) {
            ElementType.fromOnnxName(text.toLowerCase(Locale.ROOT)).ifPresentOrElse(dataTypes::add,
                    () -> problems.add(TYPES, text, "is not an ONNX element type name", allTypeNames()));
        }

        GeneratedAnnotation annotation = GeneratedAnnotation.JAVAX;
        String annotationText = generatedAnnotation == null ? "" : generatedAnnotation.strip();
        try {
            annotation = GeneratedAnnotation.valueOf(annotationText.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            problems.add(GENERATED_ANNOTATION, annotationText, "is not a @Generated flavour",
                    Arrays.stream(GeneratedAnnotation.values()).map(a -> a.name().toLowerCase(Locale.ROOT))
                            .collect(Collectors.joining(", ")));
        }

        problems.throwIfAny();
        return new Selection(pkg, operatorNames, versionNumbers, opsetNumbers, dataTypes, annotation, new TreeMap<>());
    }

    private static SortedSet<Integer> positiveIntegers(InvalidConfigurationException.Collector problems,
            String parameter, List<String> values, String problem, String allowed) {
        SortedSet<Integer> numbers = new TreeSet<>();
        for (String text : split(values)) {
            try {
                int number = Integer.parseInt(text);
                if (number < 1) {
                    throw new NumberFormatException();
                }
                numbers.add(number);
            } catch (NumberFormatException e) {
                problems.add(parameter, text, problem, allowed);
            }
        }
        return numbers;
    }

    /** Checks that every filter value selects something in {@code specs} and that no selected operator is left empty. */
    void checkAgainst(List<OperatorSpec> loaded) throws InvalidConfigurationException {
        InvalidConfigurationException.Collector problems = new InvalidConfigurationException.Collector();
        List<OperatorSpec> specs = generatedOnly(loaded);
        String generatedNames = specs.stream().map(OperatorSpec::name).sorted().collect(Collectors.joining(", "));
        for (String name : operators) {
            java.util.Optional<OperatorSpec> spec = loaded.stream().filter(op -> op.name().equalsIgnoreCase(name))
                    .findFirst();
            if (spec.isEmpty()) {
                problems.add(OPERATORS, name, "is not an operator in the specs", generatedNames);
            }
        }
        if (specs.isEmpty()) {
            problems.add(OPERATORS, "the specs hold no operator that is generated yet (specified only: "
                    + loaded.stream().map(OperatorSpec::name).sorted().collect(Collectors.joining(", "))
                    + "; generated: " + GenerationContext.GENERATED_FAMILIES.stream()
                            .flatMap(f -> f.operators().stream()).sorted().collect(Collectors.joining(", ")) + ")");
        }
        problems.throwIfAny();
        SortedSet<String> operators = selectedNames(specs);
        List<OperatorSpec> selected = new GenerationContext(specs, packageName, operators, Set.of(), Set.of(),
                generatedAnnotation).operatorsToGenerate();

        for (int version : versions) {
            if (selected.stream().noneMatch(op -> op.version(version).isPresent())) {
                problems.add(VERSIONS, "'" + version + "' is not " + versionsOf(selected) + modelOpsetHint(version, selected));
            }
        }
        for (int opset : modelOpsets) {
            if (selected.stream().noneMatch(op -> inForce(op, opset).isPresent())) {
                problems.add(MODEL_OPSETS, "'" + opset + "' is not an ai.onnx opset at which " + (selected.size() == 1
                        ? selected.get(0).name() + " has a version" : "any selected operator has a version")
                        + " (known opsets: " + opsetRanges(selected) + ")");
            }
        }
        // Stop here: with a version that selects nothing, every type would look unaccepted too.
        problems.throwIfAny();

        // The generator's own view of the selection, without the type filter, says what each version accepts.
        SortedSet<Integer> resolved = resolvedVersions(specs);
        GenerationContext unfilteredTypes = context(specs, false);
        Set<ElementType> acceptedBySelection = EnumSet.noneOf(ElementType.class);
        for (OperatorSpec op : selected) {
            acceptedBySelection.addAll(unfilteredTypes.typesToGenerate(op));
        }
        for (ElementType type : types) {
            if (!acceptedBySelection.contains(type)) {
                problems.add(TYPES, type.onnxName(), "is accepted by no selected operator version",
                        acceptedBySelection.isEmpty() ? "none" : names(acceptedBySelection, ", "));
            }
        }
        problems.throwIfAny();

        // Every value selects something; still, one operator may be left with nothing to generate.
        GenerationContext context = context(specs);
        for (OperatorSpec op : selected) {
            if (context.versionsToGenerate(op).isEmpty()) {
                problems.add(versions.isEmpty() ? MODEL_OPSETS : VERSIONS, op.name() + " has none of the selected versions "
                        + resolved + (modelOpsets.isEmpty() ? "" : " (<modelOpsets> " + modelOpsets + " included)")
                        + ", so the selection generates nothing for it; select versions it has (" + versionList(selected)
                        + ") or restrict <operators>");
            } else if (context.typesToGenerate(op).isEmpty()) {
                problems.add(TYPES, op.name() + " accepts none of the selected types [" + names(types, ", ")
                        + "] in the selected versions, so the selection generates nothing for it; add types it accepts ("
                        + names(unfilteredTypes.typesToGenerate(op), ", ") + ") or restrict <operators>");
            }
        }
        problems.throwIfAny();
    }

    /**
     * The operator versions to generate: {@link #versions} and, for each of {@link #modelOpsets}, the version of
     * each selected operator in force at it. Empty (every version) when neither is given.
     */
    SortedSet<Integer> resolvedVersions(List<OperatorSpec> loaded) {
        List<OperatorSpec> specs = generatedOnly(loaded);
        SortedSet<Integer> resolved = new TreeSet<>(versions);
        SortedSet<String> names = specNames(specs);
        for (OperatorSpec op : specs) {
            if (names.isEmpty() || names.contains(op.name())) {
                for (int opset : modelOpsets) {
                    inForce(op, opset).ifPresent(resolved::add);
                }
            }
        }
        return resolved;
    }

    /** The since_version in force for a model importing {@code opset}, within the opsets the spec knows. */
    private static java.util.Optional<Integer> inForce(OperatorSpec op, int opset) {
        return opset > op.latestKnownOpset() ? java.util.Optional.empty()
                : op.versionAt(opset).map(v -> v.sinceVersion());
    }

    /** "an ArgMax version (1, 11, 12, 13)", or for several operators each one's versions. */
    private static String versionsOf(List<OperatorSpec> selected) {
        if (selected.size() == 1) {
            OperatorSpec op = selected.get(0);
            return (op.name().matches("(?i)[aeio].*") ? "an " : "a ") + op.name() + " version (" + versions(op) + ")";
        }
        return "a version of any selected operator (" + versionList(selected) + ")";
    }

    /** The hint for a version that is a model's opset at which some selected operator has a version in force. */
    private static String modelOpsetHint(int number, List<OperatorSpec> selected) {
        String inForce = selected.stream().filter(op -> inForce(op, number).isPresent())
                .map(op -> op.name() + "-" + inForce(op, number).get()).collect(Collectors.joining(", "));
        return inForce.isEmpty() ? "" : "; for a model's opset use <modelOpsets> (at opset " + number + ": " + inForce + ")";
    }

    private static String versionList(List<OperatorSpec> selected) {
        return selected.stream().map(op -> op.name() + ": " + versions(op)).collect(Collectors.joining("; "));
    }

    private static String versions(OperatorSpec op) {
        return op.versions().stream().map(v -> String.valueOf(v.sinceVersion())).collect(Collectors.joining(", "));
    }

    private static String opsetRanges(List<OperatorSpec> selected) {
        return selected.stream().map(op -> (selected.size() == 1 ? "" : op.name() + ": ")
                + op.versions().get(0).sinceVersion() + " to " + op.latestKnownOpset()).collect(Collectors.joining("; "));
    }

    /** This selection with what {@code <models>} needs, per operator by spec name: versions and types. */
    Selection withModelNeeds(Map<String, GenerationContext.OperatorFilter> needs) {
        return new Selection(packageName, operators, versions, modelOpsets, types, generatedAnnotation,
                new TreeMap<>(needs));
    }

    /** The generator's view of this selection over the loaded specs. */
    GenerationContext context(List<OperatorSpec> loaded) {
        return context(generatedOnly(loaded), true);
    }

    /**
     * The generator's view; without {@code typeFilters}, every type the selected versions accept. An operator the
     * models need gets its own filter: their versions and types, with the given versions, opsets and types added.
     */
    private GenerationContext context(List<OperatorSpec> specs, boolean typeFilters) {
        Map<String, GenerationContext.OperatorFilter> own = new TreeMap<>();
        for (OperatorSpec op : specs) {
            GenerationContext.OperatorFilter needs = modelNeeds.get(op.name());
            if (needs != null) {
                SortedSet<Integer> opVersions = new TreeSet<>(needs.versions());
                opVersions.addAll(versions);
                modelOpsets.forEach(opset -> inForce(op, opset).ifPresent(opVersions::add));
                Set<ElementType> opTypes = EnumSet.noneOf(ElementType.class);
                if (typeFilters) {
                    opTypes.addAll(needs.types());
                    opTypes.addAll(types);
                }
                own.put(op.name(), new GenerationContext.OperatorFilter(opVersions, opTypes));
            }
        }
        return new GenerationContext(specs, packageName, selectedNames(specs), resolvedVersions(specs),
                typeFilters ? types : Set.of(), generatedAnnotation, own);
    }

    /** The operators to generate: those the models need and those {@code operators} names; empty means all. */
    private SortedSet<String> selectedNames(List<OperatorSpec> specs) {
        SortedSet<String> names = specNames(specs);
        if (!modelNeeds.isEmpty()) {
            specs.stream().map(OperatorSpec::name).filter(modelNeeds::containsKey).forEach(names::add);
        }
        return names;
    }

    /**
     * The specs of the families the emitters generate: a model's opset must not select versions through an
     * operator that generates nothing.
     */
    private static List<OperatorSpec> generatedOnly(List<OperatorSpec> loaded) {
        return loaded.stream().filter(GenerationContext::generated).toList();
    }

    /** The selected operators as the specs spell them: operator names, like type names, are case-insensitive. */
    private SortedSet<String> specNames(List<OperatorSpec> specs) {
        SortedSet<String> names = new TreeSet<>();
        for (String name : operators) {
            specs.stream().map(OperatorSpec::name).filter(name::equalsIgnoreCase).forEach(names::add);
        }
        return names;
    }

    /** The selection as fingerprint inputs; equal selections give equal inputs. */
    SortedMap<String, String> fingerprintInputs() {
        SortedMap<String, String> inputs = new TreeMap<>();
        inputs.put("config." + PACKAGE_NAME, packageName);
        inputs.put("config." + OPERATORS, String.join(",", operators));
        inputs.put("config." + VERSIONS, versions.stream().map(String::valueOf).collect(Collectors.joining(",")));
        inputs.put("config." + MODEL_OPSETS, modelOpsets.stream().map(String::valueOf).collect(Collectors.joining(",")));
        inputs.put("config." + TYPES, names(types, ","));
        inputs.put("config." + GENERATED_ANNOTATION, generatedAnnotation.name());
        if (!modelNeeds.isEmpty()) {
            inputs.put("config.modelNeeds", modelNeeds.entrySet().stream().map(e -> e.getKey() + ":"
                    + e.getValue().versions().stream().map(String::valueOf).collect(Collectors.joining(",")) + ":"
                    + names(e.getValue().types(), ",")).collect(Collectors.joining(";")));
        }
        return inputs;
    }

    private static List<String> split(List<String> values) {
        List<String> parts = new ArrayList<>();
        if (values != null) {
            for (String value : values) {
                if (value == null) {
                    continue;
                }
                for (String part : value.split(",")) {
                    if (!part.isBlank()) {
                        parts.add(part.strip());
                    }
                }
            }
        }
        return parts;
    }

    private static String names(Set<ElementType> types, String separator) {
        return types.stream().map(ElementType::onnxName).collect(Collectors.joining(separator));
    }

    private static String allTypeNames() {
        return Arrays.stream(ElementType.values()).map(ElementType::onnxName).sorted().collect(Collectors.joining(", "));
    }
}
