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
 * <p>{@link #parse} checks what can be checked without the specs; {@link #checkAgainst} checks the
 * filters against the loaded operators, so that every filter value selects something and no selected
 * operator ends up with nothing to generate.
 */
record Selection(
        String packageName,
        SortedSet<String> operators,
        SortedSet<Integer> opsets,
        Set<ElementType> types,
        GeneratedAnnotation generatedAnnotation) {

    static final String PACKAGE_NAME = "packageName";
    static final String OPERATORS = "operators";
    static final String OPSETS = "opsets";
    static final String TYPES = "types";
    static final String GENERATED_ANNOTATION = "generatedAnnotation";

    Selection {
        operators = Collections.unmodifiableSortedSet(new TreeSet<>(operators));
        opsets = Collections.unmodifiableSortedSet(new TreeSet<>(opsets));
        types = Collections.unmodifiableSet(types.isEmpty() ? EnumSet.noneOf(ElementType.class) : EnumSet.copyOf(types));
    }

    /**
     * Parses the raw parameter values. List values may also be comma-separated, as in
     * {@code -Dargonnx.types=float,int64}; blanks around values are ignored.
     */
    static Selection parse(String packageName, List<String> operators, List<String> opsets, List<String> types,
            String generatedAnnotation) throws InvalidConfigurationException {
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

        SortedSet<Integer> versions = new TreeSet<>();
        for (String text : split(opsets)) {
            try {
                int version = Integer.parseInt(text);
                if (version < 1) {
                    throw new NumberFormatException();
                }
                versions.add(version);
            } catch (NumberFormatException e) {
                problems.add(OPSETS, text, "is not an operator version", "positive integers such as 1, 11, 12, 13");
            }
        }

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
        return new Selection(pkg, operatorNames, versions, dataTypes, annotation);
    }

    /** Checks that every filter value selects something in {@code specs} and that no selected operator is left empty. */
    void checkAgainst(List<OperatorSpec> specs) throws InvalidConfigurationException {
        InvalidConfigurationException.Collector problems = new InvalidConfigurationException.Collector();
        Set<String> known = new TreeSet<>();
        specs.forEach(op -> known.add(op.name()));
        for (String name : operators) {
            if (known.stream().noneMatch(name::equalsIgnoreCase)) {
                problems.add(OPERATORS, name, "is not an operator in the specs",
                        String.join(", ", known));
            }
        }
        problems.throwIfAny();
        SortedSet<String> operators = specNames(specs);

        // The generator's own view of the selection, without the type filter, says what each version accepts.
        GenerationContext unfilteredTypes = new GenerationContext(specs, packageName, operators, opsets, Set.of(),
                generatedAnnotation);
        List<OperatorSpec> selected = unfilteredTypes.operatorsToGenerate();
        String versionsOfSelected = selected.stream()
                .map(op -> op.name() + " " + op.versions().stream().map(v -> String.valueOf(v.sinceVersion()))
                        .collect(Collectors.joining(", ")))
                .collect(Collectors.joining("; "));
        for (int opset : opsets) {
            if (selected.stream().noneMatch(op -> op.version(opset).isPresent())) {
                problems.add(OPSETS, String.valueOf(opset), "is not a version (since_version) of any selected operator",
                        versionsOfSelected);
            }
        }
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
                problems.add(OPSETS, op.name() + " has none of the selected versions " + opsets
                        + ", so the selection generates nothing for it; select versions it has (" + versionsOfSelected
                        + ") or restrict <operators>");
            } else if (context.typesToGenerate(op).isEmpty()) {
                problems.add(TYPES, op.name() + " accepts none of the selected types [" + names(types, ", ")
                        + "] in the selected versions, so the selection generates nothing for it; add types it accepts ("
                        + names(unfilteredTypes.typesToGenerate(op), ", ") + ") or restrict <operators>");
            }
        }
        problems.throwIfAny();
    }

    /** The generator's view of this selection over the loaded specs. */
    GenerationContext context(List<OperatorSpec> specs) {
        return new GenerationContext(specs, packageName, specNames(specs), opsets, types, generatedAnnotation);
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
        inputs.put("config." + OPSETS, opsets.stream().map(String::valueOf).collect(Collectors.joining(",")));
        inputs.put("config." + TYPES, names(types, ","));
        inputs.put("config." + GENERATED_ANNOTATION, generatedAnnotation.name());
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
