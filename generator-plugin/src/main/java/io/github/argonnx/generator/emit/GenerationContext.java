package io.github.argonnx.generator.emit;

import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.VersionSpec;
import io.github.argonnx.generator.semantics.OperatorFamily;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The loaded specs and what the user asked to generate from them.
 *
 * @param operators the loaded operator specs of the families the emitters generate ({@link #GENERATED_FAMILIES}),
 *     sorted by name; the specs of other families are left out
 * @param basePackage Java package of the generated API; kernels and validators go in sub-packages
 * @param operatorFilter operator names to generate; empty means all
 * @param opsetFilter operator versions (since_version values) to generate; empty means all
 * @param typeFilter element types to generate; empty means all
 * @param generatedAnnotation which {@code @Generated} annotation to use
 * @param operatorFilters per operator name, the versions and types of that operator, which replace
 *     {@code opsetFilter} and {@code typeFilter} for it: a selection made per operator, such as what models need
 */
public record GenerationContext(
        List<OperatorSpec> operators,
        String basePackage,
        Set<String> operatorFilter,
        Set<Integer> opsetFilter,
        Set<ElementType> typeFilter,
        GeneratedAnnotation generatedAnnotation,
        Map<String, OperatorFilter> operatorFilters) {

    /**
     * The versions and element types of one operator to generate; empty means all.
     *
     * @param versions operator versions (since_version values)
     * @param types element types of the operator's first input
     */
    public record OperatorFilter(Set<Integer> versions, Set<ElementType> types) {
        public OperatorFilter {
            versions = Collections.unmodifiableSortedSet(new TreeSet<>(versions));
            types = Collections.unmodifiableSortedSet(new TreeSet<>(types));
        }
    }

    /** Names the generator as it appears in {@code @Generated} and file headers. */
    public static final String GENERATOR_NAME = "io.github.argonnx.generator";

    /**
     * The operator families the emitters generate. A spec of another family loads and is checked, and nothing
     * is generated from it; the plugin refuses to select it by name.
     */
    public static final Set<OperatorFamily> GENERATED_FAMILIES = Set.of(OperatorFamily.ARG_REDUCTION, OperatorFamily.TOP_K);

    public GenerationContext {
        operators = operators.stream()
                .filter(GenerationContext::generated)
                .sorted((a, b) -> a.name().compareTo(b.name()))
                .toList();
        operatorFilter = Set.copyOf(operatorFilter);
        opsetFilter = Set.copyOf(opsetFilter);
        typeFilter = Set.copyOf(typeFilter);
        operatorFilters = Map.copyOf(operatorFilters);
    }

    /** A selection by the same filters for every operator. */
    public GenerationContext(List<OperatorSpec> operators, String basePackage, Set<String> operatorFilter,
            Set<Integer> opsetFilter, Set<ElementType> typeFilter, GeneratedAnnotation generatedAnnotation) {
        this(operators, basePackage, operatorFilter, opsetFilter, typeFilter, generatedAnnotation, Map.of());
    }

    /**
     * Whether the emitters generate the operator's family. An operator of no family, which only a model built
     * by hand has, counts as generated, so that the emitters refuse it by name.
     */
    public static boolean generated(OperatorSpec op) {
        return OperatorFamily.forOperator(op.name()).map(GENERATED_FAMILIES::contains).orElse(true);
    }

    /** The names of everything generated into {@link #basePackage} and its sub-packages. */
    public GeneratedNames names() {
        return new GeneratedNames(basePackage);
    }

    /** The operators selected for generation, sorted by name. */
    public List<OperatorSpec> operatorsToGenerate() {
        return operators.stream()
                .filter(op -> operatorFilter.isEmpty() || operatorFilter.contains(op.name()))
                .toList();
    }

    /**
     * The operators of one family selected for generation, sorted by name: what that family's emitters generate.
     * An operator of no family, which only a model built by hand has, goes to the arg-reduction emitters, which
     * refuse it by name.
     */
    public List<OperatorSpec> operatorsToGenerate(OperatorFamily family) {
        return operatorsToGenerate().stream()
                .filter(op -> OperatorFamily.forOperator(op.name())
                        .map(f -> f == family)
                        .orElse(family == OperatorFamily.ARG_REDUCTION))
                .toList();
    }

    /** Every operator of one family and element type selected, operators by name, types in enum order. */
    public List<KernelTarget> kernelsToGenerate(OperatorFamily family) {
        List<KernelTarget> targets = new ArrayList<>();
        for (OperatorSpec op : operatorsToGenerate(family)) {
            for (ElementType type : typesToGenerate(op)) {
                targets.add(new KernelTarget(op, type));
            }
        }
        return targets;
    }

    /** Every element type some selected operator of one family accepts in a selected version, in enum order. */
    public SortedSet<ElementType> typesToGenerate(OperatorFamily family) {
        SortedSet<ElementType> types = new TreeSet<>();
        for (OperatorSpec op : operatorsToGenerate(family)) {
            types.addAll(typesToGenerate(op));
        }
        return types;
    }

    /** The versions of an operator selected for generation, ascending. */
    public List<VersionSpec> versionsToGenerate(OperatorSpec op) {
        OperatorFilter own = operatorFilters.get(op.name());
        Set<Integer> versions = own != null ? own.versions() : opsetFilter;
        return op.versions().stream()
                .filter(v -> versions.isEmpty() || versions.contains(v.sinceVersion()))
                .toList();
    }

    /** Names the spec file and the operator versions generated, for the headers of an operator's classes. */
    public String provenance(OperatorSpec op) {
        String file = op.location() == null ? op.name() : op.location().file();
        return file + " (" + versionsToGenerate(op).stream().map(v -> op.name() + "-" + v.sinceVersion())
                .collect(Collectors.joining(", ")) + ")";
    }

    /**
     * The element types of the operator's first input that a version accepts and the user selected, in enum order:
     * the type filter of the operator the version belongs to.
     */
    public SortedSet<ElementType> typesToGenerate(VersionSpec version) {
        SortedSet<ElementType> types = new TreeSet<>(version.allowedTypes(version.inputs().get(0)));
        Set<ElementType> filter = typeFilterOf(version);
        if (!filter.isEmpty()) {
            types.retainAll(filter);
        }
        return types;
    }

    /** The type filter of the operator holding this very version; the common one for a version of no operator. */
    private Set<ElementType> typeFilterOf(VersionSpec version) {
        for (OperatorSpec op : operators) {
            OperatorFilter own = operatorFilters.get(op.name());
            if (own != null && op.versions().stream().anyMatch(v -> v == version)) {
                return own.types();
            }
        }
        return typeFilter;
    }

    /** Every element type any selected version of the operator accepts, in enum order. */
    public SortedSet<ElementType> typesToGenerate(OperatorSpec op) {
        SortedSet<ElementType> types = new TreeSet<>();
        for (VersionSpec v : versionsToGenerate(op)) {
            types.addAll(typesToGenerate(v));
        }
        return types;
    }

    /**
     * Every element type some selected operator accepts in a selected version, in enum order: the types a
     * subset's {@code Tensor} has factories for and its partial results take.
     */
    public SortedSet<ElementType> typesToGenerate() {
        SortedSet<ElementType> types = new TreeSet<>();
        for (OperatorSpec op : operatorsToGenerate()) {
            types.addAll(typesToGenerate(op));
        }
        return types;
    }

    /** Every operator and element type selected, operators by name, types in enum order. */
    public List<KernelTarget> kernelsToGenerate() {
        List<KernelTarget> targets = new ArrayList<>();
        for (OperatorSpec op : operatorsToGenerate()) {
            for (ElementType type : typesToGenerate(op)) {
                targets.add(new KernelTarget(op, type));
            }
        }
        return targets;
    }
}
