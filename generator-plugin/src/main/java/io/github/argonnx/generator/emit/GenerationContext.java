package io.github.argonnx.generator.emit;

import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.VersionSpec;
import io.github.argonnx.generator.semantics.OperatorFamily;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

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
 */
public record GenerationContext(
        List<OperatorSpec> operators,
        String basePackage,
        Set<String> operatorFilter,
        Set<Integer> opsetFilter,
        Set<ElementType> typeFilter,
        GeneratedAnnotation generatedAnnotation) {

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
        return op.versions().stream()
                .filter(v -> opsetFilter.isEmpty() || opsetFilter.contains(v.sinceVersion()))
                .toList();
    }

    /** The element types of the operator's first input that a version accepts and the user selected, in enum order. */
    public SortedSet<ElementType> typesToGenerate(VersionSpec version) {
        SortedSet<ElementType> types = new TreeSet<>(version.allowedTypes(version.inputs().get(0)));
        if (!typeFilter.isEmpty()) {
            types.retainAll(typeFilter);
        }
        return types;
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
